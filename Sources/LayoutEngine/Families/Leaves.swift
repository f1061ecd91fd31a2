import LayoutModel

public struct SpacerProps: ElementProps {
    public var minLength: Double?
}

/// `spacer`: along its stack's axis at least `minLength` (default 8) and at most the
/// proposal; 0 across. Outside a stack it fills both axes. Draws nothing.
public enum SpacerFamily: ElementFamily {
    public static let kindNames = ["spacer"]
    public static func knownProps(kind: String) -> Set<String> { ["minLength"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        SpacerProps(minLength: try r.number("minLength"))
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let minimum = (e.props as? SpacerProps)?.minLength ?? 8
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
    public static func knownProps(kind: String) -> Set<String> { [] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps { NoProps() }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let thickness = pass.environment.device.scale >= 3 ? 1 : 0.5
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

/// Exactly the proposal; an unspecified axis is 10, as in SwiftUI.
func fillingSize(_ p: ProposedSize) -> Size {
    p.replacingUnspecified(by: Size(width: 10, height: 10))
}

public struct ColorProps: ElementProps {
    public var color: ShapeStyle
}

/// `color`: fills its proposal with its color.
public enum ColorFamily: ElementFamily {
    public static let kindNames = ["color"]
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
}

/// `image(systemName:)`: a square of the font's line height, the glyph 1 em of the font,
/// centered, in the foreground color. Unknown symbols draw the visible placeholder.
public enum ImageFamily: ElementFamily {
    public static let kindNames = ["image"]
    public static func knownProps(kind: String) -> Set<String> { ["systemName", "name"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        ImageProps(systemName: try r.string("systemName"), name: try r.string("name"))
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let side = pass.font(for: e.id).lineHeight * symbolScale(e, pass.context(e.id))
        return Size(width: side, height: side)
    }

    /// `.imageScale` applies to symbols only.
    static func symbolScale(_ e: Element, _ context: InheritedContext) -> Double {
        (e.props as? ImageProps)?.systemName != nil ? context.imageScale : 1
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        let props = e.props as? ImageProps
        guard let systemName = props?.systemName, let glyph = SymbolTable.lucideName(for: systemName) else {
            let name = props?.systemName ?? props?.name ?? ""
            painter.diagnostics.warn("no symbol for image \(MessageText.quoted(name)): drawn as a placeholder")
            painter.paintPlaceholder(label: nil, frame)
            return
        }
        let scale = painter.layout.contexts[e.id].map { symbolScale(e, $0) } ?? 1
        let em = painter.layout.fonts[e.id].map { $0.size * scale } ?? frame.height
        let rect = Rect(x: frame.midX - em / 2, y: frame.midY - em / 2, width: em, height: em)
        painter.appendSymbol(systemName, glyph: glyph, rect: rect, color: state.foreground, strokeWidth: 2)
    }
}

/// An element kind shotter does not draw: a flexible box (the proposal, 10 where unspecified
/// or infinite) with a dashed, labelled placeholder. Its children are not laid out.
public enum PlaceholderFamily: ElementFamily {
    public static let kindNames: [String] = []
    public static func knownProps(kind: String) -> Set<String> { [] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps { NoProps() }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let s = fillingSize(p)
        return Size(width: s.width.isFinite ? s.width : 10, height: s.height.isFinite ? s.height : 10)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        painter.paintPlaceholder(label: painter.layout.labels[e.id]?["kind"], frame)
    }

    /// The kind's name, one 11 pt monospaced line centered in the box, when the box has room.
    public static func layOutTexts(_ e: Element, in frame: Rect, _ pass: LayoutPass) {
        let font = Painter.placeholderFont
        guard frame.width > 8, frame.height > 8, frame.height >= font.lineHeight else { return }
        let laid = pass.measurer.layout(e.kind, font: font, width: max(0, frame.width - 8), lineLimit: 1)
        pass.record(label: PlacedText(laid, font: font, x: frame.midX, width: 0, top: frame.midY - font.lineHeight / 2, alignment: 0.5),
                    "kind", for: e.id)
    }
}

public struct ScreenProps: ElementProps {
    /// The Phase 12 root `colorScheme` override.
    public var colorScheme: String?
}

/// Element 0, the device screen. Never created by a stream; `update` may set its props.
public enum ScreenFamily: ElementFamily {
    public static let kindNames: [String] = []
    public static func knownProps(kind: String) -> Set<String> { ["colorScheme"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        ScreenProps(colorScheme: try r.string("colorScheme"))
    }
    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        pass.environment.device.size
    }
}
