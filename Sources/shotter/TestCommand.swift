import Foundation
import LayoutEngine
import SnapshotRunner
import SVGExport
import LayoutModel
import RenderPipeline

/// `shotter test`: the plan's snapshots against their goldens. The work is in SnapshotRunner;
/// this maps flags onto the plan and prints.
enum TestCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.test); return 0 }
        let args = try Arguments(command: "test", argv, settings: Setting.allCases,
                                 valueOptions: Set(["--config", "--goldens", "--artifacts", "--junit", "--record", "--jobs", "--shard", "--max-pixels"])
                                     .union(ReviewOutputs.valueOptions),
                                 flagOptions: ["--prune"])
        guard args.positionals.isEmpty else { throw args.fail("unexpected argument \(MessageText.quoted(args.positionals[0])) (streams are listed in the plan)") }
        do {
            return try run(args)
        } catch let error as PlanError {
            throw args.fail(error.message)
        }
    }

    static func run(_ args: Arguments) throws -> Int32 {
        let ci = isCI()
        let planPath = args.value("--config") ?? TestPlan.fileName
        let written = try TestPlan.load(path: planPath)
        let overrides = try args.optionValues(Setting.allCases)
        var plan = written
        plan.apply(overrides)
        if let goldens = try args.outputDirectory("--goldens") { plan.goldens = goldens }
        var record = RecordMode.defaultMode(ci: ci)
        if let value = args.value("--record") {
            guard let mode = RecordMode(rawValue: value) else { throw args.fail("--record takes never, missing, failed or all") }
            record = mode
        }
        let jobs = try args.jobs()
        let shard = try args.value("--shard").map { (s: String) throws(PlanError) -> Shard in try Shard(parsing: s) }
        let junitPath = try args.outputFile("--junit")
        let review = try ReviewOutputs(args)
        let artifacts = try args.outputDirectory("--artifacts") ?? (plan.directory as NSString).appendingPathComponent(".shotter-artifacts")

        RenderSession.loadFontsInBackground()
        let streams = try plan.streams()
        try plan.checkOutputDirectories(artifacts: artifacts, streams: streams)
        var options = RunOptions(record: record, ci: ci, jobs: jobs, shard: shard, artifacts: artifacts, prune: args.has("--prune"))
        options.pixelLimit = try args.pixelLimit()
        options.pngCompression = plan.pngCompression
        // Flags that narrow the run must not make the plan's other goldens look unused.
        let planStreams = overrides.narrowsPlan ? try written.streams() : nil
        let snapshots = streams.flatMap(\.snapshots)
        let progress = ProgressLine(label: "test", total: shard.map { $0.select(snapshots).count } ?? snapshots.count)
        let summary = try SnapshotRunner.run(streams: streams, planStreams: planStreams, goldens: plan.goldens,
                                             options: options) { progress.advance() }
        progress.finish()
        summary.warnings.forEach { printError("warning: \($0)") }

        let reportPath = (artifacts as NSString).appendingPathComponent("report.html")
        let accept = acceptCommand(artifacts: artifacts, args)
        try HTMLReport.write(summary, artifacts: artifacts, to: reportPath, accept: accept)
        if let junitPath {
            try RenderCommand.write(Array(JUnitReport.xml(summary, artifacts: display(artifacts)).utf8), to: junitPath)
        }
        let annotations = try review.write(summary, artifacts: artifacts, reportPath: display(reportPath), accept: accept)
        let lines = ConsoleReport.lines(summary, goldens: display(plan.goldens), artifacts: display(artifacts),
                                        reportPath: display(reportPath), junitPath: junitPath)
        printReport(lines, annotations: annotations)
        guard let audit = written.audit else { return summary.exitStatus }
        return max(summary.exitStatus, try AuditCommand.run(audit, streams: streams.filter { $0.error == nil }.map { ($0.path, $0.settings.devices[0]) }))
    }

    /// The console report with the annotations before its last line, the tally. Stream names
    /// come from file names, which may hold control characters: they are escaped.
    static func printReport(_ lines: [String], annotations: [String]) {
        print((lines.dropLast() + annotations + lines.suffix(1)).map(MessageText.escaped).joined(separator: "\n"))
    }

    /// `shotter accept ARTIFACTS` with this run's `--config` and `--goldens`, as the report shows it.
    static func acceptCommand(artifacts: String, _ args: Arguments) -> String {
        var words = ["shotter", "accept", Accept.shellQuoted(display(artifacts))]
        for option in ["--config", "--goldens"] {
            if let value = args.value(option) { words += [option, Accept.shellQuoted(value)] }
        }
        return words.joined(separator: " ")
    }

    /// A path relative to the working directory when it is inside it, for shorter output.
    static func display(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        if standardized == cwd { return "." }
        return standardized.hasPrefix(prefix) ? String(standardized.dropFirst(prefix.count)) : path
    }
}
