import TestSupport
import Audit
import LayoutEngine
import LayoutModel
import Testing

@Suite struct HTMLReportTests {
    /// Findings from two sizes: the overlap from xLarge, the small target from large.
    static func screen() throws -> (AuditReport, ReportScreen) {
        var b = StreamBuilder()
        let (column, _, _) = ChecksTests.column(&b, "Revenue", "$412")
        let label = b.text("OK")
        let button = b.node("button", ["style": .s("plain")], [label])
        let root = b.vstack(spacing: 40, [column, button])
        let result = try b.audit(root: root, sizes: [.large, .xLarge])
        let report = AuditReport(findings: result.findings, unmeasured: 0, baseline: nil, failOn: .error)
        let images = Dictionary(uniqueKeysWithValues: [DynamicTypeSize.large, .xLarge].map {
            (Configuration(device: "400x800@1", size: $0, scheme: .light), "screen1-\($0.rawValue)-light.png")
        })
        let order = [ReadingItem(element: 1, label: "Revenue", frame: Rect(x: 10, y: 20, width: 60, height: 22)),
                     ReadingItem(element: 5, label: "OK", frame: Rect(x: 10, y: 80, width: 17, height: 22))]
        return (report, ReportScreen(stream: "test.jsonl", commit: 1, size: Size(width: 400, height: 800), images: images,
                                     readingOrder: order))
    }

    static func count(_ needle: String, in html: String) -> Int { html.components(separatedBy: needle).count - 1 }

    @Test func everyFindingIsOutlinedWhereItOccursAndNumberedAsInTheReport() throws {
        let (report, screen) = try Self.screen()
        #expect(report.entries.map(\.finding.check) == [.textOverlap, .targetSize])
        let html = HTMLReport.page(report, screens: [screen])
        // Main figure (large): the target only; contact sheet: the target at both sizes and the
        // overlap at xLarge.
        #expect(Self.count("data-finding=\"2\"", in: html) == 3)
        #expect(Self.count("data-finding=\"1\"", in: html) == 1)
        #expect(Self.count("class=\"outline ", in: html) == 4)
        // Outlines are placed in percentages of the screen: the 17 x 22 pt button at large.
        let target = try #require(report.entries[1].finding.frames[Configuration(device: "400x800@1", size: .large, scheme: .light)])
        #expect(html.contains("left:\(fmt(target.x / 4))%;top:\(fmt(target.y / 8))%;width:4.25%;height:2.75%"))
        #expect(html.contains("<img src=\"screen1-xLarge-light.png\""))
        // The measured value beside its threshold, and where it occurs: first size darker.
        #expect(html.contains("<td>149.5 pt² / 1 pt²</td><td>xLarge</td>"))
        #expect(Self.count("class=\"first\"", in: html) == 2 && Self.count("class=\"on\"", in: html) == 1)
        // VoiceOver order: numbered badges and the legend.
        #expect(Self.count("class=\"badge\"", in: html) == 2)
        #expect(html.contains("<ol class=\"legend\"><li>Revenue</li><li>OK</li></ol>"))
        // No sheet image was made: no link to one.
        #expect(!html.contains("sheet-image"))
        var withSheet = screen
        withSheet.sheet = "screen1-sheet-light.png"
        #expect(HTMLReport.page(report, screens: [withSheet]).contains("<a class=\"sheet-image\" href=\"screen1-sheet-light.png\">As one image</a>"))
    }

    @Test func theReadingOrderGoesDownThenAcrossALine() throws {
        var b = StreamBuilder()
        let title = b.text("Title")
        let name = b.text("Name")
        let label = b.text("Edit")
        let edit = b.node("button", ["style": .s("plain")], [label])
        let line = b.hstack(spacing: 20, [name, edit])
        let root = b.vstack(spacing: 10, [title, line])
        var all = b.lines
        all.append(#"{"id":\#(root),"index":0,"op":"insert","parent":0}"#)
        all.append(#"{"op":"commit"}"#)
        let stream = try OpStream(file: "t.jsonl", bytes: Array((all.joined(separator: "\n") + "\n").utf8))
        var order: [String] = []
        try stream.replay { commit, tree in
            let layout = LayoutPass.run(tree: tree, environment: RenderEnvironment(device: testScreen), measurer: FixedAdvanceMeasurer(advance: 0.5))
            let sample = ScreenSample(layout: layout, displayList: Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()))
            order = Audit.readingOrder(tree: tree, facts: StreamFacts(ops: stream.ops, upTo: commit.line), sample: sample).map(\.label)
        }
        #expect(order == ["Title", "Name", "Edit"])
    }
}
