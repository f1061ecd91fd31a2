import Audit
import Drawing
import LayoutEngine
import LayoutModel
import RenderPipeline
import SnapshotRunner
import TextMeasure

/// `shotter audit`: Dynamic Type and accessibility findings over every size and scheme.
enum AuditCommand {
    static let settings: [Setting] = [.commits, .devices, .sizes, .schemes, .layoutDirections, .assets, .images]

    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.audit); return 0 }
        let args = try Arguments(command: "audit", argv, settings: settings,
                                 valueOptions: ["--json", "--junit", "--sarif", "--html", "--baseline", "--write-baseline", "--fail-on"])
        guard !args.positionals.isEmpty else { throw args.fail("expected at least one INPUT") }
        let options = RenderOptions.audit(on: .default).applying(try args.optionValues(settings, single: [.devices]))
        let failOn = try args.value("--fail-on").map { value throws(UsageError) -> AuditReport.FailOn in
            guard let failOn = AuditReport.FailOn(rawValue: value) else { throw args.fail("--fail-on takes error, warning or never") }
            return failOn
        } ?? .error
        let outputs = (json: try args.outputFile("--json"), junit: try args.outputFile("--junit"),
                       sarif: try args.outputFile("--sarif"), writeBaseline: try args.outputFile("--write-baseline"))
        let baseline = try args.outputFile("--baseline").map { path throws -> Baseline in
            let file = try readInput(path)
            return try Baseline(file: file.name, bytes: file.bytes)
        }

        let html = try args.outputDirectory("--html").map { ($0, try HTMLImages()) }
        let (findings, unmeasured) = try audit(args.positionals, options: options, images: html?.1)
        let report = AuditReport(findings: findings, unmeasured: unmeasured, baseline: baseline, failOn: failOn)
        let files = OutputFiles()
        do {
            if let (directory, images) = html {
                for (name, bytes) in images.files { try files.stage(bytes, at: directory + "/" + name) }
                try files.stage(Array(HTMLReport.page(report, screens: images.screens).utf8), at: directory + "/index.html")
            }
            if let path = outputs.json { try files.stage(Array((report.json.serialized() + "\n").utf8), at: path) }
            if let path = outputs.junit { try files.stage(Array(report.junit.utf8), at: path) }
            if let path = outputs.sarif { try files.stage(Array((report.sarif.serialized() + "\n").utf8), at: path) }
            if let path = outputs.writeBaseline {
                try files.stage(Array(Baseline(findings: findings, keepingReasonsFrom: baseline).serialized.utf8), at: path)
            }
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
        // Stream names come from file names, which may hold control characters.
        report.console.forEach { print(MessageText.escaped($0)) }
        // Recording a baseline accepts what was found.
        return outputs.writeBaseline == nil ? report.exitStatus : 0
    }

    /// The plan's `audit`: the last commit of each stream on its first device, every size and
    /// both schemes, printed after the snapshots; the exit status as `shotter audit`'s.
    static func run(_ plan: PlanAudit, streams: [(path: String, device: Device)]) throws -> Int32 {
        let baseline = try plan.baseline.map { path throws -> Baseline in
            let file = try readInput(path)
            return try Baseline(file: file.name, bytes: file.bytes)
        }
        var findings: [Finding] = []
        var unmeasured = 0
        for stream in streams {
            let result = try audit([TestCommand.display(stream.path)], options: RenderOptions.audit(on: stream.device))
            findings += result.findings
            unmeasured += result.unmeasured
        }
        let report = AuditReport(findings: findings, unmeasured: unmeasured, baseline: baseline,
                                 failOn: AuditReport.FailOn(rawValue: plan.failOn) ?? .error)
        print(report.console.map { "audit: " + MessageText.escaped($0) }.joined(separator: "\n"))
        return report.exitStatus
    }

    /// The findings of every stream at the commits `options` select, in its sizes and schemes.
    static func audit(_ paths: [String], options: RenderOptions, images: HTMLImages? = nil) throws -> (findings: [Finding], unmeasured: Int) {
        RenderSession.loadFontsInBackground()
        var findings: [Finding] = []
        var unmeasured = 0
        var measurer: PangoTextMeasurer?
        for path in paths {
            let input = try readInput(path)
            let stream = try OpStream(file: input.name, bytes: input.bytes)
            let session = try RenderSession(stream: stream)
            let commits = try session.select(options.commits)
            session.warnings(for: options).forEach { printError("warning: \($0)") }
            let measure = try measurer ?? PangoTextMeasurer()
            measurer = measure
            func audit(_ samples: [ScreenSample], of scene: Scene) throws {
                let facts = StreamFacts(ops: stream.ops, upTo: scene.commit.line)
                let result = Audit.run(stream: input.name, commit: scene.commit.number, tree: scene.tree, facts: facts, samples: samples)
                try images?.add(stream: input.name, commit: scene.commit.number, tree: scene.tree, facts: facts, samples: samples)
                findings += result.findings
                unmeasured += result.unmeasured
            }
            // Scenes come commit by commit, each commit in every environment.
            var pending: (scene: Scene, samples: [ScreenSample])?
            try session.scenes(of: commits, in: { tree in environments(options, for: tree) }) { scene in
                if let done = pending, done.scene.commit != scene.commit {
                    try audit(done.samples, of: done.scene)
                    pending = nil
                }
                pending = (pending?.scene ?? scene, (pending?.samples ?? []) + [sample(scene, measuredBy: measure)])
            }
            if let done = pending { try audit(done.samples, of: done.scene) }
        }
        return (findings, unmeasured)
    }

    /// The environments one commit is audited in: every size and scheme of `options`, `large`
    /// always among them (the cross-size checks compare with it).
    static func environments(_ options: RenderOptions, for tree: ElementTree) -> [RenderEnvironment] {
        var withReference = options
        if !withReference.sizes.contains(Audit.referenceSize) { withReference.sizes.insert(Audit.referenceSize, at: 0) }
        return withReference.environments(for: tree)
    }

    /// The one place the audit meets the render pipeline: a scene laid out and painted.
    static func sample(_ scene: Scene, measuredBy measurer: PangoTextMeasurer) -> ScreenSample {
        let layout = scene.layout(measuredBy: measurer)
        return ScreenSample(layout: layout, displayList: Painter.paint(tree: scene.tree, layout: layout, diagnostics: Diagnostics()))
    }
}

/// The screenshots of `--html`: every size in the first scheme and layout direction, one point
/// to one pixel.
final class HTMLImages {
    private let screenshotter: Screenshotter
    private(set) var files: [(name: String, bytes: [UInt8])] = []
    private(set) var screens: [ReportScreen] = []

    init() throws { screenshotter = try Screenshotter() }

    func add(stream: String, commit: Int, tree: ElementTree, facts: StreamFacts, samples: [ScreenSample]) throws {
        guard let first = samples.first?.configuration else { return }
        let scheme = first.scheme
        let index = screens.count + 1
        var images: [Configuration: String] = [:]
        for sample in samples where sample.configuration.scheme == scheme && sample.configuration.layoutDirection == first.layoutDirection {
            let name = "screen\(index)-\(sample.configuration.size.rawValue)-\(scheme.rawValue).png"
            files.append((name, try screenshotter.encode(sample.displayList, format: .png, scale: 1)))
            images[sample.configuration] = name
        }
        let reference = samples.first { images[$0.configuration] != nil && $0.configuration.size == Audit.referenceSize }
        screens.append(ReportScreen(stream: stream, commit: commit, size: samples[0].displayList.size, images: images,
                                    readingOrder: reference.map { Audit.readingOrder(tree: tree, facts: facts, sample: $0) } ?? []))
    }
}

extension RenderOptions {
    /// The audit's defaults: the last commit, every Dynamic Type size, both schemes (given, so
    /// a stream's own color scheme does not narrow them).
    static func audit(on device: Device) -> RenderOptions {
        var options = RenderOptions()
        options.devices = [device]
        options.sizes = DynamicTypeSize.allCases
        options.schemes = ColorScheme.allCases
        options.schemesGiven = true
        return options
    }
}
