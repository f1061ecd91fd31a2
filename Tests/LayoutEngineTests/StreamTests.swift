import Testing
@testable import LayoutEngine

@Suite("Reading and applying ops") struct StreamTests {
    private func error(_ text: String) -> String? {
        do {
            let stream = try OpStream(file: "ops.jsonl", bytes: Array(text.utf8))
            _ = try stream.validate()
            return nil
        } catch { return error.description }
    }

    @Test func readsJSONLinesAndJSONArraysAlike() throws {
        let lines = """
        {"id":1,"kind":"text","op":"create","props":{"text":"Hi"}}
        {"id":1,"index":0,"op":"insert","parent":0}
        {"op":"commit"}
        """
        let array = "[\n" + lines.split(separator: "\n").joined(separator: ",\n") + "\n]"
        // In the array form the "[" takes line 1, so the commit is on line 4.
        for (text, commitLine) in [(lines, 3), (array, 4)] {
            let stream = try OpStream(file: "f", bytes: Array(text.utf8))
            let (commits, warnings) = try stream.validate()
            #expect(commits.map(\.number) == [1])
            #expect(commits.first?.line == commitLine)
            #expect(warnings.isEmpty)
        }
    }

    @Test func badInputNamesTheFileAndLine() {
        #expect(error("{\"op\":\"commit\"}\nnot json\n") == "ops.jsonl:2: not valid JSON: invalid literal")
        #expect(error(#"{"id":1,"op":"create","props":{}}"#) == #"ops.jsonl:1: create: missing field "kind""#)
        #expect(error(#"{"id":17,"index":0,"op":"insert","parent":0}"#) == "ops.jsonl:1: insert: unknown element 17")
        #expect(error(#"{"id":3,"op":"remove"}"#) == "ops.jsonl:1: remove: unknown element 3")
        #expect(error(#"{"id":0,"op":"remove"}"#) == "ops.jsonl:1: remove: element 0 is the screen and cannot be removed")
        #expect(error(#"{"id":4,"op":"update","props":{}}"#) == "ops.jsonl:1: update: unknown element 4")
        #expect(error("{\"op\":\"commit\"}\n{\"op\": ?}") == "ops.jsonl:2: not valid JSON: unexpected character '?'")
        #expect(error(#"{"op":42}"#) == #"ops.jsonl:1: field "op" must be a string, got a number"#)
        #expect(error(#"{"id":1.5,"op":"remove"}"#) == #"ops.jsonl:1: remove: field "id" must be an integer, got a fraction"#)
    }

    /// A stream of `OpStreamReader.twoThreadBytes` or more is read half on each of two
    /// threads: the same ops on the same lines as one thread reads, blank lines and a line cut
    /// at the middle included, and the first bad line in the stream is the one reported.
    @Test func aLargeStreamReadOnTwoThreadsIsReadAsOneThreadReadsIt() throws {
        var lines: [String] = []
        for id in 1...1_500 {
            lines.append(#"{"id":\#(id),"kind":"text","op":"create","props":{"text":"Text number \#(id)"}}"#)
            lines.append(#"{"id":\#(id),"index":\#(id - 1),"op":"insert","parent":0}"#)
            if id % 100 == 0 { lines.append("") }
        }
        lines.append(#"{"op":"commit"}"#)
        let text = lines.joined(separator: "\n")
        #expect(text.utf8.count >= OpStreamReader.twoThreadBytes)
        let ops = try OpStreamReader.read(Array(text.utf8), file: "big.jsonl")
        // The same ops one by one, each read on its own from its line.
        var expected: [(line: Int, op: Op)] = []
        for (i, line) in lines.enumerated() where !line.isEmpty {
            let one = try OpStreamReader.read(Array(line.utf8), file: "big.jsonl")
            expected.append((i + 1, try #require(one.first).op))
        }
        #expect(ops.map(\.line) == expected.map(\.line))
        #expect(ops.map(\.op) == expected.map(\.op))
        // A bad line in each half: the first is reported; one in the second half alone is too.
        var bad = lines
        bad[lines.count - 10] = "not json"
        #expect(error(bad.joined(separator: "\n")) == "ops.jsonl:\(lines.count - 9): not valid JSON: invalid literal")
        bad[20] = #"{"op":"remove"}"#
        #expect(error(bad.joined(separator: "\n")) == #"ops.jsonl:21: remove: missing field "id""#)
    }

    /// Small prop objects are searched by comparing keys, larger ones by hashing: both find
    /// every field, a null one as missing, and tell a wrong type.
    @Test(arguments: [3, PropReader.comparedFields, PropReader.comparedFields + 1, 40])
    func propsAreFoundInObjectsOfAnySize(_ count: Int) throws {
        var fields: [String: JSON] = ["empty": .null]
        for i in 0..<count - 1 { fields["field\(i)"] = .number(Double(i)) }
        let reader = try PropReader(.object(fields), path: "props", diagnostics: Diagnostics())
        for i in 0..<count - 1 { #expect(try reader.number("field\(i)") == Double(i)) }
        #expect(reader.value("empty") == nil && reader.value("absent") == nil)
        #expect(throws: PropError.self) { try reader.string("field0") }
    }

    @Test func secondCreateOfALiveIdIsAnError() {
        let text = """
        {"id":1,"kind":"text","op":"create","props":{"text":"a"}}
        {"id":1,"kind":"text","op":"create","props":{"text":"b"}}
        """
        #expect(error(text) == "ops.jsonl:2: create: element 1 already exists")
    }

    @Test func insertingIntoItselfOrADescendantIsAnError() {
        let text = """
        {"id":1,"kind":"vstack","op":"create","props":{}}
        {"id":2,"kind":"vstack","op":"create","props":{}}
        {"id":2,"index":0,"op":"insert","parent":1}
        {"id":1,"index":0,"op":"insert","parent":1}
        """
        #expect(error(text) == "ops.jsonl:4: insert: cannot insert element 1 into itself")
        let descendant = text.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n" + #"{"id":1,"index":0,"op":"insert","parent":2}"#
        #expect(error(descendant) == "ops.jsonl:4: insert: cannot insert element 1 into its own descendant 2")
    }

    @Test func wrongPropTypeIsAnError() {
        #expect(error(#"{"id":1,"kind":"text","op":"create","props":{"text":5}}"#)
                == "ops.jsonl:1: create: text.text must be a string, got a number")
        #expect(error(#"{"id":1,"kind":"styled","op":"create","props":{"style":{"padding":{"top":"x"}}}}"#)
                == "ops.jsonl:1: create: styled.style.padding.top must be a number, got a string")
    }

    @Test func insertMovesAndIndexIsThePositionAfterTheOp() throws {
        let text = """
        {"id":1,"kind":"vstack","op":"create","props":{}}
        {"id":2,"kind":"text","op":"create","props":{"text":"a"}}
        {"id":3,"kind":"text","op":"create","props":{"text":"b"}}
        {"id":4,"kind":"text","op":"create","props":{"text":"c"}}
        {"id":2,"index":0,"op":"insert","parent":1}
        {"id":3,"index":1,"op":"insert","parent":1}
        {"id":4,"index":2,"op":"insert","parent":1}
        {"id":2,"index":2,"op":"insert","parent":1}
        {"op":"commit"}
        """
        let stream = try OpStream(file: "f", bytes: Array(text.utf8))
        var children: [Int] = []
        try stream.replay { _, tree in children = tree[1]?.children ?? [] }
        #expect(children == [3, 4, 2])
    }

    @Test func removeDropsTheWholeSubtree() throws {
        let text = """
        {"id":1,"kind":"vstack","op":"create","props":{}}
        {"id":2,"kind":"text","op":"create","props":{"text":"a"}}
        {"id":2,"index":0,"op":"insert","parent":1}
        {"id":1,"index":0,"op":"insert","parent":0}
        {"id":1,"op":"remove"}
        {"op":"commit"}
        {"id":2,"op":"remove"}
        """
        #expect(error(text) == "ops.jsonl:7: remove: unknown element 2")
    }

    @Test func otherOpsAreContextAndEventsLabelCommits() throws {
        let text = """
        {"id":1,"kind":"button","op":"create","props":{}}
        {"id":2,"kind":"text","op":"create","props":{"text":"Add item"}}
        {"id":2,"index":0,"op":"insert","parent":1}
        {"id":1,"index":0,"op":"insert","parent":0}
        {"op":"commit"}
        {"op":"defaults","values":{}}
        {"id":1,"op":"event","type":"tap"}
        {"message":"oops","op":"error"}
        {"animation":{"duration":0.35,"type":"easeInOut"},"op":"commit"}
        {"op":"event","type":"environment","colorScheme":"dark"}
        {"op":"commit"}
        """
        let stream = try OpStream(file: "f", bytes: Array(text.utf8))
        let (commits, _) = try stream.validate()
        #expect(commits.map(\.label) == [nil, "tap-Add-item", "environment-dark"])
    }

    /// Labels are capped at 40 characters (ASCII names as before) and 120 bytes, between scalars.
    @Test func labelsAreCappedInCharactersAndBytes() throws {
        func label(_ text: String) throws -> String? {
            let stream = try OpStream(file: "f", bytes: Array("""
                {"id":1,"kind":"text","op":"create","props":{"text":"\(text)"}}
                {"id":1,"index":0,"op":"insert","parent":0}
                {"id":1,"op":"event","type":"tap"}
                {"op":"commit"}
                """.utf8))
            return try stream.validate().commits.first?.label
        }
        #expect(try label(String(repeating: "abcd ", count: 20)) == "tap-" + String(repeating: "abcd-", count: 7) + "a")
        let stack = "\u{0F40}\u{0FB2}\u{0FB1}\u{0FB7}\u{0FAD}\u{0F74}\u{0F71}"
        let tibetan = try #require(try label(String(repeating: stack, count: 40)))
        #expect(tibetan == "tap-" + String(repeating: stack, count: 5) + "\u{0F40}\u{0FB2}\u{0FB1}")
        #expect(tibetan.utf8.count == 118)
        #expect(try label("é" + String(repeating: "ü", count: 70)) == "tap-é" + String(repeating: "ü", count: 35), "40 characters")
    }

    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        let text = "{\"op\":\"commit\"}\n{\"op\":\"commit\"}\n"
        let stream = try OpStream(file: "f", bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(try stream.validate().commits.map(\.line) == [1, 2])
        #expect(error("\u{FEFF}[{\"op\":\"commit\"}]") == nil)
        #expect(error("\u{FEFF}\u{FEFF}{\"op\":\"commit\"}") == "ops.jsonl:1: not valid JSON: unexpected character 'ï'", "only one, at the start")
    }

    /// Values from the stream are shown escaped and cut, on one line.
    @Test func errorMessagesEscapeControlCharactersAndCutLongValues() {
        #expect(MessageText.quoted("a\nb\u{1B}[2J\tc\u{7F}\u{85}") == #""a\nb\u{1B}[2J\tc\u{7F}\u{85}""#)
        let long = String(repeating: "x", count: 1_000_000)
        #expect(MessageText.quoted(long) == "\"" + String(repeating: "x", count: 200) + "…\" (1000000 characters)")
        #expect(MessageText.quoted(String(repeating: "y", count: 200)) == "\"" + String(repeating: "y", count: 200) + "\"")
        let value = "\u{1B}]0;pwned\u{7}" + String(repeating: "z", count: 5000)
        let line = #"{"id":1,"kind":"vstack","op":"create","props":{"alignment":"\u001b]0;pwned\u0007"# + String(repeating: "z", count: 5000) + "\"}}"
        #expect(error(line) == #"ops.jsonl:1: create: vstack.alignment: unknown value "\u{1B}]0;pwned\u{7}"#
                + String(repeating: "z", count: 190) + "…\" (\(value.count) characters)")
        let file = InputError(file: "a\nb.jsonl", line: 3, op: "insert", message: "unknown element 7")
        #expect(file.description == #"a\nb.jsonl:3: insert: unknown element 7"#)
    }

    @Test func unknownPropsAndStyleFieldsWarnOnce() throws {
        let text = """
        {"id":1,"kind":"text","op":"create","props":{"text":"a","glow":1}}
        {"id":2,"kind":"text","op":"create","props":{"text":"b","glow":2}}
        {"id":3,"kind":"styled","op":"create","props":{"style":{"sparkle":true}}}
        """
        let stream = try OpStream(file: "f", bytes: Array(text.utf8))
        let (_, warnings) = try stream.validate()
        #expect(warnings == [#"unknown text prop "glow" ignored"#, #"unknown style field "sparkle" ignored"#])
    }

    @Test func hostileNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(error("{\"op\":\"x\",\"v\":\(deep)}")?.hasPrefix("ops.jsonl:1: not valid JSON") == true)
    }
}
