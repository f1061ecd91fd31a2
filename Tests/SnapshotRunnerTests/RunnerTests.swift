import Foundation
import LayoutEngine
import RenderPipeline
import SVGExport
@testable import SnapshotRunner
import Testing

/// The repository's `Examples/` directory.
let examplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples").path

@Suite struct DeterminismTests {
    /// Every example, rendered twice by two renderers in the default configuration (last commit,
    /// iphone15pro, large, light): the PNG and SVG bytes are the same, so goldens never churn.
    @Test func everyExampleRendersToTheSameBytesTwice() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: examplesDirectory).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(files.count >= 4)
        let first = try Screenshotter(), second = try Screenshotter()
        for file in files {
            let path = examplesDirectory + "/" + file
            let stream = try OpStream(file: path, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            let last = try #require(try stream.validate().commits.last)
            try stream.replay { commit, tree in
                guard commit.number == last.number else { return }
                var outputs: [[[UInt8]]] = []
                for renderer in [first, second] {
                    let list = renderer.displayList(tree: tree, environment: RenderEnvironment(), diagnostics: Diagnostics())
                    outputs.append([try renderer.encode(list, format: .png, scale: 3), try renderer.encode(list, format: .svg, scale: 3)])
                }
                #expect(outputs[0][0] == outputs[1][0], "\(file): PNG bytes differ between runs")
                #expect(outputs[0][1] == outputs[1][1], "\(file): SVG bytes differ between runs")
                #expect(outputs[0][0].count > 1000 && outputs[0][1].count > 1000)
            }
        }
    }
}

@Suite struct RunnerTests {
    /// Records, passes, then fails with the change named; the same on one thread and on three.
    @Test func recordThenPassThenFailNamingTheChange() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFile(streamText(["Hello", "World"]), dir + "/A.jsonl")
        try writeFile(streamText(["Bye"]), dir + "/B.jsonl")
        let plan = try TestPlan.parse(Array(#"{"streams": ["*.jsonl"], "commits": "all", "schemes": ["light", "dark"], "scale": 1}"#.utf8),
                                      file: "shotter.json", directory: dir)
        func run(_ mode: RecordMode, jobs: Int = 2, shard: Shard? = nil) throws -> RunSummary {
            try SnapshotRunner.run(streams: try plan.streams(), goldens: plan.goldens,
                                   options: RunOptions(record: mode, ci: false, jobs: jobs, shard: shard, artifacts: dir + "/art"))
        }
        let first = try run(.missing)
        #expect(first.results.map(\.path) == ["A/001.iphone15pro.large.dark.png", "A/001.iphone15pro.large.light.png",
                                              "A/002.iphone15pro.large.dark.png", "A/002.iphone15pro.large.light.png",
                                              "B/001.iphone15pro.large.dark.png", "B/001.iphone15pro.large.light.png"])
        #expect(first.results.allSatisfy { $0.status == .recorded })
        #expect(exists(dir + "/__Snapshots__/A/002.iphone15pro.large.dark.layout.json"))
        #expect(try run(.never, jobs: 1).tally == "6 passed, 0 failed")
        #expect(try run(.never, shard: Shard(index: 2, count: 4)).results.map(\.path)
                == ["A/001.iphone15pro.large.light.png", "B/001.iphone15pro.large.light.png"], "sorted paths 1 and 5 (from 0)")

        try writeFile(streamText(["Hello", "World, wider"]), dir + "/A.jsonl")
        let one = try run(.never, jobs: 1), three = try run(.never, jobs: 3)
        #expect(one.results == three.results)
        #expect(three.tally == "4 passed, 2 failed")
        let failure = try #require(three.results.first { $0.status == .failed })
        #expect(failure.path == "A/002.iphone15pro.large.dark.png")
        let change = try #require(failure.changes.first)
        #expect(failure.changes.count == 1)
        #expect(change.hasPrefix("#1 text 'World, wider': text 'World' -> 'World, wider', x "), "\(change)")
        #expect(change.contains(", width "), "a wider text moves left and grows: \(change)")
        #expect(exists(dir + "/art/failures/A/002.iphone15pro.large.dark.diff.png"))
    }

    /// A plan of layout snapshots: every commit's report is recorded without an image, and a
    /// text that grew fails naming what moved, with the two reports as artifacts.
    @Test func layoutSnapshotsOfEveryCommit() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFile(streamText(["Hello", "World"]), dir + "/A.jsonl")
        let plan = try TestPlan.parse(Array(#"{"streams": ["A.jsonl"], "commits": "all", "formats": ["layout"]}"#.utf8),
                                      file: "shotter.json", directory: dir)
        func run(_ mode: RecordMode) throws -> RunSummary {
            try SnapshotRunner.run(streams: try plan.streams(), goldens: plan.goldens,
                                   options: RunOptions(record: mode, ci: false, jobs: 2, artifacts: dir + "/art"))
        }
        let first = try run(.missing)
        #expect(first.results.map(\.path) == ["A/001.iphone15pro.large.light.layout.json", "A/002.iphone15pro.large.light.layout.json"])
        #expect(first.results.allSatisfy { $0.status == .recorded && $0.wrote == [$0.path] })
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/__Snapshots__/A").sorted()
                == ["001.iphone15pro.large.light.layout.json", "002.iphone15pro.large.light.layout.json"], "no image")
        let stored = try #require(FileManager.default.contents(atPath: dir + "/__Snapshots__/A/002.iphone15pro.large.light.layout.json"))
        let report = try #require(LayoutReport.parse([UInt8](stored)))
        #expect(report.commit == 2 && report.elements.map(\.label) == [nil, "World"])
        #expect(try run(.never).tally == "2 passed, 0 failed")

        try writeFile(streamText(["Hello", "World, wider"]), dir + "/A.jsonl")
        let second = try run(.never)
        #expect(second.tally == "1 passed, 1 failed")
        let failure = try #require(second.results.first { $0.status == .failed })
        #expect(failure.message == "1 element changed" && failure.changes.count == 1)
        #expect(failure.changes.first?.hasPrefix("#1 text 'World, wider': text 'World' -> 'World, wider', x ") == true, "\(failure.changes)")
        #expect(exists(dir + "/art/failures/A/002.iphone15pro.large.light.expected.layout.json"))
        #expect(exists(dir + "/art/failures/A/002.iphone15pro.large.light.actual.layout.json"))
    }
}
