/// A deterministic measurer for layout tests: every character (spaces included) advances
/// `advance` x the font size. Wrapping follows the same rules as the Pango measurer:
/// greedy at spaces, long words overflow, width 0 breaks per character.
public final class FixedAdvanceMeasurer: TextMeasuring {
    public let advance: Double
    public init(advance: Double = 0.5) { self.advance = advance }

    public func layout(_ text: String, font: ResolvedFont, width: Double?, lineLimit: Int?) -> TextLayout {
        let em = font.size * advance
        func w(_ s: Substring) -> Double { Double(s.count) * em }
        var lines: [Substring] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let width else { lines.append(paragraph); continue }
            if width <= 0 {
                if paragraph.isEmpty { lines.append(paragraph) }
                for i in paragraph.indices { lines.append(paragraph[i...i]) }
                continue
            }
            var current: Substring? = nil
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                if let line = current {
                    let candidate = paragraph[line.startIndex..<word.endIndex]
                    if w(candidate) <= width + 1e-9 { current = candidate } else {
                        lines.append(line); current = word
                    }
                } else { current = word }
            }
            lines.append(current ?? paragraph[paragraph.startIndex..<paragraph.startIndex])
        }
        var truncated = false
        var out = lines.map { TextLine(text: String($0), width: w($0)) }
        if let limit = lineLimit, limit > 0, out.count > limit {
            truncated = true
            var last = out[limit - 1].text
            let maxWidth = width ?? .infinity
            while !last.isEmpty && Double(last.count + 1) * em > maxWidth { last.removeLast() }
            last += "…"
            out = Array(out.prefix(limit - 1)) + [TextLine(text: last, width: Double(last.count) * em)]
        }
        // Under a limit, a word too wide for the width is cut with "…" instead of overflowing.
        if let limit = lineLimit, limit > 0, let width, width > 0 {
            for i in out.indices where out[i].width > width + 1e-9 {
                var text = out[i].text
                while !text.isEmpty && Double(text.count + 1) * em > width { text.removeLast() }
                text += "…"
                out[i] = TextLine(text: text, width: Double(text.count) * em)
                truncated = true
            }
        }
        let widest = out.map(\.width).max() ?? 0
        return TextLayout(lines: out, size: Size(width: widest, height: Double(out.count) * font.lineHeight),
                          truncated: truncated)
    }
}
