import Foundation
import LayoutEngine
import LayoutModel

/// `shotter test --results FILE`: a run as data. Every snapshot with its status, message,
/// differing pixels, changed elements (with their stream lines) and artifact paths, and the
/// run's unused goldens and warnings. `shotter report merge` rebuilds one run from the results
/// of its shards; the file is also what other tools read (docs/test-plan.md, "Results").
public struct RunResults: Codable, Equatable, Sendable {
    public static let currentVersion = 1

    public var version: Int
    public var ci: Bool
    public var shard: String?
    public var pruned: Bool
    /// The artifacts directory, relative to the results file's own directory (so a downloaded
    /// folder of both still reads), or absolute when the two share nothing but the root.
    public var artifacts: String
    /// Each stream's file by its name, relative to the working directory of the run.
    public var streams: [String: String]
    public var unused: [String]
    public var warnings: [String]
    public var snapshots: [Entry]
    /// `N passed, M failed`, as the run's last line: for a person reading the file.
    public var tally: String

    public struct Entry: Codable, Equatable, Sendable {
        /// Relative to the goldens directory: `Counter/002-tap-Add.iphone15pro.large.light.png`.
        public var name: String
        public var stream: String
        public var status: String
        public var message: String
        public var differingPixels: Int?
        public var changes: [Change]
        public var layoutCompared: Bool
        public var expected: String?
        public var actual: String?
        public var actualLayout: String?
        public var diff: String?
        public var wrote: [String]
        public var marks: Marks?
    }

    /// `#12 text 'Add': y 521 -> 529` and the stream line of element 12 (0 when it is gone).
    public struct Change: Codable, Equatable, Sendable {
        public var element: String
        public var line: Int
    }

    /// Rects as `[x, y, width, height]` in points on a `[width, height]` canvas.
    public struct Marks: Codable, Equatable, Sendable {
        public var canvas: [Double]
        public var before: [[Double]]
        public var after: [[Double]]
    }

    /// The results of `summary`, whose artifacts are in `artifacts` and whose stream files are
    /// named as they should be shown (`streams`), to be written at `file`.
    public init(_ summary: RunSummary, artifacts: String, file: String, streams: [String: String]) {
        version = Self.currentVersion
        ci = summary.ci
        shard = summary.shard?.description
        pruned = summary.pruned
        self.artifacts = Self.relativePath(OutputPaths.canonical(artifacts),
                                           from: OutputPaths.canonical(OutputFiles.parent(of: file).isEmpty ? "." : OutputFiles.parent(of: file)))
        self.streams = streams
        unused = summary.unused
        warnings = summary.warnings
        tally = summary.tally
        snapshots = summary.results.map { r in
            Entry(name: r.path, stream: r.stream, status: r.status.rawValue, message: r.message, differingPixels: r.differingPixels,
                  changes: r.changes.enumerated().map { Change(element: $1, line: $0 < r.changeLines.count ? r.changeLines[$0] : 0) },
                  layoutCompared: r.layoutCompared, expected: r.expected, actual: r.actual, actualLayout: r.actualLayout,
                  diff: r.diff, wrote: r.wrote,
                  marks: r.marks.map { m in
                      Marks(canvas: [m.canvas.width, m.canvas.height], before: m.before.map(Self.array), after: m.after.map(Self.array))
                  })
        }
    }

    /// The run these results describe, its artifact paths still relative to its artifacts.
    public func summary() throws(ResultsError) -> RunSummary {
        var results: [SnapshotResult] = []
        for entry in snapshots {
            guard let status = SnapshotResult.Status(rawValue: entry.status) else {
                throw ResultsError("snapshot \(MessageText.quoted(entry.name)) has an unknown status \(MessageText.quoted(entry.status))")
            }
            var r = SnapshotResult(path: entry.name, stream: entry.stream, status: status, message: entry.message)
            r.changes = entry.changes.map(\.element)
            r.changeLines = entry.changes.map(\.line)
            r.differingPixels = entry.differingPixels
            r.layoutCompared = entry.layoutCompared
            (r.expected, r.actual, r.actualLayout, r.diff) = (entry.expected, entry.actual, entry.actualLayout, entry.diff)
            r.wrote = entry.wrote
            if let m = entry.marks {
                guard m.canvas.count == 2, let before = Self.rects(m.before), let after = Self.rects(m.after) else {
                    throw ResultsError("snapshot \(MessageText.quoted(entry.name)) has malformed marks")
                }
                r.marks = SnapshotResult.Marks(canvas: Size(width: m.canvas[0], height: m.canvas[1]), before: before, after: after)
            }
            results.append(r)
        }
        var parsedShard: Shard?
        if let shard {
            do { parsedShard = try Shard(parsing: shard) } catch { throw ResultsError("shard: \(error.message)") }
        }
        var summary = RunSummary(results: results, unused: unused, pruned: pruned, ci: ci, shard: parsedShard)
        summary.warnings = warnings
        summary.streamFiles = streams
        return summary
    }

    /// Sorted keys, slashes as they are: the same run gives the same bytes.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and arrays cannot fail.
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    /// Reads a results file; anything else is one line naming the file.
    public static func load(_ path: String) throws(ResultsError) -> RunResults {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ResultsError("\(path): cannot be read")
        }
        let results: RunResults
        do { results = try JSONDecoder().decode(RunResults.self, from: data) } catch {
            throw ResultsError("\(path): not a shotter results file (\(Self.reason(error)))")
        }
        guard results.version == currentVersion else {
            throw ResultsError("\(path): results version \(results.version), this shotter reads version \(currentVersion)")
        }
        return results
    }

    /// The artifacts directory of results read from `path`.
    public static func artifactsDirectory(of results: RunResults, readFrom path: String) -> String {
        if results.artifacts.hasPrefix("/") { return results.artifacts }
        let parent = OutputFiles.parent(of: path)
        return results.artifacts == "." ? (parent.isEmpty ? "." : parent)
            : (parent.isEmpty ? results.artifacts : (parent as NSString).appendingPathComponent(results.artifacts))
    }

    static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "no \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted: "not JSON"
        default: "\(error)"
        }
    }

    static func array(_ r: Rect) -> [Double] { [r.x, r.y, r.width, r.height] }

    static func rects(_ arrays: [[Double]]) -> [Rect]? {
        var rects: [Rect] = []
        for a in arrays {
            guard a.count == 4 else { return nil }
            rects.append(Rect(x: a[0], y: a[1], width: a[2], height: a[3]))
        }
        return rects
    }

    /// `target` as seen from `directory` (both canonical): `.`, `sub/dir`, `../other`.
    static func relativePath(_ target: String, from directory: String) -> String {
        let to = target.split(separator: "/"), from = directory.split(separator: "/")
        var common = 0
        while common < min(to.count, from.count), to[common] == from[common] { common += 1 }
        if common == 0 { return target }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

/// A results file that cannot be used, as one line.
public struct ResultsError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension SnapshotResult {
    /// The result with the stream line of each changed element: its create or latest update
    /// in `tree` (the commit that was rendered). A change names its element first (`#12 ...`).
    func locatingChanges(in tree: ElementTree) -> SnapshotResult {
        var located = self
        located.changeLines = changes.map { change in
            guard change.hasPrefix("#"), let id = Int(change.dropFirst().prefix { $0.isNumber }) else { return 0 }
            return tree[id]?.line ?? 0
        }
        return located
    }
}
