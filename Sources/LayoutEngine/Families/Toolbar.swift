import Drawing
import LayoutModel

public enum ToolbarPlacement: String, Hashable, Sendable { case trailing, leading, principal, bottom }

public struct ToolbarProps: ElementProps {
    public var placement: ToolbarPlacement = .trailing
}

/// `toolbar`: in a `navscreen`, its items at their ideal sizes in an hstack 16 apart (the
/// element's frame is the group; the screen positions it in the bar row), or, for `bottom`,
/// a 49 pt bar (plus the home indicator) with the items spread evenly. Elsewhere a plain vstack.
public enum ToolbarFamily: ElementFamily {
    public static let kindNames = ["toolbar"]
    public static func knownProps(kind: String) -> Set<String> { ["placement"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        ToolbarProps(placement: try r.choice("placement", ToolbarPlacement.self) ?? .trailing)
    }

    static func inScreen(_ e: Element, _ tree: ElementTree) -> Bool {
        e.parent.flatMap { tree[$0] }?.kind == "navscreen"
    }

    static func placement(_ e: Element) -> ToolbarPlacement { (e.props as? ToolbarProps)?.placement ?? .trailing }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        guard inScreen(e, pass.tree) else { return StackLayout.size(e, .vertical, p, pass) }
        if placement(e) == .bottom { return NavScreenFamily.filling(p, pass) }
        let sizes = e.children.map { pass.sizeThatFits($0, .unspecified) }
        guard !sizes.isEmpty else { return .zero }
        return Size(width: sizes.map(\.width).reduce(0, +) + NavBar.itemSpacing * Double(sizes.count - 1),
                    height: sizes.map(\.height).max() ?? 0)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        guard inScreen(e, pass.tree) else {
            StackLayout.place(e, .vertical, in: frame, proposal: proposal, pass)
            return
        }
        let sizes = e.children.map { pass.sizeThatFits($0, .unspecified) }
        if placement(e) == .bottom {
            // Spread evenly 16 pt from the edges; a single item centered; centered in the 49 pt row.
            let rowMid = frame.y + NavBar.bottomBarHeight / 2
            let total = sizes.map(\.width).reduce(0, +)
            let inner = frame.width - 2 * NavBar.edgePadding
            var x = frame.x + NavBar.edgePadding
            let gap = sizes.count > 1 ? (inner - total) / Double(sizes.count - 1) : 0
            if sizes.count == 1 { x = frame.midX - total / 2 }
            for (id, size) in zip(e.children, sizes) {
                pass.place(id, at: Point(x: x, y: rowMid - size.height / 2), proposal: .unspecified)
                x += size.width + gap
            }
            return
        }
        var x = frame.x
        for (id, size) in zip(e.children, sizes) {
            pass.place(id, at: Point(x: x, y: frame.midY - size.height / 2), proposal: .unspecified)
            x += size.width + NavBar.itemSpacing
        }
    }

    /// A bottom bar has the tab bar's translucent background and a hairline on top.
    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        if placement(e) == .bottom, inScreen(e, painter.tree) {
            TabViewFamily.drawBarBackground(frame, &painter)
        }
        painter.paintChildren(of: e, state)
    }

    /// Bar items keep the Large text size, as UIKit's bar buttons do (iOS shows the large
    /// content viewer instead of growing them), so the 44 and 49 pt rows hold them.
    public static func childContext(_ e: Element, _ context: InheritedContext) -> InheritedContext {
        var c = context
        c.stackAxis = .vertical
        c.pinnedDynamicTypeSize = .large
        return c
    }
}

public struct SearchFieldProps: ElementProps {
    public var text = ""
    public var placeholder = "Search"
}

/// `searchfield`: a 36 pt field, the proposed width (200 when none); in a `navscreen` the
/// screen places it under the title area. A filled 10 pt rounded rect, a magnifying glass and
/// the text (or the placeholder in the secondary color), 17 pt.
public enum SearchFieldFamily: ElementFamily {
    public static let kindNames = ["searchfield"]
    static let height = 36.0
    static let font = ResolvedFont(size: 17, lineHeight: 22)
    /// The magnifying glass, 8 from the leading edge; the text 6 after it, ending 8 from the trailing edge.
    static let edgeInset = 8.0
    static let glassSize = 17.0
    static let glassStrokeWidth = 2.25
    static let textGap = 6.0
    static let cornerRadius = 10.0
    /// A field with no proposed width.
    static let idealWidth = 200.0

    /// The magnifying glass in a field's `frame`.
    static func glass(in frame: Rect) -> Rect {
        Rect(x: frame.x + edgeInset, y: frame.midY - glassSize / 2, width: glassSize, height: glassSize)
    }

    public static func knownProps(kind: String) -> Set<String> { ["text", "placeholder"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        let placeholder = try r.string("placeholder") ?? ""
        return SearchFieldProps(text: try r.string("text") ?? "", placeholder: placeholder.isEmpty ? "Search" : placeholder)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        Size(width: p.width.flatMap { $0.isFinite ? $0 : nil } ?? idealWidth, height: height)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        let props = (e.props as? SearchFieldProps) ?? SearchFieldProps()
        let palette = painter.palette
        painter.append(.fill(.roundedRect(cornerRadius: cornerRadius), frame, .solid(palette.systemFill)))
        painter.append(.symbol(name: "search", rect: glass(in: frame), color: palette.secondaryLabel, strokeWidth: glassStrokeWidth))
        painter.draw((painter.layout.parts[e.id] as? FieldTextParts)?.text, color: props.text.isEmpty ? palette.secondaryLabel : palette.label)
    }

    /// The text, or the placeholder when empty, on one line after the magnifying glass.
    public static func layOutTexts(_ e: Element, in frame: Rect, _ pass: LayoutPass) {
        let props = (e.props as? SearchFieldProps) ?? SearchFieldProps()
        let textX = glass(in: frame).maxX + textGap
        let text = props.text.isEmpty ? props.placeholder : props.text
        let laid = pass.measurer.layout(text, font: font, width: max(0, frame.maxX - edgeInset - textX), lineLimit: 1)
        pass.record(parts: FieldTextParts(text: PlacedText(laid, font: font, x: textX, width: 0, top: frame.midY - font.lineHeight / 2)),
                    for: e.id)
    }
}
