import Foundation
import SnapshotRunner
import Testing

/// Review: results as data, merging shards, accepting from artifacts, pull-request summaries.
extension TestCommandTests {
    /// Three streams of two commits, recorded, then two of them changed in their last commit:
    /// 12 snapshots of which 4 fail.
    func recordThenChangeTwoStreams() throws {
        try write(plan, "shotter.json")
        for name in ["A", "B", "C"] { try write(stream(["Hello \(name)", "World"]), "flows/\(name).jsonl") }
        #expect(try shotter(["test"]).status == 0)
        for name in ["B", "C"] { try write(stream(["Hello \(name)", "World, and more"]), "flows/\(name).jsonl") }
    }

    func read(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)) }

    /// Every file under the goldens with its bytes, to show a refused accept changed nothing.
    func goldens() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let root = dir + "/__Snapshots__"
        for case let path as String in FileManager.default.enumerator(atPath: root)! {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try read("__Snapshots__/" + path)
            }
        }
        return files
    }

    @Test func threeShardsMergedGiveTheUnshardedRunsReport() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try recordThenChangeTwoStreams()
        let whole = try shotter(["test", "--artifacts", "report", "--junit", "report/junit.xml", "--results", "report/results.json"], ci: true)
        #expect(whole.status == 1 && whole.lastLine == "8 passed, 4 failed")
        try FileManager.default.moveItem(atPath: dir + "/report", toPath: dir + "/whole")

        var tallies: [String] = []
        for i in 1...3 {
            let shard = try shotter(["test", "--shard", "\(i)/3", "--artifacts", "shard\(i)", "--results", "results-\(i).json"], ci: true)
            tallies.append(shard.lastLine)
        }
        #expect(tallies == ["3 passed, 1 failed", "2 passed, 2 failed", "3 passed, 1 failed"])
        let merged = try shotter(["report", "merge", "results-1.json", "results-2.json", "results-3.json", "-o", "report"])
        #expect(merged.status == 1, "\(merged.errors)")
        #expect(merged.lastLine == "8 passed, 4 failed")
        #expect(merged.output.contains("if the changes are intended, accept them with `shotter accept report` and commit the goldens\n"))
        for file in ["report.html", "junit.xml", "results.json"] {
            #expect(try read("report/" + file) == read("whole/" + file), "\(file) differs from the unsharded run's")
        }
        #expect(try read("report/failures/C/002.iphone15pro.large.dark.actual.png") == read("whole/failures/C/002.iphone15pro.large.dark.actual.png"))

        let results = try RunResults.load(dir + "/report/results.json")
        let failure = try #require(results.snapshots.first { $0.status == "failed" })
        #expect(failure.name == "B/002.iphone15pro.large.dark.png")
        #expect(failure.differingPixels == 452)
        #expect(failure.changes.map(\.element) == ["#1 text 'World, and more': text 'World' -> 'World, and more', x 174 -> 133, width 45 -> 125"])
        #expect(failure.changes.map(\.line) == [4])
        #expect(failure.actual == "failures/B/002.iphone15pro.large.dark.actual.png")
        #expect(failure.actualLayout == "failures/B/002.iphone15pro.large.dark.actual.layout.json")
        #expect(results.streams["B"] == "flows/B.jsonl")
        #expect(results.artifacts == ".")
        // A results file elsewhere names its artifacts relative to itself.
        #expect(try RunResults.load(dir + "/results-2.json").artifacts == "shard2")

        // The same snapshot twice, or the output over a shard's artifacts, is refused.
        let twice = try shotter(["report", "merge", "results-1.json", "results-1.json", "-o", "again"])
        #expect(twice.status == 1)
        #expect(twice.errors.contains("is also in results-1.json"))
        let over = try shotter(["report", "merge", "results-1.json", "-o", "shard1"])
        #expect(over.status == 1 && over.errors.contains("overlaps the output directory"))
        #expect(try shotter(["report", "merge", "-o", "x"]).status == 2)
        #expect(try shotter(["report", "merge", "results-1.json"]).status == 2)
    }

    /// Results files come from pull requests: an artifact path outside `failures/` or its
    /// directory, or a link, stops the merge before anything is copied.
    @Test func mergeRefusesArtifactsOutsideTheirDirectory() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try recordThenChangeTwoStreams()
        #expect(try shotter(["test", "--artifacts", "shard", "--results", "shard/results.json"], ci: true).status == 1)
        try write("secret", "secret.txt")
        let original = try String(contentsOfFile: dir + "/shard/results.json", encoding: .utf8)
        let actual = "failures/B/002.iphone15pro.large.dark.actual.png"
        for (hostile, message) in [("../secret.txt", "is not in failures/"), ("failures/../../secret.txt", "would leave the artifacts directory"),
                                   ("/etc/passwd", "is not in failures/")] {
            try write(original.replacingOccurrences(of: "\"\(actual)\"", with: "\"\(hostile)\""), "shard/results.json")
            let run = try shotter(["report", "merge", "shard/results.json", "-o", "out"])
            #expect(run.status == 1, "\(hostile)")
            #expect(run.errors.contains(message), "\(hostile): \(run.errors)")
            #expect(!exists("out/failures"), "nothing copied for \(hostile)")
        }
        try write(original, "shard/results.json")
        try FileManager.default.removeItem(atPath: dir + "/shard/" + actual)
        try FileManager.default.createSymbolicLink(atPath: dir + "/shard/" + actual, withDestinationPath: dir + "/secret.txt")
        let linked = try shotter(["report", "merge", "shard/results.json", "-o", "out"])
        #expect(linked.status == 1 && linked.errors.contains("the artifact is not a regular file"))
        try write("{}", "broken.json")
        let broken = try shotter(["report", "merge", "broken.json", "-o", "out"])
        #expect(broken.status == 1 && broken.errors == "broken.json: not a shotter results file (no version)\n")
    }

    /// CI fails, the failures are accepted from its artifacts, CI passes: no re-rendering.
    @Test func acceptFromArtifactsMakesCIPass() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try recordThenChangeTwoStreams()
        try write(stream(["New"]), "flows/D.jsonl")
        let failing = try shotter(["test"], ci: true)
        #expect(failing.lastLine == "8 passed, 6 failed")
        let report = try String(contentsOfFile: dir + "/.shotter-artifacts/report.html", encoding: .utf8)
        #expect(report.contains("accept them all with <code class=\"accept\">shotter accept .shotter-artifacts</code>"))
        #expect(report.contains("<code class=\"accept\">shotter accept .shotter-artifacts B/002.iphone15pro.large.dark.png</code>"))
        #expect(report.contains("<code class=\"accept\">shotter accept .shotter-artifacts D/001.iphone15pro.large.light.png</code>"))

        // The artifacts as downloaded from CI, somewhere else.
        try FileManager.default.moveItem(atPath: dir + "/.shotter-artifacts", toPath: dir + "/downloaded")
        let one = try shotter(["accept", "downloaded", "B/002.iphone15pro.large.dark.png"])
        #expect(one.status == 0)
        #expect(one.output == "accepted __Snapshots__/B/002.iphone15pro.large.dark.png and its layout dump\naccepted 1 snapshot: review and commit them\n")
        #expect(try read("__Snapshots__/B/002.iphone15pro.large.dark.png") == read("downloaded/failures/B/002.iphone15pro.large.dark.actual.png"))
        #expect(try shotter(["test"], ci: true).lastLine == "9 passed, 5 failed")

        let all = try shotter(["accept", "downloaded"])
        #expect(all.status == 0)
        #expect(all.output.hasSuffix("accepted 6 snapshots: review and commit them\n"))
        #expect(exists("__Snapshots__/D/001.iphone15pro.large.dark.layout.json"))
        let passing = try shotter(["test"], ci: true)
        #expect(passing.status == 0)
        #expect(passing.lastLine == "14 passed, 0 failed", "no layout dump was left to write: \(passing.output)")
    }

    /// The report's accept commands as headless Chromium shows the page (scripts/setup.sh
    /// installs it): the one for all, and each failure's card's with that card's name.
    func acceptCommandsInTheBrowser() throws -> (all: [String], cards: [(name: String, command: String)]) {
        let page = URL(fileURLWithPath: dir + "/.shotter-artifacts/report.html").absoluteString
        let browser = try CLI.run(["--no-sandbox", "--disable-gpu", "--dump-dom", page], executable: "/usr/bin/chromium-headless-shell")
        #expect(browser.status == 0, "\(browser.stderr)")
        func text(_ html: Substring) -> String {
            html.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
        let commands = /<code class="accept">([^<]*)<\/code>/
        let parts = browser.stdout.split(separator: "<section class=\"card\"", omittingEmptySubsequences: false)
        let all = parts[0].matches(of: commands).map { text($0.1) }
        var cards: [(name: String, command: String)] = []
        for card in parts.dropFirst() {
            let name = try #require(card.firstMatch(of: /<h2><span class="status failed">failed<\/span> ([^<]*)<\/h2>/)).1
            let command = try #require(card.firstMatch(of: commands), "no accept command for \(name)").1
            cards.append((text(name), text(command)))
        }
        return (all, cards)
    }

    /// `command` pasted into a POSIX shell in the project, `shotter` being the built binary.
    func paste(_ command: String) throws -> Run {
        let binary = try #require(Self.binary)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"shotter() { "$SHOTTER_BINARY" "$@"; }; eval "$1""#, "sh", command]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.environment = CLI.environment.merging(["SHOTTER_BINARY": binary]) { _, new in new }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: output, errors: errors)
    }

    /// report.html of a failing run, opened in a browser: every failure's card shows a command
    /// that, pasted into a shell, accepts exactly that snapshot (an image, a layout report, a
    /// stream whose name needs quoting); the command for all makes the next CI run pass.
    @Test func reportsAcceptCommandsWorkAsTheBrowserShowsThem() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(#"{"streams": ["flows/*.jsonl"], "schemes": ["light", "dark"], "scale": 1, "formats": ["png", "layout"]}"#, "shotter.json")
        try write(stream(["Hello"]), "flows/B.jsonl")
        #expect(try shotter(["test"]).status == 0)
        try write(stream(["Hello, and more"]), "flows/B.jsonl")
        try write(stream(["New"]), "flows/It's odd.jsonl")
        #expect(try shotter(["test"], ci: true).lastLine == "0 passed, 8 failed")

        let shown = try acceptCommandsInTheBrowser()
        #expect(shown.all == ["shotter accept .shotter-artifacts"])
        #expect(shown.cards.map(\.name) == ["B/001.iphone15pro.large.dark.layout.json", "B/001.iphone15pro.large.dark.png",
                                            "B/001.iphone15pro.large.light.layout.json", "B/001.iphone15pro.large.light.png",
                                            "It's odd/001.iphone15pro.large.dark.layout.json", "It's odd/001.iphone15pro.large.dark.png",
                                            "It's odd/001.iphone15pro.large.light.layout.json", "It's odd/001.iphone15pro.large.light.png"])
        for (name, command) in shown.cards {
            let run = try paste(command)
            #expect(run.status == 0, "\(command): \(run.errors)")
            #expect(run.output.hasPrefix("accepted __Snapshots__/\(name)"), "\(command): \(run.output)")
            #expect(run.output.hasSuffix("accepted 1 snapshot: review and commit them\n"), "\(command)")
        }
        #expect(try shotter(["test"], ci: true).lastLine == "8 passed, 0 failed")

        try write(stream(["Hello, and even more"]), "flows/B.jsonl")
        #expect(try shotter(["test"], ci: true).lastLine == "4 passed, 4 failed")
        let again = try acceptCommandsInTheBrowser()
        #expect(again.cards.count == 4)
        let all = try paste(try #require(again.all.first))
        #expect(all.status == 0 && all.output.hasSuffix("accepted 2 snapshots: review and commit them\n"), "\(all.output)")
        #expect(try shotter(["test"], ci: true).lastLine == "8 passed, 0 failed")
    }

    /// Hostile names and files: nothing is written, and the goldens stay as they were.
    @Test func acceptRefusesWhatWouldLeaveTheGoldens() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try recordThenChangeTwoStreams()
        #expect(try shotter(["test"], ci: true).status == 1)
        let before = try goldens()
        let artifacts = ".shotter-artifacts"
        for name in ["../x.png", "/etc/passwd", "B/../../x.iphone15pro.large.light.png", "B/002.iphone15pro.large.light.png/../../../x.png",
                     "B/002.iphone15pro.large.light.txt", "B/999.iphone15pro.large.light.png"] {
            let run = try shotter(["accept", artifacts, name])
            #expect(run.status == 1, "\(name)")
            #expect(run.errors.contains(name.hasPrefix("B/999") ? "no failure named" : "is not a snapshot name"), "\(name): \(run.errors)")
        }
        #expect(try goldens() == before)

        let folder = dir + "/" + artifacts + "/failures/B/"
        // A link in place of an actual image (it could copy any readable file into the goldens).
        try FileManager.default.moveItem(atPath: folder + "002.iphone15pro.large.light.actual.png", toPath: dir + "/kept.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "002.iphone15pro.large.light.actual.png", withDestinationPath: dir + "/kept.png")
        let linked = try shotter(["accept", artifacts])
        #expect(linked.status == 1 && linked.errors.contains("the actual image is not a regular file"), "\(linked.errors)")
        try FileManager.default.removeItem(atPath: folder + "002.iphone15pro.large.light.actual.png")
        try FileManager.default.moveItem(atPath: dir + "/kept.png", toPath: folder + "002.iphone15pro.large.light.actual.png")

        // A file named as an actual image whose golden name is not one shotter writes, and one
        // that is not what its name says.
        try write("x", artifacts + "/failures/B/evil.actual.png")
        #expect(try shotter(["accept", artifacts]).errors.contains("evil.actual.png: not named as a failure of shotter test"))
        try FileManager.default.removeItem(atPath: folder + "evil.actual.png")
        try write("not a png", artifacts + "/failures/B/002.iphone15pro.large.light.actual.png")
        #expect(try shotter(["accept", artifacts]).errors.contains("002.iphone15pro.large.light.actual.png: not a PNG image"))
        #expect(try goldens() == before)

        // A stream folder of the goldens that links outside them.
        let outside = dir + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: dir + "/__Snapshots__/C")
        try FileManager.default.createSymbolicLink(atPath: dir + "/__Snapshots__/C", withDestinationPath: outside)
        let escaping = try shotter(["accept", artifacts, "C/002.iphone15pro.large.dark.png"])
        #expect(escaping.status == 1 && escaping.errors.contains("would leave the goldens directory"), "\(escaping.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [])
        #expect(try shotter(["accept", "nowhere"]).status == 1)
        #expect(try shotter(["accept"]).status == 2)
    }

    /// The pull request's view: a Markdown summary (appended to GitHub's step summary) and an
    /// annotation at the stream line of the element that moved, before the tally.
    @Test func summaryAndAnnotationsForPullRequests() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try recordThenChangeTwoStreams()
        try write("### earlier step\n", "step-summary.md")
        let run = try shotter(["test", "--annotations", "github"], ci: true,
                              environment: ["GITHUB_STEP_SUMMARY": dir + "/step-summary.md", "GITHUB_SERVER_URL": "https://github.com",
                                            "GITHUB_REPOSITORY": "me/app", "GITHUB_RUN_ID": "42"])
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.suffix(2) == ["::error file=flows/C.jsonl,line=4,title=shotter%3A C/002.iphone15pro.large.light.png::#1 text 'World, and more': text 'World' -> 'World, and more', x 174 -> 133, width 45 -> 125; 452 of 334836 pixels differ (0.135%25)",
                                    "8 passed, 4 failed"])
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 4)
        let summary = try String(contentsOfFile: dir + "/step-summary.md", encoding: .utf8)
        #expect(summary.hasPrefix("### earlier step\n### shotter: 8 passed, 4 failed\n\n8 passed · 4 failed\n\n| snapshot | why | what moved |\n|---|---|---|\n| <code>B/002.iphone15pro.large.dark.png</code> | 452 of 334836 pixels differ (0.135%) | <code>#1 text 'World, and more': text 'World' -&gt; 'World, and more', x 174 -&gt; 133, width 45 -&gt; 125</code> |\n"))
        #expect(summary.hasSuffix("Report: .shotter-artifacts/report.html in the artifacts of https://github.com/me/app/actions/runs/42\n\nIf the changes are intended, download the report's folder and accept them: <code>shotter accept .shotter-artifacts</code>\n"))

        let file = try shotter(["test", "--summary", "summary.md"], ci: true)
        #expect(!file.output.contains("::error"))
        #expect(try String(contentsOfFile: dir + "/summary.md", encoding: .utf8).hasPrefix("### shotter: 8 passed, 4 failed\n"))
        #expect(try shotter(["test", "--annotations", "gitlab"]).status == 2)
    }

    /// `"pngCompression": "small"` writes the same bytes on every run, smaller than `fast`'s,
    /// and goldens of either kind pass against the other.
    @Test func smallPNGGoldensAreByteIdenticalAndSmaller() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let small = #"{"streams": ["flows/*.jsonl"], "devices": ["160x90@2"], "schemes": ["light", "dark"], "pngCompression": "small"}"#
        try write(small, "shotter.json")
        try write(stream(["Hello"]), "flows/Greeting.jsonl")
        for goldens in ["first", "second"] { #expect(try shotter(["test", "--goldens", goldens]).status == 0) }
        try write(small.replacingOccurrences(of: "small", with: "fast"), "shotter.json")
        #expect(try shotter(["test", "--goldens", "fast"]).status == 0)
        for name in ["Greeting/001.160x90@2.large.light.png", "Greeting/001.160x90@2.large.dark.png"] {
            #expect(try read("first/" + name) == read("second/" + name))
            #expect(try read("first/" + name).count < read("fast/" + name).count)
        }
        #expect(try shotter(["test", "--goldens", "first"], ci: true).lastLine == "2 passed, 0 failed")
        try write(small.replacingOccurrences(of: "small", with: "tiny"), "shotter.json")
        let bad = try shotter(["test"])
        #expect(bad.status == 2 && bad.errors.contains("pngCompression must be \"fast\" or \"small\""))
    }
}
