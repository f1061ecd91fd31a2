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
            // Characters are counted once each: a line's count grows by the gap and the word.
            var current: Substring? = nil
            var count = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                if let line = current {
                    let longer = count + paragraph[line.endIndex..<word.endIndex].count
                    if Double(longer) * em <= width + 1e-9 {
                        current = paragraph[line.startIndex..<word.endIndex]
                        count = longer
                    } else {
                        lines.append(line); current = word; count = word.count
                    }
                } else { current = word; count = word.count }
            }
            lines.append(current ?? paragraph[paragraph.startIndex..<paragraph.startIndex])
        }
        var truncated = false
        var out = lines.map { TextLine(text: String($0), width: w($0)) }
        if let limit = lineLimit, limit > 0, out.count > limit {
            truncated = true
            out = Array(out.prefix(limit - 1)) + [ellipsized(out[limit - 1].text, em: em, width: width ?? .infinity)]
        }
        // Under a limit, a word too wide for the width is cut with "…" instead of overflowing.
        if let limit = lineLimit, limit > 0, let width, width > 0 {
            for i in out.indices where out[i].width > width + 1e-9 {
                out[i] = ellipsized(out[i].text, em: em, width: width)
                truncated = true
            }
        }
        let widest = out.map(\.width).max() ?? 0
        return TextLayout(lines: out, size: Size(width: widest, height: Double(out.count) * font.lineHeight),
                          truncated: truncated)
    }

    /// `text` less as many last characters as needed for it and "…" to fit `width`.
    private func ellipsized(_ text: String, em: Double, width: Double) -> TextLine {
        var kept = text.count
        while kept > 0 && Double(kept + 1) * em > width { kept -= 1 }
        let line = String(text.prefix(kept)) + "…"
        return TextLine(text: line, width: Double(kept + 1) * em)
    }
}
