import Foundation
import ImageDiff
import LayoutEngine
import SnapshotRunner
import SVGExport
import Testing
import LayoutModel
import RenderPipeline

/// shotter's own goldens, checked the way users check theirs:
/// - `shotter.json` at the repository root is a `shotter test` plan over every example; the
///   screenshots and their layout dumps live in `Goldens/Screenshots` and are checked with
///   `SnapshotRunner`, the code behind `shotter test`.
/// - `Goldens/Frames/EXAMPLE.jsonl`: the frames of every commit at three Dynamic Type sizes,
///   the first regression check (it names what moved).
/// - Every planned screen is also rendered to SVG, which librsvg must rasterize to the PNG's
///   pixels; `Goldens/SVG` keeps one SVG to catch changes in the SVG itself.
/// `SHOTTER_RECORD=1 swift test --filter Goldens` re-records, and then fails so recording is
/// never left on.
@Suite("Goldens", .serialized) struct GoldenTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let recording = ProcessInfo.processInfo.environment["SHOTTER_RECORD"] == "1"
    static let plan = Result { try TestPlan.load(path: repository.appendingPathComponent("shotter.json").path) }
    static let examples: [String] = {
        let dir = repository.appendingPathComponent("Examples").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    }()

    static func stream(_ example: String) throws -> OpStream {
        let path = repository.appendingPathComponent("Examples/\(example).jsonl").path
        return try OpStream(file: "Examples/\(example).jsonl", bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func thePlanCoversEveryExample() throws {
        let streams = try Self.plan.get().streams()
        #expect(streams.map(\.name).sorted() == Self.examples)
        #expect(Self.examples.count >= 4)
    }

    @Test func screenshotsMatchTheirGoldens() throws {
        let plan = try Self.plan.get()
        let streams = try plan.streams()
        let artifacts = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-goldens-\(UUID().uuidString)").path
        let options = RunOptions(record: Self.recording ? .all : .never, ci: false, jobs: 2, artifacts: artifacts)
        let summary = try SnapshotRunner.run(streams: streams, goldens: plan.goldens, options: options)
        for result in summary.results where result.status != .passed {
            Issue.record("\(result.path): \(result.status.rawValue): \(result.message) \(result.changes.joined(separator: "; "))")
        }
        #expect(summary.passed + summary.recorded == streams.flatMap(\.snapshots).count)
        #expect(SnapshotRunner.unusedGoldens(in: plan.goldens, streams: streams) == [], "goldens no example produces")
        if Self.recording { Issue.record("recorded \(summary.recorded) screenshots (SHOTTER_RECORD=1 always fails)") }
    }

    @Test(arguments: examples)
    func frameDumps(example: String) throws {
        let renderer = try Screenshotter()
        let stream = try Self.stream(example)
        let settings = try #require(try Self.plan.get().streams().first { $0.name == example }?.settings)
        let device = try #require(settings.devices.first)
        var dump = ""
        for size in [DynamicTypeSize.xSmall, .large, .accessibility3] {
            let env = RenderEnvironment(device: device, dynamicTypeSize: size,
                                        catalog: settings.catalog, remoteImages: settings.remoteImages)
            try stream.replay { commit, tree in
                let layout = renderer.layout(tree: tree, environment: env)
                dump += LayoutReport.json(tree: tree, layout: layout, commit: commit.number).serialized() + "\n"
            }
        }
        try Self.check(Array(dump.utf8), golden: "Frames/\(example).jsonl") { expected, actual in
            Self.firstDifferentLine(expected, actual)
        }
    }

    /// The SVG of every planned screen shows what its PNG shows.
    @Test(arguments: examples)
    func svgMatchesThePNG(example: String) throws {
        let renderer = try Screenshotter()
        let planned = try #require(try Self.plan.get().streams().first { $0.name == example })
        var last: ElementTree?
        try Self.stream(example).replay { _, tree in last = tree }
        let tree = try #require(last)
        for device in planned.settings.devices {
            for size in planned.settings.sizes {
                for scheme in planned.settings.schemes {
                    let env = RenderEnvironment(device: device, dynamicTypeSize: size, colorScheme: scheme,
                                                catalog: planned.settings.catalog, remoteImages: planned.settings.remoteImages)
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

    static func firstDifferentLine(_ expected: [UInt8], _ actual: [UInt8]) -> String {
        let e = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let a = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(e.count, a.count) where i >= e.count || i >= a.count || e[i] != a[i] {
            let line = { (s: Substring?) in String((s ?? "<none>").prefix(300)) }
            return "line \(i + 1) differs:\n  expected \(line(i < e.count ? e[i] : nil))\n  actual   \(line(i < a.count ? a[i] : nil))"
        }
        return "bytes differ"
    }
}
