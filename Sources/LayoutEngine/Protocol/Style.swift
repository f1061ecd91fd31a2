import LayoutModel

/// The `font` object of a Style: every field optional, each changes only itself.
public struct FontSpec: Hashable, Sendable {
    public var textStyle: TextStyle?
    public var size: Double?
    public var weight: FontWeight?
    public var design: FontDesign?
    public var relativeTo: TextStyle?

    /// A style's `font` object.
    static func decode(_ f: PropReader) throws(PropError) -> FontSpec {
        f.warnUnknown(["textStyle", "size", "weight", "design", "relativeTo"], what: "font field")
        return FontSpec(textStyle: try f.choice("textStyle", TextStyle.self), size: try f.number("size"),
                        weight: try f.choice("weight", FontWeight.self), design: try f.choice("design", FontDesign.self),
                        relativeTo: try f.choice("relativeTo", TextStyle.self))
    }
}

public enum Alignment: String, Hashable, Sendable, CaseIterable {
    case center, leading, trailing, top, bottom, topLeading, topTrailing, bottomLeading, bottomTrailing

    /// Horizontal position as a fraction of the free space: 0 leading, 0.5 center, 1 trailing.
    public var horizontalFraction: Double {
        switch self {
        case .leading, .topLeading, .bottomLeading: 0
        case .trailing, .topTrailing, .bottomTrailing: 1
        default: 0.5
        }
    }
    public var verticalFraction: Double {
        switch self {
        case .top, .topLeading, .topTrailing: 0
        case .bottom, .bottomLeading, .bottomTrailing: 1
        default: 0.5
        }
    }
}

public struct FrameSpec: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public var minWidth: Double?
    public var idealWidth: Double?
    public var maxWidth: Double?
    public var minHeight: Double?
    public var idealHeight: Double?
    public var maxHeight: Double?
    public var alignment: Alignment = .center

    var isFlexible: Bool {
        minWidth != nil || maxWidth != nil || minHeight != nil || maxHeight != nil
    }
}

public struct StrokeSpec: Hashable, Sendable {
    public var style: ShapeStyle
    public var lineWidth: Double
    /// `.strokeBorder`: the stroke lies inside the frame.
    public var inset: Bool
}

/// A `styled` element's style, decoded once when the op is applied.
public struct Style: Hashable, Sendable {
    public var padding: EdgeInsets?
    public var font: FontSpec?
    public var foreground: ShapeStyle?
    public var background: ShapeStyle?
    public var frame: FrameSpec?
    public var cornerRadius: Double?
    public var opacity: Double?
    public var disabled: Bool?
    public var layoutPriority: Double?
    /// Outer nil: not set here. Inner nil: explicitly unlimited (`lineLimit(nil)`).
    public var lineLimit: Int??
    public var multilineTextAlignment: TextAlignment?
    public var fixedHorizontal = false
    public var fixedVertical = false
    public var labelIcon = false
    public var offset: Point?
    public var clipped = false
    public var hidden = false
    /// `.ignoresSafeArea(edges:)`: the edges along which the box bleeds into the safe area.
    public var ignoresSafeArea = SafeAreaEdges()
    /// `.badge(_:)` on a list row: trailing secondary text; nil or empty reserves nothing.
    public var badge: String?
    /// `.listRowInsets(_:)`: replaces a list row's default insets.
    public var listRowInsets: EdgeInsets?
    /// `.accessibilityIdentifier(_:)`: draws nothing; layout records it (`LayoutResult.identifiers`)
    /// so `shotter layout` shows it and `--crop @identifier` finds the element.
    public var accessibilityIdentifier: String?
    // Phase 5-7 and 12 layout and environment fields (see `Families/StyleLayers.swift`).
    public var gridCellColumns: Int?
    public var gridCellAnchor: Point?
    public var tint: ShapeStyle?
    public var position: Point?
    public var aspectRatio: AspectRatioSpec?
    public var imageScale: ImageScale?
    public var containerRelativeFrame: ContainerRelativeFrameSpec?
    /// Transforms, shadow, blur, mask and clip shape (`Families/VisualEffects.swift`).
    public var effects = VisualEffects()

    /// Fields the protocol defines that change nothing in a still screenshot.
    static let stillFields: Set<String> = ["animation", "animationToken", "transition", "hitTesting",
                                           "accessibilityLabel", "accessibilityHint"]
    static let knownFields: Set<String> = stillFields.union([
        "padding", "font", "foreground", "background", "frame", "cornerRadius", "opacity", "disabled",
        "layoutPriority", "lineLimit", "multilineTextAlignment", "fixedSize", "labelIcon", "offset",
        "clipped", "hidden", "ignoresSafeArea",
        "badge", "listRowInsets", "accessibilityIdentifier",
        "gridCellColumns", "gridCellAnchor", "tint", "position", "aspectRatio", "imageScale", "containerRelativeFrame",
    ]).union(VisualEffects.fieldNames)

    static func decode(_ r: PropReader) throws(PropError) -> Style {
        r.warnUnknown(knownFields, what: "style field")
        var s = Style()
        if let p = try r.object("padding") {
            s.padding = EdgeInsets(top: try p.number("top") ?? 0, leading: try p.number("leading") ?? 0,
                                   bottom: try p.number("bottom") ?? 0, trailing: try p.number("trailing") ?? 0)
        }
        if let f = try r.object("font") { s.font = try FontSpec.decode(f) }
        if let v = r.value("foreground") { s.foreground = try ShapeStyle.decode(v, path: r.path + ".foreground", diagnostics: r.diagnostics) }
        if let v = r.value("background") { s.background = try ShapeStyle.decode(v, path: r.path + ".background", diagnostics: r.diagnostics) }
        if let f = try r.object("frame") {
            f.warnUnknown(["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight", "alignment"],
                          what: "frame field")
            s.frame = FrameSpec(width: try f.dimension("width"), height: try f.dimension("height"),
                                minWidth: try f.dimension("minWidth"), idealWidth: try f.dimension("idealWidth"),
                                maxWidth: try f.dimension("maxWidth"), minHeight: try f.dimension("minHeight"),
                                idealHeight: try f.dimension("idealHeight"), maxHeight: try f.dimension("maxHeight"),
                                alignment: try f.choice("alignment", Alignment.self) ?? .center)
        }
        s.cornerRadius = try r.number("cornerRadius")
        s.opacity = try r.number("opacity")
        s.disabled = try r.bool("disabled")
        s.layoutPriority = try r.number("layoutPriority")
        if let v = r.fields["lineLimit"] {
            if v == .null { s.lineLimit = .some(nil) } else if let n = try r.number("lineLimit") { s.lineLimit = .some(Int(max(0, min(n, 1_000_000)))) }
        }
        s.multilineTextAlignment = try r.choice("multilineTextAlignment", TextAlignment.self)
        if let f = try r.object("fixedSize") {
            s.fixedHorizontal = try f.bool("horizontal") ?? false
            s.fixedVertical = try f.bool("vertical") ?? false
        }
        s.labelIcon = try r.bool("labelIcon") ?? false
        if let o = try r.object("offset") { s.offset = Point(x: try o.number("x") ?? 0, y: try o.number("y") ?? 0) }
        s.clipped = try r.bool("clipped") ?? false
        s.hidden = try r.bool("hidden") ?? false
        if let v = r.value("ignoresSafeArea") { s.ignoresSafeArea = try SafeAreaEdges.decode(v, path: r.path + ".ignoresSafeArea") }
        s.badge = try r.string("badge")
        if let i = try r.object("listRowInsets") {
            i.warnUnknown(["top", "leading", "bottom", "trailing"], what: "listRowInsets field")
            s.listRowInsets = EdgeInsets(top: try i.number("top") ?? 0, leading: try i.number("leading") ?? 0,
                                         bottom: try i.number("bottom") ?? 0, trailing: try i.number("trailing") ?? 0)
        }
        s.accessibilityIdentifier = try r.string("accessibilityIdentifier").flatMap { $0.isEmpty ? nil : $0 }
        try s.decodeLayoutFields(r)
        s.effects = try VisualEffects.decode(r)
        return s
    }
}

/// Which edges a box ignores the safe area along. The protocol names `Style.ignoresSafeArea`
/// (Phase 8, "safe-area bleed") without its table; shotter reads `true` (all edges), an edge
/// name (`all`, `top`, `bottom`, `leading`, `trailing`, `horizontal`, `vertical`) or an array of
/// names, and `{"edges": ...}` with any of those.
public struct SafeAreaEdges: Hashable, Sendable {
    public var top = false, bottom = false, leading = false, trailing = false
    public init() {}
    public var isEmpty: Bool { !(top || bottom || leading || trailing) }

    static func decode(_ json: JSON, path: String) throws(PropError) -> SafeAreaEdges {
        var edges = SafeAreaEdges()
        func add(_ name: String) throws(PropError) {
            switch name {
            case "all": edges = SafeAreaEdges(top: true, bottom: true, leading: true, trailing: true)
            case "top": edges.top = true
            case "bottom": edges.bottom = true
            case "leading": edges.leading = true
            case "trailing": edges.trailing = true
            case "horizontal": edges.leading = true; edges.trailing = true
            case "vertical": edges.top = true; edges.bottom = true
            default: throw PropError(message: "\(path): unknown edge \(MessageText.quoted(name))")
            }
        }
        switch json {
        case .bool(let all): if all { try add("all") }
        case .string(let name): try add(name)
        case .array(let items):
            for item in items {
                guard case .string(let name) = item else { throw PropError(message: "\(path) must list edge names, got \(item.typeName)") }
                try add(name)
            }
        case .object(let fields) where fields["edges"] != nil:
            return try decode(fields["edges"]!, path: path + ".edges")
        default:
            throw PropError(message: "\(path) must be a bool, an edge name or an array of them, got \(json.typeName)")
        }
        return edges
    }

    init(top: Bool, bottom: Bool, leading: Bool, trailing: Bool) {
        self.top = top; self.bottom = bottom; self.leading = leading; self.trailing = trailing
    }
}
