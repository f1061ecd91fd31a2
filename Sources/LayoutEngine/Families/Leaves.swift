import LayoutModel

public struct SpacerProps: ElementProps {
    public var minLength: Double?
}

/// `spacer`: along its stack's axis at least `minLength` (default 8) and at most the
/// proposal; 0 across. Outside a stack it fills both axes. Draws nothing.
public enum SpacerFamily: ElementFamily {
    public static let kindNames = ["spacer"]
    public static let mayDrawPictures = false
    /// SwiftUI's minimum length between stacked views.
    static let defaultMinLength = 8.0
    public static func knownProps(kind: String) -> Set<String> { ["minLength"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        SpacerProps(minLength: try r.number("minLength"))
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let minimum = (e.props as? SpacerProps)?.minLength ?? defaultMinLength
        guard let axis = pass.context(e.id).stackAxis else {
            return Size(width: max(minimum, p.width ?? 0), height: max(minimum, p.height ?? 0))
        }
        return axis.size(along: max(minimum, axis.along(p) ?? minimum), across: 0)
    }
}

/// `divider`: 1 point across its stack's axis (0.5 on 2x screens, which snapping rounds to 1),
/// as long as proposed; drawn as a one-device-pixel hairline in the separator color.
public enum DividerFamily: ElementFamily {
    public static let kindNames = ["divider"]
    public static let mayDrawPictures = false
    /// Across its stack: 1 pt on 3x screens, 0.5 below.
    static let thickness = (threeX: 1.0, otherwise: 0.5)
    public static func knownProps(kind: String) -> Set<String> { [] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps { NoProps() }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let thickness = pass.environment.device.scale >= 3 ? thickness.threeX : thickness.otherwise
        if pass.context(e.id).stackAxis == .horizontal {
            return Size(width: thickness, height: p.height ?? 0)
        }
        return Size(width: p.width ?? 0, height: thickness)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        let hairline = 1 / painter.layout.environment.device.scale
        let line = frame.width < frame.height
            ? Rect(x: frame.x, y: frame.y, width: hairline, height: frame.height)
            : Rect(x: frame.x, y: frame.y, width: frame.width, height: hairline)
        painter.append(.fill(.rect, line, .solid(painter.palette.separator)))
    }
}

/// SwiftUI's size for an unspecified axis of a view that fills its proposal.
let unspecifiedFillingLength = 10.0

/// Exactly the proposal; an unspecified axis is 10, as in SwiftUI.
func fillingSize(_ p: ProposedSize) -> Size {
    p.replacingUnspecified(by: Size(width: unspecifiedFillingLength, height: unspecifiedFillingLength))
}

public struct ColorProps: ElementProps {
    public var color: ShapeStyle
}

/// `color`: fills its proposal with its color.
public enum ColorFamily: ElementFamily {
    public static let kindNames = ["color"]
    public static let mayDrawPictures = false
    public static func knownProps(kind: String) -> Set<String> { ["color"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        guard let c = r.value("color") else { return ColorProps(color: .semantic("clear", opacity: 1)) }
        return ColorProps(color: try ShapeStyle.decode(c, path: r.path + ".color", diagnostics: r.diagnostics))
    }
    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size { fillingSize(p) }
    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        guard let props = e.props as? ColorProps else { return }
        painter.append(.fill(.rect, frame, painter.paint(props.color, in: frame, state)))
    }
}

public struct ImageProps: ElementProps {
    public var systemName: String?
    public var name: String?
    /// The catalog, remote and bitmap forms (ImageForms.swift).
    public var resizable = false
    public var url: String?
    public var bitmap: BitmapRecipe?
    /// The intrinsic size in points the stream gives (`url`, `bitmap`).
    public var size: Size?
    /// False for `interpolation: "none"`.
    public var smooth = true
}

/// `image(systemName:)` and catalog symbols: a square of the font's line height, the glyph
/// 1 em of the font, centered, in the foreground color. Unknown symbols draw the visible
/// placeholder. Pictures (catalog images, `url`, `bitmap`) are ImageForms'.
public enum ImageFamily: ElementFamily {
    public static let kindNames = ["image"]
    public static func knownProps(kind: String) -> Set<String> { ImageForms.props.union(["systemName"]) }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        var props = ImageProps(systemName: try r.string("systemName"), name: try r.string("name"))
        try ImageForms.decode(r, into: &props)
        return props
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let props = e.props as? ImageProps ?? ImageProps()
        guard ImageForms.isSymbol(props, pass.environment.catalog) else {
            return ImageForms.sizeThatFits(props, p, pass.environment.catalog)
        }
        let side = pass.font(for: e.id).lineHeight * pass.context(e.id).imageScale
        return Size(width: side, height: side)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        let props = e.props as? ImageProps ?? ImageProps()
        let catalog = painter.layout.environment.catalog
        guard ImageForms.isSymbol(props, catalog) else { return ImageForms.paint(props, in: frame, &painter, state) }
        // `.imageScale` applies to symbols only.
        let scale = painter.layout.contexts[e.id]?.imageScale ?? 1
        let em = painter.layout.fonts[e.id].map { $0.size * scale } ?? frame.height
        let rect = Rect(x: frame.midX - em / 2, y: frame.midY - em / 2, width: em, height: em)
        if let name = props.name, let image = catalog.images[name] {
            return ImageForms.paintSymbol(image, in: rect, &painter, state)
        }
        guard let systemName = props.systemName, let glyph = SymbolTable.lucideName(for: systemName) else {
            painter.diagnostics.warn("no symbol for image \(MessageText.quoted(props.systemName ?? "")): drawn as a placeholder")
            painter.paintPlaceholder(label: nil, frame)
            return
        }
        painter.appendSymbol(systemName, glyph: glyph, rect: rect, color: state.foreground, strokeWidth: Painter.symbolStrokeWidth)
    }
}

/// An element kind shotter does not draw: a flexible box (the proposal, 10 where unspecified
/// or infinite) with a dashed, labelled placeholder. Its children are not laid out.
public enum PlaceholderFamily: ElementFamily {
    public static let kindNames: [String] = []
    public static let mayDrawPictures = false
    public static func knownProps(kind: String) -> Set<String> { [] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps { NoProps() }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let s = fillingSize(p)
        return Size(width: s.width.isFinite ? s.width : unspecifiedFillingLength,
                    height: s.height.isFinite ? s.height : unspecifiedFillingLength)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        painter.paintPlaceholder(label: (painter.layout.parts[e.id] as? PlaceholderParts)?.kind, frame)
    }

    /// The kind's name, one 11 pt monospaced line centered in the box, when the box has room.
    public static func layOutTexts(_ e: Element, in frame: Rect, _ pass: LayoutPass) {
        let font = Painter.placeholderFont
        let padding = Painter.placeholderLabelPadding
        guard frame.width > padding, frame.height > padding, frame.height >= font.lineHeight else { return }
        let laid = pass.measurer.layout(e.kind, font: font, width: max(0, frame.width - padding), lineLimit: 1)
        let kind = PlacedText(laid, font: font, x: frame.midX, width: 0, top: frame.midY - font.lineHeight / 2, alignment: 0.5)
        pass.record(parts: PlaceholderParts(kind: kind), for: e.id)
    }
}

/// A placeholder's label: the kind's name (label `kind`).
struct PlaceholderParts: LayoutParts {
    var kind: PlacedText
    var chrome: [String: Rect] { [:] }
    var labels: [String: PlacedText] { ["kind": kind] }
}

public struct ScreenProps: ElementProps {
    /// The Phase 12 root `colorScheme` override.
    public var colorScheme: String?
}

/// Element 0, the device screen. Never created by a stream; `update` may set its props.
public enum ScreenFamily: ElementFamily {
    public static let kindNames: [String] = []
    public static let mayDrawPictures = false
    public static func knownProps(kind: String) -> Set<String> { ["colorScheme"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        ScreenProps(colorScheme: try r.string("colorScheme"))
    }
    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        pass.environment.device.size
    }
}

extension PlaceholderParts {
    func mirrored(_ m: HorizontalMirror) -> Self { Self(kind: m.text(kind)) }
}
