/// Text from the input shown in a message (a value, a key, a file name), made safe for a
/// terminal and a log: control characters escaped, very long values cut with their length.
public enum MessageText {
    /// Longer values are cut to this many characters.
    public static let maxValueCharacters = 200

    /// `"value"`, escaped, and cut past `maxValueCharacters`: `"aaa…" (1048576 characters)`.
    public static func quoted(_ value: some StringProtocol) -> String {
        let count = value.count
        guard count > maxValueCharacters else { return "\"\(escaped(String(value)))\"" }
        return "\"\(escaped(String(value.prefix(maxValueCharacters))))…\" (\(count) characters)"
    }

    /// Control characters (C0, DEL, C1) as Swift escapes: `\n`, `\t`, `\r`, `\u{1B}`.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where isControl(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Text for an XML attribute or element (JUnit reports): markup characters as entities,
    /// and the characters XML 1.0 does not allow (control characters but tab and newline,
    /// U+FFFE, U+FFFF) as spaces.
    public static func xmlEscaped(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case _ where (c.value < 0x20 && c != "\n" && c != "\t") || c.value == 0xFFFE || c.value == 0xFFFF: out += " "
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
