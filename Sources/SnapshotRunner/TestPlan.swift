import Foundation
import ImageDiff
import LayoutEngine
import SVGExport
import LayoutModel
import RenderPipeline

/// Which commits of a stream to check.
public enum CommitSelection: Hashable, Sendable {
    case last, all
    /// Commit numbers from 1, in the order given.
    case numbers([Int])
}

/// How close a rendering must be to its golden: pixelmatch's options plus the limits.
public struct Tolerance: Hashable, Sendable {
    /// YIQ color distance threshold, 0...1 (pixelmatch's default 0.1).
    public var threshold = 0.1
    /// Count anti-aliased pixels as differences.
    public var includeAA = false
    public var maxDiffPixels: Int?
    /// 0...1, a fraction of all pixels.
    public var maxDiffRatio: Double?

    public init() {}

    public var diffOptions: DiffOptions { DiffOptions(threshold: threshold, includeAA: includeAA) }
    /// Neither limit set means an exact match (no counted pixel differs).
    public var limits: DiffTolerance { DiffTolerance(maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio) }
}

/// What to render for one stream. The plan's top level sets defaults; a stream entry overrides them.
public struct StreamSettings: Hashable, Sendable {
    public var devices: [Device] = [.default]
    public var sizes: [DynamicTypeSize] = [.large]
    public var schemes: [ColorScheme] = [.light]
    public var commits: CommitSelection = .last
    public var formats: [ImageFormat] = [.png]
    /// Pixels per point for PNG; nil is the device's own scale.
    public var scale: Double?
    public var tolerance = Tolerance()

    public init() {}
}

/// A mistake in the plan file or in the flags that override it: a usage error (exit 2).
public struct PlanError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Command-line values that replace the plan's for every stream. nil leaves the plan's value.
public struct PlanOverrides: Sendable {
    public var devices: [Device]?
    public var sizes: [DynamicTypeSize]?
    public var schemes: [ColorScheme]?
    public var commits: CommitSelection?
    public var formats: [ImageFormat]?
    public var scale: Double?
    public var threshold: Double?
    public var includeAA: Bool?
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    public var goldens: String?
    public init() {}

    /// Whether the overrides change which snapshots exist (tolerances do not).
    public var narrowsPlan: Bool {
        devices != nil || sizes != nil || schemes != nil || commits != nil || formats != nil
    }
}

/// `"audit": {"failOn": "error", "baseline": "audit-baseline.json"}`: `shotter test` also runs
/// the checks of `shotter audit` on the plan's streams (docs/test-plan.md).
public struct PlanAudit: Sendable, Equatable {
    public var failOn = "error"
    /// Resolved against the plan's directory.
    public var baseline: String?
}

/// `shotter.json`: the op streams to check and how. See docs/test-plan.md.
public struct TestPlan: Sendable {
    public struct Entry: Sendable {
        /// A file or a glob, relative to the plan's directory.
        public var pattern: String
        public var settings: StreamSettings
    }

    /// The directory the plan's relative paths start from.
    public var directory: String
    /// Where the goldens live (absolute, or relative to the working directory).
    public var goldens: String
    public var entries: [Entry]
    public var audit: PlanAudit?

    public static let fileName = "shotter.json"
    static let settingKeys: Set<String> = ["devices", "dynamicTypeSizes", "schemes", "commits", "formats", "scale",
                                           "threshold", "includeAA", "maxDiffPixels", "maxDiffRatio"]

    public init(directory: String, goldens: String? = nil, entries: [Entry]) {
        self.directory = directory
        self.goldens = goldens.map { Self.resolve($0, in: directory) } ?? Self.resolve("__Snapshots__", in: directory)
        self.entries = entries
    }

    /// Reads a plan file; its directory is the base of its relative paths.
    public static func load(path: String) throws(PlanError) -> TestPlan {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlanError("\(path): no such file (write a \(fileName), see docs/test-plan.md)")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try parse([UInt8](data), file: path, directory: directory)
    }

    public static func parse(_ bytes: [UInt8], file: String, directory: String) throws(PlanError) -> TestPlan {
        var parser = JSONParser(OpStreamReader.withoutByteOrderMark(bytes))
        let json: JSON
        do { json = try parser.parseDocument() } catch {
            throw PlanError("\(file):\(error.line): \(error.message)")
        }
        guard case .object(let top) = json else { throw PlanError("\(file): the plan must be a JSON object") }
        let known = settingKeys.union(["streams", "goldens", "audit"])
        if let unknown = top.keys.sorted().first(where: { !known.contains($0) }) {
            throw PlanError("\(file): unknown key \(MessageText.quoted(unknown)) (use \(known.sorted().joined(separator: ", ")))")
        }
        let defaults = try parseSettings(top, base: StreamSettings(), at: file)
        var goldens: String?
        if let value = top["goldens"] {
            guard case .string(let s) = value, !s.isEmpty else { throw PlanError("\(file): goldens must be a directory path") }
            guard !s.hasPrefix("/"), OutputPaths.staysInside(resolve(s, in: directory), directory) else {
                throw PlanError("\(file): goldens \(MessageText.quoted(s)) must be a relative path inside the plan's directory (--goldens may point elsewhere)")
            }
            goldens = s
        }
        guard case .array(let items)? = top["streams"], !items.isEmpty else {
            throw PlanError("\(file): streams must be a non-empty array of paths or objects")
        }
        var entries: [Entry] = []
        for (i, item) in items.enumerated() {
            let at = "\(file): streams[\(i)]"
            switch item {
            case .string(let pattern):
                try checkPattern(pattern, at: at, directory: directory)
                entries.append(Entry(pattern: pattern, settings: defaults))
            case .object(let fields):
                guard case .string(let pattern)? = fields["path"], !pattern.isEmpty else {
                    throw PlanError("\(at): needs a \"path\" (a file or a glob)")
                }
                let allowed = settingKeys.union(["path"])
                if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
                    throw PlanError("\(at): unknown key \(MessageText.quoted(unknown)) (use \(allowed.sorted().joined(separator: ", ")))")
                }
                try checkPattern(pattern, at: at, directory: directory)
                entries.append(Entry(pattern: pattern, settings: try parseSettings(fields, base: defaults, at: at)))
            default:
                throw PlanError("\(at): must be a path or an object, got \(item.typeName)")
            }
        }
        var plan = TestPlan(directory: directory, goldens: goldens, entries: entries)
        if let value = top["audit"] {
            guard case .object(let fields) = value, Set(fields.keys).isSubset(of: ["failOn", "baseline"]) else {
                throw PlanError("\(file): audit must be an object with failOn and baseline")
            }
            var audit = PlanAudit()
            if let v = fields["failOn"] {
                guard case .string(let s) = v, ["error", "warning", "never"].contains(s) else {
                    throw PlanError("\(file): audit.failOn must be error, warning or never")
                }
                audit.failOn = s
            }
            if let v = fields["baseline"] {
                guard case .string(let s) = v, !s.isEmpty else { throw PlanError("\(file): audit.baseline must be a file path") }
                audit.baseline = resolve(s, in: directory)
            }
            plan.audit = audit
        }
        return plan
    }

    /// A stream pattern is relative and stays inside the plan's directory (the files it
    /// matches are checked again once expanded); `**` is not a glob of this format.
    static func checkPattern(_ pattern: String, at: String, directory: String) throws(PlanError) {
        guard !pattern.isEmpty else { throw PlanError("\(at): the path is empty") }
        guard !pattern.contains("**") else {
            throw PlanError("\(at): \(MessageText.quoted(pattern)): ** is not supported; a * matches within one directory (use dir/*/*.jsonl)")
        }
        guard !pattern.hasPrefix("/"), OutputPaths.staysInside(resolve(pattern, in: directory), directory) else {
            throw PlanError("\(at): \(MessageText.quoted(pattern)) must be a relative path inside the plan's directory")
        }
    }

    /// Replaces the plan's values with the flags' for every stream.
    public mutating func apply(_ o: PlanOverrides) {
        if let goldens = o.goldens { self.goldens = goldens }
        for i in entries.indices {
            var s = entries[i].settings
            if let v = o.devices { s.devices = v }
            if let v = o.sizes { s.sizes = v }
            if let v = o.schemes { s.schemes = v }
            if let v = o.commits { s.commits = v }
            if let v = o.formats { s.formats = v }
            if let v = o.scale { s.scale = v }
            if let v = o.threshold { s.tolerance.threshold = v }
            if let v = o.includeAA { s.tolerance.includeAA = v }
            if let v = o.maxDiffPixels { s.tolerance.maxDiffPixels = v }
            if let v = o.maxDiffRatio { s.tolerance.maxDiffRatio = v }
            entries[i].settings = s
        }
    }

    static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    // MARK: - Values

    static func parseSettings(_ fields: [String: JSON], base: StreamSettings, at: String) throws(PlanError) -> StreamSettings {
        var s = base
        if let v = fields["devices"] {
            s.devices = try names(v, key: "devices", at: at).map { (n: String) throws(PlanError) -> Device in try parseDevice(n) }
        }
        if let v = fields["dynamicTypeSizes"] {
            if case .string("all") = v { s.sizes = DynamicTypeSize.allCases } else {
                s.sizes = try names(v, key: "dynamicTypeSizes", at: at).map { (n: String) throws(PlanError) -> DynamicTypeSize in try parseSize(n) }
            }
        }
        if let v = fields["schemes"] {
            s.schemes = try names(v, key: "schemes", at: at).map { (n: String) throws(PlanError) -> ColorScheme in try parseScheme(n) }
        }
        if let v = fields["formats"] {
            s.formats = try names(v, key: "formats", at: at).map { (n: String) throws(PlanError) -> ImageFormat in try parseFormat(n) }
        }
        if let v = fields["commits"] {
            switch v {
            case .string(let text): s.commits = try parseCommits(text)
            case .number: s.commits = .numbers([try wholeNumber(v, key: "commits", at: at, minimum: 1)])
            case .array(let items) where !items.isEmpty:
                s.commits = .numbers(try items.map { (item: JSON) throws(PlanError) -> Int in
                    try wholeNumber(item, key: "commits", at: at, minimum: 1)
                })
            default: throw PlanError("\(at): commits must be \"last\", \"all\", a number or an array of numbers")
            }
        }
        if let v = fields["scale"] {
            guard case .number(let n) = v, n > 0, n <= 8 else { throw PlanError("\(at): scale must be a number from 0 to 8") }
            s.scale = n
        }
        if let v = fields["threshold"] {
            guard case .number(let n) = v, (0...1).contains(n) else { throw PlanError("\(at): threshold must be a number from 0 to 1") }
            s.tolerance.threshold = n
        }
        if let v = fields["includeAA"] {
            guard case .bool(let b) = v else { throw PlanError("\(at): includeAA must be true or false") }
            s.tolerance.includeAA = b
        }
        if let v = fields["maxDiffPixels"] {
            s.tolerance.maxDiffPixels = try wholeNumber(v, key: "maxDiffPixels", at: at, minimum: 0)
        }
        if let v = fields["maxDiffRatio"] {
            guard case .number(let n) = v, (0...1).contains(n) else { throw PlanError("\(at): maxDiffRatio must be a number from 0 to 1") }
            s.tolerance.maxDiffRatio = n
        }
        return s
    }

    /// A string or a non-empty array of strings.
    private static func names(_ value: JSON, key: String, at: String) throws(PlanError) -> [String] {
        switch value {
        case .string(let s): return [s]
        case .array(let items) where !items.isEmpty:
            return try items.map { (item: JSON) throws(PlanError) -> String in
                guard case .string(let s) = item else { throw PlanError("\(at): \(key) must hold strings, got \(item.typeName)") }
                return s
            }
        default: throw PlanError("\(at): \(key) must be a string or a non-empty array of strings")
        }
    }

    private static func wholeNumber(_ value: JSON, key: String, at: String, minimum: Int) throws(PlanError) -> Int {
        guard case .number(let n) = value, n == n.rounded(), n >= Double(minimum), n < 1e9 else {
            throw PlanError("\(at): \(key) must be a whole number from \(minimum)")
        }
        return Int(n)
    }

    public static func parseDevice(_ name: String) throws(PlanError) -> Device {
        guard let device = Device.named(name) else {
            throw PlanError("unknown device \(MessageText.quoted(name)) (use \(Device.builtIn.map(\.name).joined(separator: ", ")) or WIDTHxHEIGHT@SCALE)")
        }
        return device
    }

    public static func parseSize(_ name: String) throws(PlanError) -> DynamicTypeSize {
        guard let size = DynamicTypeSize(rawValue: name) else {
            throw PlanError("unknown Dynamic Type size \(MessageText.quoted(name)) (use \(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", ")) or all)")
        }
        return size
    }

    public static func parseScheme(_ name: String) throws(PlanError) -> ColorScheme {
        guard let scheme = ColorScheme(rawValue: name) else { throw PlanError("unknown color scheme \(MessageText.quoted(name)) (use light or dark)") }
        return scheme
    }

    public static func parseFormat(_ name: String) throws(PlanError) -> ImageFormat {
        guard let format = ImageFormat(rawValue: name) else { throw PlanError("unknown format \(MessageText.quoted(name)) (use png or svg)") }
        return format
    }

    /// `last`, `all`, or commit numbers separated by commas (`1,3`).
    public static func parseCommits(_ text: String) throws(PlanError) -> CommitSelection {
        switch text {
        case "last": return .last
        case "all": return .all
        default:
            let numbers = text.split(separator: ",").compactMap { Int($0) }
            guard !numbers.isEmpty, numbers.count == text.split(separator: ",", omittingEmptySubsequences: false).count,
                  numbers.allSatisfy({ $0 >= 1 }) else {
                throw PlanError("commits must be last, all or numbers from 1 (\(MessageText.quoted(text)))")
            }
            return .numbers(numbers)
        }
    }
}
