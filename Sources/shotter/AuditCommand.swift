import Audit
import Drawing
import LayoutEngine
import LayoutModel
import RenderPipeline
import SVGExport
import SnapshotRunner
import TextMeasure

/// `shotter audit`: Dynamic Type and accessibility findings over every size and scheme.
enum AuditCommand {
    static let settings: [Setting] = [.commits, .devices, .sizes, .schemes, .layoutDirections, .pseudolanguages, .legibilityWeights,
                                      .contrasts, .assets, .images]

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

        let screenshotter = try Screenshotter()
        let html = try args.outputDirectory("--html").map { ($0, HTMLImages(screenshotter)) }
        let (findings, unmeasured) = try audit(args.positionals, options: options, screenshotter: screenshotter, images: html?.1)
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
        let screenshotter = try Screenshotter()
        for stream in streams {
            let result = try audit([TestCommand.display(stream.path)], options: RenderOptions.audit(on: stream.device),
                                   screenshotter: screenshotter)
            findings += result.findings
            unmeasured += result.unmeasured
        }
        let report = AuditReport(findings: findings, unmeasured: unmeasured, baseline: baseline,
                                 failOn: AuditReport.FailOn(rawValue: plan.failOn) ?? .error)
        print(report.console.map { "audit: " + MessageText.escaped($0) }.joined(separator: "\n"))
        return report.exitStatus
    }

    /// The findings of every stream at the commits `options` select, in its sizes and schemes.
    static func audit(_ paths: [String], options: RenderOptions, screenshotter: Screenshotter,
                      images: HTMLImages? = nil) throws -> (findings: [Finding], unmeasured: Int) {
        RenderSession.loadFontsInBackground()
        var findings: [Finding] = []
        var unmeasured = 0
        let pixels = RenderedPixels(screenshotter: screenshotter)
        for path in paths {
            let input = try readInput(path)
            let stream = try RenderSession.streamForDrawing(file: input.name, bytes: input.bytes)
            let session = try RenderSession(stream: stream)
            let commits = try session.select(options.commits)
            session.warnings(for: options).forEach { printError("warning: \($0)") }
            func audit(_ samples: [ScreenSample], of scene: Scene) throws {
                let facts = StreamFacts(ops: stream.ops, upTo: scene.commit.line)
                let result: AuditResult
                do {
                    result = try Audit.run(stream: input.name, commit: scene.commit.number, tree: scene.tree, facts: facts,
                                           samples: samples, pixels: pixels)
                } catch let error as DrawingError {
                    throw InputError(file: input.name, line: error.line, op: "draw", message: error.message)
                }
                try images?.add(stream: input.name, commit: scene.commit.number, tree: scene.tree, facts: facts, samples: samples,
                                findings: result.findings)
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
                pending = (pending?.scene ?? scene, (pending?.samples ?? []) + [sample(scene, measuredBy: screenshotter.measurer)])
            }
            if let done = pending { try audit(done.samples, of: done.scene) }
        }
        return (findings, unmeasured)
    }

    /// The environments one commit is audited in: every size, scheme and axis of `options`,
    /// `large` always among them and, after them, each one's `large` with plain texts (no
    /// pseudolanguage or Bold Text): the cross-size checks compare with it.
    static func environments(_ options: RenderOptions, for tree: ElementTree) -> [RenderEnvironment] {
        var withReference = options
        if !withReference.sizes.contains(Audit.referenceSize) { withReference.sizes.insert(Audit.referenceSize, at: 0) }
        var environments = withReference.environments(for: tree)
        for environment in environments {
            let reference = environment.plainTexts(at: Audit.referenceSize)
            if !environments.contains(reference) { environments.append(reference) }
        }
        return environments
    }

    /// The one place the audit meets the render pipeline: a scene laid out and painted.
    static func sample(_ scene: Scene, measuredBy measurer: PangoTextMeasurer) -> ScreenSample {
        let layout = scene.layout(measuredBy: measurer)
        return ScreenSample(layout: layout, displayList: Painter.paint(tree: scene.tree, layout: layout, diagnostics: Diagnostics()))
    }
}

/// The audit's rendered pixels (texts over gradients, images and materials): crops of what
/// was painted before the text, at 2 pixels per point.
struct RenderedPixels: PixelSampler {
    let screenshotter: Screenshotter

    func colors(of list: DisplayList, before index: Int, in rect: Rect) throws -> [RGBA] {
        try screenshotter.colors(of: list, before: index, in: rect, scale: 2)
    }
}

/// The screenshots of `--html`: every size in the first scheme and the first combination of
/// the other axes (layout direction, pseudolanguage...), one point to one pixel.
final class HTMLImages {
    private let screenshotter: Screenshotter
    private(set) var files: [(name: String, bytes: [UInt8])] = []
    private(set) var screens: [ReportScreen] = []

    init(_ screenshotter: Screenshotter) { self.screenshotter = screenshotter }

    func add(stream: String, commit: Int, tree: ElementTree, facts: StreamFacts, samples: [ScreenSample], findings: [Finding]) throws {
        guard let first = samples.first?.configuration else { return }
        let scheme = first.scheme
        let index = screens.count + 1
        var images: [Configuration: String] = [:]
        let shown = samples.filter { $0.configuration.scheme == scheme && $0.configuration.axes == first.axes }
            .sorted { $0.configuration < $1.configuration }
        for sample in shown {
            let name = "screen\(index)-\(sample.configuration.size.rawValue)-\(scheme.rawValue).png"
            files.append((name, try screenshotter.encode(sample.displayList, format: .png, scale: 1)))
            images[sample.configuration] = name
        }
        let sheet = "screen\(index)-sheet-\(scheme.rawValue).png"
        files.append((sheet, try screenshotter.encode(Self.contactSheet(shown, findings: findings, measurer: screenshotter.measurer),
                                                      format: .png, scale: 1)))
        let reference = samples.first { images[$0.configuration] != nil && $0.configuration.size == Audit.referenceSize }
        screens.append(ReportScreen(stream: stream, commit: commit, size: samples[0].displayList.size, images: images,
                                    readingOrder: reference.map { Audit.readingOrder(tree: tree, facts: facts, sample: $0) } ?? [],
                                    sheet: sheet))
    }

    /// The screen at every size side by side, captioned with the size, each finding outlined
    /// where it occurs at that size (red for errors, orange for warnings, as on the page).
    static func contactSheet(_ samples: [ScreenSample], findings: [Finding], measurer: any TextMeasuring) -> DisplayList {
        let cells = samples.map { sample in
            var list = sample.displayList
            for finding in findings {
                guard let frame = finding.frames[sample.configuration] else { continue }
                let color = finding.severity == .error ? RGBA(hex: 0xFF3B30) : RGBA(hex: 0xFF9500)
                list.items.append(.stroke(.rect, frame, .solid(color), lineWidth: 2, dash: []))
                if !list.lines.isEmpty { list.lines.append(0) }
            }
            return ContactSheet.Cell(list: list, caption: sample.configuration.size.rawValue)
        }
        return ContactSheet.compose([cells], measurer: measurer, background: .white)
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
