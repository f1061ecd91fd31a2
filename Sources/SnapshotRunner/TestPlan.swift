import Foundation
import ImageDiff
import LayoutEngine
import SVGExport
import LayoutModel
import RenderPipeline

/// A mistake in the plan file or in the flags that override it: a usage error (exit 2).
public struct PlanError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
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
        public var settings: RenderOptions
    }

    /// The directory the plan's relative paths start from.
    public var directory: String
    /// Where the goldens live (absolute, or relative to the working directory).
    public var goldens: String
    public var entries: [Entry]
    /// How goldens are compressed when written (`"pngCompression"`, top level only).
    public var pngCompression = PNGCompression.fast
    public var audit: PlanAudit?

    public static let fileName = "shotter.json"
    static let settingKeys = Set(Setting.allCases.map(\.key))

    public init(directory: String, goldens: String? = nil, entries: [Entry]) {
        self.directory = directory
        self.goldens = goldens.map { OptionParser.resolve($0, in: directory) } ?? OptionParser.resolve("__Snapshots__", in: directory)
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
        let known = settingKeys.union(["streams", "goldens", "audit", "pngCompression"])
        if let unknown = top.keys.sorted().first(where: { !known.contains($0) }) {
            throw PlanError("\(file): unknown key \(MessageText.quoted(unknown)) (use \(known.sorted().joined(separator: ", ")))")
        }
        let defaults = try settings(top, base: RenderOptions(), at: file, directory: directory)
        var goldens: String?
        if let value = top["goldens"] {
            guard case .string(let s) = value, !s.isEmpty else { throw PlanError("\(file): goldens must be a directory path") }
            guard !s.hasPrefix("/"), OutputPaths.staysInside(OptionParser.resolve(s, in: directory), directory) else {
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
                entries.append(Entry(pattern: pattern, settings: try settings(fields, base: defaults, at: at, directory: directory)))
            default:
                throw PlanError("\(at): must be a path or an object, got \(item.typeName)")
            }
        }
        var plan = TestPlan(directory: directory, goldens: goldens, entries: entries)
        if let value = top["pngCompression"] {
            do {
                plan.pngCompression = try OptionParser.choice(plan: value, key: "pngCompression", at: file)
            } catch {
                throw PlanError(error.message)
            }
        }
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
                audit.baseline = OptionParser.resolve(s, in: directory)
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
        guard !pattern.hasPrefix("/"), OutputPaths.staysInside(OptionParser.resolve(pattern, in: directory), directory) else {
            throw PlanError("\(at): \(MessageText.quoted(pattern)) must be a relative path inside the plan's directory")
        }
    }

    /// Replaces the plan's values with the flags' for every stream.
    public mutating func apply(_ values: OptionValues) {
        for i in entries.indices { entries[i].settings = entries[i].settings.applying(values) }
    }

    /// The settings an object of the plan gives (`OptionParser`, shared with the flags) over
    /// `base`, paths relative to the plan's `directory`.
    static func settings(_ fields: [String: JSON], base: RenderOptions, at: String, directory: String) throws(PlanError) -> RenderOptions {
        do {
            return base.applying(try OptionParser.values(plan: fields, at: at, directory: directory))
        } catch {
            throw PlanError(error.message)
        }
    }
}
