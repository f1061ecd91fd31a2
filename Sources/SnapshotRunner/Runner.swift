import Foundation
import ImageDiff
import LayoutEngine
import SVGExport
import LayoutModel
import RenderPipeline

public struct RunOptions: Sendable {
    public var record: RecordMode
    /// On CI a run that records anything fails: goldens must come from a commit, not from CI.
    public var ci: Bool
    public var jobs: Int
    public var shard: Shard?
    public var artifacts: String
    public var prune = false
    /// The pixel budget of each rendered PNG: a larger snapshot fails with the limit's message.
    public var pixelLimit = PixelLimit()
    /// How PNG goldens (and actual images) are compressed: the plan's `pngCompression`.
    public var pngCompression = PNGCompression.fast

    public init(record: RecordMode, ci: Bool, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                shard: Shard? = nil, artifacts: String, prune: Bool = false) {
        self.record = record; self.ci = ci; self.jobs = max(1, jobs); self.shard = shard
        self.artifacts = artifacts; self.prune = prune
    }
}

/// Everything a run found, sorted by path. Holds no image: only names and messages.
public struct RunSummary: Sendable {
    public var results: [SnapshotResult]
    /// Golden files no configuration produces, relative to the goldens directory.
    public var unused: [String]
    public var pruned: Bool
    public var ci: Bool
    public var shard: Shard?
    /// Each stream's distinct warnings, streams in plan order, each stream's in first-seen
    /// order: validating's, then painting's (as `shotter render` prints them).
    public var warnings: [String] = []
    /// Each stream's file by its name (the goldens' folder), for annotations at its lines.
    public var streamFiles: [String: String] = [:]

    public var passed: Int { results.filter { $0.status == .passed }.count }
    public var recorded: Int { results.filter { $0.status == .recorded }.count }
    /// Mismatches, plus recordings when on CI.
    public var failed: Int { results.filter { $0.status == .failed || ($0.status == .recorded && ci) }.count }
    public var exitStatus: Int32 { failed > 0 ? 1 : 0 }
    /// The run's last line.
    public var tally: String { "\(passed) passed, \(failed) failed" }
}

public enum SnapshotRunner {
    /// Renders and checks the shard's snapshots on `options.jobs` threads, each with its own
    /// `Screenshotter` (Pango objects are not thread-safe). A job is one stream in one
    /// environment: the stream's `RenderSession` (read and validated with the plan) gives every
    /// wanted commit's frame once, rendered in every format; images are dropped as soon as they
    /// are checked, so memory does not grow with the run.
    /// `planStreams` are the plan's streams as written (before command-line overrides): the
    /// goldens they produce are not unused, even when flags narrow this run.
    /// `progress` is called from the workers each time a snapshot is checked.
    public static func run(streams: [PlannedStream], planStreams: [PlannedStream]? = nil, goldens: String,
                           options: RunOptions, progress: @escaping @Sendable () -> Void = {}) throws -> RunSummary {
        let all = streams.flatMap(\.snapshots)
        let selected = options.shard.map { $0.select(all) } ?? all
        let checker = SnapshotChecker(goldens: goldens, artifacts: options.artifacts, record: options.record,
                                      pngCompression: options.pngCompression)
        try? FileManager.default.removeItem(at: OutputPaths.join(options.artifacts, SnapshotChecker.failuresDirectory))
        // Fails early with a clear message when fonts or icons are missing.
        _ = try Screenshotter()

        let queue = WorkQueue(jobs: makeJobs(selected, workers: options.jobs), progress: progress)
        // A stream that cannot be read fails in every shard: its goldens cannot be checked.
        for stream in streams {
            if let error = stream.error {
                queue.add(SnapshotResult(path: stream.name, stream: stream.name, status: .failed, message: error))
            }
        }
        var sessions: [String: RenderSession] = [:]
        for stream in streams { sessions[stream.path] = stream.session }
        let group = DispatchGroup()
        for _ in 0..<min(options.jobs, max(1, queue.count)) {
            group.enter()
            let thread = Thread { [sessions] in
                defer { group.leave() }
                work(queue, sessions: sessions, checker: checker, pixelLimit: options.pixelLimit)
            }
            thread.stackSize = ElementTree.threadStackSize
            thread.start()
        }
        group.wait()

        let unused = unusedGoldens(in: goldens, streams: streams + (planStreams ?? []))
        if options.prune { prune(unused, in: goldens) }
        var summary = RunSummary(results: queue.results.sorted { $0.path < $1.path }, unused: unused,
                                 pruned: options.prune, ci: options.ci, shard: options.shard)
        summary.warnings = warnings(of: streams, paintWarnings: queue.paintWarnings)
        summary.streamFiles = Dictionary(streams.map { ($0.name, $0.path) }, uniquingKeysWith: { first, _ in first })
        return summary
    }

    /// The warnings of the streams this run rendered, each once per stream however many jobs
    /// rendered it: the asset catalog's and validating's (`PlannedStream.warnings`), then
    /// painting's. Jobs are merged in job order, not in the
    /// order workers finished, so the output does not depend on `--jobs`.
    static func warnings(of streams: [PlannedStream], paintWarnings: [(job: Job, warnings: [String])]) -> [String] {
        streams.flatMap { stream -> [String] in
            let jobs = paintWarnings.filter { $0.job.streamPath == stream.path }
            guard !jobs.isEmpty, let session = stream.session else { return [] }
            return stream.warnings + session.paintingWarnings(jobs.map(\.warnings))
        }
    }

    struct Job: Sendable {
        /// The job's place in `makeJobs`' list.
        var index: Int
        var streamPath: String
        var environment: RenderEnvironment
        var snapshots: [Snapshot]
    }

    /// One job per stream and environment, split by commits when there are fewer such groups
    /// than workers (one stream checked at every commit still keeps every core busy).
    static func makeJobs(_ snapshots: [Snapshot], workers: Int) -> [Job] {
        struct Key: Hashable { var path: String; var environment: RenderEnvironment }
        var order: [Key] = []
        var groups: [Key: [Snapshot]] = [:]
        for s in snapshots {
            let key = Key(path: s.streamPath, environment: s.environment)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(s)
        }
        let piecesPerGroup = order.isEmpty ? 1 : max(1, (workers + order.count - 1) / order.count)
        var jobs: [Job] = []
        for key in order {
            let group = groups[key] ?? []
            let commits = Array(Set(group.map(\.commit.number))).sorted()
            let perPiece = max(1, (commits.count + piecesPerGroup - 1) / piecesPerGroup)
            for start in stride(from: 0, to: commits.count, by: perPiece) {
                let piece = Set(commits[start..<min(start + perPiece, commits.count)])
                jobs.append(Job(index: jobs.count, streamPath: key.path, environment: key.environment,
                                snapshots: group.filter { piece.contains($0.commit.number) }))
            }
        }
        return jobs
    }

    static func work(_ queue: WorkQueue, sessions: [String: RenderSession], checker: SnapshotChecker, pixelLimit: PixelLimit) {
        let renderer: Screenshotter
        do { renderer = try Screenshotter() } catch {
            while let job = queue.next() { queue.fail(job, "\(error)") }
            return
        }
        renderer.pixelLimit = pixelLimit
        while let job = queue.next() {
            do {
                guard let session = sessions[job.streamPath] else {
                    throw InputError(file: job.streamPath, line: 0, message: "cannot be read")
                }
                try run(job, session: session, renderer: renderer, checker: checker, queue: queue)
            } catch {
                queue.fail(job, "\(error)")
            }
        }
    }

    /// Renders the job's commits in its environment, each frame once for all its snapshots.
    static func run(_ job: Job, session: RenderSession, renderer: Screenshotter, checker: SnapshotChecker, queue: WorkQueue) throws {
        let byCommit = Dictionary(grouping: job.snapshots, by: { $0.commit.number })
        var paintWarnings: [String] = []
        defer { queue.noteWarnings(paintWarnings, of: job) }
        try session.scenes(of: job.snapshots.map(\.commit), in: { _ in [job.environment] }) { scene in
            let frame = renderer.frame(scene)
            paintWarnings += frame.warnings
            let rendering = Rendering(renderer: renderer, frame: frame, layout: frame.report)
            for snapshot in byCommit[frame.commit.number] ?? [] {
                do {
                    queue.add(try checker.check(snapshot, rendering: rendering).locatingChanges(in: frame.tree))
                } catch {
                    queue.add(SnapshotResult(path: snapshot.path, stream: snapshot.stream, status: .failed, message: "\(error)"))
                }
            }
        }
    }

    // MARK: - Unused goldens

    /// Golden files (`STREAM/NAME.png|svg|layout.json` named as `SnapshotName` names them)
    /// under `goldens` that no snapshot of any shard produces. Any other file is not a golden
    /// and is never listed, so never pruned; nor are hidden files or the directory of a
    /// stream that could not be read.
    public static func unusedGoldens(in goldens: String, streams: [PlannedStream]) -> [String] {
        var produced: Set<String> = []
        for snapshot in streams.flatMap(\.snapshots) {
            produced.insert(snapshot.path)
            produced.insert(snapshot.layoutPath)
        }
        let unreadable = Set(streams.filter { $0.error != nil }.map(\.name))
        let root = URL(fileURLWithPath: goldens).standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                              options: [.skipsHiddenFiles]) else { return [] }
        var unused: [String] = []
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let file as URL in enumerator {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = file.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            let relative = String(path.dropFirst(prefix.count))
            if produced.contains(relative) || !GoldenFileName.matches(relative) { continue }
            if let first = relative.split(separator: "/").first, unreadable.contains(String(first)) { continue }
            unused.append(relative)
        }
        return unused.sorted()
    }

    /// Deletes the golden files, then the stream directories they leave empty. A path that is
    /// not a golden's name inside `goldens` is left alone.
    public static func prune(_ relativePaths: [String], in goldens: String) {
        var directories: Set<String> = []
        for relative in relativePaths where GoldenFileName.matches(relative) {
            guard let file = try? OutputPaths.join(goldens, relative) else { continue }
            try? FileManager.default.removeItem(at: file)
            directories.insert(file.deletingLastPathComponent().path)
        }
        for directory in directories.sorted(by: >) {
            if (try? FileManager.default.contentsOfDirectory(atPath: directory))?.isEmpty == true {
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
    }
}

/// The jobs still to do and the results so far, shared by the worker threads.
final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var jobs: [SnapshotRunner.Job]
    private var nextIndex = 0
    private var collected: [SnapshotResult] = []
    /// Painting's warnings by job index, kept apart so they can be merged in job order.
    private var warningsByJob: [Int: [String]] = [:]
    private let progress: @Sendable () -> Void

    init(jobs: [SnapshotRunner.Job], progress: @escaping @Sendable () -> Void = {}) {
        self.jobs = jobs; self.progress = progress
    }

    var count: Int { lock.withLock { jobs.count } }
    var results: [SnapshotResult] { lock.withLock { collected } }

    func next() -> SnapshotRunner.Job? {
        lock.withLock {
            guard nextIndex < jobs.count else { return nil }
            defer { nextIndex += 1 }
            return jobs[nextIndex]
        }
    }

    /// Every job that ran, in job order, with the warnings painting it gave.
    var paintWarnings: [(job: SnapshotRunner.Job, warnings: [String])] {
        lock.withLock { warningsByJob.sorted { $0.key < $1.key }.map { (jobs[$0.key], $0.value) } }
    }

    func noteWarnings(_ warnings: [String], of job: SnapshotRunner.Job) {
        lock.withLock {
            warningsByJob[job.index] = warnings
        }
    }

    func add(_ result: SnapshotResult) {
        lock.withLock { collected.append(result) }
        progress()
    }

    /// Every snapshot of a job that could not run fails with the same message; those it already
    /// checked keep their result.
    func fail(_ job: SnapshotRunner.Job, _ message: String) {
        lock.withLock {
            let done = Set(collected.map(\.path))
            for snapshot in job.snapshots where !done.contains(snapshot.path) {
                collected.append(SnapshotResult(path: snapshot.path, stream: snapshot.stream, status: .failed, message: message))
            }
        }
    }
}
