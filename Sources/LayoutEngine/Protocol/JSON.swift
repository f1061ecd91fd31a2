import LayoutModel

/// A small JSON reader that keeps what Foundation's does not: the line each value starts on
/// (for `file:line:` errors), and the difference between `true` and `1`.
public indirect enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public subscript(key: String) -> JSON? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

public struct JSONSyntaxError: Error, Sendable {
    public var line: Int
    public var message: String
}

/// Parses UTF-8 JSON text. `lineOffset` is the line number of the first byte.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index: Int
    /// Where the text ends in `bytes`.
    private let end: Int
    private(set) var line: Int
    /// Nesting limit so hostile input cannot overflow the stack.
    private static let maxDepth = 512
    /// The fields of the objects being read, the innermost's last: an object's dictionary is
    /// made at its end with room for all of them, not grown (and its keys hashed again) field
    /// by field.
    private var pendingFields: [(key: String, value: JSON)] = []

    public init(_ bytes: [UInt8], firstLine: Int = 1) {
        self.init(bytes, range: bytes.indices, firstLine: firstLine)
    }

    /// The text in `range` of `bytes` (one line of a JSON Lines file, without copying it).
    public init(_ bytes: [UInt8], range: Range<Int>, firstLine: Int = 1) {
        self.bytes = bytes
        index = range.lowerBound
        end = range.upperBound
        line = firstLine
    }

    /// One complete document (trailing whitespace allowed).
    public mutating func parseDocument() throws(JSONSyntaxError) -> JSON {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < end { throw error("unexpected text after the JSON value") }
        return value
    }

    /// A top-level array whose elements are returned with the line each starts on.
    public mutating func parseTopLevelArray() throws(JSONSyntaxError) -> [(line: Int, value: JSON)] {
        skipWhitespace()
        guard peek() == UInt8(ascii: "[") else { throw error("expected a JSON array") }
        index += 1
        var elements: [(Int, JSON)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1 } else {
            while true {
                skipWhitespace()
                let startLine = line
                elements.append((startLine, try parseValue(depth: 1)))
                skipWhitespace()
                guard let c = next() else { throw error("unterminated array") }
                if c == UInt8(ascii: "]") { break }
                if c != UInt8(ascii: ",") { throw error("expected ',' or ']' in array") }
            }
        }
        skipWhitespace()
        if index < end { throw error("unexpected text after the JSON array") }
        return elements
    }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(line: line, message: message) }

    private func peek() -> UInt8? { index < end ? bytes[index] : nil }

    private mutating func next() -> UInt8? {
        guard index < end else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func skipWhitespace() {
        while index < end {
            switch bytes[index] {
            case 0x0A: line += 1; index += 1
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSON {
        guard depth < Self.maxDepth else { throw error("JSON nested too deeply") }
        skipWhitespace()
        guard let c = peek() else { throw error("unexpected end of input") }
        switch c {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(c)))'")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        for b in word.utf8 {
            guard next() == b else { throw error("invalid literal") }
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSON {
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; return .object([:]) }
        let first = pendingFields.count
        defer { pendingFields.removeSubrange(first...) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key in object") }
            let key = try parseString()
            skipWhitespace()
            guard next() == UInt8(ascii: ":") else { throw error("expected ':' after key \(MessageText.quoted(key))") }
            pendingFields.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            guard let c = next() else { throw error("unterminated object") }
            if c == UInt8(ascii: "}") {
                // A repeated key keeps its last value.
                var fields = [String: JSON](minimumCapacity: pendingFields.count - first)
                for (key, value) in pendingFields[first...] { fields[key] = value }
                return .object(fields)
            }
            if c != UInt8(ascii: ",") { throw error("expected ',' or '}' in object") }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSON {
        index += 1
        var items: [JSON] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard let c = next() else { throw error("unterminated array") }
            if c == UInt8(ascii: "]") { return .array(items) }
            if c != UInt8(ascii: ",") { throw error("expected ',' or ']' in array") }
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let negative = peek() == UInt8(ascii: "-")
        if negative { index += 1 }
        var sawDigit = false
        var whole = 0
        while let c = peek(), c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") {
            if index - start < 16 { whole = whole * 10 + Int(c - UInt8(ascii: "0")) }
            index += 1
            sawDigit = true
        }
        // A whole number of up to 15 digits is exactly that Double: no text to parse.
        let after = peek()
        if sawDigit, index - start - (negative ? 1 : 0) <= 15,
           after != UInt8(ascii: "."), after != UInt8(ascii: "e"), after != UInt8(ascii: "E") {
            return negative ? -Double(whole) : Double(whole)
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            while let c = peek(), c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") { index += 1 }
        }
        if let c = peek(), c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            index += 1
            if let s = peek(), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { index += 1 }
            while let c = peek(), c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard sawDigit, let value = Double(text), value.isFinite else { throw error("invalid number '\(text)'") }
        return value
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        // Most strings have no escape: made from the bytes as they are.
        var scan = index
        while scan < end, bytes[scan] != UInt8(ascii: "\""), bytes[scan] != UInt8(ascii: "\\"), bytes[scan] != 0x0A { scan += 1 }
        if scan < end, bytes[scan] == UInt8(ascii: "\"") {
            let text = String(decoding: bytes[index..<scan], as: UTF8.self)
            index = scan + 1
            return text
        }
        var out: [UInt8] = []
        while true {
            guard let c = next() else { throw error("unterminated string") }
            switch c {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let e = next() else { throw error("unterminated string") }
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800..<0xDC00).contains(scalar), peek() == UInt8(ascii: "\\") {
                        index += 1
                        guard next() == UInt8(ascii: "u") else { throw error("invalid surrogate pair") }
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw error("invalid escape in string")
                }
            case 0x0A: throw error("line break inside a string")
            default: out.append(c)
            }
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let c = next() else { throw error("invalid \\u escape") }
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            v = v * 16 + digit
        }
        return v
    }
}

extension JSON {
    /// Compact JSON with keys sorted, so reports are byte-stable. Numbers print in their
    /// shortest form (whole numbers without ".0", others to at most 2 decimals).
    public func serialized() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.isFinite ? fmt(n) : "null"
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, key) in fields.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                JSON.writeString(key, to: &out)
                out += ":"
                fields[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    /// `s` as a JSON string literal, as a headless run writes it.
    public static func quoted(_ s: String) -> String {
        var out = ""
        writeString(s, to: &out)
        return out
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
