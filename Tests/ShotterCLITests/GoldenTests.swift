import Foundation
import ImageDiff
import LayoutEngine
import SVGExport
import TextMeasure
import Testing

/// Every example in Examples/ against Goldens/: a frame dump of every commit at three Dynamic
/// Type sizes (the first regression check: it names what moved), and scale-1 PNGs of the last
/// commit at Large and accessibility3 (and xSmall for the core examples) in light and dark.
/// Every one of those screens is also rendered to SVG, which librsvg must rasterize to the
/// same pixels as the PNG; one SVG is kept as a golden to catch changes in the SVG itself.
/// `SHOTTER_RECORD=1 swift test` re-records, and then fails so recording is never left on.
@Suite("Goldens", .serialized) struct GoldenTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let examples: [String] = {
        let dir = repository.appendingPathComponent("Examples").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
    }()
    static let recording = ProcessInfo.processInfo.environment["SHOTTER_RECORD"] == "1"
    /// Examples whose SVG is also kept: one per core kind family is enough.
    static let svgExamples: Set<String> = ["Kinds"]
    /// The core issue's examples, checked at a third, small Dynamic Type size too.
    static let coreExamples: Set<String> = ["Counter", "Gallery", "Kinds", "Unknown"]

    /// iPad examples are recorded on the iPad, everything else on the default iPhone.
    static func device(for example: String) -> Device {
        example.hasPrefix("SplitView") ? Device.named("ipadpro11")! : .default
    }

    static func stream(_ example: String) throws -> OpStream {
        let path = repository.appendingPathComponent("Examples/\(example).jsonl").path
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try OpStream(file: "Examples/\(example).jsonl", bytes: bytes)
    }

    @Test func examplesExist() {
        #expect(Self.examples.count >= 4)
    }

    @Test(arguments: examples)
    func frameDumps(example: String) throws {
        let renderer = try Screenshotter()
        let stream = try Self.stream(example)
        var dump = ""
        for size in [DynamicTypeSize.xSmall, .large, .accessibility3] {
            let env = RenderEnvironment(device: Self.device(for: example), dynamicTypeSize: size)
            try stream.replay { commit, tree in
                let layout = renderer.layout(tree: tree, environment: env)
                dump += LayoutReport.json(tree: tree, layout: layout, commit: commit.number).serialized() + "\n"
            }
        }
        try Self.check(Array(dump.utf8), golden: "\(example)/frames.jsonl") { expected, actual in
            Self.firstDifferentLine(expected, actual)
        }
    }

    @Test(arguments: examples)
    func screenshots(example: String) throws {
        let renderer = try Screenshotter()
        let stream = try Self.stream(example)
        var last: ElementTree?
        try stream.replay { _, tree in last = tree }
        let tree = try #require(last)
        let sizes: [DynamicTypeSize] = Self.coreExamples.contains(example) ? [.xSmall, .large, .accessibility3] : [.large, .accessibility3]
        for size in sizes {
            for scheme in ColorScheme.allCases {
                let env = RenderEnvironment(device: Self.device(for: example), dynamicTypeSize: size, colorScheme: scheme)
                let list = renderer.displayList(tree: tree, environment: env, diagnostics: Diagnostics())
                // Stored at zlib level 9 to keep the repository small; compared pixel by pixel.
                let image = try renderer.image(list, scale: 1)
                let png = try PNGEncoder.encode(rgba: image.rgba, width: image.width, height: image.height, level: 9)
                try Self.check(png, golden: "\(example)/\(size.rawValue).\(scheme.rawValue).png") { expected, actual in
                    Self.describeImageDifference(expected, actual)
                }
                let svg = try renderer.encode(list, format: .svg, scale: 1)
                let rasterized = try rasterizeSVG(svg, width: list.size.width, height: list.size.height, scale: 1)
                let (svgResult, _) = ImageComparison.compare(
                    RGBAImage(width: image.width, height: image.height, pixels: image.rgba),
                    RGBAImage(width: rasterized.width, height: rasterized.height, pixels: rasterized.rgba))
                // Cairo clips directly while librsvg renders an SVG clip-path, and the two antialias a
                // clip edge at a fractional position differently (one column of a chart's mask):
                // allow 0.1 % of the pixels, far below any visible change.
                #expect(svgResult.passes(DiffTolerance(maxDiffRatio: 0.001)),
                        "\(example) \(size) \(scheme): the SVG shows \(svgResult)")
                if Self.svgExamples.contains(example) && size == .large && scheme == .light {
                    try Self.check(svg, golden: "\(example)/\(size.rawValue).\(scheme.rawValue).svg") { expected, actual in
                        "SVG bytes differ (\(expected.count) vs \(actual.count) bytes)"
                    }
                }
            }
        }
    }

    // MARK: - Comparison

    /// Compares `actual` with the golden file; `describe` returns nil when a non-identical pair
    /// is still a match (images within tolerance), or what differs.
    static func check(_ actual: [UInt8], golden name: String,
                      describe: ([UInt8], [UInt8]) -> String?) throws {
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
        if let difference = describe(expected, actual) {
            let artifact = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-actual-" + name.replacingOccurrences(of: "/", with: "-"))
            try? Data(actual).write(to: artifact)
            Issue.record("Goldens/\(name): \(difference) (actual written to \(artifact.path))")
        }
    }

    static func describeImageDifference(_ expected: [UInt8], _ actual: [UInt8]) -> String? {
        do {
            let (result, _) = try ImageComparison.compare(pngA: expected, pngB: actual)
            return result.passes(.exact) ? nil : result.description
        } catch {
            return "\(error)"
        }
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
