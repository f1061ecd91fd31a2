/// Cairo's SVG surface names some elements after process-wide counters (`surface12`), so the
/// same list rendered twice in one process gives different ids. This pass renames every id to
/// its family (its leading letters) plus its rank among that family's ids in order of
/// definition, and rewrites the references to it (`#id`), so the bytes depend only on the drawing.
enum SVGIdentifiers {
    static func renumber(_ svg: [UInt8]) -> [UInt8] {
        var renamed: [ArraySlice<UInt8>: [UInt8]] = [:]
        var used: [ArraySlice<UInt8>: Int] = [:]
        var i = 0
        while let (token, end) = nextToken(in: svg, from: i, after: definitionMarker) {
            if renamed[token] == nil {
                let family = token.prefix { isLetter($0) }
                let rank = used[family, default: 0]
                used[family] = rank + 1
                renamed[token] = Array(family) + Array(String(rank).utf8)
            }
            i = end
        }
        guard !renamed.isEmpty else { return svg }

        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        i = 0
        while i < svg.count {
            let byte = svg[i]
            out.append(byte)
            i += 1
            // A token right after `#` or `id="` is an id if it was defined as one.
            guard byte == UInt8(ascii: "#") || (byte == UInt8(ascii: "\"") && hasSuffix(svg, i, definitionMarker)) else { continue }
            let end = tokenEnd(svg, from: i)
            if let name = renamed[svg[i..<end]] {
                out += name
                i = end
            }
        }
        return out
    }

    private static let definitionMarker = Array(" id=\"".utf8)

    /// The next token following `marker` at or after `start`, and the index where it ends.
    private static func nextToken(in bytes: [UInt8], from start: Int, after marker: [UInt8]) -> (ArraySlice<UInt8>, Int)? {
        guard bytes.count >= marker.count else { return nil }
        var i = start
        while i + marker.count <= bytes.count {
            if bytes[i..<(i + marker.count)].elementsEqual(marker) {
                let begin = i + marker.count
                let end = tokenEnd(bytes, from: begin)
                return (bytes[begin..<end], end)
            }
            i += 1
        }
        return nil
    }

    private static func hasSuffix(_ bytes: [UInt8], _ end: Int, _ marker: [UInt8]) -> Bool {
        end >= marker.count && bytes[(end - marker.count)..<end].elementsEqual(marker)
    }

    /// Ids here are letters, digits, `-` and `_` (`glyph0-1`).
    private static func tokenEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start
        while i < bytes.count, isLetter(bytes[i]) || (bytes[i] >= 0x30 && bytes[i] <= 0x39)
                || bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "_") { i += 1 }
        return i
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
