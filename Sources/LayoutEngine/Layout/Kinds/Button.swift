import TextMeasure

/// `button`: automatic, plain and borderless are the label's size; bordered and
/// borderedProminent add 14 pt padding on the sides and 7 top and bottom, at least 34 tall.
enum ButtonLayout: ElementLayout {
    static let padding = EdgeInsets(top: 7, leading: 14, bottom: 7, trailing: 14)
    static let minimumBorderedHeight = 34.0

    static func isBordered(_ e: Element) -> Bool {
        if case .button(let style, _) = e.props { return style == .bordered || style == .borderedProminent }
        return false
    }

    static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        guard let label = e.children.first else { return .zero }
        guard isBordered(e) else { return pass.sizeThatFits(label, p) }
        let inner = pass.sizeThatFits(label, inset(p))
        return Size(width: inner.width + padding.horizontal,
                    height: max(minimumBorderedHeight, inner.height + padding.vertical))
    }

    static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        guard let label = e.children.first else { return }
        let p = isBordered(e) ? inset(proposal) : proposal
        let size = pass.sizeThatFits(label, p)
        pass.place(label, at: aligned(size, in: frame, .center), proposal: p)
    }

    private static func inset(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: p.width.map { max(0, $0 - padding.horizontal) },
                     height: p.height.map { max(0, $0 - padding.vertical) })
    }
}
