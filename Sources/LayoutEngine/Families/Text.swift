import Drawing
import LayoutModel

public struct TextProps: ElementProps {
    public var text: String
}

/// `text`: wraps greedily to the proposed width; a nil or infinite width is one line per
/// hard break. A finite proposed height smaller than the text keeps as many whole lines as
/// fit (at least one), truncating the last, as SwiftUI does when a stack squeezes a label.
public enum TextFamily: ElementFamily {
    public static let kindNames = ["text"]
    public static let mayDrawPictures = false
    public static func knownProps(kind: String) -> Set<String> { ["text"] }

    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        TextProps(text: try r.string("text") ?? "")
    }

    public static func sizeThatFits(_ element: Element, _ proposal: ProposedSize, _ pass: LayoutPass) -> Size {
        layout(element, proposal, pass).size
    }

    public static func place(_ element: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        pass.record(text: layout(element, proposal, pass), for: element.id)
    }

    /// Measured once a pass per proposal: sizing and placing ask for the same layout.
    static func layout(_ element: Element, _ proposal: ProposedSize, _ pass: LayoutPass) -> TextLayout {
        guard let node = pass.node(element.id) else { return measure(element, proposal, pass) }
        if let known = node.textLayouts.first(where: { $0.proposal == proposal }) { return known.layout }
        let layout = measure(element, proposal, pass)
        node.textLayouts.append((proposal, layout))
        return layout
    }

    private static func measure(_ element: Element, _ proposal: ProposedSize, _ pass: LayoutPass) -> TextLayout {
        let string = (element.props as? TextProps)?.text ?? ""
        let font = pass.font(for: element.id)
        let width = proposal.width.flatMap { $0.isFinite ? max(0, $0) : nil }
        var limit = pass.context(element.id).lineLimit
        var layout = pass.measurer.layout(string, font: font, width: width, lineLimit: limit)
        if let height = proposal.height, height.isFinite, layout.size.height > height + 0.001, layout.lines.count > 1 {
            // Clamped to the lines there are before the conversion: a huge negative height or a
            // zero line height must not trap.
            let fittingLines = (height + 0.001) / font.lineHeight
            let fitting = fittingLines >= 1 ? Int(min(fittingLines, Double(layout.lines.count))) : 1
            limit = min(limit ?? fitting, fitting)
            layout = pass.measurer.layout(string, font: font, width: width, lineLimit: limit)
        }
        return layout
    }

    /// Each line in the inherited foreground (or through its gradient), where layout placed it.
    public static func paint(_ element: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        guard let placed = painter.layout.placedText(of: element.id) else { return }
        let runs = placed.lines.map { line in
            TextRun(text: line.text, font: placed.font, color: state.foreground, origin: line.origin, width: line.width)
        }
        painter.drawText(runs, in: frame, state)
    }
}

extension LayoutResult {
    /// A `text` element's lines where paint draws them: stacked from its frame's top, each
    /// aligned in the frame by `multilineTextAlignment` (leading is the right edge in
    /// right-to-left layout). What audits read for line boxes.
    public func placedText(of id: Int) -> PlacedText? {
        guard let text = texts[id], let font = fonts[id], let frame = frames[id] else { return nil }
        let rightToLeft = environment.layoutDirection == .rtl
        let fraction: Double = switch contexts[id]?.textAlignment ?? .leading {
        case .leading: rightToLeft ? 1 : 0
        case .center: 0.5
        case .trailing: rightToLeft ? 0 : 1
        }
        return PlacedText(text, font: font, x: frame.x, width: frame.width, top: frame.y, alignment: fraction)
    }
}
