import LayoutModel

public enum ButtonStyleKind: String, Hashable, Sendable { case automatic, plain, bordered, borderedProminent, borderless }

public struct ButtonProps: ElementProps {
    public var style: ButtonStyleKind
    public var destructive: Bool
    /// `role: "cancel"`: drawn apart and bold in alerts and dialogs.
    public var cancel = false
    var isBordered: Bool { style == .bordered || style == .borderedProminent }
}

/// `button`: automatic, plain and borderless are the label's size; bordered and
/// borderedProminent add 14 pt padding on the sides and 7 top and bottom, at least 34 tall,
/// on a gray or accent capsule. The label takes the tint (red for destructive) unless a
/// foreground was set explicitly above it.
public enum ButtonFamily: ElementFamily {
    public static let kindNames = ["button"]
    public static let padding = EdgeInsets(top: 7, leading: 14, bottom: 7, trailing: 14)
    public static let minimumBorderedHeight = 34.0

    public static func knownProps(kind: String) -> Set<String> { ["style", "role"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        let role = try r.string("role")
        return ButtonProps(style: try r.choice("style", ButtonStyleKind.self) ?? .automatic,
                           destructive: role == "destructive", cancel: role == "cancel")
    }

    static func isBordered(_ e: Element) -> Bool { (e.props as? ButtonProps)?.isBordered ?? false }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        guard let label = e.children.first else { return .zero }
        guard isBordered(e) else { return pass.sizeThatFits(label, p) }
        let inner = pass.sizeThatFits(label, inset(p))
        return Size(width: inner.width + padding.horizontal,
                    height: max(minimumBorderedHeight, inner.height + padding.vertical))
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        guard let label = e.children.first else { return }
        let p = isBordered(e) ? inset(proposal) : proposal
        let size = pass.sizeThatFits(label, p)
        pass.place(label, at: aligned(size, in: frame, .center), proposal: p)
    }

    private static func inset(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: p.width.map { max(0, $0 - padding.horizontal) },
                     height: p.height.map { max(0, $0 - padding.vertical) })
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ inherited: Painter.State) {
        guard let props = e.props as? ButtonProps else { return }
        var state = inherited
        let tint = props.destructive ? painter.palette.red : painter.tint(state)
        switch props.style {
        case .bordered:
            painter.append(.fill(.capsule, frame, .solid(painter.palette.tertiarySystemFill)))
            if !state.explicitForeground { state.foreground = tint }
        case .borderedProminent:
            painter.append(.fill(.capsule, frame, .solid(tint)))
            if !state.explicitForeground { state.foreground = painter.palette.prominentButtonLabel }
        case .plain:
            if props.destructive && !state.explicitForeground { state.foreground = tint }
        case .automatic, .borderless:
            if !state.explicitForeground { state.foreground = tint }
        }
        painter.paintChildren(of: e, state)
    }
}
