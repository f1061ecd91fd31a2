import Drawing
import LayoutModel

/// The visual-effect fields of a `styled` style (Phase 6 "Visual effect style hints", Phase 7
/// `mask`, Phase 8 `rotation3D` and `blur`, and `clipShape`). None changes layout: the box is
/// sized and placed as if they were not there; layout records where the effects put it
/// (`EffectParts`) and paint draws from that record.
public struct VisualEffects: Hashable, Sendable {
    /// `.rotationEffect`: degrees, clockwise.
    public var rotation: Double?
    public var rotationAnchor = Point(x: 0.5, y: 0.5)
    /// `.scaleEffect`.
    public var scale: Point?
    public var scaleAnchor = Point(x: 0.5, y: 0.5)
    public var rotation3D: Rotation3DSpec?
    public var shadow: ShadowSpec?
    /// `.blur(radius:)`: the radius is the Gaussian's standard deviation, as CSS `blur()`.
    public var blur: Double?
    /// `.mask { style }`: the style's alpha over the box masks the content.
    public var mask: ShapeStyle?
    public var clipShape: ClipShapeSpec?

    static let fieldNames: Set<String> = ["rotation", "rotationAnchor", "scale", "scaleAnchor", "rotation3D",
                                          "shadow", "blur", "mask", "clipShape"]
}

/// `.rotation3DEffect(_:axis:anchor:anchorZ:perspective:)`. The protocol lists the field
/// without its shape; shotter reads `{"angle": degrees, "axis": {"x","y","z"}, "anchor":
/// {"x","y"}, "anchorZ", "perspective"}` (docs/decisions.md).
public struct Rotation3DSpec: Hashable, Sendable {
    public var angle: Double
    public var axis: (x: Double, y: Double, z: Double)
    public var anchor: Point

    public static func == (l: Self, r: Self) -> Bool {
        l.angle == r.angle && l.axis == r.axis && l.anchor == r.anchor
    }
    public func hash(into h: inout Hasher) {
        h.combine(angle); h.combine(axis.x); h.combine(axis.y); h.combine(axis.z); h.combine(anchor)
    }

    /// The rotation seen straight on (an orthographic projection): the upper 2 x 2 of the
    /// 3-D rotation matrix (Rodrigues). A turn about the y axis narrows the box by cos(angle).
    var projected: AffineTransform {
        let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard length > 0, length.isFinite, angle.isFinite else { return .identity }
        let (x, y, z) = (axis.x / length, axis.y / length, axis.z / length)
        let turn = AffineTransform.rotation(degrees: angle)
        let (c, s) = (turn.a, turn.b)
        let k = 1 - c
        return AffineTransform(a: c + x * x * k, b: y * x * k + z * s,
                               c: x * y * k - z * s, d: c + y * y * k, tx: 0, ty: 0)
    }
}

/// `.shadow(color:radius:x:y:)`; SwiftUI's default color is black at 33 %.
public struct ShadowSpec: Hashable, Sendable {
    public var color: ShapeStyle
    public var radius: Double
    public var x: Double
    public var y: Double
}

/// `.clipShape(_:)`: `{"kind": "rectangle" | "roundedRectangle" | "circle" | "capsule" |
/// "ellipse" | "containerRelative", "cornerRadius": n}`, the `shape` kinds.
public struct ClipShapeSpec: Hashable, Sendable {
    public var kind: ShapeKind
    public var cornerRadius: Double
}

extension VisualEffects {
    static func decode(_ r: PropReader) throws(PropError) -> VisualEffects {
        var e = VisualEffects()
        e.rotation = try r.number("rotation")
        if let p = try unitPoint(r, "rotationAnchor") { e.rotationAnchor = p }
        if let s = try r.object("scale") { e.scale = Point(x: try s.number("x") ?? 1, y: try s.number("y") ?? 1) }
        if let p = try unitPoint(r, "scaleAnchor") { e.scaleAnchor = p }
        if let t = try r.object("rotation3D") {
            t.warnUnknown(["angle", "axis", "anchor", "anchorZ", "perspective"], what: "rotation3D field")
            let axis = try t.object("axis")
            e.rotation3D = Rotation3DSpec(angle: try t.number("angle") ?? 0,
                                          axis: (try axis?.number("x") ?? 0, try axis?.number("y") ?? 0, try axis?.number("z") ?? 0),
                                          anchor: try unitPoint(t, "anchor") ?? Point(x: 0.5, y: 0.5))
        }
        if let s = try r.object("shadow") {
            s.warnUnknown(["color", "radius", "x", "y"], what: "shadow field")
            let color = try s.value("color").map { (c: JSON) throws(PropError) in
                try ShapeStyle.decode(c, path: s.path + ".color", diagnostics: r.diagnostics)
            } ?? .rgba(Palette.defaultShadow)
            e.shadow = ShadowSpec(color: color, radius: try s.number("radius") ?? 0, x: try s.number("x") ?? 0, y: try s.number("y") ?? 0)
        }
        if let v = r.value("blur") {
            if case .object = v, let b = try r.object("blur") {
                b.warnUnknown(["radius", "opaque"], what: "blur field")
                e.blur = try b.number("radius")
            } else {
                e.blur = try r.number("blur")
            }
        }
        if let v = r.value("mask") { e.mask = try ShapeStyle.decode(v, path: r.path + ".mask", diagnostics: r.diagnostics) }
        if let c = try r.object("clipShape") {
            c.warnUnknown(["kind", "cornerRadius"], what: "clipShape field")
            e.clipShape = ClipShapeSpec(kind: try c.choice("kind", ShapeKind.self) ?? .rectangle,
                                        cornerRadius: try c.number("cornerRadius") ?? 0)
        }
        return e
    }

    private static func unitPoint(_ r: PropReader, _ key: String) throws(PropError) -> Point? {
        guard let p = try r.object(key) else { return nil }
        return Point(x: try p.number("x") ?? 0.5, y: try p.number("y") ?? 0.5)
    }

    /// Offset, then rotation about its anchor, scale about its anchor and the 3-D rotation
    /// about its own, for a box at `frame`; nil when none applies.
    func transform(offset: Point?, in frame: Rect) -> AffineTransform? {
        guard offset != nil || rotation != nil || scale != nil || rotation3D != nil else { return nil }
        func anchor(_ unit: Point) -> Point { Point(x: frame.x + unit.x * frame.width, y: frame.y + unit.y * frame.height) }
        var m = AffineTransform.identity
        if let r3 = rotation3D { m = AffineTransform.about(anchor(r3.anchor), r3.projected).after(m) }
        if let s = scale { m = AffineTransform.about(anchor(scaleAnchor), .scale(s.x, s.y)).after(m) }
        if let r = rotation { m = AffineTransform.about(anchor(rotationAnchor), .rotation(degrees: r)).after(m) }
        if let o = offset { m = AffineTransform.translation(o.x, o.y).after(m) }
        return m
    }
}

/// Where a `styled` box's effects put it: `transform` maps its frame to where it shows
/// (`chrome.transformed` is the box around the result), and `chrome.shadow` is the area its
/// shadow darkens. Printed by `shotter layout`; read by paint.
struct EffectParts: LayoutParts {
    var transform: AffineTransform?
    var chrome: [String: Rect]
}

extension StyledFamily {
    /// Records the effect geometry in the frame paint gets.
    public static func layOutTexts(_ e: Element, in frame: Rect, _ pass: LayoutPass) {
        guard let style = e.props as? Style else { return }
        let transform = style.effects.transform(offset: style.offset, in: frame)
        var chrome: [String: Rect] = [:]
        let shown = transform.map { $0.boundingBox(of: frame) } ?? frame
        if transform != nil { chrome["transformed"] = shown }
        if let shadow = style.effects.shadow {
            let spread = 1.5 * max(0, shadow.radius) // three standard deviations of radius / 2
            chrome["shadow"] = shown.offsetBy(dx: shadow.x, dy: shadow.y).insetBy(dx: -spread, dy: -spread)
        }
        guard transform != nil || !chrome.isEmpty else { return }
        pass.record(parts: EffectParts(transform: transform, chrome: chrome), for: e.id)
    }

    /// Opens the effect layers of a box (transform, shadow, blur, mask, clip shape), returning
    /// the items that close them in the order they were opened.
    static func openEffects(_ e: Element, _ style: Style, in frame: Rect, _ painter: inout Painter,
                            _ state: Painter.State) -> [DisplayItem] {
        let effects = style.effects
        var pops: [DisplayItem] = []
        if let transform = (painter.layout.parts[e.id] as? EffectParts)?.transform {
            painter.append(.pushAffine(transform))
            pops.append(.popTransform)
        }
        if let shadow = effects.shadow {
            let color = painter.palette.color(shadow.color, foreground: state.foreground, diagnostics: painter.diagnostics)
            // SwiftUI's radius is a blur radius: the Gaussian's deviation is half of it (CSS drop-shadow).
            painter.append(.pushShadow(Shadow(color: color, sigma: max(0, shadow.radius) / 2,
                                              offset: Point(x: shadow.x, y: shadow.y)), bounds: frame))
            pops.append(.popShadow)
        }
        if let blur = effects.blur, blur > 0 {
            painter.append(.pushBlur(sigma: blur, bounds: frame))
            pops.append(.popBlur)
        }
        if let mask = effects.mask {
            let paint: Paint = switch mask {
            case .hierarchical(_, let opacity), .material(_, let opacity): .solid(Palette.maskAlpha(opacity))
            default: painter.paint(mask, in: frame, state)
            }
            painter.append(.pushMask(paint, bounds: frame, mode: .alpha))
            pops.append(.popMask)
        }
        if let clip = effects.clipShape {
            let (outline, rect) = ShapeFamily.outline(clip.kind, cornerRadius: clip.cornerRadius, in: frame)
            painter.append(.pushClip(outline, rect))
            pops.append(.popClip)
        }
        return pops
    }
}

extension Painter {
    /// Fills an area with a style; a material first blurs what is painted behind it (the
    /// spec's `backdrop-filter: blur(20px)`: a deviation of 20 points).
    public mutating func fill(_ outline: ShapeOutline, _ rect: Rect, with style: ShapeStyle, _ state: State) {
        if case .material = style { append(.backdropBlur(outline, rect, sigma: 20)) }
        append(.fill(outline, rect, paint(style, in: rect, state)))
    }

    /// Draws laid-out lines in the inherited foreground: a gradient foreground paints through
    /// the glyphs over `frame` (each text is its own gradient box, as SwiftUI draws it).
    public mutating func drawText(_ runs: [TextRun], in frame: Rect, _ state: State) {
        guard let gradient = state.foregroundGradient else {
            for run in runs { append(.text(run)) }
            return
        }
        append(.pushMask(paint(gradient, in: frame, state), bounds: frame, mode: .paintThrough))
        for run in runs { append(.text(run)) }
        append(.popMask)
    }
}

extension ShapeStyle {
    /// Gradients paint across an area; every other style is one color.
    var isGradient: Bool {
        switch self {
        case .linearGradient, .radialGradient, .colorGradient: true
        default: false
        }
    }
}

extension EffectParts {
    func mirrored(_ m: HorizontalMirror) -> Self { Self(transform: transform?.mirrored(m), chrome: chrome.mapValues(m.rect)) }
}
