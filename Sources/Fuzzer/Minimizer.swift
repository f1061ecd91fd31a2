/// Shrinks a failing case while it keeps failing the same way: delta debugging over its
/// lines, then elements taken out of the tree, then one value at a time inside each line
/// (fields dropped, arrays and strings cut).
public struct Minimizer {
    /// The most runs spent on one case; a hang costs the whole time limit per run.
    public var budget: Int
    public var stillFails: ([String]) -> Bool
    private var runs = 0

    public init(budget: Int, stillFails: @escaping ([String]) -> Bool) {
        self.budget = budget
        self.stillFails = stillFails
    }

    public mutating func minimize(_ lines: [String]) -> [String] {
        simplifyValues(unwrapElements(removeLines(lines)))
    }

    private mutating func test(_ lines: [String]) -> Bool {
        guard runs < budget else { return false }
        runs += 1
        return stillFails(lines)
    }

    /// ddmin: try dropping chunks of the lines, halving the chunk size when none can go.
    mutating func removeLines(_ lines: [String]) -> [String] {
        var lines = lines
        var chunks = 2
        while lines.count > 1 && runs < budget {
            let size = max(1, lines.count / chunks)
            var removed = false
            var start = 0
            while start < lines.count {
                var candidate = lines
                candidate.removeSubrange(start..<min(start + size, lines.count))
                if !candidate.isEmpty && test(candidate) {
                    lines = candidate
                    removed = true
                } else {
                    start += size
                }
            }
            if removed { chunks = max(2, chunks - 1) } else if size == 1 { break } else { chunks = min(lines.count, chunks * 2) }
        }
        return lines
    }

    /// Takes elements out one at a time, their children moved into their place: ddmin cannot
    /// drop a container's create without breaking the inserts that name it.
    mutating func unwrapElements(_ lines: [String]) -> [String] {
        var lines = lines
        var progress = true
        while progress && runs < budget {
            progress = false
            let ids = lines.compactMap { Value(line: $0)?[[.key("id")]] }
            for id in Set(ids).sorted(by: { $0.serialized < $1.serialized }) {
                if let candidate = Self.unwrapping(id, in: lines), test(candidate) {
                    lines = candidate
                    progress = true
                }
            }
        }
        return lines
    }

    /// The lines without element `id`'s own ops, its children inserted where it was.
    static func unwrapping(_ id: Value, in lines: [String]) -> [String]? {
        let values = lines.map { Value(line: $0) }
        guard let insert = values.first(where: { $0?[[.key("op")]] == .string("insert") && $0?[[.key("id")]] == id }),
              let parent = insert?[[.key("parent")]], let index = insert?[[.key("index")]] else { return nil }
        return zip(lines, values).compactMap { line, value in
            guard let value else { return line }
            if value[[.key("id")]] == id { return nil }
            guard value[[.key("op")]] == .string("insert"), value[[.key("parent")]] == id else { return line }
            return value.replacing([.key("parent")], with: parent).replacing([.key("index")], with: index).serialized
        }
    }

    /// Replaces values inside each line by smaller ones, first one that keeps the failure wins.
    mutating func simplifyValues(_ lines: [String]) -> [String] {
        var lines = lines
        for i in lines.indices {
            guard var value = Value(line: lines[i]) else { continue }
            var progress = true
            while progress && runs < budget {
                progress = false
                for smaller in Self.smaller(value) {
                    var candidate = lines
                    candidate[i] = smaller.serialized
                    if test(candidate) {
                        value = smaller
                        lines = candidate
                        progress = true
                        break
                    }
                }
            }
        }
        return lines
    }

    /// One-step-smaller versions of a value: a field or element less, a string or array halved,
    /// a nested value replaced by a smaller one.
    static func smaller(_ value: Value) -> [Value] {
        var result: [Value] = []
        for path in value.paths {
            switch value[path] {
            case .object(let fields)?:
                for key in fields.keys.sorted() { result.append(value.replacing(path + [.key(key)], with: nil)) }
            case .array(let items)? where items.count > 1:
                result.append(value.replacing(path, with: .array(Array(items.prefix(items.count / 2)))))
                result.append(value.replacing(path, with: .array(Array(items.suffix(items.count / 2)))))
            case .string(let s)? where s.count > 1:
                result.append(value.replacing(path, with: .string(String(s.prefix(s.count / 2)))))
            default: break
            }
            // A run of one-child arrays and objects (deep nesting) loses half its levels, or one.
            // Each line stays an object; a chain is halved once, from its top.
            if path.isEmpty { continue }
            if path.count > 1, let parent = value[Array(path.dropLast())], onlyChild(parent) != nil { continue }
            var inner = path
            while case let .some(nested) = value[inner], let only = Self.onlyChild(nested) { inner.append(only) }
            let levels = inner.count - path.count
            if levels >= 2 { result.append(value.replacing(path, with: value[Array(inner.prefix(path.count + levels / 2))]!)) }
            if levels >= 1 { result.append(value.replacing(path, with: value[Array(inner.prefix(path.count + 1))]!)) }
        }
        return result
    }

    private static func onlyChild(_ value: Value) -> Value.Step? {
        switch value {
        case .array(let items) where items.count == 1: .index(0)
        case .object(let fields) where fields.count == 1: .key(fields.keys.first!)
        default: nil
        }
    }
}
