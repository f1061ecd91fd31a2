import Foundation
import ImageDiff
import LayoutEngine
import SnapshotRunner
import SVGExport
import Testing
import LayoutModel
import RenderPipeline

/// shotter's own goldens, checked the way users check theirs, with `SnapshotRunner` (the code
/// behind `shotter test`), all in `Goldens/Screenshots`:
/// - `shotter.json` at the repository root is a plan over every example: screenshots of the
///   last commit, each with its layout report beside it.
/// - `shotter-frames.json` checks the layout report (`shotter layout`'s JSON) of every commit
///   of every example at three Dynamic Type sizes, the first regression check (it names what
///   moved); at the last commit these are the very files beside the light screenshots.
/// - `shotter-double-length.json`, `-bold-text.json` and `-increased-contrast.json` check six
///   examples in one of issue 14's axes each, in both schemes.
/// - Every planned screen is also rendered to SVG, which librsvg must rasterize to the PNG's
///   pixels; `Goldens/SVG` keeps one SVG to catch changes in the SVG itself.
/// `SHOTTER_RECORD=1 swift test --filter Goldens` re-records, and then fails so recording is
/// never left on.
@Suite("Goldens", .serialized) struct GoldenTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let recording = ProcessInfo.processInfo.environment["SHOTTER_RECORD"] == "1"
    static let plan = Result { try TestPlan.load(path: repository.appendingPathComponent("shotter.json").path) }
    static let framesPlan = Result { try TestPlan.load(path: repository.appendingPathComponent("shotter-frames.json").path) }
    /// Issue 14's axes, one plan each (a plan's keys multiply, and each axis is wanted alone):
    /// Todos, Settings, Controls, a chart, navigation and tabs in both schemes.
    static let axisPlans = Result {
        try ["double-length", "bold-text", "increased-contrast"].map {
            try TestPlan.load(path: repository.appendingPathComponent("shotter-\($0).json").path)
        }
    }
    static let examples: [String] = {
        let dir = repository.appendingPathComponent("Examples").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    }()

    static func stream(_ example: String) throws -> OpStream {
        let path = repository.appendingPathComponent("Examples/\(example).jsonl").path
        return try OpStream(file: "Examples/\(example).jsonl", bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// An example's entry in the plan and the tree of its last commit.
    static func lastCommit(_ example: String) throws -> (planned: PlannedStream, tree: ElementTree) {
        let planned = try #require(try plan.get().streams().first { $0.name == example })
        var last: ElementTree?
        try stream(example).replay { _, tree in last = tree }
        return (planned, try #require(last))
    }

    /// The environment of `planned` on `device`, at `size`, in `scheme`, with the plan's assets.
    static func environment(_ planned: PlannedStream, device: Device, size: DynamicTypeSize,
                            scheme: ColorScheme) -> RenderEnvironment {
        RenderEnvironment(device: device, dynamicTypeSize: size, colorScheme: scheme,
                          catalog: planned.settings.catalog, remoteImages: planned.settings.remoteImages)
    }

    @Test func thePlansCoverEveryExample() throws {
        let streams = try Self.plan.get().streams()
        #expect(streams.map(\.name).sorted() == Self.examples)
        #expect(Self.examples.count >= 4)
        let frames = try Self.framesPlan.get().streams()
        #expect(frames.map(\.name).sorted() == Self.examples)
        #expect(try Self.framesPlan.get().goldens == Self.plan.get().goldens, "one tree of goldens")
        for stream in frames {
            #expect(stream.settings.commits == .all && stream.settings.formats == [.layout])
            #expect(stream.settings.sizes == [.xSmall, .large, .accessibility3] && stream.settings.schemes == [.light])
            #expect(stream.settings.devices == streams.first { $0.name == stream.name }?.settings.devices, "the screenshots' device")
        }
    }

    /// Both plans pass, and no golden file is left that neither produces.
    @Test func screenshotsAndFramesMatchTheirGoldens() throws {
        let goldens = try Self.plan.get().goldens
        var planned: [PlannedStream] = []
        for plan in [try Self.plan.get(), try Self.framesPlan.get()] + (try Self.axisPlans.get()) {
            let streams = try plan.streams()
            planned += streams
            let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-goldens-\(UUID().uuidString)").path
            let options = RunOptions(record: Self.recording ? .all : .never, ci: false, jobs: 2, artifacts: artifacts)
            let summary = try SnapshotRunner.run(streams: streams, goldens: plan.goldens, options: options)
            for result in summary.results where result.status != .passed {
                Issue.record("\(result.path): \(result.status.rawValue): \(result.message) \(result.changes.joined(separator: "; "))")
            }
            #expect(summary.passed + summary.recorded == streams.flatMap(\.snapshots).count)
            if Self.recording { Issue.record("recorded \(summary.recorded) snapshots (SHOTTER_RECORD=1 always fails)") }
        }
        #expect(SnapshotRunner.unusedGoldens(in: goldens, streams: planned) == [], "goldens no example produces")
    }

    /// The SVG of every planned screen shows what its PNG shows.
    @Test(arguments: examples)
    func svgMatchesThePNG(example: String) throws {
        let renderer = try Screenshotter()
        let (planned, tree) = try Self.lastCommit(example)
        for device in planned.settings.devices {
            for size in planned.settings.sizes {
                for scheme in planned.settings.schemes {
                    let env = Self.environment(planned, device: device, size: size, scheme: scheme)
                    let list = renderer.displayList(tree: tree, environment: env, diagnostics: Diagnostics())
                    let png = try renderer.image(list, scale: 1)
                    let svg = try renderer.encode(list, format: .svg, scale: 1)
                    let rasterized = try rasterizeSVG(svg, width: list.size.width, height: list.size.height, scale: 1)
                    let (result, _) = ImageComparison.compare(
                        RGBAImage(width: png.width, height: png.height, pixels: png.rgba),
                        RGBAImage(width: rasterized.width, height: rasterized.height, pixels: rasterized.rgba))
                    // Cairo clips directly while librsvg renders an SVG clip-path, and the two antialias a
                    // clip edge at a fractional position differently (one column of a chart's mask):
                    // allow 0.1 % of the pixels, far below any visible change.
                    #expect(result.passes(DiffTolerance(maxDiffRatio: 0.001)), "\(example) \(size) \(scheme): the SVG shows \(result)")
                    if example == "Kinds" && size == .large && scheme == .light {
                        try Self.check(svg, golden: "SVG/Kinds.large.light.svg") { expected, actual in
                            "SVG bytes differ (\(expected.count) vs \(actual.count) bytes)"
                        }
                    }
                }
            }
        }
    }

    // MARK: - Comparison of text goldens

    /// Compares `actual` with the golden file (exact bytes); `describe` says what differs.
    static func check(_ actual: [UInt8], golden name: String, describe: ([UInt8], [UInt8]) -> String) throws {
        let url = repository.appendingPathComponent("Goldens/\(name)")
        let expected = FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
        if recording {
            if expected != actual {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual).write(to: url)
            }
            Issue.record("recorded Goldens/\(name) (SHOTTER_RECORD=1 always fails; run again without it)")
            return
        }
        guard let expected else {
            Issue.record("missing golden Goldens/\(name): record it with SHOTTER_RECORD=1")
            return
        }
        if expected == actual { return }
        let artifact = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-actual-" + name.replacingOccurrences(of: "/", with: "-"))
        try? Data(actual).write(to: artifact)
        Issue.record("Goldens/\(name): \(describe(expected, actual)) (actual written to \(artifact.path))")
    }
}
