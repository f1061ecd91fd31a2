import LayoutModel

/// The render ops a SwiftBrowser app prints in headless mode, read from JSON Lines or a JSON array.

/// A problem with the input, reported as `FILE:LINE: op: message`.
public struct InputError: Error, Sendable, CustomStringConvertible, Equatable {
    public var file: String
    public var line: Int
    public var op: String?
    public var message: String
    public init(file: String, line: Int, op: String? = nil, message: String) {
        self.file = file; self.line = line; self.op = op; self.message = message
    }
    /// One line: control characters in the file name or message are escaped.
    public var description: String {
        MessageText.escaped((line > 0 ? "\(file):\(line): " : "\(file): ") + (op.map { "\($0): " } ?? "") + message)
    }
}

public enum Op: Hashable, Sendable {
    case create(id: Int, kind: String, props: JSON)
    case update(id: Int, props: JSON)
    case insert(parent: Int, id: Int, index: Int)
    case remove(id: Int)
    /// An optional `animation` is read and ignored: a screenshot shows the state after the commit.
    case commit
    /// A replayed event (`tap`, `text`, `env`, ...): labels the commits that follow it.
    case event(type: String, fields: JSON)
    /// Any other op (`error`, `defaults`, `request`, `response`, `swiftdata`, `imagedata`, ...):
    /// kept as context, never drawn by the element tree.
    case other(name: String, fields: JSON)

    public var name: String {
        switch self {
        case .create: "create"
        case .update: "update"
        case .insert: "insert"
        case .remove: "remove"
        case .commit: "commit"
        case .event: "event"
        case .other(let name, _): name
        }
    }
}

public struct LocatedOp: Hashable, Sendable {
    public var line: Int
    public var op: Op
}

public enum OpStreamReader {
    /// Reads a whole stream. A first non-blank character `[` means a JSON array of ops,
    /// anything else JSON Lines (blank lines are skipped). A leading UTF-8 byte order mark,
    /// which some Windows editors write, is skipped.
    public static func read(_ bytes: [UInt8], file: String) throws(InputError) -> [LocatedOp] {
        let bytes = withoutByteOrderMark(bytes)
        let start = bytes.firstIndex { !(0x20 == $0 || 0x09 == $0 || 0x0A == $0 || 0x0D == $0) }
        guard let start else { return [] }
        var ops: [LocatedOp] = []
        if bytes[start] == UInt8(ascii: "[") {
            var parser = JSONParser(bytes)
            let elements: [(line: Int, value: JSON)]
            do { elements = try parser.parseTopLevelArray() } catch {
                throw InputError(file: file, line: error.line, message: "not valid JSON: \(error.message)")
            }
            for element in elements {
                ops.append(try decode(element.value, line: element.line, file: file))
            }
            return ops
        }
        return try readLines(bytes, file: file)
    }

    /// JSON Lines of at least this many bytes are read on two threads, half the lines each: a
    /// screen of 1,400 elements is 190 KB, whose reading was a fifth of rendering it.
    static let twoThreadBytes = 64 * 1024

    /// JSON Lines, the first error in line order thrown whichever thread finds it.
    private static func readLines(_ bytes: [UInt8], file: String) throws(InputError) -> [LocatedOp] {
        guard bytes.count >= twoThreadBytes, let middle = bytes[(bytes.count / 2)...].firstIndex(of: 0x0A) else {
            return try readLines(bytes, from: 0, to: bytes.count, firstLine: 1, file: file)
        }
        let split = middle + 1
        var linesBefore = 0
        for byte in bytes[..<split] where byte == 0x0A { linesBefore += 1 }
        let (first, second) = onTwoThreads({
            Result { () throws(InputError) in try readLines(bytes, from: 0, to: split, firstLine: 1, file: file) }
        }, alongside: {
            Result { () throws(InputError) in try readLines(bytes, from: split, to: bytes.count, firstLine: linesBefore + 1, file: file) }
        })
        return try first.get() + second.get()
    }

    /// The ops of the lines in `start..<end` of `bytes`, the first numbered `firstLine`.
    private static func readLines(_ bytes: [UInt8], from start: Int, to end: Int, firstLine: Int,
                                  file: String) throws(InputError) -> [LocatedOp] {
        var ops: [LocatedOp] = []
        var lineNumber = firstLine - 1
        var lineStart = start
        while lineStart < end {
            lineNumber += 1
            let lineEnd = bytes[lineStart..<end].firstIndex(of: 0x0A) ?? end
            let line = lineStart..<lineEnd
            lineStart = lineEnd + 1
            if bytes[line].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            var parser = JSONParser(bytes, range: line, firstLine: lineNumber)
            let value: JSON
            do { value = try parser.parseDocument() } catch {
                throw InputError(file: file, line: lineNumber, message: "not valid JSON: \(error.message)")
            }
            ops.append(try decode(value, line: lineNumber, file: file))
        }
        return ops
    }

    /// The bytes after a leading UTF-8 byte order mark (EF BB BF), or all of them.
    public static func withoutByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    static func decode(_ value: JSON, line: Int, file: String) throws(InputError) -> LocatedOp {
        guard case .object(let fields) = value else {
            throw InputError(file: file, line: line, message: "expected an op object, got \(value.typeName)")
        }
        guard let nameValue = fields["op"] else {
            throw InputError(file: file, line: line, message: "missing field \"op\"")
        }
        guard case .string(let name) = nameValue else {
            throw InputError(file: file, line: line, message: "field \"op\" must be a string, got \(nameValue.typeName)")
        }
        func fail(_ message: String) -> InputError { InputError(file: file, line: line, op: name, message: message) }
        func int(_ key: String) throws(InputError) -> Int {
            guard let v = fields[key] else { throw fail("missing field \(MessageText.quoted(key))") }
            guard case .number(let n) = v, n == n.rounded() else {
                throw fail("field \(MessageText.quoted(key)) must be an integer, got \(v.typeName == "a number" ? "a fraction" : v.typeName)")
            }
            guard abs(n) < Limits.maxInteger else {
                throw fail("field \(MessageText.quoted(key)) is \(n); ids and indexes must be below 10^15 in magnitude")
            }
            return Int(n)
        }
        func props() throws(InputError) -> JSON {
            guard let v = fields["props"] else { throw fail("missing field \"props\"") }
            guard case .object = v else { throw fail("field \"props\" must be an object, got \(v.typeName)") }
            return v
        }
        let op: Op
        switch name {
        case "create":
            guard let kindValue = fields["kind"] else { throw fail("missing field \"kind\"") }
            guard case .string(let kind) = kindValue else {
                throw fail("field \"kind\" must be a string, got \(kindValue.typeName)")
            }
            op = .create(id: try int("id"), kind: kind, props: try props())
        case "update": op = .update(id: try int("id"), props: try props())
        case "insert": op = .insert(parent: try int("parent"), id: try int("id"), index: try int("index"))
        case "remove": op = .remove(id: try int("id"))
        case "commit": op = .commit
        case "event":
            var type = "event"
            if case .string(let t)? = fields["type"] { type = t }
            // An event's target is an element id like any other.
            if fields["id"] != nil { _ = try int("id") }
            op = .event(type: type, fields: value)
        default: op = .other(name: name, fields: value)
        }
        return LocatedOp(line: line, op: op)
    }
}
