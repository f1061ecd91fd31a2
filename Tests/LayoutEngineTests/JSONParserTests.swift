@testable import LayoutEngine
import Testing

/// The stream's JSON reader: numbers are the Doubles their text reads as (whole numbers
/// without parsing text), strings the same with and without escapes, lines numbered in errors.
@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSON {
        var parser = JSONParser(Array(text.utf8))
        return try parser.parseDocument()
    }

    @Test(arguments: ["0", "-0", "7", "-42", "123456789012345", "1234567890123456", "99999999999999999999",
                      "0.5", "-3.25", "1e3", "2E-2", "17.", "393.5", "-0.0", "0042"])
    func numbersAreTheDoublesOfTheirText(_ text: String) throws {
        let value = try parse("[\(text), \(text)]")
        guard case .array(let items) = value, case .number(let first) = items[0], case .number(let second) = items[1],
              let expected = Double(text) else { Issue.record("\(text) did not parse"); return }
        #expect(first.bitPattern == expected.bitPattern && second.bitPattern == expected.bitPattern, "\(text): \(first)")
        #expect(try parse(text) == .number(expected))
    }

    @Test func stringsWithAndWithoutEscapes() throws {
        #expect(try parse(#""plain ünïcode 😀""#) == .string("plain ünïcode 😀"))
        #expect(try parse(#""tab\there \"quoted\" \u00e9 \ud83d\ude00 \\ end""#) == .string("tab\there \"quoted\" é 😀 \\ end"))
        #expect(try parse(#"{"a":"b","c":["d",""]}"#) == .object(["a": .string("b"), "c": .array([.string("d"), .string("")])]))
        #expect(throws: JSONSyntaxError.self) { try parse("\"line\nbreak\"") }
        #expect(throws: JSONSyntaxError.self) { try parse("\"unterminated") }
    }

    /// An object's fields are gathered and its dictionary made at its end: nested objects keep
    /// their own fields, a repeated key keeps its last value.
    @Test func nestedObjectsAndRepeatedKeys() throws {
        let value = try parse(#"{"a":1,"b":{"c":2,"a":3,"c":4},"a":5,"d":[{"e":{}},{},{"f":[{"g":6}]}],"h":{"a":7}}"#)
        #expect(value == .object([
            "a": .number(5),
            "b": .object(["c": .number(4), "a": .number(3)]),
            "d": .array([.object(["e": .object([:])]), .object([:]), .object(["f": .array([.object(["g": .number(6)])])])]),
            "h": .object(["a": .number(7)]),
        ]))
        #expect(throws: JSONSyntaxError.self) { try parse(#"{"a":{"b":1,"c"}}"#) }
    }

    @Test func aLineOfAFileIsParsedInPlace() throws {
        let bytes = Array("{\"op\":\"commit\"}\n{\"id\": 1, \"x\": [1,\n".utf8)
        var parser = JSONParser(bytes, range: 16..<bytes.count - 1, firstLine: 2)
        #expect(throws: JSONSyntaxError.self) { try parser.parseDocument() }
        var first = JSONParser(bytes, range: 0..<15, firstLine: 1)
        #expect(try first.parseDocument() == .object(["op": .string("commit")]))
    }
}
