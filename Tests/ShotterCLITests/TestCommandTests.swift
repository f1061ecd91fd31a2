import Foundation
import Testing

/// `shotter test` end to end: the built binary (`swift build` builds it before `swift test`)
/// run in a temporary project directory.
@Suite struct TestCommandTests {
    let dir: String

    init() throws {
        dir = NSTemporaryDirectory() + "shotter-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    /// `.build/debug/shotter`: next to the test bundle, or found from this file's path.
    static let binary: String? = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug"))
        return candidates.map { $0.appendingPathComponent("shotter").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    struct Run {
        var status: Int32
        var output: String
        var errors: String
        var lastLine: String { output.split(separator: "\n").last.map(String.init) ?? "" }
    }

    /// Runs `shotter ARGS` in the project directory, with `CI` set only when asked and the
    /// variables of `environment` added.
    func shotter(_ args: [String], ci: Bool = false, environment extra: [String: String] = [:]) throws -> Run {
        let binary = try #require(Self.binary, "build shotter first (swift build)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = args
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        var environment = CLI.environment
        if ci { environment["CI"] = "1" }
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = dir + "/.out", err = dir + "/.err"
        #expect(FileManager.default.createFile(atPath: out, contents: nil) && FileManager.default.createFile(atPath: err, contents: nil))
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: err)
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: try String(contentsOfFile: out, encoding: .utf8),
                   errors: try String(contentsOfFile: err, encoding: .utf8))
    }

    func write(_ text: String, _ name: String) throws {
        let url = URL(fileURLWithPath: dir).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: dir + "/" + name) }

    /// A stream with one text per commit.
    func stream(_ texts: [String]) -> String {
        var lines = [#"{"id":1,"kind":"text","op":"create","props":{"text":"\#(texts[0])"}}"#,
                     #"{"id":1,"index":0,"op":"insert","parent":0}"#, #"{"op":"commit"}"#]
        for text in texts.dropFirst() {
            lines += [#"{"id":1,"op":"update","props":{"text":"\#(text)"}}"#, #"{"op":"commit"}"#]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    let plan = #"{"streams": ["flows/*.jsonl"], "commits": "all", "schemes": ["light", "dark"], "scale": 1}"#

    /// Snapshots whose golden cannot be written fail in one line each and leave nothing;
    /// a report that cannot be written is one line too.
    @Test func writeFailuresAreOneLineAndLeaveNoFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(plan, "shotter.json")
        try write(stream(["Hello"]), "flows/Greeting.jsonl")
        // The light golden's layout dump cannot take the place of a directory.
        try FileManager.default.createDirectory(atPath: dir + "/__Snapshots__/Greeting/001.iphone15pro.large.light.layout.json",
                                                withIntermediateDirectories: true)
        let run = try shotter(["test"])
        #expect(run.status == 1)
        #expect(run.output.contains("FAIL Greeting/001.iphone15pro.large.light.png: \(dir)/__Snapshots__/Greeting/001.iphone15pro.large.light.layout.json: cannot write: Is a directory"))
        #expect(!exists("__Snapshots__/Greeting/001.iphone15pro.large.light.png"), "the golden goes with its dump")
        #expect(exists("__Snapshots__/Greeting/001.iphone15pro.large.dark.png"))
        #expect(run.errors == "")

        try FileManager.default.removeItem(atPath: dir + "/.shotter-artifacts/report.html")
        try FileManager.default.createDirectory(atPath: dir + "/.shotter-artifacts/report.html", withIntermediateDirectories: true)
        let blocked = try shotter(["test"])
        #expect(blocked.status == 1)
        #expect(blocked.errors == "\(dir)/.shotter-artifacts/report.html: cannot write: Is a directory\n")
    }

    @Test func recordThenChangeAStreamAndGetAReportNamingTheChange() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(plan, "shotter.json")
        try write(stream(["Hello", "World"]), "flows/Greeting.jsonl")

        let onCI = try shotter(["test"], ci: true)
        #expect(onCI.status == 1, "on CI nothing is recorded and a missing golden fails")
        #expect(onCI.output.contains("FAIL Greeting/001.iphone15pro.large.dark.png: no golden at "))
        #expect(onCI.lastLine == "0 passed, 4 failed")
        #expect(!exists("__Snapshots__"))

        let record = try shotter(["test"])
        #expect(record.status == 0, "\(record.output)\(record.errors)")
        #expect(record.output.contains("REC  Greeting/002.iphone15pro.large.light.png: recorded new golden\n       wrote __Snapshots__/Greeting/002.iphone15pro.large.light.png and its layout dump"))
        #expect(record.output.contains("recorded 4 snapshots: review and commit them"))
        #expect(record.lastLine == "0 passed, 0 failed")
        #expect(exists("__Snapshots__/Greeting/002.iphone15pro.large.light.png"))
        #expect(exists("__Snapshots__/Greeting/002.iphone15pro.large.light.layout.json"))

        let again = try shotter(["test"], ci: true)
        #expect(again.status == 0)
        #expect(again.output == "report: .shotter-artifacts/report.html\n4 passed, 0 failed\n")

        try write(stream(["Hello", "World, and more"]), "flows/Greeting.jsonl")
        let changed = try shotter(["test", "--junit", "junit.xml"], ci: true)
        #expect(changed.status == 1)
        #expect(changed.lastLine == "2 passed, 2 failed")
        let lines = changed.output.split(separator: "\n").map(String.init)
        let failure = try #require(lines.firstIndex { $0.hasPrefix("FAIL Greeting/002.iphone15pro.large.dark.png: ") })
        #expect(lines[failure].hasSuffix("%)") && lines[failure].contains(" pixels differ ("))
        #expect(lines[failure + 1].hasPrefix("       #1 text 'World, and more': text 'World' -> 'World, and more', x "))
        #expect(lines[failure + 2] == "       see .shotter-artifacts/failures/Greeting/002.iphone15pro.large.dark.{expected,actual,diff}.png")
        for role in ["expected", "actual", "diff"] {
            #expect(exists(".shotter-artifacts/failures/Greeting/002.iphone15pro.large.light.\(role).png"))
        }
        let report = try String(contentsOfFile: dir + "/.shotter-artifacts/report.html", encoding: .utf8)
        #expect(report.contains("<code>#1 text 'World, and more': text 'World' -&gt; 'World, and more', x "))
        #expect(report.contains("data:image/png;base64,"))
        let junit = try String(contentsOfFile: dir + "/junit.xml", encoding: .utf8)
        #expect(junit.contains(#"<testsuites name="shotter" tests="4" failures="2" skipped="0">"#))

        let rerecord = try shotter(["test", "--record=failed"])
        #expect(rerecord.status == 0 && rerecord.output.contains("REC  Greeting/002.iphone15pro.large.dark.png: re-recorded: "))
        #expect(try shotter(["test"], ci: true).lastLine == "4 passed, 0 failed")
    }

    /// A golden is exactly what `shotter render` writes for the same configuration, under the same name.
    @Test func goldensAreTheFilesRenderWrites() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(#"{"streams": ["flows/*.jsonl"], "commits": "all", "schemes": ["light", "dark"], "formats": ["png", "svg"]}"#, "shotter.json")
        let events = stream(["Hello", "World"]).replacingOccurrences(of: #"{"id":1,"op":"update""#,
                                                                     with: #"{"id":1,"op":"event","type":"tap"}"# + "\n" + #"{"id":1,"op":"update""#)
        try write(events, "flows/Greeting.jsonl")
        #expect(try shotter(["test"]).status == 0)
        let rendered = try shotter(["render", "flows/Greeting.jsonl", "-o", "shots", "--commit", "all", "--scheme", "light,dark", "--format", "png,svg"])
        #expect(rendered.status == 0, "\(rendered.errors)")
        let files = rendered.output.split(separator: "\n").map(String.init)
        #expect(files.count == 8)
        #expect(files.contains("shots/Greeting/002-tap-Hello.iphone15pro.large.dark.svg"), "\(files)")
        for file in files {
            let golden = "__Snapshots__/" + file.dropFirst("shots/".count)
            let expected = FileManager.default.contents(atPath: dir + "/" + golden)
            #expect(expected != nil && expected == FileManager.default.contents(atPath: dir + "/" + file), "\(golden)")
        }
    }

    /// `--layout-direction` and `"layoutDirections"`: right to left adds `.rtl` to the names,
    /// the default adds nothing, and render, layout, audit and test take the same values.
    @Test func layoutDirectionsAreAnAxisNamedOnlyWhenRightToLeft() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(#"{"streams": ["flows/*.jsonl"], "layoutDirections": ["ltr", "rtl"], "scale": 1}"#, "shotter.json")
        try write(stream(["Hello"]), "flows/Greeting.jsonl")
        let recorded = try shotter(["test"])
        #expect(recorded.status == 0, "\(recorded.output)")
        for name in ["001.iphone15pro.large.light", "001.iphone15pro.large.light.rtl"] {
            #expect(exists("__Snapshots__/Greeting/\(name).png") && exists("__Snapshots__/Greeting/\(name).layout.json"), "\(name)")
        }
        #expect(try shotter(["test"]).lastLine == "2 passed, 0 failed")
        #expect(try shotter(["test", "--layout-direction", "rtl"]).lastLine == "1 passed, 0 failed")

        let rendered = try shotter(["render", "flows/Greeting.jsonl", "-o", "shots", "--scale", "1", "--layout-direction", "ltr,rtl"])
        #expect(rendered.output == "shots/Greeting/001.iphone15pro.large.light.png\nshots/Greeting/001.iphone15pro.large.light.rtl.png\n")
        #expect(FileManager.default.contents(atPath: dir + "/shots/Greeting/001.iphone15pro.large.light.rtl.png")
                == FileManager.default.contents(atPath: dir + "/__Snapshots__/Greeting/001.iphone15pro.large.light.rtl.png"))
        #expect(try shotter(["render", "flows/Greeting.jsonl", "-o", "plain"]).output == "plain/Greeting/001.iphone15pro.large.light.png\n")

        let rtl = try shotter(["layout", "flows/Greeting.jsonl", "--layout-direction", "rtl"])
        #expect(rtl.status == 0 && rtl.output.hasSuffix(#""layoutDirection":"rtl"}"# + "\n"))
        #expect(try !shotter(["layout", "flows/Greeting.jsonl"]).output.contains("layoutDirection"))
        #expect(try shotter(["audit", "flows/Greeting.jsonl", "--layout-direction", "ltr,rtl"]).status == 0)

        let wrong = try shotter(["render", "flows/Greeting.jsonl", "--layout-direction", "up"])
        #expect(wrong.status == 2 && wrong.errors.contains(#"unknown layout direction "up" (use ltr or rtl)"#), "\(wrong.errors)")
        #expect(try shotter(["layout", "flows/Greeting.jsonl", "--layout-direction", "ltr,rtl"]).errors
                .contains("--layout-direction takes one layout direction here"))
    }

    @Test func recordingOnCIFails() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(plan, "shotter.json")
        try write(stream(["Hello"]), "flows/Greeting.jsonl")
        let run = try shotter(["test", "--record=missing"], ci: true)
        #expect(run.status == 1)
        #expect(run.output.contains("recorded 2 snapshots although CI is set: record goldens locally and commit them"))
        #expect(run.lastLine == "0 passed, 2 failed")
        #expect(exists("__Snapshots__/Greeting/001.iphone15pro.large.dark.png"), "what it wrote stays, for the artifacts upload")
    }

    @Test func unusedGoldensAreListedAndPruned() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(plan, "shotter.json")
        try write(stream(["Hello", "World"]), "flows/Greeting.jsonl")
        #expect(try shotter(["test"]).status == 0)
        let narrowed = try shotter(["test", "--scheme", "light", "--commit", "2", "--prune"], ci: true)
        #expect(narrowed.output == "report: .shotter-artifacts/report.html\n1 passed, 0 failed\n",
                "flags narrow the run, not the plan: the other goldens are still in use")
        #expect(exists("__Snapshots__/Greeting/001.iphone15pro.large.dark.png"))
        try FileManager.default.removeItem(atPath: dir + "/flows/Greeting.jsonl")
        try write(stream(["Hello"]), "flows/Welcome.jsonl")

        let listed = try shotter(["test"])
        #expect(listed.status == 0)
        #expect(listed.output.contains("unused golden __Snapshots__/Greeting/002.iphone15pro.large.light.png (no configuration produces it; --prune deletes it)"))
        #expect(listed.output.components(separatedBy: "unused golden __Snapshots__/Greeting/").count - 1 == 8,
                "2 commits x 2 schemes x (image + layout dump)")
        #expect(exists("__Snapshots__/Greeting"))

        let pruned = try shotter(["test", "--prune"], ci: true)
        #expect(pruned.status == 0)
        #expect(pruned.output.contains("deleted unused golden __Snapshots__/Greeting/001.iphone15pro.large.dark.layout.json"))
        #expect(!exists("__Snapshots__/Greeting"))
        #expect(exists("__Snapshots__/Welcome/001.iphone15pro.large.dark.png"))
        #expect(try shotter(["test"], ci: true).output == "report: .shotter-artifacts/report.html\n2 passed, 0 failed\n")
    }

    @Test func shardsSplitTheSnapshotsWithoutOverlap() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(plan, "shotter.json")
        try write(stream(["A", "B", "C"]), "flows/Letters.jsonl")
        #expect(try shotter(["test", "--jobs", "2"]).status == 0)
        let first = try shotter(["test", "--shard", "1/2"], ci: true)
        let second = try shotter(["test", "--shard=2/2", "--jobs=1"], ci: true)
        #expect(first.status == 0 && second.status == 0)
        #expect(first.lastLine == "3 passed, 0 failed" && second.lastLine == "3 passed, 0 failed")

        // Sorted, the six paths alternate dark/light, so shard 1 holds the dark ones.
        try write(stream(["A", "B", "Changed"]), "flows/Letters.jsonl")
        let failed = try [["--shard", "1/2"], ["--shard", "2/2"]].map { args in
            try shotter(["test"] + args, ci: true).output.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.map { $0.split(separator: ":")[0] }
        }
        #expect(failed == [["FAIL Letters/003.iphone15pro.large.dark.png"], ["FAIL Letters/003.iphone15pro.large.light.png"]])
    }

    @Test func usageErrorsExitWithTwo() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let noPlan = try shotter(["test"])
        #expect(noPlan.status == 2)
        #expect(noPlan.errors == "shotter: shotter.json: no such file (write a shotter.json, see docs/test-plan.md) (see `shotter test --help`)\n")
        try write(plan, "shotter.json")
        try write(stream(["Hello"]), "flows/Greeting.jsonl")
        for args in [["--record=sometimes"], ["--shard", "3/2"], ["--jobs", "0"], ["--scheme", "sepia"], ["--bogus"], ["extra"]] {
            #expect(try shotter(["test"] + args).status == 2, "\(args)")
        }
        try write(#"{"streams": ["flows/*.jsonl"], "device": "iphonese"}"#, "shotter.json")
        #expect(try shotter(["test"]).status == 2)
        #expect(try shotter(["test", "--help"]).output.hasPrefix("Usage: shotter test"))
    }

    /// `shotter test` warns as `shotter render` does, each warning once per stream however
    /// many snapshots and workers render it (4 environments x 2 commits, 2 workers); the
    /// second stream's warnings follow the first's.
    @Test func warningsArePrintedOncePerStreamAsRenderPrintsThem() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let odd = [#"{"id":1,"kind":"gizmo","op":"create","props":{}}"#,
                   #"{"id":1,"index":0,"op":"insert","parent":0}"#,
                   #"{"id":2,"kind":"text","op":"create","props":{"sparkle":1,"text":"Hi"}}"#,
                   #"{"id":2,"index":1,"op":"insert","parent":0}"#,
                   #"{"id":3,"kind":"image","op":"create","props":{"systemName":"no.such.symbol"}}"#,
                   #"{"id":3,"index":2,"op":"insert","parent":0}"#, #"{"op":"commit"}"#,
                   #"{"id":2,"op":"update","props":{"text":"Ho"}}"#, #"{"op":"commit"}"#]
        try write(odd.joined(separator: "\n") + "\n", "flows/A.jsonl")
        try write(odd.joined(separator: "\n").replacingOccurrences(of: "gizmo", with: "widget") + "\n", "flows/B.jsonl")
        try write(#"{"streams": ["flows/*.jsonl"], "commits": "all", "dynamicTypeSizes": ["large", "xxxLarge"], "schemes": ["light", "dark"], "scale": 1}"#,
                  "shotter.json")
        let warningA = #"warning: unknown element kind "gizmo": drawn as a placeholder"#
        let warningB = #"warning: unknown element kind "widget": drawn as a placeholder"#
        let warningProp = #"warning: unknown text prop "sparkle" ignored"#
        // Painting's warning, after validating's.
        let warningSymbol = #"warning: no symbol for image "no.such.symbol": drawn as a placeholder"#

        let test = try shotter(["test", "--jobs", "2"])
        #expect(test.status == 0)
        #expect(test.lastLine == "0 passed, 0 failed")
        #expect(test.errors.split(separator: "\n").map(String.init) == [warningA, warningProp, warningSymbol, warningB, warningProp, warningSymbol])

        let render = try shotter(["render", "flows/A.jsonl", "-o", "out", "--commit", "all", "--dynamic-type", "large,xxxLarge",
                                  "--scheme", "light,dark", "--jobs", "2"])
        #expect(render.status == 0)
        #expect(render.errors.split(separator: "\n").map(String.init) == [warningA, warningProp, warningSymbol])
        // Stream by stream, what `shotter test` prints is what `shotter render` prints.
        let renderB = try shotter(["render", "flows/B.jsonl", "-o", "out", "--commit", "all", "--dynamic-type", "large,xxxLarge",
                                   "--scheme", "light,dark", "--jobs", "2"])
        #expect(renderB.status == 0)
        #expect(test.errors == render.errors + renderB.errors)
        // One stream, one environment and one commit per worker: the same lines.
        let oneWorker = try shotter(["test", "--jobs", "1", "--commit", "2", "--dynamic-type", "large", "--scheme", "dark"])
        #expect(oneWorker.errors == test.errors)
    }
}
