/// Measures text with Pango in the pinned fonts (`FontFiles`), with widths that match
/// browsers (resolution 72, no hinting, unrounded glyph positions).
///
/// Not thread-safe: create one measurer per thread. The font configuration behind it is
/// loaded once per process and shared.
public final class PangoTextMeasurer: TextMeasuring {
    let engine: PangoEngine
    private var cache: [CacheKey: TextLayout] = [:]

    private struct CacheKey: Hashable {
        var text: String
        var font: ResolvedFont
        var width: Double?
        var lineLimit: Int?
    }

    /// A width within this many points of a line's width still holds it, so a width that
    /// went through 2-decimal rounding (layout records) still fits its own text.
    static let fitTolerance = 0.005

    /// The Debian packages the pinned font files come from, for scripts/setup.sh and the docs.
    public static let fontPackages: [String] = {
        var packages: [String] = []
        for file in FontFiles.all where !packages.contains(file.package) { packages.append(file.package) }
        return packages
    }()

    /// Throws `FontFileError` when a pinned font file is missing or unreadable.
    public static func checkFonts() throws {
        _ = try FontFiles.config.get()
    }

    /// Throws `FontFileError` when a pinned font file is missing or unreadable.
    public init() throws {
        engine = PangoEngine(config: try FontFiles.config.get())
    }

    public func layout(_ text: String, font: ResolvedFont, width: Double?, lineLimit: Int?) -> TextLayout {
        let key = CacheKey(text: text, font: font, width: width, lineLimit: lineLimit)
        if let cached = cache[key] { return cached }
        let result = computeLayout(text, font: font, width: width, lineLimit: lineLimit)
        // Layout asks the same questions many times per pass; a bound keeps long runs small.
        if cache.count > 20_000 { cache.removeAll() }
        cache[key] = result
        return result
    }

    /// The file the primary font of `font` comes from (scripts it lacks fall back to Noto).
    public func fontFile(for font: ResolvedFont) -> String? { engine.fontFile(font) }

    /// Distance from the top of a line box (`font.lineHeight` tall) to the baseline: the
    /// font's ascent + descent box is centered in the line box.
    public func baselineOffset(for font: ResolvedFont) -> Double {
        PangoTextMeasurer.baselineOffset(for: font, engine: engine)
    }

    static func baselineOffset(for font: ResolvedFont, engine: PangoEngine) -> Double {
        let ascent = engine.ascent(font)
        return (font.lineHeight - ascent - engine.descent(font)) / 2 + ascent
    }

    private func computeLayout(_ text: String, font: ResolvedFont, width: Double?, lineLimit: Int?) -> TextLayout {
        let maxWidth = width.flatMap { $0.isFinite ? $0 : nil }
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let paragraph = String(paragraph)
            switch maxWidth {
            case nil: lines.append(paragraph)
            case let w? where w <= 0: lines += paragraph.isEmpty ? [""] : paragraph.map { String($0) }
            case let w?: lines += wrap(paragraph, font: font, width: w)
            }
        }

        var out = lines.map { TextLine(text: $0, width: engine.width(of: $0, font: font)) }
        var truncated = false
        if let limit = lineLimit, limit > 0, out.count > limit {
            truncated = true
            out = Array(out.prefix(limit))
            out[limit - 1] = ellipsize(out[limit - 1].text, font: font, width: maxWidth)
        }
        // "Never narrower than the longest word unless lineLimit truncates": under a limit, a
        // word too wide for the width is cut with "…" instead of overflowing.
        if let limit = lineLimit, limit > 0, let maxWidth, maxWidth > 0 {
            for i in out.indices where out[i].width > maxWidth + Self.fitTolerance {
                out[i] = ellipsize(out[i].text, font: font, width: maxWidth)
                truncated = true
            }
        }
        let widest = out.map(\.width).max() ?? 0
        return TextLayout(lines: out, size: Size(width: widest, height: Double(out.count) * font.lineHeight),
                          truncated: truncated)
    }

    /// Greedy wrapping at Unicode line-break opportunities: each line takes as many segments
    /// as fit. A segment wider than `width` on its own gets a line of its own and overflows;
    /// Pango's own wrapping is not used so this rule does not depend on its version.
    private func wrap(_ paragraph: String, font: ResolvedFont, width: Double) -> [String] {
        let scalars = Array(paragraph.unicodeScalars)
        func text(_ start: Int, _ end: Int) -> String {
            trimmingTrailingWhitespace(String(String.UnicodeScalarView(scalars[start..<end])))
        }
        let breaks = engine.lineBreakOpportunities(in: paragraph, font: font)
        var lines: [String] = []
        var start = 0
        var next = 0  // index in `breaks` of the first opportunity after `start`
        while start < scalars.count {
            // The first segment goes on the line even if it overflows (and so does the next
            // one when the first is only spaces).
            var end = breaks[next]
            var line = text(start, end)
            next += 1
            while next < breaks.count {
                let longer = text(start, breaks[next])
                guard line.isEmpty || engine.width(of: longer, font: font) <= width + Self.fitTolerance else { break }
                line = longer
                end = breaks[next]
                next += 1
            }
            lines.append(line)
            start = end
        }
        return lines.isEmpty ? [""] : lines
    }

    /// `line` shortened by whole characters until it plus "…" fits `width` (just "…" when
    /// nothing fits; the line unshortened when there is no width).
    private func ellipsize(_ line: String, font: ResolvedFont, width: Double?) -> TextLine {
        let characters = Array(line)
        func candidate(_ count: Int) -> String {
            trimmingTrailingWhitespace(String(characters[0..<count])) + "…"
        }
        func measured(_ count: Int) -> TextLine {
            let text = candidate(count)
            return TextLine(text: text, width: engine.width(of: text, font: font))
        }
        guard let width else { return measured(characters.count) }
        // Largest prefix that fits, by bisection: widths grow with the prefix.
        var best = measured(0)
        var low = 1, high = characters.count
        while low <= high {
            let mid = (low + high) / 2
            let line = measured(mid)
            if line.width <= width + Self.fitTolerance { best = line; low = mid + 1 } else { high = mid - 1 }
        }
        return best
    }
}

func trimmingTrailingWhitespace(_ text: String) -> String {
    var text = text
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return text
}
