import Foundation
import ImageDiff
@testable import LayoutEngine
import LayoutModel
import RenderPipeline
@testable import SnapshotRunner
import SVGExport
import Testing

/// Each snapshot format on its own (encode, compare) and through the checker (artifacts).
@Suite struct FormatTests {
    typealias E = LayoutReport.Element
    func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    @Test func everyFormatNamesItsGoldenFile() throws {
        #expect(ImageFormat.allCases.map(\.fileExtension) == ["png", "svg", "layout.json"])
        #expect(ImageFormat.allCases.map(\.golden.storesLayoutBeside) == [true, true, false])
        var snapshot = Snapshot(stream: "Todo", streamPath: "/Todo.jsonl", commit: OpStream.Commit(number: 2, line: 5, label: "tap-Add"),
                                environment: RenderEnvironment(), format: .layout, scale: 1, tolerance: Tolerance())
        #expect(snapshot.path == "Todo/002-tap-Add.iphone15pro.large.light.layout.json" && snapshot.path == snapshot.layoutPath)
        snapshot.format = .svg
        #expect(snapshot.path == "Todo/002-tap-Add.iphone15pro.large.light.svg")
        #expect(try OptionParser.values(plan: ["formats": .string("layout")], at: "shotter.json", directory: ".").formats == [.layout])
        #expect(throws: OptionError("unknown format \"jpeg\" (use png, svg or layout)")) {
            try OptionParser.values(plan: ["formats": .string("jpeg")], at: "shotter.json", directory: ".")
        }
    }

    @Test func pngCountsDifferingPixelsAndDrawsTheDiff() throws {
        let old = try solidPNG(10, 10), new = try solidPNG(10, 10, changed: [(1, 1), (2, 2), (3, 3)])
        let strict = PNGGolden().compare(expected: old, actual: new, tolerance: Tolerance())
        #expect(!strict.passes && strict.message == "3 of 100 pixels differ (3.0%)" && strict.changes == nil)
        let diff = try PNGDecoder.decode(try #require(strict.diffImage))
        #expect(diff.width == 10 && diff.height == 10)
        #expect(Array(diff.pixels[(22 * 4)..<(22 * 4 + 4)]) == [255, 0, 0, 255], "pixel (2,2) is red")
        var tolerance = Tolerance()
        tolerance.maxDiffPixels = 3
        #expect(PNGGolden().compare(expected: old, actual: new, tolerance: tolerance).passes)
        let broken = PNGGolden().compare(expected: Array("not a png".utf8), actual: new, tolerance: Tolerance())
        #expect(!broken.passes && broken.message.hasPrefix("the golden is not a readable PNG: ") && broken.diffImage == nil)
    }

    @Test func aPNGIsHeldByAGoldenWithItsPixelsInAnyEncoding() throws {
        var pixels = [UInt8](repeating: 255, count: 3 * 2 * 4)
        pixels[4] = 0
        let image = RenderedImage(width: 3, height: 2, rgba: pixels)
        let actual = PNGGolden().actual(image)
        #expect(try actual.encode() == PixelStamp.stamped(try PNGEncoder.encode(rgba: pixels, width: 3, height: 2), from: image.pixels))
        #expect(actual.isHeld(try PNGEncoder.encode(rgba: pixels, width: 3, height: 2, level: 9)))
        #expect(!actual.isHeld(try solidPNG(3, 2)), "one pixel differs")
        #expect(!actual.isHeld(try solidPNG(2, 3)))
    }

    /// A stamp made from a render vouches for it without the golden being decoded: shown here
    /// with a stamp put, on purpose, on a file of other pixels (what `stamped` never gets from
    /// `shotter test`, which stamps the file it just encoded from the same render).
    @Test func aGoldenStampedFromTheRenderIsHeldWithoutComparingPixels() throws {
        let white = [UInt8](repeating: 255, count: 3 * 2 * 4)
        var black = white
        for i in stride(from: 0, to: black.count, by: 4) { black[i..<(i + 3)] = [0, 0, 0] }
        let render = RenderedImage(width: 3, height: 2, rgba: white)
        let blackFile = try PNGEncoder.encode(rgba: black, width: 3, height: 2)
        #expect(!PNGGolden().actual(render).isHeld(blackFile))
        #expect(PNGGolden().actual(render).isHeld(PixelStamp.stamped(blackFile, from: render.pixels)))
    }

    @Test func svgIsComparedByBytesOnly() throws {
        let actual = GoldenActual(bytes: Array("<svg/>".utf8))
        #expect(try actual.encode() == Array("<svg/>".utf8) && !actual.isHeld(Array("<svg/>".utf8)), "only the checker's byte test passes it")
        let comparison = SVGGolden().compare(expected: Array("<svg>a</svg>".utf8), actual: Array("<svg>b</svg>".utf8), tolerance: Tolerance())
        #expect(comparison == GoldenComparison(passes: false, message: "the SVG differs from the golden"))
    }

    @Test func layoutCountsTheChangedElementsAndEvents() throws {
        let old = LayoutReport(elements: [E(id: 0, kind: "screen", frame: r(0, 0, 393, 852)),
                                          E(id: 12, kind: "text", label: "Add", frame: r(16, 521, 361, 22), text: .init(lines: ["Add"])),
                                          E(id: 13, kind: "text", label: "Pay", frame: r(16, 560, 361, 22), text: .init(lines: ["Pay"]))])
        var new = old
        new.elements[1].frame = r(16, 529, 361, 26)
        new.elements[2].text = .init(lines: ["P…"], truncated: true)
        let bytes = { (report: LayoutReport) in Array(report.serialized().utf8) }
        let comparison = LayoutGolden().compare(expected: bytes(old), actual: bytes(new), tolerance: Tolerance())
        #expect(comparison == GoldenComparison(passes: false, message: "2 elements changed",
                                               changes: ["#12 text 'Add': y 521 -> 529, height 22 -> 26", "#13 text 'Pay': truncated"]))

        var events = old
        events.events = [.object(["type": .string("geometry"), "id": .number(3), "width": .number(10), "height": .number(4)])]
        #expect(LayoutGolden().compare(expected: bytes(old), actual: bytes(events), tolerance: Tolerance())
                == GoldenComparison(message: "the events sent back changed", changes: []))
        var commit = old
        commit.commit = 2
        #expect(LayoutGolden().compare(expected: bytes(old), actual: bytes(commit), tolerance: Tolerance()).message
                == "the layout report differs from the golden")
        #expect(LayoutGolden().compare(expected: Array("{}".utf8), actual: bytes(new), tolerance: Tolerance())
                == GoldenComparison(message: "the golden is not a layout report of this version of shotter", changes: []))
    }

    /// A layout snapshot is its own golden: recorded alone, failed with its changes and the two
    /// reports as artifacts (no diff image, nothing to outline), re-recorded by `failed`.
    @Test func aLayoutSnapshotThroughTheChecker() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let snapshot = Snapshot(stream: "Todo", streamPath: "/Todo.jsonl", commit: OpStream.Commit(number: 2, line: 5, label: nil),
                                environment: RenderEnvironment(), format: .layout, scale: 1, tolerance: Tolerance())
        func checker(_ mode: RecordMode) -> SnapshotChecker {
            SnapshotChecker(goldens: dir + "/goldens", artifacts: dir + "/artifacts", record: mode)
        }
        let old = LayoutReport(elements: [E(id: 12, kind: "text", label: "Add", frame: r(16, 521, 361, 22), text: .init(lines: ["Add"]))])
        var new = old
        new.elements[0].frame = r(16, 529, 361, 22)
        let golden = dir + "/goldens/Todo/002.iphone15pro.large.light.layout.json"

        let recorded = try checker(.missing).check(snapshot, actual: GoldenActual(bytes: Array(old.serialized().utf8)), layout: old)
        #expect(recorded.status == .recorded && recorded.wrote == ["Todo/002.iphone15pro.large.light.layout.json"])
        #expect(FileManager.default.contents(atPath: golden) == Data(old.serialized().utf8))
        #expect(try checker(.never).check(snapshot, actual: Array(old.serialized().utf8), layout: old).status == .passed)

        let failed = try checker(.never).check(snapshot, actual: Array(new.serialized().utf8), layout: new)
        #expect(failed.status == .failed && failed.message == "1 element changed")
        #expect(failed.changes == ["#12 text 'Add': y 521 -> 529"] && !failed.layoutCompared && failed.marks == nil)
        #expect(failed.expected == "failures/Todo/002.iphone15pro.large.light.expected.layout.json")
        #expect(failed.actual == "failures/Todo/002.iphone15pro.large.light.actual.layout.json" && failed.diff == nil)
        #expect(FileManager.default.contents(atPath: dir + "/artifacts/" + (failed.actual ?? "")) == Data(new.serialized().utf8))
        let html = try HTMLReport.html(RunSummary(results: [failed], unused: [], pruned: false, ci: false, shard: nil), artifacts: dir + "/artifacts")
        #expect(html.contains("<a href=\"failures/Todo/002.iphone15pro.large.light.actual.layout.json\">actual</a>"))
        #expect(!html.contains("<img"), "a report is linked, not shown as an image")
        #expect(ConsoleReport.artifactFiles(failed) == "failures/Todo/002.iphone15pro.large.light.{expected,actual}.layout.json")

        let rerecorded = try checker(.failed).check(snapshot, actual: Array(new.serialized().utf8), layout: new)
        #expect(rerecorded.status == .recorded && rerecorded.message == "re-recorded: 1 element changed")
        #expect(FileManager.default.contents(atPath: golden) == Data(new.serialized().utf8))
    }
}
