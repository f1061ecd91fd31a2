import LayoutModel

/// A prop that has the wrong type; the tree turns it into `FILE:LINE: op: message`.
public struct PropError: Error, Sendable {
    public var message: String
}

/// Collects warnings, each said once per run (an unknown kind, prop or style field).
public final class Diagnostics: @unchecked Sendable {
    public private(set) var warnings: [String] = []
    private var seen: Set<String> = []
    /// The stream line of the element being painted (the painter sets it), for warnings that
    /// name where a missing asset is asked for.
    public var line = 0
    public init() {}
    public func warn(_ message: String) {
        if seen.insert(message).inserted { warnings.append(message) }
    }
    /// Warns once per `key` (a missing asset's name), with the message of its first use.
    public func warn(once key: String, _ message: String) {
        if seen.insert("\u{0}" + key).inserted { warnings.append(message) }
    }
}

/// Typed access to one JSON object of props, with the path in every error message.
public struct PropReader {
    public let fields: [String: JSON]
    public let path: String
    public let diagnostics: Diagnostics

    public init(_ json: JSON, path: String, diagnostics: Diagnostics) throws(PropError) {
        guard case .object(let fields) = json else {
            throw PropError(message: "\(path) must be an object, got \(json.typeName)")
        }
        self.fields = fields
        self.path = path
        self.diagnostics = diagnostics
    }

    /// Warns once for every field that is not in `known`, in key order.
    public func warnUnknown(_ known: Set<String>, what: String) {
        guard fields.keys.contains(where: { !known.contains($0) }) else { return }
        for key in fields.keys.sorted() where !known.contains(key) {
            diagnostics.warn("unknown \(what) \(MessageText.quoted(key)) ignored")
        }
    }

    /// Objects of at most this many fields are searched by comparing keys: a decoder asks for
    /// every field it knows (a style, forty), and hashing each name cost more than comparing
    /// it with the two or three a prop object has.
    static let comparedFields = 8

    private func fail(_ key: String, _ expected: String, _ got: JSON) -> PropError {
        PropError(message: "\(path).\(key) must be \(expected), got \(got.typeName)")
    }

    /// nil when missing or null.
    public func value(_ key: String) -> JSON? {
        let found: JSON?
        if fields.count <= Self.comparedFields {
            found = fields.first { $0.key == key }?.value
        } else {
            found = fields[key]
        }
        guard let v = found, v != .null else { return nil }
        return v
    }

    public func string(_ key: String) throws(PropError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw fail(key, "a string", v) }
        return s
    }

    public func number(_ key: String) throws(PropError) -> Double? {
        guard let v = value(key) else { return nil }
        guard case .number(let n) = v else { throw fail(key, "a number", v) }
        return n
    }

    /// A number, or the string "infinity".
    public func dimension(_ key: String) throws(PropError) -> Double? {
        guard let v = value(key) else { return nil }
        switch v {
        case .number(let n): return n
        case .string("infinity"): return .infinity
        default: throw fail(key, "a number or \"infinity\"", v)
        }
    }

    public func bool(_ key: String) throws(PropError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw fail(key, "a bool", v) }
        return b
    }

    public func object(_ key: String) throws(PropError) -> PropReader? {
        guard let v = value(key) else { return nil }
        return try PropReader(v, path: "\(path).\(key)", diagnostics: diagnostics)
    }

    /// A string that must be one of an enum's raw values.
    public func choice<T: RawRepresentable>(_ key: String, _ type: T.Type) throws(PropError) -> T? where T.RawValue == String {
        guard let s = try string(key) else { return nil }
        guard let v = T(rawValue: s) else {
            throw PropError(message: "\(path).\(key): unknown value \(MessageText.quoted(s))")
        }
        return v
    }
}
