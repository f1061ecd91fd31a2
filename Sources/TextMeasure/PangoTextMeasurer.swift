import LayoutModel
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
        for paragraph in paragraphs(of: text) {
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

    /// `text` split at its newlines (`Character.isNewline`); most texts have none, found by one
    /// pass over their bytes without breaking them into characters.
    private func paragraphs(of text: String) -> [String] {
        guard Self.hasNewline(text) else { return [text] }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    /// Whether `text` has one of the scalars that make a newline character: U+000A to
    /// U+000D, U+0085 (C2 85 in UTF-8), U+2028 and U+2029 (E2 80 A8, E2 80 A9).
    static func hasNewline(_ text: String) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case 0x0A...0x0D: return true
            case 0x85 where previous == 0xC2: return true
            case 0xA8, 0xA9: if previous == 0x80 && beforePrevious == 0xE2 { return true }
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// Greedy wrapping at Unicode line-break opportunities: each line takes as many segments
    /// as fit. A segment wider than `width` on its own gets a line of its own and overflows;
    /// Pango's own wrapping is not used so this rule does not depend on its version.
    ///
    /// Linear in the paragraph: it is shaped once, and the sum of its characters' advances
    /// guesses where each line ends. The guess only says where to start looking: the line
    /// and the one a segment longer are then measured as they are drawn, so the breaks are
    /// those of measuring every longer line in turn, as long as a line never gets narrower
    /// when a segment is added.
    private func wrap(_ paragraph: String, font: ResolvedFont, width: Double) -> [String] {
        let scalars = Array(paragraph.unicodeScalars)
        let bytes = Array(paragraph.utf8)
        // `offsets[i]`: where scalar `i` starts in `bytes`, so a line is copied from the bytes.
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        let marker = directionMarker(for: paragraph, font: font)
        func text(_ start: Int, _ end: Int) -> String {
            let line = trimmingTrailingWhitespace(String(decoding: bytes[offsets[start]..<offsets[end]], as: UTF8.self))
            return marker?(line) ?? line
        }
        // A paragraph that fits is one line, the line greedy wrapping below would make (it takes
        // every segment when the longest line fits), found without shaping the paragraph for
        // its breaks: layout proposes most texts a width they fit.
        let whole = text(0, scalars.count)
        if engine.width(of: whole, font: font) <= width + Self.fitTolerance { return [whole] }
        let (breaks, advances) = engine.paragraph(paragraph, font: font)
        let guess = LineWidthGuess(scalars: scalars, advances: advances)
        var lines: [String] = []
        var start = 0
        var next = 0  // index in `breaks` of the first opportunity after `start`
        while start < scalars.count {
            // The first segment goes on the line even if it overflows, and so does every
            // next one while the line is only spaces.
            var first = next
            var blankUpTo = start
            while first + 1 < breaks.count && text(blankUpTo, breaks[first]).isEmpty {
                blankUpTo = breaks[first]
                first += 1
            }
            // Then as many more segments as fit.
            func fits(_ k: Int) -> Bool {
                k == first || engine.width(of: text(start, breaks[k]), font: font) <= width + Self.fitTolerance
            }
            var estimate = first
            while estimate + 1 < breaks.count && guess.width(from: start, to: breaks[estimate + 1]) <= width + Self.fitTolerance {
                estimate += 1
            }
            let last = lastIndex(where: fits, from: first, below: breaks.count, near: estimate)
            lines.append(text(start, breaks[last]))
            start = breaks[last]
            next = last + 1
        }
        return lines.isEmpty ? [""] : lines
    }

    /// Each line laid out alone takes its direction from its own first strong character, so a
    /// line of a right-to-left paragraph that starts with a Latin word (or a number) would be
    /// ordered left to right. Such a line starts with a zero-width mark of the paragraph's
    /// direction (RLM U+200F, LRM U+200E), decided here and measured with the mark while
    /// wrapping, so that paint draws each line as it was measured. Nil when no line can need
    /// one (the paragraph has no right-to-left letter).
    private func directionMarker(for paragraph: String, font: ResolvedFont) -> ((String) -> String)? {
        guard paragraph.unicodeScalars.contains(where: Self.isRightToLeftLetter) else { return nil }
        let rightToLeft = engine.isRightToLeft(paragraph, font: font)
        return { [engine] line in
            line.isEmpty || engine.isRightToLeft(line, font: font) == rightToLeft ? line : (rightToLeft ? "\u{200F}" : "\u{200E}") + line
        }
    }

    /// Whether `scalar` is in a block of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko, Samaritan, Mandaic, their presentation forms, and the right-to-left ranges of
    /// the supplementary planes): where a strong right-to-left character can be.
    static func isRightToLeftLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// The last index in `low..<high` where `holds` is true, for a `holds` that is true at
    /// `low` and stays false once false. Looks outward from `guess` in doubling steps, then
    /// bisects, so a good guess costs two calls.
    private func lastIndex(where holds: (Int) -> Bool, from low: Int, below high: Int, near guess: Int) -> Int {
        var yes = low, no = high  // holds(yes); no == high or !holds(no)
        var step = 1
        if holds(guess) {
            yes = guess
            while yes + step < high && holds(yes + step) { yes += step; step *= 2 }
            no = min(yes + step, high)
        } else {
            no = guess
            while no - step > low && !holds(no - step) { no -= step; step *= 2 }
            yes = max(no - step, low)
        }
        while no - yes > 1 {
            let mid = (yes + no) / 2
            if holds(mid) { yes = mid } else { no = mid }
        }
        return yes
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
        // The longest prefix that fits (widths grow with the prefix), looked for from where the
        // line's average character width puts it: two or three candidates are measured, not
        // one per halving of the line.
        let room = max(0, width - engine.width(of: "…", font: font))
        let lineWidth = engine.width(of: line, font: font)
        let guess = lineWidth > 0 ? min(characters.count, Int(Double(characters.count) * min(1, room / lineWidth))) : 0
        let count = lastIndex(where: { $0 == 0 || measured($0).width <= width + Self.fitTolerance },
                              from: 0, below: characters.count + 1, near: guess)
        return measured(count)
    }
}

/// A paragraph's line widths from its characters' advances, shaped once: the width of
/// the characters from `start` to `end`, trailing whitespace left out, is a difference of two
/// running sums.
struct LineWidthGuess {
    /// `sums[i]`: the advances of the first `i` scalars.
    private var sums: [Double]
    /// `inkEnd[i]`: `i` less the whitespace scalars just before it.
    private var inkEnd: [Int]

    init(scalars: [Unicode.Scalar], advances: [Double]) {
        sums = [0]
        inkEnd = [0]
        sums.reserveCapacity(scalars.count + 1)
        inkEnd.reserveCapacity(scalars.count + 1)
        for (i, scalar) in scalars.enumerated() {
            sums.append(sums[i] + (i < advances.count ? advances[i] : 0))
            inkEnd.append(scalar.properties.isWhitespace ? inkEnd[i] : i + 1)
        }
    }

    func width(from start: Int, to end: Int) -> Double {
        sums[max(start, inkEnd[end])] - sums[start]
    }
}

/// `text` without its trailing whitespace characters (`Character.isWhitespace`).
func trimmingTrailingWhitespace(_ text: String) -> String {
    let bytes = text.utf8
    guard let last = bytes.last else { return text }
    // A character that ends in an ASCII byte other than whitespace is that byte alone (or a
    // cluster it ends, never one that starts with whitespace): nothing to trim.
    if last < 0x80 && !isASCIIWhitespace(last) { return text }
    if bytes.allSatisfy({ $0 < 0x80 }) {
        // ASCII: each byte is a character, and CR LF (one character) is whitespace as a whole.
        let kept = bytes.reversed().drop(while: isASCIIWhitespace).count
        return String(decoding: Array(bytes.prefix(kept)), as: UTF8.self)
    }
    var text = text
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return text
}

/// Tab, line feed, vertical tab, form feed, carriage return and space: the ASCII scalars with
/// Unicode's White_Space property.
private func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
}
