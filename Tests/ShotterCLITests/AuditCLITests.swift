import Foundation
import Testing

/// `shotter audit` end to end, on the issue's example: in Examples/Stats.jsonl the labels
/// column of the grid gets narrower than "Revenue" at the accessibility sizes and the label
/// is drawn across "$412". Sizes are asserted as a range, since text widths follow the fonts.
@Suite struct AuditCLITests {
    static let stats = "Examples/Stats.jsonl"
    /// `create` op of element 28, the text "Revenue".
    static let revenueLine = 51

    static func json(_ path: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
    }

    @Test func statsRevenueIsDrawnAcrossItsAmountAtTheAccessibilitySizes() throws {
        let dir = try CLI.temporaryDirectory()
        let report = dir.appendingPathComponent("audit.json")
        let run = try CLI.run(["audit", Self.stats, "--json", report.path], in: CLI.repository)
        #expect(run.status == 1, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("text.overlap #28") })
        #expect(line.hasPrefix("\(Self.stats):\(Self.revenueLine): error text.overlap #28 text \"Revenue\": lines drawn over #32 text \"$412\" from "))
        #expect(run.stdout.hasSuffix("warnings\n"))

        let findings = try #require(try Self.json(report)["findings"] as? [[String: Any]])
        let overlap = try #require(findings.first { $0["check"] as? String == "text.overlap" && ($0["element"] as? [String: Any])?["id"] as? Int == 28 })
        #expect(overlap["line"] as? Int == Self.revenueLine)
        #expect(overlap["stream"] as? String == Self.stats)
        #expect((overlap["related"] as? [String: Any])?["id"] as? Int == 32)
        #expect((overlap["element"] as? [String: Any])?["kind"] as? String == "text")
        // Whole at large; across "$412" from somewhere between xxxLarge and accessibility3.
        #expect(["xxxLarge", "accessibility1", "accessibility2", "accessibility3"].contains(overlap["firstSize"] as? String ?? ""))
        let occurs = try #require(overlap["occursAt"] as? [[String: String]])
        #expect(!occurs.contains { $0["dynamicTypeSize"] == "large" })
        for scheme in ["light", "dark"] {
            #expect(occurs.contains { $0["dynamicTypeSize"] == "accessibility3" && $0["colorScheme"] == scheme && $0["device"] == "iphone15pro" })
        }
        #expect(try #require(overlap["measured"] as? Double) > 1)
    }

    /// README's "Dynamic Type audits" shows an excerpt of its command's output: every line of
    /// it is in what that command prints today.
    @Test func theReadmeExcerptIsWhatTheAuditPrints() throws {
        let readme = try String(contentsOf: CLI.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Dynamic Type audits").dropFirst().first)
        let command = "shotter audit Examples/Stats.jsonl --dynamic-type large,xxLarge,accessibility3 --scheme light"
        #expect(section.contains(command))
        let excerpt = section.split(separator: "\n").filter { $0.hasPrefix("Examples/Stats.jsonl:") || $0.hasSuffix(" warnings") }
        #expect(excerpt.count == 6)
        let run = try CLI.run(Array(command.split(separator: " ").dropFirst().map(String.init)), in: CLI.repository)
        #expect(run.status == 1)
        let printed = Set(run.stdout.split(separator: "\n"))
        for line in excerpt { #expect(printed.contains(line), "README: \(line)") }
    }

    /// White text over a black-to-white vertical gradient 100 pt tall: the audit measures the
    /// rendered pixels under the line box, not the gradient's stops (whose worst, white, would
    /// give 1:1).
    @Test func overAGradientTheRenderedPixelsUnderTheLineAreMeasured() throws {
        let dir = try CLI.temporaryDirectory()
        let white = #"{"a":1,"b":1,"g":1,"r":1}"#, black = #"{"a":1,"b":0,"g":0,"r":0}"#
        let gradient = #"{"linearGradient":{"end":{"x":0.5,"y":1},"start":{"x":0.5,"y":0},"stops":[{"color":\#(black),"location":0},{"color":\#(white),"location":1}]}}"#
        let ops = [
            #"{"id":1,"kind":"text","op":"create","props":{"text":"Sale"}}"#,
            #"{"id":2,"kind":"styled","op":"create","props":{"style":{"foreground":\#(white)}}}"#,
            #"{"id":1,"index":0,"op":"insert","parent":2}"#,
            #"{"id":3,"kind":"styled","op":"create","props":{"style":{"frame":{"height":100,"width":200}}}}"#,
            #"{"id":2,"index":0,"op":"insert","parent":3}"#,
            #"{"id":4,"kind":"styled","op":"create","props":{"style":{"background":\#(gradient)}}}"#,
            #"{"id":3,"index":0,"op":"insert","parent":4}"#,
            #"{"id":4,"index":0,"op":"insert","parent":0}"#,
            #"{"op":"commit"}"#,
        ]
        try Data((ops.joined(separator: "\n") + "\n").utf8).write(to: dir.appendingPathComponent("g.jsonl"))
        let run = try CLI.run(["audit", "g.jsonl", "--dynamic-type", "large", "--scheme", "light", "--json", "g.json"], in: dir)
        #expect(run.status == 1)
        let finding = try #require((try Self.json(dir.appendingPathComponent("g.json"))["findings"] as? [[String: Any]])?.first)
        #expect(finding["check"] as? String == "contrast.text" && finding["review"] as? Bool == true)
        // The 22 pt line box is centered in the 100 pt gradient: it covers 39 to 61 pt, and
        // its lightest pixel is about 0.61 gray: L = ((0.61 + 0.055) / 1.055)^2.4 = 0.330,
        // white over it 1.05 / 0.380 = 2.76.
        let measured = try #require(finding["measured"] as? Double)
        #expect(measured > 2.7 && measured < 2.85, "\(measured)")
    }

    @Test func failOnDecidesTheExitStatus() throws {
        let never = try CLI.run(["audit", Self.stats, "--fail-on", "never"], in: CLI.repository)
        #expect(never.status == 0)
        // Todos at large in light has warnings (secondary text and back-button contrast), no error.
        let todos = ["audit", "Examples/Todos.jsonl", "--dynamic-type", "large", "--scheme", "light"]
        let warnings = try CLI.run(todos, in: CLI.repository)
        #expect(warnings.status == 0, "\(warnings.stdout)")
        #expect(warnings.stdout.hasSuffix("\n0 errors, 2 warnings\n"))
        #expect(try CLI.run(todos + ["--fail-on", "warning"], in: CLI.repository).status == 1)
    }

    @Test func aBaselineAcceptsTodaysFindingsAndFailsOnlyOnNewOnes() throws {
        let dir = try CLI.temporaryDirectory()
        let baseline = dir.appendingPathComponent("baseline.json")
        let write = try CLI.run(["audit", Self.stats, "--write-baseline", baseline.path], in: CLI.repository)
        #expect(write.status == 0, "\(write.stderr)")
        let check = try CLI.run(["audit", Self.stats, "--baseline", baseline.path], in: CLI.repository)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("text.overlap #28 text \"Revenue\"") && check.stdout.contains("[baselined]"))
        // Another stream's findings are all new against it; Stats' entries are stale there.
        let other = try CLI.run(["audit", "Examples/Counter.jsonl", "--baseline", baseline.path], in: CLI.repository)
        #expect(other.status == 1)
        #expect(other.stdout.contains("Examples/Stats.jsonl: stale baseline entry text.overlap"))
    }

    @Test func sarifAndJUnitReportsAreWritten() throws {
        let dir = try CLI.temporaryDirectory()
        let sarif = dir.appendingPathComponent("audit.sarif"), junit = dir.appendingPathComponent("audit.xml")
        let run = try CLI.run(["audit", Self.stats, "--dynamic-type", "large,accessibility3", "--sarif", sarif.path,
                               "--junit", junit.path], in: CLI.repository)
        #expect(run.status == 1)
        let log = try Self.json(sarif)
        #expect(log["version"] as? String == "2.1.0")
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        func startLine(_ result: [String: Any]) -> Int? {
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["region"] as? [String: Any])?["startLine"] as? Int
        }
        let overlap = try #require(results.first { $0["ruleId"] as? String == "text.overlap" && startLine($0) == Self.revenueLine })
        #expect(overlap["level"] as? String == "error")
        #expect((overlap["message"] as? [String: Any])?["text"] as? String == "#28 text \"Revenue\": lines drawn over #32 text \"$412\" from accessibility3")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml") && xml.contains("<testsuite name=\"Examples/Stats.jsonl\""))
        #expect(xml.contains("name=\"text.overlap #28 text &quot;Revenue&quot;\"><failure type=\"error\""))
    }

    @Test func aPlanWithAnAuditKeyRunsTheChecksInShotterTest() throws {
        let dir = try CLI.temporaryDirectory()
        try FileManager.default.copyItem(at: CLI.repository.appendingPathComponent(Self.stats),
                                         to: dir.appendingPathComponent("Stats.jsonl"))
        let plan = dir.appendingPathComponent("shotter.json")
        try Data(#"{"streams": ["Stats.jsonl"], "goldens": "g", "audit": {"failOn": "error"}}"#.utf8).write(to: plan)
        let first = try CLI.run(["test"], in: dir)
        #expect(first.status == 1)
        #expect(first.stdout.contains("\naudit: Stats.jsonl:\(Self.revenueLine): error text.overlap #28 text \"Revenue\""))
        // Accepted in a baseline, the same findings no longer fail the run.
        #expect(try CLI.run(["audit", "Stats.jsonl", "--write-baseline", "audit-baseline.json"], in: dir).status == 0)
        try Data(#"{"streams": ["Stats.jsonl"], "goldens": "g", "audit": {"baseline": "audit-baseline.json"}}"#.utf8).write(to: plan)
        let second = try CLI.run(["test"], in: dir)
        #expect(second.status == 0, "\(second.stdout)")
        #expect(second.stdout.contains("[baselined]"))
        try Data(#"{"streams": ["Stats.jsonl"], "audit": {"failOn": "sometimes"}}"#.utf8).write(to: plan)
        let bad = try CLI.run(["test"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("audit.failOn must be error, warning or never"))
    }

    @Test func theHTMLReportOutlinesEveryFindingOnItsScreenshots() throws {
        let dir = try CLI.temporaryDirectory()
        let html = dir.appendingPathComponent("report"), json = dir.appendingPathComponent("audit.json")
        let run = try CLI.run(["audit", Self.stats, "--html", html.path, "--json", json.path], in: CLI.repository)
        #expect(run.status == 1)
        let page = try String(contentsOf: html.appendingPathComponent("index.html"), encoding: .utf8)
        let findings = try #require(try Self.json(json)["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        for n in 1...findings.count { #expect(page.contains("data-finding=\"\(n)\""), "finding \(n) is not outlined") }
        #expect(!page.contains("data-finding=\"\(findings.count + 1)\""))
        // Twelve screenshots (the contact sheet) and the sheet as one image, PNGs beside the page.
        let files = try FileManager.default.contentsOfDirectory(atPath: html.path).filter { $0.hasSuffix(".png") }
        let sheet = "screen1-sheet-light.png"
        let images = files.filter { $0 != sheet }
        #expect(images.count == 12 && files.count == 13)
        for image in images {
            #expect(page.contains("src=\"\(image)\""))
            let bytes = try Data(contentsOf: html.appendingPathComponent(image))
            #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        }
        #expect(page.contains("<a class=\"sheet-image\" href=\"\(sheet)\">"))
        // Twelve 393 x 852 pt screens in a row, 24 pt apart, a caption below: 5028 x 926 px.
        let header = [UInt8](try Data(contentsOf: html.appendingPathComponent(sheet)).prefix(24))
        let size = [header[16...19], header[20...23]].map { $0.reduce(0) { $0 << 8 | Int($1) } }
        #expect(size == [5028, 926])
        #expect(page.contains("<ol class=\"legend\"><li>Truck Stats</li>"))

        // Loaded in headless Chromium (scripts/setup.sh installs it): no console message, and
        // the browser's DOM holds every outline the page wrote.
        let browser = try CLI.run(["--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0", "--dump-dom",
                                   html.appendingPathComponent("index.html").absoluteString],
                                  executable: "/usr/bin/chromium-headless-shell")
        #expect(browser.status == 0)
        #expect(!browser.stderr.contains(":CONSOLE"), "\(browser.stderr)")
        func outlines(_ html: String) -> Int { html.components(separatedBy: "class=\"outline ").count - 1 }
        #expect(outlines(browser.stdout) == outlines(page) && outlines(page) >= findings.count)
    }

    @Test func usageAndInputErrors() throws {
        #expect(try CLI.run(["audit"]).status == 2)
        let failOn = try CLI.run(["audit", Self.stats, "--fail-on", "sometimes"], in: CLI.repository)
        #expect(failOn.status == 2 && failOn.stderr.contains("--fail-on takes error, warning or never"))
        let missing = try CLI.run(["audit", "no-such.jsonl"])
        #expect(missing.status == 1 && missing.stderr.contains("no-such.jsonl"))
        let dir = try CLI.temporaryDirectory()
        let broken = dir.appendingPathComponent("baseline.json")
        try Data("[1, 2".utf8).write(to: broken)
        let bad = try CLI.run(["audit", Self.stats, "--baseline", broken.path], in: CLI.repository)
        #expect(bad.status == 1 && bad.stderr.hasPrefix("\(broken.path):1:"), "\(bad.stderr)")
    }
}

/// `shotter audit --pseudolanguage double` on three examples: every text whole at `large` in
/// English and cut in double-length is reported, against the plain layout at `large`.
@Suite struct PseudolanguageAuditCLITests {
    @Test func doubleLengthReportsTheTruncationsItCauses() throws {
        let run = try CLI.run(["audit", "Examples/Counter.jsonl", "Examples/FlowLayout.jsonl", "Examples/DonutGallery.jsonl",
                               "--pseudolanguage", "double", "--dynamic-type", "large", "--scheme", "light"], in: CLI.repository)
        #expect(run.status == 1, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let truncated = lines.filter { $0.contains("text.truncated") }
        #expect(truncated == [
            #"Examples/Counter.jsonl:12: error text.truncated #8 text "Reset": truncated from large (light; pseudo-double) at commit 3"#,
        ] + [(12, 7, "Chocolate"), (19, 11, "Sprinkles"), (33, 19, "Blueberry"), (47, 27, "Maple"), (61, 35, "Cinnamon"),
             (68, 39, "Matcha"), (82, 47, "Coconut"), (89, 51, "Hazelnut")].map { line, id, text in
            #"Examples/FlowLayout.jsonl:\#(line): error text.truncated #\#(id) text "\#(text)": truncated from large (light; pseudo-double) at commit 2"#
        } + [(27, 15, "Powdered Chocolate"), (52, 28, "Blueberry Frosted"), (77, 41, "Strawberry Sprinkles"),
             (102, 54, "Lemon Chiffon")].map { line, id, text in
            #"Examples/DonutGallery.jsonl:\#(line): error text.truncated #\#(id) text "\#(text)": truncated from large (light; pseudo-double) at commit 1"#
        })
        // The plain layout's own findings (secondary text contrast) are named as such.
        #expect(lines.filter { $0.contains("contrast.text") }.allSatisfy { $0.contains("(light; plain, pseudo-double)") })
        #expect(lines.last == "13 errors, 6 warnings")
        // Without the pseudolanguage none of these texts is cut.
        let plain = try CLI.run(["audit", "Examples/Counter.jsonl", "Examples/FlowLayout.jsonl", "Examples/DonutGallery.jsonl",
                                 "--dynamic-type", "large", "--scheme", "light"], in: CLI.repository)
        #expect(!plain.stdout.contains("text.truncated"))
    }
}
