/// The ways a case is derived from a seed stream, each aimed at one class of hostile input.
public enum Mutation: String, CaseIterable, Sendable {
    case hugeNumber, negativeNumber, nonFiniteNumber, swappedType, deletedField
    case duplicatedOp, reorderedOps, deepNesting, oddUnicode, longString
}

/// Derives fuzz cases from seed streams: deterministic for a (seed, index) pair.
public struct Mutator: Sendable {
    public let seeds: [SeedStream]
    /// For each key whose value is an object somewhere in the seeds, the keys of that object's
    /// number fields anywhere in them (`font` → `size`, `frame` → `maxWidth`...): a number
    /// mutation may add one, so a `font` given by `textStyle` also gets a huge `size`.
    let numberFields: [String: [String]]

    public init(seeds: [SeedStream]) {
        precondition(!seeds.isEmpty, "a mutator needs at least one seed stream")
        self.seeds = seeds
        var fields: [String: Set<String>] = [:]
        for line in seeds.flatMap(\.lines) {
            guard let value = Value(line: line) else { continue }
            for path in value.paths {
                guard case .key(let key)? = path.last, case .object(let object)? = value[path] else { continue }
                for (name, field) in object { if case .number = field { fields[key, default: []].insert(name) } }
            }
        }
        numberFields = fields.mapValues { $0.sorted() }
    }

    /// Case `index` of the campaign `seed`: one mutation of one seed stream, sometimes two or three.
    public func makeCase(seed: UInt64, index: Int) -> FuzzCase {
        var random = SplitMix64(seed: seed, index: index)
        let source = random.pick(seeds)
        var lines = source.lines
        var applied: [Mutation] = []
        let count = random.chance(60) ? 1 : random.chance(75) ? 2 : 3
        for _ in 0..<count {
            let mutation = random.pick(Mutation.allCases)
            lines = apply(mutation, to: lines, &random)
            applied.append(mutation)
        }
        return FuzzCase(seed: seed, index: index, source: source.name, mutations: applied, lines: lines)
    }

    public func apply(_ mutation: Mutation, to lines: [String], _ random: inout SplitMix64) -> [String] {
        guard !lines.isEmpty else { return lines }
        var lines = lines
        switch mutation {
        case .duplicatedOp:
            let i = random.int(lines.count)
            lines.insert(lines[i], at: random.chance(50) ? i : random.int(lines.count + 1))
        case .reorderedOps:
            let i = random.int(lines.count), j = random.int(lines.count)
            if random.chance(50) { lines.swapAt(i, j) } else { lines.insert(lines.remove(at: i), at: j) }
        case .deepNesting where random.chance(50):
            lines.insert(contentsOf: Self.elementChain(depth: random.pick([64, 500, 1999, 2001])),
                         at: random.int(lines.count + 1))
        default:
            // Ops with props are picked more often: their values reach layout and drawing.
            var i = random.int(lines.count)
            for _ in 0..<3 where !lines[i].contains(#""props":{""#) { i = random.int(lines.count) }
            guard let value = Value(line: lines[i]) else { return lines }
            lines[i] = mutate(value, mutation, &random).serialized
        }
        return lines
    }

    /// One value-level mutation at a random place in one op.
    func mutate(_ value: Value, _ mutation: Mutation, _ random: inout SplitMix64) -> Value {
        // Mostly inside the props: a broken id or op name is rejected before anything is laid out.
        let propsPaths = value.paths.filter { $0.count > 1 && $0.first == .key("props") }
        let paths = !propsPaths.isEmpty && random.chance(85) ? propsPaths : value.paths
        func pathWhere(_ test: (Value) -> Bool) -> [Value.Step] {
            let matching = paths.filter { value[$0].map(test) ?? false }
            return matching.isEmpty ? random.pick(paths) : random.pick(matching)
        }
        /// A number already there, or (30 %) one added where seeds have one.
        func numberPath() -> [Value.Step] {
            let objects = paths.filter { path in
                guard case .key(let key)? = path.last, case .object? = value[path] else { return false }
                return numberFields[key] != nil
            }
            guard random.chance(30), !objects.isEmpty else {
                return pathWhere { if case .number = $0 { true } else { false } }
            }
            let object = random.pick(objects)
            guard case .key(let key)? = object.last else { return object }
            return object + [.key(random.pick(numberFields[key]!))]
        }
        let isString: (Value) -> Bool = { if case .string = $0 { true } else { false } }
        switch mutation {
        case .hugeNumber:
            return value.replacing(numberPath(), with: .number(random.pick(Self.hugeNumbers)))
        case .negativeNumber:
            let path = numberPath()
            if case .number(let text) = value[path], !text.hasPrefix("-"), random.chance(50) {
                return value.replacing(path, with: .number("-" + text))
            }
            return value.replacing(path, with: .number(random.pick(Self.negativeNumbers)))
        case .nonFiniteNumber:
            let replacement: Value = random.chance(60) ? .number(random.pick(Self.nonFiniteNumbers))
                                                       : .string(random.pick(["NaN", "Infinity", "-Infinity", "inf", "nan"]))
            return value.replacing(numberPath(), with: replacement)
        case .swappedType:
            let path = random.pick(paths)
            return value.replacing(path, with: Self.swapped(value[path] ?? .null, &random))
        case .deletedField:
            let keyed = paths.filter { if case .key = $0.last { true } else { false } }
            guard !keyed.isEmpty else { return value }
            return value.replacing(random.pick(keyed), with: nil)
        case .deepNesting:
            let path = random.pick(paths)
            var nested = value[path] ?? .null
            for _ in 0..<random.pick([16, 200, 510, 600]) {
                nested = random.chance(50) ? .array([nested]) : .object(["a": nested])
            }
            return value.replacing(path, with: nested)
        case .oddUnicode:
            return value.replacing(pathWhere(isString), with: random.pick(Self.oddStrings))
        case .longString:
            let unit = random.pick(["W ", "x", "😀", "مرحبا ", "a\n", "e\u{301}\u{302}"])
            return value.replacing(pathWhere(isString),
                                   with: .string(String(repeating: unit, count: random.pick([300, 5000, 40000]))))
        case .duplicatedOp, .reorderedOps:
            return value
        }
    }

    static let hugeNumbers = ["1e308", "1.7976931348623157e308", "9007199254740993", "123456789012345678901234567890",
                              "2147483648", "9223372036854775808", "1e15", "1e38", "100000000"]
    static let negativeNumbers = ["-1", "-0.5", "-1e308", "-2147483649", "-9223372036854775809", "-100000"]
    static let nonFiniteNumbers = ["1e999", "-1e999", "1e-400", "-0", "4.9e-324", "0e0"]
    static let oddStrings: [Value] = [
        .string(""), .string(" "), .string("\u{0}"), .string("\u{FEFF}\u{200B}\u{200D}"), .string("\u{202E}abc\u{202C}"),
        .string("👨‍👩‍👧‍👦🏳️‍🌈"), .string(String(repeating: "\u{301}", count: 200)), .string("a\u{0}b\r\n\t"),
        .string("\u{10FFFF}\u{FFFF}"), .string("../../../../tmp/x"), .string("/"), .string("%s%n{}"),
        .raw(#""\ud800""#), .raw(#""\udfff\ud800x""#),
    ]

    /// A value of another type made from this one.
    static func swapped(_ value: Value, _ random: inout SplitMix64) -> Value {
        switch value {
        case .number(let text): random.chance(50) ? .string(text) : .bool(true)
        case .string(let s): random.chance(50) ? .number(String(s.utf8.count)) : .array([.string(s)])
        case .bool(let b): .string(b ? "true" : "false")
        case .object(let fields): .array(fields.keys.sorted().map { fields[$0]! })
        case .array(let items): items.isEmpty ? .object([:]) : .object(["0": items[0]])
        case .null, .raw: .number("0")
        }
    }

    /// A chain of `depth` vstacks, the first inserted into the screen: deep element trees.
    static func elementChain(depth: Int) -> [String] {
        let first = 1_000_000
        var chain = (0..<depth).map { #"{"id":\#(first + $0),"kind":"vstack","op":"create","props":{}}"# }
        chain += (1..<depth).map { #"{"id":\#(first + $0),"index":0,"op":"insert","parent":\#(first + $0 - 1)}"# }
        chain.append(#"{"id":\#(first),"index":0,"op":"insert","parent":0}"#)
        return chain
    }
}

/// A stream the fuzzer starts from.
public struct SeedStream: Sendable {
    public var name: String
    public var lines: [String]
    public init(name: String, lines: [String]) { self.name = name; self.lines = lines }
}

/// One generated input and how it was made.
public struct FuzzCase: Sendable {
    public var seed: UInt64
    public var index: Int
    public var source: String
    public var mutations: [Mutation]
    public var lines: [String]
    public var text: String { lines.joined(separator: "\n") + "\n" }
    /// `s1-i42`: what `shotter-fuzz case --seed 1 --index 42` rebuilds.
    public var name: String { "s\(seed)-i\(index)" }
}

extension SeedStream {
    public var text: String { lines.joined(separator: "\n") + "\n" }
}
