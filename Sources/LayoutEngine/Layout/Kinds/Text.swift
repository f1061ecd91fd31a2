import TextMeasure

/// `text`: wraps greedily to the proposed width; a nil or infinite width is one line per
/// hard break. A finite proposed height smaller than the text keeps as many whole lines as
/// fit (at least one), truncating the last, as SwiftUI does when a stack squeezes a label.
enum TextLayoutKind: ElementLayout {
    static func sizeThatFits(_ element: Element, _ proposal: ProposedSize, _ pass: LayoutPass) -> Size {
        layout(element, proposal, pass).size
    }

    static func place(_ element: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        pass.record(text: layout(element, proposal, pass), for: element.id)
    }

    static func layout(_ element: Element, _ proposal: ProposedSize, _ pass: LayoutPass) -> TextLayout {
        guard case .text(let string) = element.props else { return TextLayout(lines: [], size: .zero, truncated: false) }
        let font = pass.font(for: element.id)
        let width = proposal.width.flatMap { $0.isFinite ? max(0, $0) : nil }
        var limit = pass.context(element.id).lineLimit
        var layout = pass.measurer.layout(string, font: font, width: width, lineLimit: limit)
        if let height = proposal.height, height.isFinite, layout.size.height > height + 0.001, layout.lines.count > 1 {
            let fitting = max(1, Int((height + 0.001) / font.lineHeight))
            limit = min(limit ?? fitting, fitting)
            layout = pass.measurer.layout(string, font: font, width: width, lineLimit: limit)
        }
        return layout
    }
}
