import LayoutEngine
import LayoutModel

/// The audit of a whole run (every stream and commit), compared with a baseline when given.
public struct AuditReport: Sendable {
    public enum Status: String, Sendable { case new, baselined }

    public struct Entry: Sendable {
        public var finding: Finding
        public var status: Status
    }

    /// Which severities fail the run (`--fail-on`).
    public enum FailOn: String, Sendable, CaseIterable {
        case error, warning, never

        func fails(_ severity: Severity) -> Bool {
            switch self {
            case .error: severity == .error
            case .warning: true
            case .never: false
            }
        }
    }

    public var entries: [Entry]
    /// Baseline entries no finding matched any more.
    public var stale: [Baseline.Entry]
    public var unmeasured: Int
    public var failOn: FailOn

    public init(findings: [Finding], unmeasured: Int, baseline: Baseline?, failOn: FailOn) {
        let known = Set(baseline?.entries.map(\.fingerprint) ?? [])
        entries = findings.map { Entry(finding: $0, status: known.contains($0.fingerprint) ? .baselined : .new) }
        let found = Set(findings.map(\.fingerprint))
        stale = baseline?.entries.filter { !found.contains($0.fingerprint) } ?? []
        self.unmeasured = unmeasured
        self.failOn = failOn
    }

    public var errors: Int { entries.filter { $0.finding.severity == .error }.count }
    public var warnings: Int { entries.filter { $0.finding.severity == .warning }.count }

    /// A new finding at or above `--fail-on`.
    func fails(_ entry: Entry) -> Bool { entry.status == .new && failOn.fails(entry.finding.severity) }
    /// The exit status: 1 when a new finding is at or above `--fail-on`, else 0.
    public var exitStatus: Int32 { entries.contains(where: fails) ? 1 : 0 }

    private var manyCommits: Bool { Set(entries.map { "\($0.finding.stream) \($0.finding.commit)" }).count > 1 }

    // MARK: console

    /// One line per finding, then stale baseline entries, then `N errors, M warnings`.
    public var console: [String] {
        var lines = entries.map { entry -> String in
            let f = entry.finding
            let schemes = orderedUnique(f.occursAt.map(\.appearance)).joined(separator: ", ")
            return "\(f.stream):\(f.element.line): \(f.severity.rawValue) \(f.check.rawValue) \(f.element.description)"
                + (f.part.map { " \($0)" } ?? "") + ": \(f.detail) from \(f.firstSize.rawValue) (\(schemes))"
                + (manyCommits ? " at commit \(f.commit)" : "") + (f.review ? " [review]" : "")
                + (entry.status == .baselined ? " [baselined]" : "")
        }
        lines += stale.map { "\($0.stream): stale baseline entry \($0.check) \($0.selector)" }
        var summary = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        let baselined = entries.filter { $0.status == .baselined }.count
        if baselined > 0 { summary += ", \(baselined) baselined" }
        if !stale.isEmpty { summary += ", \(stale.count) stale" }
        if unmeasured > 0 { summary += ", \(unmeasured) not measured" }
        return lines + [summary]
    }

    // MARK: JSON

    public var json: JSON {
        let findings = entries.map { entry -> JSON in
            let f = entry.finding
            var fields: [String: JSON] = [
                "check": .string(f.check.rawValue), "severity": .string(f.severity.rawValue), "stream": .string(f.stream),
                "line": .number(Double(f.element.line)), "commit": .number(Double(f.commit)),
                "element": Self.json(f.element), "detail": .string(f.detail), "firstSize": .string(f.firstSize.rawValue),
                "occursAt": .array(f.occursAt.map { c in
                    var fields: [String: JSON] = ["device": .string(c.device), "dynamicTypeSize": .string(c.size.rawValue),
                                                  "colorScheme": .string(c.scheme.rawValue)]
                    if c.layoutDirection != .ltr { fields["layoutDirection"] = .string(c.layoutDirection.rawValue) }
                    return .object(fields)
                }),
                "fingerprint": .string(f.fingerprint), "status": .string(entry.status.rawValue),
                "measured": f.measurement.map { .number($0.value) } ?? .null,
                "threshold": f.measurement.map { .number($0.threshold) } ?? .null,
            ]
            if let m = f.measurement { fields["unit"] = .string(m.unit) }
            if let frame = f.frame {
                fields["frame"] = .object(["x": .number(frame.x), "y": .number(frame.y),
                                           "width": .number(frame.width), "height": .number(frame.height)])
            }
            if let part = f.part { fields["part"] = .string(part) }
            if let related = f.related { fields["related"] = Self.json(related) }
            if f.review { fields["review"] = .bool(true) }
            return .object(fields)
        }
        let baselined = entries.filter { $0.status == .baselined }.count
        return .object([
            "findings": .array(findings),
            "stale": .array(stale.map(\.json)),
            "summary": .object([
                "errors": .number(Double(errors)), "warnings": .number(Double(warnings)),
                "new": .number(Double(entries.count - baselined)), "baselined": .number(Double(baselined)),
                "stale": .number(Double(stale.count)), "unmeasured": .number(Double(unmeasured)),
                "failed": .bool(exitStatus != 0),
            ]),
        ])
    }

    private static func json(_ element: ElementRef) -> JSON {
        var fields: [String: JSON] = ["id": .number(Double(element.id)), "kind": .string(element.kind),
                                      "line": .number(Double(element.line)), "selector": .string(element.selector)]
        if let text = element.text { fields["text"] = .string(text) }
        return .object(fields)
    }

    // MARK: JUnit

    /// One test suite per stream, one test case per finding: a failure when it fails the run,
    /// skipped when baselined; a stream without findings has one passing case.
    public var junit: String {
        let streams = orderedUnique(entries.map(\.finding.stream))
        var suites: [String] = []
        var totalFailures = 0, totalTests = 0
        for stream in streams {
            let mine = entries.filter { $0.finding.stream == stream }
            let failures = mine.filter(fails).count
            totalFailures += failures
            totalTests += mine.count
            let cases = mine.map { entry -> String in
                let f = entry.finding
                let name = "\(f.check.rawValue) \(f.element.description)" + (f.part.map { " \($0)" } ?? "")
                let message = "\(f.stream):\(f.element.line): \(f.detail) from \(f.firstSize.rawValue)"
                let body = fails(entry) ? "<failure type=\"\(f.severity.rawValue)\" message=\"\(MessageText.xmlEscaped(message))\"/>"
                    : entry.status == .baselined ? "<skipped message=\"baselined\"/>"
                    : "<system-out>\(MessageText.xmlEscaped(f.severity.rawValue + ": " + message))</system-out>"
                return "    <testcase classname=\"\(MessageText.xmlEscaped(stream))\" name=\"\(MessageText.xmlEscaped(name))\">\(body)</testcase>"
            }
            suites.append("  <testsuite name=\"\(MessageText.xmlEscaped(stream))\" tests=\"\(mine.count)\" failures=\"\(failures)\">\n"
                          + cases.joined(separator: "\n") + "\n  </testsuite>")
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"shotter audit\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\">\n"
            + suites.map { $0 + "\n" }.joined() + "</testsuites>\n"
    }

    // MARK: SARIF

    /// SARIF 2.1.0: one run, a rule per check, a result per finding located at the stream
    /// line of the element's `create` op; baselined findings carry `baselineState: unchanged`.
    public var sarif: JSON {
        let rules = Check.allCases.map { check -> JSON in
            .object(["id": .string(check.rawValue), "shortDescription": .object(["text": .string(check.summary)])])
        }
        let results = entries.map { entry -> JSON in
            let f = entry.finding
            let level = f.severity == .error ? "error" : "warning"
            return .object([
                "ruleId": .string(f.check.rawValue),
                "ruleIndex": .number(Double(Check.allCases.firstIndex(of: f.check)!)),
                "level": .string(level),
                "message": .object(["text": .string("\(f.element.description): \(f.detail) from \(f.firstSize.rawValue)")]),
                "locations": .array([.object(["physicalLocation": .object([
                    "artifactLocation": .object(["uri": .string(f.stream)]),
                    "region": .object(["startLine": .number(Double(max(1, f.element.line)))]),
                ])])]),
                "partialFingerprints": .object(["shotterFinding/v1": .string(f.fingerprint)]),
                "baselineState": .string(entry.status == .baselined ? "unchanged" : "new"),
            ])
        }
        return .object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object([
                "tool": .object(["driver": .object([
                    "name": .string("shotter"),
                    "rules": .array(rules),
                ])]),
                "results": .array(results),
            ])]),
        ])
    }
}

func orderedUnique(_ items: [String]) -> [String] {
    var seen: Set<String> = []
    return items.filter { seen.insert($0).inserted }
}
