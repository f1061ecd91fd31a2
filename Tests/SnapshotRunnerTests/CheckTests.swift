import Foundation
import ImageDiff
@testable import LayoutEngine
import RenderPipeline
import SVGExport
@testable import SnapshotRunner
import LayoutModel
import Testing

/// Record modes, tolerances and artifacts, on small synthetic PNGs (no rendering).
@Suite struct CheckTests {
    let dir: String
    init() throws { dir = try makeTemporaryDirectory() }

    func snapshot(tolerance: Tolerance = Tolerance()) -> Snapshot {
        Snapshot(stream: "Todo", streamPath: "/Todo.jsonl", commit: OpStream.Commit(number: 2, line: 5, label: "tap-Add"),
                 environment: RenderEnvironment(), format: .png, scale: 1, tolerance: tolerance)
    }

    let layout = LayoutReport(elements: [.init(id: 12, kind: "text", label: "Add", frame: Rect(x: 16, y: 529, width: 361, height: 26))])
    let oldLayout = LayoutReport(elements: [.init(id: 12, kind: "text", label: "Add", frame: Rect(x: 16, y: 521, width: 361, height: 22))])

    var golden: String { dir + "/goldens/Todo/002-tap-Add.iphone15pro.large.light.png" }
    var goldenLayout: String { dir + "/goldens/Todo/002-tap-Add.iphone15pro.large.light.layout.json" }
    func checker(_ mode: RecordMode) -> SnapshotChecker {
        SnapshotChecker(goldens: dir + "/goldens", artifacts: dir + "/artifacts", record: mode)
    }
    func read(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

    @Test func aMissingGoldenFailsWithNeverAndIsWrittenOtherwise() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = try solidPNG(10, 10)
        let never = try checker(.never).check(snapshot(), actual: png, layout: layout)
        #expect(never.status == .failed)
        #expect(never.message == "no golden at \(golden) (record it with --record=missing and commit it)")
        #expect(!exists(golden))
        #expect(never.actual == "failures/Todo/002-tap-Add.iphone15pro.large.light.actual.png")
        #expect(read(dir + "/artifacts/failures/Todo/002-tap-Add.iphone15pro.large.light.actual.png") == png)

        for mode in [RecordMode.missing, .failed, .all] {
            try? FileManager.default.removeItem(atPath: dir + "/goldens")
            let result = try checker(mode).check(snapshot(), actual: png, layout: layout)
            #expect(result.status == .recorded && result.message == "recorded new golden")
            #expect(result.wrote == ["Todo/002-tap-Add.iphone15pro.large.light.png", "Todo/002-tap-Add.iphone15pro.large.light.layout.json"])
            #expect(read(golden) == png)
            #expect(read(goldenLayout) == Array(layout.serialized().utf8))
            #expect(result.actual.flatMap { read(dir + "/artifacts/" + $0) } == png, "a copy for the report")
        }
    }

    @Test func aMismatchFailsNamesTheChangeAndLeavesExpectedActualDiff() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let old = try solidPNG(10, 10), new = try solidPNG(10, 10, changed: [(1, 1), (2, 2), (3, 3)])
        try writeBytes(old, golden)
        try writeFile(oldLayout.serialized(), goldenLayout)
        for mode in [RecordMode.never, .missing] {
            let result = try checker(mode).check(snapshot(), actual: new, layout: layout)
            #expect(result.status == .failed)
            #expect(result.message == "3 of 100 pixels differ (3.0%)")
            #expect(result.layoutCompared)
            #expect(result.changes == ["#12 text 'Add': y 521 -> 529, height 22 -> 26"])
            #expect(result.marks == SnapshotResult.Marks(canvas: Size(width: 393, height: 852),
                                                         before: [Rect(x: 16, y: 521, width: 361, height: 22)],
                                                         after: [Rect(x: 16, y: 529, width: 361, height: 26)]))
            #expect(result.wrote.isEmpty && read(golden) == old && read(goldenLayout) == Array(oldLayout.serialized().utf8))
            let base = "failures/Todo/002-tap-Add.iphone15pro.large.light"
            #expect([result.expected, result.actual, result.diff] == ["\(base).expected.png", "\(base).actual.png", "\(base).diff.png"])
            #expect(read(dir + "/artifacts/\(base).expected.png") == old)
            #expect(read(dir + "/artifacts/\(base).actual.png") == new)
            let diff = try PNGDecoder.decode(try #require(read(dir + "/artifacts/\(base).diff.png")))
            #expect(Array(diff.pixels[(11 * 4)..<(11 * 4 + 4)]) == [255, 0, 0, 255], "pixel (1,1) is red in the diff")
        }
    }

    @Test func failedAndAllModesOverwriteAMismatchButStillReportIt() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let old = try solidPNG(10, 10), new = try solidPNG(10, 10, changed: [(5, 5)])
        for mode in [RecordMode.failed, .all] {
            try writeBytes(old, golden)
            try writeFile(oldLayout.serialized(), goldenLayout)
            let result = try checker(mode).check(snapshot(), actual: new, layout: layout)
            #expect(result.status == .recorded)
            #expect(result.message == "re-recorded: 1 of 100 pixels differ (1.0%)")
            #expect(result.changes == ["#12 text 'Add': y 521 -> 529, height 22 -> 26"])
            #expect(result.expected != nil && result.diff != nil)
            #expect(read(golden) == new && read(goldenLayout) == Array(layout.serialized().utf8))
        }
    }

    @Test func toleranceLetsSmallDifferencesPassAndOnlyAllRewritesThem() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let old = try solidPNG(10, 10), new = try solidPNG(10, 10, changed: [(5, 5), (6, 6)])
        var tolerance = Tolerance()
        tolerance.maxDiffPixels = 2
        for (mode, status) in [(RecordMode.never, SnapshotResult.Status.passed), (.failed, .passed), (.all, .recorded)] {
            try writeBytes(old, golden)
            let result = try checker(mode).check(snapshot(tolerance: tolerance), actual: new, layout: layout)
            #expect(result.status == status)
            #expect(result.message == "2 of 100 pixels differ (2.0%), within tolerance")
            #expect(read(golden) == (mode == .all ? new : old))
        }
        tolerance.maxDiffPixels = nil
        tolerance.maxDiffRatio = 0.01
        try writeBytes(old, golden)
        #expect(try checker(.never).check(snapshot(tolerance: tolerance), actual: new, layout: layout).status == .failed,
                "2% is over a 1% ratio")
        // A color change under the YIQ threshold counts no pixel.
        let faint = try solidPNG(10, 10, changed: [(1, 1)], to: [250, 250, 250, 255])
        let underThreshold = try checker(.never).check(snapshot(), actual: faint, layout: layout)
        #expect(underThreshold.status == .passed)
        #expect(underThreshold.message == "bytes differ but no pixel counts as different (threshold 0.1), within tolerance")
    }

    @Test func imagesOfAnotherSizeAreAFailureNotAnError() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeBytes(try solidPNG(10, 10), golden)
        var tolerance = Tolerance()
        tolerance.maxDiffRatio = 0.99
        let result = try checker(.missing).check(snapshot(tolerance: tolerance), actual: try solidPNG(10, 12), layout: layout)
        #expect(result.status == .failed)
        #expect(result.message == "image size changed from 10x10 to 10x12")
        #expect(result.expected != nil && result.actual != nil && result.diff == nil)
    }

    @Test func svgGoldensAreComparedByBytes() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var svg = snapshot()
        svg.format = .svg
        let goldenSVG = dir + "/goldens/Todo/002-tap-Add.iphone15pro.large.light.svg"
        try writeFile("<svg>old</svg>", goldenSVG)
        try writeFile(oldLayout.serialized(), goldenLayout)
        let result = try checker(.missing).check(svg, actual: Array("<svg>new</svg>".utf8), layout: layout)
        #expect(result.status == .failed && result.message == "the SVG differs from the golden")
        #expect(result.changes == ["#12 text 'Add': y 521 -> 529, height 22 -> 26"])
        #expect(result.expected == "failures/Todo/002-tap-Add.iphone15pro.large.light.expected.svg")
        #expect(result.actual == "failures/Todo/002-tap-Add.iphone15pro.large.light.actual.svg" && result.diff == nil)
        #expect(try checker(.never).check(svg, actual: Array("<svg>old</svg>".utf8), layout: oldLayout).status == .passed)
    }

    @Test func anIdenticalImageFillsInAMissingLayoutDumpUnlessNever() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let png = try solidPNG(4, 4)
        try writeBytes(png, golden)
        let never = try checker(.never).check(snapshot(), actual: png, layout: layout)
        #expect(never.status == .passed && !exists(goldenLayout))
        let missing = try checker(.missing).check(snapshot(), actual: png, layout: layout)
        #expect(missing.status == .passed && read(goldenLayout) == Array(layout.serialized().utf8))
        #expect(missing.wrote == ["Todo/002-tap-Add.iphone15pro.large.light.layout.json"], "reported like any write")

        // A stale dump beside a passing image is only rewritten by `all`.
        try writeFile(oldLayout.serialized(), goldenLayout)
        for mode in [RecordMode.missing, .failed] {
            #expect(try checker(mode).check(snapshot(), actual: png, layout: layout).wrote.isEmpty)
            #expect(read(goldenLayout) == Array(oldLayout.serialized().utf8))
        }
        #expect(try checker(.all).check(snapshot(), actual: png, layout: layout).wrote == ["Todo/002-tap-Add.iphone15pro.large.light.layout.json"])
        #expect(read(goldenLayout) == Array(layout.serialized().utf8))

        // A dump in an earlier format is rewritten like a missing one, except with `never`.
        let compact = "{\"elements\":[\n{\"id\":12,\"kind\":\"text\",\"frame\":[16,521,361,22]}\n]}\n"
        try writeFile(compact, goldenLayout)
        #expect(try checker(.never).check(snapshot(), actual: png, layout: layout).wrote.isEmpty)
        #expect(read(goldenLayout) == Array(compact.utf8))
        #expect(try checker(.missing).check(snapshot(), actual: png, layout: layout).wrote == ["Todo/002-tap-Add.iphone15pro.large.light.layout.json"])
        #expect(read(goldenLayout) == Array(layout.serialized().utf8))
    }

    /// A render whose pixels the golden already holds passes without being encoded, even when
    /// the golden's bytes differ (another encoder wrote it); only `all` rewrites such a golden.
    @Test func aRenderedImageWithTheGoldensPixelsPassesWithoutEncoding() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var pixels = [UInt8](repeating: 255, count: 6 * 5 * 4)
        pixels[(2 * 6 + 3) * 4] = 0 // one cyan pixel at (3, 2)
        let image = RenderedImage(width: 6, height: 5, rgba: pixels)
        let otherEncoding = try PNGEncoder.encode(rgba: pixels, width: 6, height: 5, level: 9)
        #expect(otherEncoding != (try PNGEncoder.encode(rgba: pixels, width: 6, height: 5)))
        try writeBytes(otherEncoding, golden)
        try writeFile(layout.serialized(), goldenLayout)

        for mode in [RecordMode.never, .missing, .failed] {
            let result = try checker(mode).check(snapshot(), actual: PNGGolden().actual(image), layout: layout)
            #expect(result.status == .passed && result.message == "matches" && result.wrote.isEmpty)
            #expect(read(golden) == otherEncoding)
        }
        let all = try checker(.all).check(snapshot(), actual: PNGGolden().actual(image), layout: layout)
        #expect(all.status == .recorded && all.wrote == ["Todo/002-tap-Add.iphone15pro.large.light.png", "Todo/002-tap-Add.iphone15pro.large.light.layout.json"])
        #expect(read(golden) == PixelStamp.stamped(try PNGEncoder.encode(rgba: pixels, width: 6, height: 5), from: image.pixels))

        // One pixel off: encoded and compared as before.
        pixels[(4 * 6 + 5) * 4 + 1] = 0
        let changedImage = RenderedImage(width: 6, height: 5, rgba: pixels)
        let changed = try checker(.never).check(snapshot(), actual: PNGGolden().actual(changedImage), layout: layout)
        #expect(changed.status == .failed && changed.message == "1 of 30 pixels differ (3.333%)")
        #expect(changed.actual.flatMap { read(dir + "/artifacts/" + $0) }
            == PixelStamp.stamped(try PNGEncoder.encode(rgba: pixels, width: 6, height: 5), from: changedImage.pixels))
    }

    @Test func defaultRecordModeFollowsTheCIVariable() {
        #expect(isCI(["CI": "true"]) && isCI(["CI": "1"]))
        #expect(!isCI([:]) && !isCI(["CI": ""]) && !isCI(["CI": "false"]) && !isCI(["CI": "0"]))
        #expect(RecordMode.defaultMode(ci: true) == .never && RecordMode.defaultMode(ci: false) == .missing)
    }
}

@Suite struct LayoutChangesTests {
    typealias E = LayoutReport.Element
    func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    @Test func changesNameTheElementAndEveryFieldThatMoved() {
        let old = LayoutReport(elements: [
            E(id: 0, kind: "screen", frame: r(0, 0, 393, 852)),
            E(id: 5, kind: "toggle", label: "Wi-Fi", frame: r(16, 100, 361, 44), chrome: ["knob": r(300, 106, 27, 27), "track": r(290, 104, 51, 31)]),
            E(id: 12, kind: "text", label: "Add", frame: r(16, 521, 361, 22)),
            E(id: 3, kind: "text", label: "Hi", frame: r(0.5, 10, 20, 22)),
            E(id: 9, kind: "text", label: "Old", frame: r(16, 600, 30, 22)),
            E(id: 7, kind: "image", label: "star", frame: r(1, 1, 20, 20)),
            E(id: 8, kind: "vstack", frame: r(0, 0, 10, 10)),
        ])
        let new = LayoutReport(elements: [
            E(id: 0, kind: "screen", frame: r(0, 0, 393, 852)),
            E(id: 5, kind: "toggle", label: "Wi-Fi", frame: r(16, 100, 361, 44), chrome: ["knob": r(320, 106, 27, 27), "track": r(290, 104, 51, 31)]),
            E(id: 12, kind: "text", label: "Add", frame: r(16, 529, 361, 26)),
            E(id: 3, kind: "text", label: "Bye", frame: r(1.25, 10, 20, 22)),
            E(id: 14, kind: "text", label: "Save", frame: r(16, 560, 361, 22)),
            E(id: 7, kind: "image", label: "star", frame: nil),
            E(id: 8, kind: "hstack", frame: r(0, 0, 10, 10)),
        ])
        #expect(LayoutChanges.changes(from: old, to: new) == [
            "#5 toggle 'Wi-Fi': knob.x 300 -> 320",
            "#12 text 'Add': y 521 -> 529, height 22 -> 26",
            "#3 text 'Bye': text 'Hi' -> 'Bye', x 0.5 -> 1.25",
            "#14 text 'Save': added at 16,560 361x22",
            "#7 image 'star': no longer laid out",
            "#8 vstack: removed",
            "#8 hstack: added at 0,0 10x10",
            "#9 text 'Old': removed",
        ])
        #expect(LayoutChanges.changes(from: new, to: new).isEmpty)
    }

    @Test func changedRectsKeepTheInnermostOldAndNewFrames() {
        let old = LayoutReport(elements: [E(id: 0, kind: "screen", frame: r(0, 0, 393, 852)),
                                        E(id: 4, kind: "vstack", frame: r(10, 100, 200, 60)),
                                        E(id: 1, kind: "text", label: "A", frame: r(10, 100, 50, 22)),
                                        E(id: 2, kind: "text", label: "B", frame: r(10, 130, 50, 22)),
                                        E(id: 3, kind: "text", label: "Gone", frame: r(10, 400, 50, 22))])
        let new = LayoutReport(elements: [E(id: 0, kind: "screen", frame: r(0, 0, 393, 852)),
                                        E(id: 4, kind: "vstack", frame: r(10, 100, 200, 70)),
                                        E(id: 1, kind: "text", label: "A", frame: r(10, 100, 50, 22)),
                                        E(id: 2, kind: "text", label: "B", frame: r(10, 130, 50, 40))])
        let (before, after) = LayoutChanges.changedRects(from: old, to: new)
        #expect(before == [r(10, 130, 50, 22), r(10, 400, 50, 22)], "the stack holds B, so only B and the removed text")
        #expect(after == [r(10, 130, 50, 40)])
    }

    @Test func aWrapperThatMovedWithItsChildIsLeftToTheChild() {
        let old = LayoutReport(elements: [E(id: 2, kind: "styled", label: "Counter", frame: r(135, 312, 123, 41)),
                                        E(id: 1, kind: "text", label: "Counter", frame: r(135, 312, 123, 41)),
                                        E(id: 4, kind: "padding", label: "0", frame: r(100, 400, 60, 60)),
                                        E(id: 3, kind: "text", label: "0", frame: r(110, 410, 40, 40))])
        let new = LayoutReport(elements: [E(id: 2, kind: "styled", label: "My Counter", frame: r(107, 312, 178, 41)),
                                        E(id: 1, kind: "text", label: "My Counter", frame: r(107, 312, 178, 41)),
                                        E(id: 4, kind: "padding", label: "0", frame: r(100, 410, 60, 60)),
                                        E(id: 3, kind: "text", label: "0", frame: r(110, 420, 40, 40))])
        #expect(LayoutChanges.changes(from: old, to: new) == [
            "#1 text 'My Counter': text 'Counter' -> 'My Counter', x 135 -> 107, width 123 -> 178",
            "#4 padding '0': y 400 -> 410",
            "#3 text '0': y 410 -> 420",
        ], "the padding's frame is not its child's, so both moved visibly")
    }

    @Test func aContainerWhoseTextChangedIsNotReportedTwice() {
        let old = LayoutReport(elements: [E(id: 2, kind: "button", label: "Reset", frame: r(0, 0, 88, 44)),
                                        E(id: 1, kind: "text", label: "Reset", frame: r(10, 10, 50, 22))])
        let new = LayoutReport(elements: [E(id: 2, kind: "button", label: "Reset all", frame: r(0, 0, 88, 44)),
                                        E(id: 1, kind: "text", label: "Reset all", frame: r(10, 10, 68, 22))])
        #expect(LayoutChanges.changes(from: old, to: new) == ["#1 text 'Reset all': text 'Reset' -> 'Reset all', width 50 -> 68"])
    }

    @Test func theFileHasOneElementPerLineAndReadsBack() throws {
        let report = LayoutReport(commit: 3, device: "iphonese", dynamicTypeSize: "accessibility3", colorScheme: "dark", elements: [
            E(id: 0, kind: "screen", frame: r(0, 0, 393, 852)),
            E(id: 4, kind: "toggle", label: "Say \"hi\"", frame: nil, chrome: ["knob": r(1, 2, 3, 4.5)]),
            E(id: 5, kind: "text", label: "Pay now", frame: r(16, 521, 100, 44), text: .init(lines: ["Pay", "now…"], truncated: true)),
            E(id: 6, kind: "navscreen", frame: r(0, 0, 393, 852), labels: ["back": .init(lines: ["Settings"])]),
        ], events: [.object(["type": .string("geometry"), "id": .number(2), "width": .number(31), "height": .number(10)])])
        #expect(report.serialized() == """
        {"colorScheme":"dark","commit":3,"device":"iphonese","dynamicTypeSize":"accessibility3","elements":[
        {"frame":{"height":852,"width":393,"x":0,"y":0},"id":0,"kind":"screen"},
        {"chrome":{"knob":{"height":4.5,"width":3,"x":1,"y":2}},"frame":null,"id":4,"kind":"toggle","label":"Say \\"hi\\""},
        {"frame":{"height":44,"width":100,"x":16,"y":521},"id":5,"kind":"text","label":"Pay now","lines":["Pay","now…"],"truncated":true},
        {"frame":{"height":852,"width":393,"x":0,"y":0},"id":6,"kind":"navscreen","labels":{"back":{"lines":["Settings"]}}}
        ],"events":[
        {"height":10,"id":2,"type":"geometry","width":31}
        ]}

        """)
        #expect(LayoutReport.parse(Array(report.serialized().utf8)) == report)
        #expect(LayoutReport(elements: []).serialized() == """
        {"colorScheme":"light","commit":1,"device":"iphone15pro","dynamicTypeSize":"large","elements":[],"events":[]}

        """)
        // The compact dumps of earlier versions and other JSON are not reports.
        #expect(LayoutReport.parse(Array("{\"elements\":[\n{\"id\":0,\"kind\":\"screen\",\"frame\":[0,0,393,852]}\n]}\n".utf8)) == nil)
        #expect(LayoutReport.parse(Array("{\"frames\": []}".utf8)) == nil)
    }

    @Test func theDumpOfATreeLabelsTextsAndTheirSingleChildParents() throws {
        let text = """
        {"id":1,"kind":"text","op":"create","props":{"text":"Add"}}
        {"id":2,"kind":"button","op":"create","props":{}}
        {"id":1,"index":0,"op":"insert","parent":2}
        {"id":3,"kind":"text","op":"create","props":{"text":"Title"}}
        {"id":4,"kind":"vstack","op":"create","props":{}}
        {"id":3,"index":0,"op":"insert","parent":4}
        {"id":2,"index":1,"op":"insert","parent":4}
        {"id":4,"index":0,"op":"insert","parent":0}
        {"op":"commit"}
        """
        let stream = try OpStream(file: "t", bytes: Array(text.utf8))
        var dump: LayoutReport?
        var frames: [Int: Rect] = [:]
        try stream.replay { _, tree in
            let layout = LayoutPass.run(tree: tree, environment: RenderEnvironment(), measurer: FixedAdvanceMeasurer())
            frames = layout.frames
            dump = LayoutReport(tree: tree, layout: layout, commit: 1)
        }
        let elements = try #require(dump).elements
        #expect(elements.map(\.id) == [0, 4, 3, 2, 1], "document order")
        #expect(elements.map(\.label) == [nil, nil, "Title", "Add", "Add"], "the root and the two-child stack have none")
        #expect(elements.allSatisfy { $0.frame == frames[$0.id] })
    }
}

extension LayoutChangesTests {
    /// A navigation title that no longer fits is cut off with an ellipsis: the dump keeps the
    /// label's laid-out line and that it is truncated, and the change names both.
    @Test func aChromeLabelThatBecomesTruncatedIsAChange() throws {
        let text = """
        {"id":1,"kind":"navscreen","op":"create","props":{"depth":0,"title":"Settings"}}
        {"id":1,"index":0,"op":"insert","parent":0}
        {"op":"commit"}
        {"id":1,"op":"update","props":{"depth":0,"title":"Settings for every account on this phone"}}
        {"op":"commit"}
        """
        var dumps: [LayoutReport] = []
        try OpStream(file: "t", bytes: Array(text.utf8)).replay { _, tree in
            let layout = LayoutPass.run(tree: tree, environment: RenderEnvironment(), measurer: FixedAdvanceMeasurer())
            dumps.append(LayoutReport(tree: tree, layout: layout, commit: 1))
        }
        #expect(dumps.count == 2)
        #expect(LayoutChanges.changes(from: dumps[0], to: dumps[1])
                == ["#1 navscreen: largeTitle 'Settings' -> 'Settings for every…', largeTitle truncated"])
        #expect(LayoutChanges.changes(from: dumps[1], to: dumps[0])
                == ["#1 navscreen: largeTitle 'Settings for every…' -> 'Settings', largeTitle no longer truncated"])
        #expect(dumps[1].serialized().contains(#""labels":{"largeTitle":{"lines":["Settings for every…"],"truncated":true}}"#))
        let stored = try #require(LayoutReport.parse(Array(dumps[1].serialized().utf8)))
        #expect(stored == dumps[1], "the labels and their truncation read back")
    }

    @Test func aTextThatBecomesTruncatedOrWrapsIsAChange() {
        let frame = r(16, 521, 100, 22)
        let old = LayoutReport(elements: [E(id: 12, kind: "text", label: "Pay now", frame: frame, text: .init(lines: ["Pay now"])),
                                          E(id: 13, kind: "text", label: "Total", frame: r(16, 600, 100, 22), text: .init(lines: ["Total"])),
                                          E(id: 14, kind: "text", label: "a b c", frame: r(16, 700, 30, 44), text: .init(lines: ["a b", "c"]))])
        let new = LayoutReport(elements: [E(id: 12, kind: "text", label: "Pay now", frame: frame, text: .init(lines: ["Pay n…"], truncated: true)),
                                          E(id: 13, kind: "text", label: "Total", frame: r(16, 600, 100, 44), text: .init(lines: ["To", "tal"])),
                                          E(id: 14, kind: "text", label: "a b c", frame: r(16, 700, 30, 44), text: .init(lines: ["a", "b c"]))])
        #expect(LayoutChanges.changes(from: old, to: new) == ["#12 text 'Pay now': truncated",
                                                              "#13 text 'Total': height 22 -> 44, lines 1 -> 2",
                                                              "#14 text 'a b c': lines 'a b / c' -> 'a / b c'"])
        #expect(LayoutChanges.changes(from: new, to: old) == ["#12 text 'Pay now': no longer truncated",
                                                              "#13 text 'Total': height 44 -> 22, lines 2 -> 1",
                                                              "#14 text 'a b c': lines 'a / b c' -> 'a b / c'"])
        #expect(LayoutReport.parse(Array(new.serialized().utf8)) == new)
    }
}

/// A snapshot's golden, layout dump and artifacts are written all or none.
@Suite struct CheckWriteFailureTests {
    @Test func aDumpThatCannotBeWrittenLeavesNoGoldenAndFailsInOneLine() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let snapshot = Snapshot(stream: "Todo", streamPath: "/Todo.jsonl", commit: OpStream.Commit(number: 2, line: 5, label: "tap-Add"),
                                environment: RenderEnvironment(), format: .png, scale: 1, tolerance: Tolerance())
        let layoutPath = dir + "/goldens/Todo/002-tap-Add.iphone15pro.large.light.layout.json"
        // A directory where the dump goes: the golden PNG is staged first, the dump cannot move into place.
        try FileManager.default.createDirectory(atPath: layoutPath, withIntermediateDirectories: true)
        let checker = SnapshotChecker(goldens: dir + "/goldens", artifacts: dir + "/artifacts", record: .missing)
        #expect(throws: WriteError(path: layoutPath, reason: "Is a directory")) {
            try checker.check(snapshot, actual: try solidPNG(4, 4), layout: LayoutReport(elements: []))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/goldens/Todo") == ["002-tap-Add.iphone15pro.large.light.layout.json"])
        #expect(!exists(dir + "/artifacts"), "the copy for the report is gone too")
    }
}

@Suite struct OutputFilesTests {
    @Test func aFailedCommitRestoresReplacedFilesAndRemovesNewDirectories() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFile("old", dir + "/out/a.txt")
        try FileManager.default.createDirectory(atPath: dir + "/out/c.txt", withIntermediateDirectories: true)
        let files = OutputFiles()
        try files.stage(Array("new".utf8), at: dir + "/out/a.txt")
        try files.stage(Array("b".utf8), at: dir + "/out/new/b.txt")
        try files.stage(Array("c".utf8), at: dir + "/out/c.txt")
        #expect(throws: WriteError(path: dir + "/out/c.txt", reason: "Is a directory")) { try files.commit() }
        #expect(try String(contentsOfFile: dir + "/out/a.txt", encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted() == ["a.txt", "c.txt"])
    }

    @Test func aCommitMovesEveryFileIntoPlace() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFile("old", dir + "/a.txt")
        let files = OutputFiles()
        try files.stage(Array("new".utf8), at: dir + "/a.txt")
        try files.stage(Array("b".utf8), at: dir + "/x/y/b.txt")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/x/y").count == 1, "staged under a hidden name")
        #expect(!exists(dir + "/x/y/b.txt"))
        try files.commit()
        #expect(try String(contentsOfFile: dir + "/a.txt", encoding: .utf8) == "new")
        #expect(try String(contentsOfFile: dir + "/x/y/b.txt", encoding: .utf8) == "b")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.txt", "x"])
    }

    @Test func parentPaths() {
        #expect(OutputFiles.parent(of: "a") == "")
        #expect(OutputFiles.parent(of: "a/b/c") == "a/b")
        #expect(OutputFiles.parent(of: "/a") == "/")
        #expect(OutputFiles.parent(of: "o/") == "")
    }
}

extension OutputFilesTests {
    /// `shotter test` stages each snapshot as its own run, on several threads, into one directory.
    @Test func runsOnManyThreadsStageIntoOneDirectory() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let files = OutputFiles()
            #expect(throws: Never.self) {
                try files.stage(Array("\(i)".utf8), at: dir + "/out/\(i).txt")
                try files.commit()
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/out")
        #expect(names.count == 64 && names.allSatisfy { !$0.hasPrefix(".") })
    }

    /// A run that fails removes the directories it made, but never one another run has just
    /// found and is about to stage into (a failing snapshot of `shotter test` beside one that
    /// records: both stage artifacts into a new `failures/STREAM`).
    @Test func aFailedRunNeverRemovesADirectoryAnotherRunIsStagingInto() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for round in 0..<100 {
            DispatchQueue.concurrentPerform(iterations: 8) { i in
                let files = OutputFiles()
                let path = dir + "/\(round)/shared/\(i).txt"
                if i.isMultiple(of: 2) {
                    try? files.stage(Array("x".utf8), at: path)
                    files.discard()
                } else {
                    #expect(throws: Never.self) {
                        try files.stage(Array("\(i)".utf8), at: path)
                        try files.commit()
                    }
                }
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/\(round)/shared").sorted()
            #expect(names == ["1.txt", "3.txt", "5.txt", "7.txt"], "round \(round)")
        }
    }
}
