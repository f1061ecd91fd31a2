import TestSupport
import Audit
import LayoutEngine
import LayoutModel
import Testing

@Suite struct ReportTests {
    /// Stats' grid in small: "Revenue" across "$412" from xLarge, in both schemes.
    static func overlap() throws -> (StreamBuilder, AuditResult) {
        var b = StreamBuilder()
        let (root, _, _) = ChecksTests.column(&b, "Revenue", "$412")
        return (b, try b.audit(root: root, sizes: [.large, .xLarge, .accessibility3], schemes: [.light, .dark]))
    }

    @Test func theConsoleSaysWhereWhatAndFromWhichSize() throws {
        let (b, result) = try Self.overlap()
        let report = AuditReport(findings: result.findings, unmeasured: 0, baseline: nil, failOn: .error)
        #expect(report.console == [
            "test.jsonl:\(b.createLine(of: 1)): error text.overlap #1 text \"Revenue\": lines drawn over #3 text \"$412\" from xLarge (light, dark)",
            "1 error, 0 warnings",
        ])
        #expect(report.exitStatus == 1)
        #expect(AuditReport(findings: result.findings, unmeasured: 0, baseline: nil, failOn: .never).exitStatus == 0)
    }

    @Test func jsonNamesTheElementItsLineAndEveryConfiguration() throws {
        let (b, result) = try Self.overlap()
        let json = AuditReport(findings: result.findings, unmeasured: 2, baseline: nil, failOn: .error).json
        guard case .array(let findings) = json["findings"] ?? .null, let finding = findings.first else {
            Issue.record("no findings array")
            return
        }
        #expect(finding["check"] == .string("text.overlap"))
        #expect(finding["line"] == .number(Double(b.createLine(of: 1))))
        #expect(finding["element"]?["text"] == .string("Revenue"))
        #expect(finding["firstSize"] == .string("xLarge"))
        #expect(finding["measured"] == .number(6.5 * 23) && finding["threshold"] == .number(1))
        guard case .array(let occurs) = finding["occursAt"] ?? .null else { Issue.record("no occursAt"); return }
        #expect(occurs.count == 4)
        #expect(occurs.first?["device"] == .string("400x800@1"))
        #expect(json["summary"]?["unmeasured"] == .number(2))
        #expect(json["summary"]?["errors"] == .number(1))
        // Deterministic: the same stream audits to the same bytes.
        let again = try Self.overlap().1
        #expect(AuditReport(findings: again.findings, unmeasured: 2, baseline: nil, failOn: .error).json.serialized() == json.serialized())
    }

    @Test func sarifLocatesEachResultAtTheCreateOp() throws {
        let (b, result) = try Self.overlap()
        let sarif = AuditReport(findings: result.findings, unmeasured: 0, baseline: nil, failOn: .error).sarif
        #expect(sarif["version"] == .string("2.1.0"))
        guard case .array(let runs) = sarif["runs"] ?? .null, case .array(let results) = runs.first?["results"] ?? .null,
              case .array(let locations) = results.first?["locations"] ?? .null else {
            Issue.record("no results")
            return
        }
        #expect(results.first?["ruleId"] == .string("text.overlap") && results.first?["level"] == .string("error"))
        let physical = locations.first?["physicalLocation"]
        #expect(physical?["artifactLocation"]?["uri"] == .string("test.jsonl"))
        #expect(physical?["region"]?["startLine"] == .number(Double(b.createLine(of: 1))))
    }

    @Test func junitFailsOnlyWhatFailsTheRun() throws {
        let (_, result) = try Self.overlap()
        let failing = AuditReport(findings: result.findings, unmeasured: 0, baseline: nil, failOn: .error).junit
        #expect(failing.contains("<testsuite name=\"test.jsonl\" tests=\"1\" failures=\"1\">"))
        #expect(failing.contains("<failure type=\"error\" message=\"test.jsonl:1: lines drawn over #3 text &quot;$412&quot; from xLarge\"/>"))
        let passing = AuditReport(findings: result.findings, unmeasured: 0, baseline: nil, failOn: .never).junit
        #expect(passing.contains("failures=\"0\"") && !passing.contains("<failure"))
    }

    @Test func aBaselineRoundTripsKeepsReasonsAndReportsStaleEntries() throws {
        let (_, result) = try Self.overlap()
        let written = Baseline(findings: result.findings).serialized
        var read = try Baseline(file: "baseline.json", bytes: Array(written.utf8))
        #expect(read == Baseline(findings: result.findings))
        #expect(read.entries.map(\.selector) == ["hstack[0]/styled[0]/text[0] \"Revenue\""])
        // Baselined: listed as such, not failing.
        let report = AuditReport(findings: result.findings, unmeasured: 0, baseline: read, failOn: .error)
        #expect(report.exitStatus == 0)
        #expect(report.console.first?.hasSuffix("[baselined]") == true)
        // A reason written by hand survives re-recording.
        read.entries[0].reason = "fixed in the next release"
        #expect(Baseline(findings: result.findings, keepingReasonsFrom: read).entries[0].reason == "fixed in the next release")
        // Nothing found any more: the entry is stale, which does not fail either.
        let fixed = AuditReport(findings: [], unmeasured: 0, baseline: read, failOn: .error)
        #expect(fixed.stale.count == 1 && fixed.exitStatus == 0)
        #expect(fixed.console == ["test.jsonl: stale baseline entry text.overlap hstack[0]/styled[0]/text[0] \"Revenue\"",
                                  "0 errors, 0 warnings, 1 stale"])
    }

    @Test func aBrokenBaselineIsAnInputErrorNamingTheFile() {
        #expect(throws: InputError(file: "b.json", line: 1, message: "a baseline is an object with a \"findings\" array")) {
            try Baseline(file: "b.json", bytes: Array("{}".utf8))
        }
    }

    @Test func theSelectorPrefersAnAccessibilityIdentifier() throws {
        var c = StreamBuilder()
        let revenue = c.text("Revenue")
        let tagged = c.styled(["accessibilityIdentifier": .s("revenue"), "frame": .object(["width": .n(60), "alignment": .s("leading")])], revenue)
        let amount = c.text("$412")
        let row = c.hstack(spacing: 0, [tagged, amount])
        let finding = try #require(try c.audit(root: row, sizes: [.large, .xLarge]).findings.first)
        #expect(finding.element.selector == "#revenue")
    }
}
