#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LayoutEngine
import SVGExport
import LayoutModel
import RenderPipeline

/// One stream of the plan, with its commits read (or the error that stopped it from being read).
public struct PlannedStream: Sendable {
    /// The golden subdirectory: the file name without extension.
    public var name: String
    public var path: String
    public var settings: RenderOptions
    /// The commits to check, as `settings.commits` selects them.
    public var commits: [OpStream.Commit]
    /// Why the stream cannot be checked (bad op, missing commit); its snapshots all fail.
    public var error: String?
    /// The stream read and validated once, replayed by every job that checks it; nil when it
    /// could not be read.
    public var session: RenderSession?
    /// What the stream's asset catalog and validating the whole stream warned about (a skipped
    /// catalog entry, an unknown kind or prop), as `shotter render` warns before rendering.
    public var warnings: [String] { session?.warnings(for: settings) ?? [] }
}

/// One image to check: a commit of a stream, rendered for one environment in one format.
public struct Snapshot: Hashable, Sendable {
    public var stream: String
    public var streamPath: String
    public var commit: OpStream.Commit
    public var environment: RenderEnvironment
    public var format: ImageFormat
    public var scale: Double
    public var tolerance: Tolerance

    /// `003-tap-Add.iphone15pro.large.dark`: shared by the image and the layout dump.
    public var baseName: String { SnapshotName.base(commit: commit, environment: environment) }
    /// `Counter/003-tap-Add.iphone15pro.large.dark.png`, relative to the goldens directory.
    public var path: String { "\(stream)/\(baseName).\(format.fileExtension)" }
    public var layoutPath: String { "\(stream)/\(baseName).layout.json" }
}

/// File names as `shotter render` writes them (`RenderCommand.fileName`; a CLI test checks
/// that both agree): `NNN[-EVENT].DEVICE.SIZE.SCHEME[.AXES]`, the axes (`rtl`, `pseudo-double`,
/// `bold-text`, `increased-contrast`) only when not the default, so names from before them
/// keep their meaning.
public enum SnapshotName {
    public static func base(commit: OpStream.Commit, environment: RenderEnvironment) -> String {
        var number = String(commit.number)
        while number.count < 3 { number = "0" + number }
        let label = commit.label.map { "-\($0)" } ?? ""
        return "\(number)\(label).\(environment.device.name).\(environment.dynamicTypeSize.rawValue).\(environment.colorScheme.rawValue)"
            + environment.axisNames.map { "." + $0 }.joined()
    }

    /// The stream's file name without directory and extension. A name that would be only dots
    /// without its extension (`...jsonl` would give `..`) keeps it: the name is a directory.
    public static func stream(_ path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        let name = base[..<dot]
        return name.allSatisfy({ $0 == "." }) ? base : String(name)
    }
}

/// `--shard I/N`: the I-th of N (from 1) deterministic slices of the snapshots.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) { self.index = index; self.count = count }

    public init(parsing text: String) throws(PlanError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
            throw PlanError("--shard takes I/N with 1 <= I <= N, e.g. 2/4 (got \(MessageText.quoted(text)))")
        }
        self.init(index: i, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// Sorted by golden path, then every N-th from the I-th: each shard gets an equal share,
    /// and the same plan splits the same way on every machine.
    public func select(_ snapshots: [Snapshot]) -> [Snapshot] {
        snapshots.sorted { $0.path < $1.path }.enumerated()
            .filter { $0.offset % count == index - 1 }.map(\.element)
    }
}

extension TestPlan {
    /// Expands the globs and reads every stream's commits. A later entry naming the same file
    /// replaces an earlier one's settings; two files with one name are an error (their goldens
    /// would share a directory).
    public func streams() throws(PlanError) -> [PlannedStream] {
        var order: [String] = []
        var settings: [String: RenderOptions] = [:]
        for entry in entries {
            let files = Self.expandGlob(OptionParser.resolve(entry.pattern, in: directory))
            guard !files.isEmpty else { throw PlanError("streams: \(MessageText.quoted(entry.pattern)) matches no file") }
            // A `.*` also matches `..`: what a glob expands to must stay inside the plan's directory too.
            if let outside = files.first(where: { !OutputPaths.staysInside($0, directory) }) {
                throw PlanError("streams: \(MessageText.quoted(entry.pattern)) matches \(outside), outside the plan's directory")
            }
            for file in files {
                if settings[file] == nil { order.append(file) }
                settings[file] = entry.settings
            }
        }
        var byName: [String: String] = [:]
        var streams: [PlannedStream] = []
        for path in order {
            let name = SnapshotName.stream(path)
            if let other = byName[name] {
                throw PlanError("streams: \(other) and \(path) would share the goldens directory \(MessageText.quoted(name)); rename one")
            }
            byName[name] = path
            streams.append(Self.read(path: path, name: name, settings: settings[path] ?? RenderOptions()))
        }
        return streams
    }

    static func read(path: String, name: String, settings: RenderOptions) -> PlannedStream {
        var stream = PlannedStream(name: name, path: path, settings: settings, commits: [], error: nil)
        do {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputError(file: path, line: 0, message: "cannot be read")
            }
            let session = try RenderSession.forDrawing(file: path, bytes: [UInt8](data))
            stream.session = session
            stream.commits = try session.select(settings.commits)
        } catch {
            stream.error = "\(error)"
        }
        return stream
    }

    /// Sorted matches of a glob; a path without wildcards is returned when the file exists.
    static func expandGlob(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard glob(pattern, 0, nil, &result) == 0 else { return [] }
        return (0..<Int(result.gl_pathc)).compactMap { i in result.gl_pathv[i].map { String(cString: $0) } }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
    }
}

extension PlannedStream {
    /// Every commit x device x size x scheme x format, in that nesting order. The plan names
    /// its snapshots before any replay, so its schemes always apply (a stream's own
    /// `colorScheme` does not change them, as it does for `shotter render` without `--scheme`).
    public var snapshots: [Snapshot] {
        commits.flatMap { commit in
            settings.environments.flatMap { environment in
                settings.formats.map { format in
                    Snapshot(stream: name, streamPath: path, commit: commit, environment: environment, format: format,
                             scale: settings.scale(for: environment.device), tolerance: settings.tolerance)
                }
            }
        }
    }
}
