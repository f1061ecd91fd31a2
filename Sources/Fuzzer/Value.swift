import LayoutEngine

/// A JSON value whose numbers keep their text, so a mutated case can hold numbers that no
/// `Double` prints (`1e999`, `-0`, thirty digits) and write them back unchanged.
public indirect enum Value: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    /// Text written as is: escapes no Swift string holds (a lone surrogate, `\u0000`).
    case raw(String)
    case string(String)
    case array([Value])
    case object([String: Value])

    /// Parses one op line; nil when the line is not JSON (a mutated case may hold such lines).
    public init?(line: String) {
        var parser = JSONParser(Array(line.utf8))
        guard let json = try? parser.parseDocument() else { return nil }
        self.init(json)
    }

    public init(_ json: JSON) {
        switch json {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n):
            self = .number(n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n))
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(Value.init))
        case .object(let fields): self = .object(fields.mapValues(Value.init))
        }
    }

    /// Compact JSON with keys sorted, as fixtures are written.
    public var serialized: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let text), .raw(let text): text
        case .string(let s): JSON.quoted(s)
        case .array(let items): "[" + items.map(\.serialized).joined(separator: ",") + "]"
        case .object(let fields):
            "{" + fields.keys.sorted().map { JSON.quoted($0) + ":" + fields[$0]!.serialized }.joined(separator: ",") + "}"
        }
    }

    /// A step from the root to a nested value: an object key or an array index.
    public enum Step: Hashable, Sendable {
        case key(String), index(Int)
    }

    /// Every path in the value (the root's is empty), in a fixed order.
    public var paths: [[Step]] {
        var result: [[Step]] = [[]]
        switch self {
        case .array(let items):
            for (i, item) in items.enumerated() { result += item.paths.map { [.index(i)] + $0 } }
        case .object(let fields):
            for key in fields.keys.sorted() { result += fields[key]!.paths.map { [.key(key)] + $0 } }
        default: break
        }
        return result
    }

    public subscript(path: [Step]) -> Value? {
        guard let first = path.first else { return self }
        switch (self, first) {
        case (.array(let items), .index(let i)) where items.indices.contains(i): return items[i][Array(path.dropFirst())]
        case (.object(let fields), .key(let k)): return fields[k]?[Array(path.dropFirst())]
        default: return nil
        }
    }

    /// The value with the one at `path` replaced (or added, as an object's last key); `nil` as
    /// the new value deletes it.
    public func replacing(_ path: [Step], with value: Value?) -> Value {
        guard let first = path.first else { return value ?? .null }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.array(var items), .index(let i)) where items.indices.contains(i):
            if rest.isEmpty, value == nil { items.remove(at: i) } else { items[i] = items[i].replacing(rest, with: value) }
            return .array(items)
        case (.object(var fields), .key(let k)):
            if rest.isEmpty {
                fields[k] = value  // a new key is added
            } else if let field = fields[k] {
                fields[k] = field.replacing(rest, with: value)
            } else {
                return self
            }
            return .object(fields)
        default: return self
        }
    }
}
