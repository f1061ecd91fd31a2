import Foundation
import LayoutEngine
import RenderPipeline
import SVGExport
@testable import SnapshotRunner
import LayoutModel
import Testing

@Suite struct PlanTests {
    private func parse(_ text: String) throws(PlanError) -> TestPlan {
        try TestPlan.parse(Array(text.utf8), file: "shotter.json", directory: "/proj")
    }

    private func planError(_ text: String) -> String? {
        do { _ = try parse(text); return nil } catch { return error.message }
    }

    @Test func topLevelValuesAreDefaultsAndStreamEntriesOverrideThem() throws {
        let plan = try parse("""
        {"streams": ["Examples/*.jsonl",
                     {"path": "Flows/Todo.jsonl", "schemes": ["light", "dark"], "commits": [1, 3], "maxDiffPixels": 10}],
         "devices": ["iphonese", "390x844@2"], "dynamicTypeSizes": "all", "formats": ["png", "svg"],
         "commits": "all", "scale": 1, "threshold": 0.2, "goldens": "Tests/__Goldens__"}
        """)
        #expect(plan.goldens == "/proj/Tests/__Goldens__")
        #expect(plan.entries.map(\.pattern) == ["Examples/*.jsonl", "Flows/Todo.jsonl"])
        let first = plan.entries[0].settings, second = plan.entries[1].settings
        #expect(first.devices.map(\.name) == ["iphonese", "390x844@2"])
        #expect(first.sizes == DynamicTypeSize.allCases)
        #expect(first.schemes == [.light])
        #expect(first.commits == .all)
        #expect(first.formats == [.png, .svg])
        #expect(first.scale == 1)
        #expect(first.tolerance.threshold == 0.2 && first.tolerance.maxDiffPixels == nil)
        #expect(second.schemes == [.light, .dark])
        #expect(second.commits == .numbers([1, 3]))
        #expect(second.tolerance.maxDiffPixels == 10 && second.tolerance.threshold == 0.2)
        #expect(second.devices.map(\.name) == ["iphonese", "390x844@2"], "inherited from the top level")
    }

    @Test func defaultsAreOneLightLargeLastCommitPNGOnTheDefaultDevice() throws {
        let plan = try parse(#"{"streams": ["a.jsonl"]}"#)
        let s = plan.entries[0].settings
        #expect(plan.goldens == "/proj/__Snapshots__")
        #expect(s.devices == [.default] && s.sizes == [.large] && s.schemes == [.light])
        #expect(s.commits == .last && s.formats == [.png] && s.scale == nil)
        #expect(s.tolerance.threshold == 0.1 && !s.tolerance.includeAA)
        #expect(s.tolerance.limits == .init(maxDiffPixels: nil, maxDiffRatio: nil))
    }

    @Test func anAuditKeyRunsTheAuditWithItsBaseline() throws {
        #expect(try parse(#"{"streams": ["a.jsonl"]}"#).audit == nil)
        #expect(try parse(#"{"streams": ["a.jsonl"], "audit": {}}"#).audit == PlanAudit(failOn: "error", baseline: nil))
        #expect(try parse(#"{"streams": ["a.jsonl"], "audit": {"failOn": "warning", "baseline": "a11y/baseline.json"}}"#).audit
                == PlanAudit(failOn: "warning", baseline: "/proj/a11y/baseline.json"))
        #expect(planError(#"{"streams": ["a.jsonl"], "audit": {"fail": "error"}}"#) == "shotter.json: audit must be an object with failOn and baseline")
        #expect(planError(#"{"streams": ["a.jsonl"], "audit": {"baseline": ""}}"#) == "shotter.json: audit.baseline must be a file path")
    }

    @Test func mistakesAreNamed() {
        #expect(planError(#"{"streams": ["a.jsonl"], "device": "iphonese"}"#)
                == "shotter.json: unknown key \"device\" (use assets, audit, commits, contrasts, devices, dynamicTypeSizes, formats, goldens, images, includeAA, layoutDirections, legibilityWeights, maxDiffPixels, maxDiffRatio, pngCompression, pseudolanguages, scale, schemes, streams, threshold)")
        #expect(planError(#"{"streams": []}"#) == "shotter.json: streams must be a non-empty array of paths or objects")
        #expect(planError(#"{"streams": [{"schemes": "dark"}]}"#) == "shotter.json: streams[0]: needs a \"path\" (a file or a glob)")
        #expect(planError(#"{"streams": ["a"], "schemes": ["sepia"]}"#) == "unknown color scheme \"sepia\" (use light or dark)")
        #expect(planError(#"{"streams": ["a"], "layoutDirections": ["ltr", "up"]}"#) == "unknown layout direction \"up\" (use ltr or rtl)")
        #expect(planError(#"{"streams": ["a"], "commits": 0}"#) == "shotter.json: commits must be a whole number from 1")
        #expect(planError(#"{"streams": ["a"], "threshold": 2}"#) == "shotter.json: threshold must be a number from 0 to 1")
        #expect(planError("{\"streams\": \n [\"a\",]}")?.hasPrefix("shotter.json:2: ") == true)
    }

    @Test func flagsOverrideEveryStream() throws {
        var plan = try parse(#"{"streams": ["a.jsonl", {"path": "b.jsonl", "schemes": ["dark"], "maxDiffRatio": 0.5}]}"#)
        let flags = ["--scheme": "light,dark", "--max-diff-pixels": "3", "--commit": "2,4"]
        let o = try OptionParser.values(flags: Setting.allCases, given: { flags[$0].map { [$0] } ?? [] }, isSet: { _ in false })
        plan.apply(o)
        for entry in plan.entries {
            #expect(entry.settings.schemes == [.light, .dark])
            #expect(entry.settings.commits == .numbers([2, 4]))
            #expect(entry.settings.tolerance.maxDiffPixels == 3)
        }
        #expect(plan.entries[1].settings.tolerance.maxDiffRatio == 0.5, "what no flag names stays")
        #expect(throws: OptionError("--commit takes last, all or commit numbers from 1 separated by commas")) {
            try OptionParser.values(flags: [.commits], given: { _ in ["2,x"] }, isSet: { _ in false })
        }
    }
}

@Suite struct ExpansionTests {
    @Test func globsExpandRelativeToThePlanAndEverySnapshotIsNamedLikeRender() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFile(streamText(["A", "B", "C"]), dir + "/flows/Todo.jsonl")
        try writeFile(streamText(["Hi"]), dir + "/flows/Hello.jsonl")
        try writeFile("not a stream", dir + "/flows/notes.txt")
        let plan = try TestPlan.parse(Array("""
        {"streams": ["flows/*.jsonl", {"path": "flows/Todo.jsonl", "commits": "all", "schemes": ["light", "dark"]}],
         "formats": ["png", "svg"]}
        """.utf8), file: "shotter.json", directory: dir)
        let streams = try plan.streams()
        #expect(streams.map(\.name) == ["Hello", "Todo"], "glob order, the later entry replacing the earlier")
        #expect(streams.allSatisfy { $0.error == nil })
        #expect(streams[0].snapshots.map(\.path) == ["Hello/001.iphone15pro.large.light.png", "Hello/001.iphone15pro.large.light.svg"])
        let todo = streams[1].snapshots
        #expect(todo.count == 3 * 2 * 2, "3 commits x 2 schemes x 2 formats")
        #expect(todo.prefix(4).map(\.path) == ["Todo/001.iphone15pro.large.light.png", "Todo/001.iphone15pro.large.light.svg",
                                                "Todo/001.iphone15pro.large.dark.png", "Todo/001.iphone15pro.large.dark.svg"])
        #expect(todo[0].layoutPath == "Todo/001.iphone15pro.large.light.layout.json")
        #expect(todo.allSatisfy { $0.scale == 3 }, "the device's scale when the plan sets none")
    }

    @Test func badStreamsAndPatternsAreReported() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFile(streamText(["A"]), dir + "/a/Same.jsonl")
        try writeFile(streamText(["B"]), dir + "/b/Same.jsonl")
        try writeFile(#"{"id":1,"kind":"text","op":"create","props":{"text":5}}"# + "\n", dir + "/Broken.jsonl")
        func streams(_ json: String) throws -> [PlannedStream] {
            try TestPlan.parse(Array(json.utf8), file: "p", directory: dir).streams()
        }
        #expect(throws: PlanError("streams: \"none/*.jsonl\" matches no file")) { try streams(#"{"streams": ["none/*.jsonl"]}"#) }
        #expect(throws: PlanError("streams: \(dir)/a/Same.jsonl and \(dir)/b/Same.jsonl would share the goldens directory \"Same\"; rename one")) {
            try streams(#"{"streams": ["*/Same.jsonl"]}"#)
        }
        let broken = try streams(#"{"streams": ["Broken.jsonl"]}"#)
        #expect(broken[0].error?.hasPrefix("\(dir)/Broken.jsonl:1:") == true, "\(broken[0].error ?? "")")
        #expect(broken[0].snapshots.isEmpty)
        let missingCommit = try streams(#"{"streams": [{"path": "a/Same.jsonl", "commits": [2]}]}"#)
        #expect(missingCommit[0].error == "\(dir)/a/Same.jsonl: commit 2 does not exist: the stream has 1 commit")
    }

    /// Plan paths stay inside the plan's directory; `**` is refused as the docs say.
    @Test func planPathsStayInsideThePlansDirectory() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFile(streamText(["A"]), dir + "/project/flows/A.jsonl")
        try writeFile(streamText(["B"]), dir + "/Outside.jsonl")
        func streams(_ json: String) throws -> [PlannedStream] {
            try TestPlan.parse(Array(json.utf8), file: "p", directory: dir + "/project").streams()
        }
        let inside = "must be a relative path inside the plan's directory"
        #expect(throws: PlanError("p: streams[0]: \"../Outside.jsonl\" \(inside)")) { try streams(#"{"streams": ["../Outside.jsonl"]}"#) }
        #expect(throws: PlanError("p: streams[0]: \"flows/../../*.jsonl\" \(inside)")) { try streams(#"{"streams": [{"path": "flows/../../*.jsonl"}]}"#) }
        #expect(throws: PlanError("p: streams[0]: \"\(dir)/Outside.jsonl\" \(inside)")) { try streams(#"{"streams": ["\#(dir)/Outside.jsonl"]}"#) }
        #expect(throws: PlanError("streams: \".*/Outside.jsonl\" matches \(dir)/project/../Outside.jsonl, outside the plan's directory")) {
            try streams(#"{"streams": [".*/Outside.jsonl"]}"#)
        }
        #expect(throws: PlanError("p: streams[0]: \"flows/**/*.jsonl\": ** is not supported; a * matches within one directory (use dir/*/*.jsonl)")) {
            try streams(#"{"streams": ["flows/**/*.jsonl"]}"#)
        }
        #expect(throws: PlanError("p: goldens \"../goldens\" \(inside) (--goldens may point elsewhere)")) {
            try streams(#"{"streams": ["flows/A.jsonl"], "goldens": "../goldens"}"#)
        }
        #expect(throws: PlanError("p: goldens \"/tmp/goldens\" \(inside) (--goldens may point elsewhere)")) {
            try streams(#"{"streams": ["flows/A.jsonl"], "goldens": "/tmp/goldens"}"#)
        }
        #expect(try streams(#"{"streams": ["flows/../flows/*.jsonl"], "goldens": "flows/../goldens"}"#).map(\.name) == ["A"])
        let withBOM = try TestPlan.parse([0xEF, 0xBB, 0xBF] + Array(#"{"streams": ["flows/A.jsonl"]}"#.utf8), file: "p", directory: dir)
        #expect(withBOM.entries.map(\.pattern) == ["flows/A.jsonl"], "a leading byte order mark is skipped")
    }

    /// The goldens and artifacts directories are folders of their own.
    @Test func outputDirectoriesHoldNeitherThePlanNorAStream() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFile(streamText(["A"]), dir + "/flows/A.jsonl")
        var plan = try TestPlan.parse(Array(#"{"streams": ["flows/*.jsonl"]}"#.utf8), file: "p", directory: dir)
        let streams = try plan.streams()
        func problem(goldens: String, artifacts: String = dir + "/.shotter-artifacts") -> String? {
            plan.goldens = goldens
            do { try plan.checkOutputDirectories(artifacts: artifacts, streams: streams); return nil } catch { return error.message }
        }
        let root = OutputPaths.canonical(dir)
        let fix = "give the goldens a directory of their own"
        #expect(problem(goldens: dir + "/__Snapshots__") == nil)
        #expect(problem(goldens: dir + "/flows/__Snapshots__") == nil, "beside the streams is fine")
        #expect(problem(goldens: dir + "/.") == "the goldens directory \(root) is the plan's directory: \(fix)")
        #expect(problem(goldens: dir + "/flows/..") == "the goldens directory \(root) is the plan's directory: \(fix)")
        #expect(problem(goldens: dir + "/..") == "the goldens directory \((root as NSString).deletingLastPathComponent) contains the plan's directory \(root): \(fix)")
        #expect(problem(goldens: dir + "/flows") == "the goldens directory \(root)/flows contains the stream \(dir)/flows/A.jsonl: \(fix)")
        #expect(problem(goldens: dir + "/flows/A.jsonl") == "the goldens directory \(root)/flows/A.jsonl contains the stream \(dir)/flows/A.jsonl: \(fix)")
        #expect(problem(goldens: dir + "/g", artifacts: dir + "/g/art")
                == "the goldens directory \(root)/g and the artifacts directory \(root)/g/art overlap: give each a directory of its own")
        #expect(problem(goldens: dir + "/g", artifacts: dir)
                == "the artifacts directory \(root) is the plan's directory: give the artifacts a directory of their own")
    }

    @Test func aStreamNameIsNeverOnlyDots() {
        #expect(SnapshotName.stream("flows/Todo.jsonl") == "Todo")
        #expect(SnapshotName.stream("flows/a.b.jsonl") == "a.b")
        #expect(SnapshotName.stream("flows/.hidden") == ".hidden")
        #expect(SnapshotName.stream("flows/...jsonl") == "...jsonl")
        #expect(SnapshotName.stream("flows/..jsonl") == "..jsonl")
        #expect(SnapshotName.stream("flows/.....") == ".....")
    }

    @Test func outputNamesStayInsideTheirFolder() throws {
        #expect(try OutputPaths.join("/g", "Todo/001.png").path == "/g/Todo/001.png")
        for relative in ["..", "../x.png", "Todo/../../x.png", "./x.png", "", "Todo//x.png", "/x.png"] {
            #expect(throws: OutputPathError(message: "cannot write \"\(relative)\" in /g: it would leave the folder")) { try OutputPaths.join("/g", relative) }
        }
        let long = String(repeating: "ཀ", count: 86) // 258 bytes
        #expect(throws: OutputPathError(message: "cannot write \"S/\(long)\" in /g: a file name is longer than 255 bytes")) { try OutputPaths.join("/g", "S/" + long) }
        #expect(OutputPaths.problem(withDirectory: "") == "is empty")
        for root in ["/", "//", "/.", "/..", "/tmp/.."] { #expect(OutputPaths.problem(withDirectory: root) == "is the file-system root", "\(root)") }
        #expect(OutputPaths.problem(withDirectory: ".") == nil && OutputPaths.problem(withDirectory: "shots") == nil)
    }

    @Test func goldenFileNamesAreRecognisedByNameAndExtension() {
        for name in ["S/001.iphone15pro.large.light.png", "S/012-tap-Add.iphonese.accessibility3.dark.svg",
                     "S/1234.390x844@2.5.xSmall.light.layout.json"] {
            #expect(GoldenFileName.matches(name), "\(name)")
        }
        for name in ["001.iphone15pro.large.light.png", "S/deep/001.iphone15pro.large.light.png", ".S/001.iphone15pro.large.light.png",
                     "S/README.md", "S/01.iphone15pro.large.light.png", "S/001.nodevice.large.light.png", "S/001.iphone15pro.huge.light.png",
                     "S/001.iphone15pro.large.sepia.png", "S/001.iphone15pro.large.light.jpg", "S/001.iphone15pro.large.light.png.orig",
                     "S/001-.iphone15pro.large.light.png", "S/abc.iphone15pro.large.light.png", "S/001.large.light.png",
                     "../001.iphone15pro.large.light.png", "S/shotter.json"] {
            #expect(!GoldenFileName.matches(name), "\(name)")
        }
    }

    @Test func shardsSplitEvenlyWithoutOverlapAndTheSameWayEveryTime() throws {
        var settings = RenderOptions()
        settings.sizes = DynamicTypeSize.allCases
        settings.schemes = [.light, .dark]
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try writeFile(streamText(["A", "B", "C"]), dir + "/S.jsonl")
        settings.commits = .all
        let stream = TestPlan.read(path: dir + "/S.jsonl", name: "S", settings: settings)
        let all = stream.snapshots
        #expect(all.count == 72)
        let shards = (1...5).map { Shard(index: $0, count: 5).select(all) }
        #expect(shards.map(\.count) == [15, 15, 14, 14, 14])
        #expect(Set(shards.flatMap { $0.map(\.path) }) == Set(all.map(\.path)))
        #expect(shards.flatMap { $0 }.count == all.count, "no snapshot in two shards")
        #expect(Shard(index: 2, count: 5).select(all.reversed()).map(\.path) == shards[1].map(\.path),
                "the order the plan lists them in does not matter")
        #expect(shards[0].prefix(2).map(\.path) == ["S/001.iphone15pro.accessibility1.dark.png", "S/001.iphone15pro.accessibility3.light.png"],
                "every fifth of the sorted paths: a1.dark a1.light a2.dark a2.light a3.dark a3.light")
        #expect(try Shard(parsing: "2/4") == Shard(index: 2, count: 4))

        // Jobs: one per environment (24 here) when there are more of them than workers; with one
        // environment and four workers its three commits are split, at most one commit short.
        #expect(SnapshotRunner.makeJobs(all, workers: 4).count == 24)
        var one = settings
        one.sizes = [.large]
        one.schemes = [.dark]
        let single = TestPlan.read(path: dir + "/S.jsonl", name: "S", settings: one).snapshots
        let jobs = SnapshotRunner.makeJobs(single, workers: 4)
        #expect(jobs.map { $0.snapshots.map(\.commit.number) } == [[1], [2], [3]])
        #expect(SnapshotRunner.makeJobs(single, workers: 2).map { $0.snapshots.map(\.commit.number) } == [[1, 2], [3]])
        for bad in ["0/4", "5/4", "2", "a/b", "1/0"] {
            #expect(throws: PlanError.self) { try Shard(parsing: bad) }
        }
    }
}
