import Foundation
import RenderPipeline
@testable import SnapshotRunner
import LayoutModel
import Testing

@Suite struct ReportTests {
    static let marks = SnapshotResult.Marks(canvas: Size(width: 400, height: 800),
                                            before: [Rect(x: 16, y: 521, width: 361, height: 22)],
                                            after: [Rect(x: 16, y: 529, width: 361, height: 26)])
    let failed = SnapshotResult(path: "Todo/002-tap-Add.iphone15pro.large.light.png", stream: "Todo", status: .failed,
                                message: "3 of 100 pixels differ (3.0%)",
                                changes: ["#12 text 'Add': y 521 -> 529, height 22 -> 26", "#14 text 'A<B': added at 0,0 1x1"],
                                layoutCompared: true,
                                expected: "failures/Todo/002-tap-Add.iphone15pro.large.light.expected.png",
                                actual: "failures/Todo/002-tap-Add.iphone15pro.large.light.actual.png",
                                diff: "failures/Todo/002-tap-Add.iphone15pro.large.light.diff.png", marks: marks)
    let passed = SnapshotResult(path: "Todo/001.iphone15pro.large.light.png", stream: "Todo", status: .passed, message: "matches")
    let recorded = SnapshotResult(path: "Hello/001.iphone15pro.large.light.png", stream: "Hello", status: .recorded,
                                  message: "recorded new golden",
                                  wrote: ["Hello/001.iphone15pro.large.light.png", "Hello/001.iphone15pro.large.light.layout.json"])

    func summary(ci: Bool, unused: [String] = [], pruned: Bool = false) -> RunSummary {
        RunSummary(results: [recorded, passed, failed], unused: unused, pruned: pruned, ci: ci, shard: nil)
    }

    @Test func recordingCountsAsAFailureOnlyOnCI() {
        #expect(summary(ci: false).tally == "1 passed, 1 failed")
        #expect(summary(ci: true).tally == "1 passed, 2 failed")
        let onlyRecorded = RunSummary(results: [recorded], unused: [], pruned: false, ci: false, shard: nil)
        #expect(onlyRecorded.exitStatus == 0 && onlyRecorded.tally == "0 passed, 0 failed")
        #expect(RunSummary(results: [recorded], unused: [], pruned: false, ci: true, shard: nil).exitStatus == 1)
    }

    @Test func consoleListsFailuresWritesAndUnusedGoldensAndEndsWithTheTally() {
        let lines = ConsoleReport.lines(summary(ci: true, unused: ["Old/001.iphone15pro.large.light.png"]), goldens: "__Snapshots__",
                                        artifacts: ".shotter-artifacts", reportPath: ".shotter-artifacts/report.html", junitPath: nil)
        #expect(lines == [
            "REC  Hello/001.iphone15pro.large.light.png: recorded new golden",
            "       wrote __Snapshots__/Hello/001.iphone15pro.large.light.png and its layout dump",
            "FAIL Todo/002-tap-Add.iphone15pro.large.light.png: 3 of 100 pixels differ (3.0%)",
            "       #12 text 'Add': y 521 -> 529, height 22 -> 26",
            "       #14 text 'A<B': added at 0,0 1x1",
            "       see .shotter-artifacts/failures/Todo/002-tap-Add.iphone15pro.large.light.{expected,actual,diff}.png",
            "unused golden __Snapshots__/Old/001.iphone15pro.large.light.png (no configuration produces it; --prune deletes it)",
            "recorded 1 snapshot although CI is set: record goldens locally and commit them",
            "if the changes are intended, update the goldens with `shotter test --record=failed` and commit them",
            "report: .shotter-artifacts/report.html",
            "1 passed, 2 failed",
        ])
    }

    /// XML 1.0 allows neither C0 controls (but tab, newline, return) nor U+FFFE and U+FFFF.
    @Test func junitReplacesCharactersXMLDoesNotAllow() {
        #expect(JUnitReport.escape("a\u{0}b\u{1B}c\u{FFFE}d\u{FFFF}e\u{FFFD}\tf\n<&>") == "a b c d e\u{FFFD}\tf\n&lt;&amp;&gt;")
    }

    @Test func junitHasASuitePerStreamAndACasePerSnapshot() {
        #expect(JUnitReport.xml(summary(ci: false), artifacts: "art") == """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="shotter" tests="3" failures="1" skipped="1">
          <testsuite name="Hello" tests="1" failures="0" skipped="1">
            <testcase classname="Hello" name="001.iphone15pro.large.light.png">
              <skipped message="recorded new golden"/>
            </testcase>
          </testsuite>
          <testsuite name="Todo" tests="2" failures="1" skipped="0">
            <testcase classname="Todo" name="001.iphone15pro.large.light.png"/>
            <testcase classname="Todo" name="002-tap-Add.iphone15pro.large.light.png">
              <failure message="3 of 100 pixels differ (3.0%)">#12 text &apos;Add&apos;: y 521 -&gt; 529, height 22 -&gt; 26
        #14 text &apos;A&lt;B&apos;: added at 0,0 1x1
        art/failures/Todo/002-tap-Add.iphone15pro.large.light.expected.png
        art/failures/Todo/002-tap-Add.iphone15pro.large.light.actual.png
        art/failures/Todo/002-tap-Add.iphone15pro.large.light.diff.png</failure>
            </testcase>
          </testsuite>
        </testsuites>

        """)
        let ci = JUnitReport.xml(summary(ci: true), artifacts: "art")
        #expect(ci.contains(#"<testsuites name="shotter" tests="3" failures="2" skipped="0">"#))
        #expect(ci.contains(#"<failure message="recorded new golden">wrote Hello/001.iphone15pro.large.light.png"#))
    }

    @Test func theHTMLReportInlinesTheImagesAndListsTheChangedElements() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let images = [try solidPNG(2, 2), try solidPNG(2, 2, changed: [(0, 0)]), try solidPNG(2, 2, [255, 0, 0, 255])]
        for (file, bytes) in zip([failed.expected, failed.actual, failed.diff], images) {
            try writeBytes(bytes, dir + "/" + (file ?? ""))
        }
        let path = dir + "/report.html"
        try HTMLReport.write(summary(ci: false, unused: ["Old/x.png"]), artifacts: dir, to: path)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        for bytes in images {
            let inline = "src=\"data:image/png;base64,\(Data(bytes).base64EncodedString())\""
            #expect(html.components(separatedBy: inline).count - 1 == 1, "each image is inlined once")
        }
        for role in ["expected", "actual", "diff"] {
            #expect(html.contains(#"<img id="s1-\#(role)""#) && html.contains(#"data-same="s1-\#(role)""#),
                    "the slider and diff views reuse the side-by-side image")
        }
        #expect(html.contains("<li><code>#12 text 'Add': y 521 -&gt; 529, height 22 -&gt; 26</code></li>"))
        #expect(html.contains("<li><code>#14 text 'A&lt;B': added at 0,0 1x1</code></li>"))
        #expect(html.contains(#"<p class="tally bad">1 passed, 1 failed</p>"#))
        #expect(html.contains(#"<input type="range""#), "the slider view")
        // 16/400 = 4%, 521/800 = 65.125%, 361/400 = 90.25%, 22/800 = 2.75% (two decimals).
        #expect(html.contains(#"<span class="mark" style="left:4%;top:65.13%;width:90.25%;height:2.75%"></span>"#), "the old frame on the expected image")
        #expect(html.contains(#"<span class="mark" style="left:4%;top:66.13%;width:90.25%;height:3.25%"></span>"#), "the new frame on the actual image")
        #expect(html.contains("<li><code>Old/x.png</code></li>"), "unused goldens")
        #expect(html.contains(##"<a href="#s1"><span class="status failed">failed</span> Todo/002-tap-Add.iphone15pro.large.light.png</a>"##))
        #expect(!html.contains("http://") && !html.contains("https://"), "nothing is fetched from the network")
        #expect(try HTMLReport.html(summary(ci: false, unused: ["Old/x.png"]), artifacts: dir) == html)

        // Past the inline budget, images are linked: they are beside the report.
        let limit = images[0].count + images[1].count
        let linked = try HTMLReport.html(summary(ci: false), artifacts: dir, inlineLimit: limit)
        #expect(linked.contains("src=\"data:image/png;base64,\(Data(images[1]).base64EncodedString())\""))
        #expect(linked.contains(#"<img id="s1-diff" alt="\#(failed.diff ?? "")" title="\#(failed.diff ?? "")" loading="lazy" src="\#(failed.diff ?? "")">"#))
    }

    @Test func unusedGoldensAreListedAndPruneDeletesThem() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFile(streamText(["A"]), dir + "/S.jsonl")
        try writeFile("x", dir + "/Broken.jsonl")
        let goldens = dir + "/__Snapshots__"
        let notGoldens = ["README.md", "S/.DS_Store", "S/notes.txt", "S/001.iphone15pro.large.light.png.orig",
                          "Old/deep/001.iphone15pro.large.light.layout.json"]
        for file in ["S/001.iphone15pro.large.light.png", "S/001.iphone15pro.large.light.layout.json", "S/002-tap-Gone.iphone15pro.large.light.png",
                     "Old/001.iphone15pro.large.light.png", "Old/002.iphone15pro.large.dark.svg", "Broken/001.iphone15pro.large.light.png"] + notGoldens {
            try writeFile("x", goldens + "/" + file)
        }
        let streams = [TestPlan.read(path: dir + "/S.jsonl", name: "S", settings: RenderOptions()),
                       TestPlan.read(path: dir + "/Broken.jsonl", name: "Broken", settings: RenderOptions())]
        #expect(streams[1].error != nil)
        let unused = SnapshotRunner.unusedGoldens(in: goldens, streams: streams)
        #expect(unused == ["Old/001.iphone15pro.large.light.png", "Old/002.iphone15pro.large.dark.svg",
                           "S/002-tap-Gone.iphone15pro.large.light.png"],
                "files not named as goldens, hidden files and the goldens of a stream that could not be read stay out of it")
        SnapshotRunner.prune(unused + ["README.md", "S/notes.txt", "../S.jsonl", "S/../../S.jsonl"], in: goldens)
        #expect(!exists(goldens + "/Old/001.iphone15pro.large.light.png") && !exists(goldens + "/Old/002.iphone15pro.large.dark.svg"))
        #expect(!exists(goldens + "/S/002-tap-Gone.iphone15pro.large.light.png"))
        #expect(exists(goldens + "/S/001.iphone15pro.large.light.png") && exists(goldens + "/Broken/001.iphone15pro.large.light.png"))
        #expect(notGoldens.allSatisfy { exists(goldens + "/" + $0) } && exists(dir + "/S.jsonl"),
                "prune deletes golden names inside the goldens directory, whatever it is given")
        #expect(SnapshotRunner.unusedGoldens(in: goldens, streams: streams).isEmpty)

        try FileManager.default.removeItem(atPath: goldens + "/Old/deep")
        try writeFile("x", goldens + "/Old/001.iphone15pro.large.light.png")
        SnapshotRunner.prune(["Old/001.iphone15pro.large.light.png"], in: goldens)
        #expect(!exists(goldens + "/Old") && exists(goldens), "a stream directory it empties goes too, the goldens directory stays")
    }
}
