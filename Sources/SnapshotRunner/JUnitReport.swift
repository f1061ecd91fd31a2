import LayoutEngine

/// JUnit XML, one test suite per stream and one test case per snapshot, as CI systems read it.
/// Recorded snapshots are failures on CI and skipped elsewhere.
public enum JUnitReport {
    public static func xml(_ summary: RunSummary, artifacts: String) -> String {
        var suites: [String: [SnapshotResult]] = [:]
        for result in summary.results { suites[result.stream, default: []].append(result) }
        func isFailure(_ r: SnapshotResult) -> Bool { r.status == .failed || (r.status == .recorded && summary.ci) }
        func isSkipped(_ r: SnapshotResult) -> Bool { r.status == .recorded && !summary.ci }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"shotter\" tests=\"\(summary.results.count)\" failures=\"\(summary.failed)\" skipped=\"\(summary.results.filter(isSkipped).count)\">\n"
        for name in suites.keys.sorted() {
            let results = suites[name] ?? []
            out += "  <testsuite name=\"\(escape(name))\" tests=\"\(results.count)\" failures=\"\(results.filter(isFailure).count)\" skipped=\"\(results.filter(isSkipped).count)\">\n"
            for r in results {
                let caseName = r.path.hasPrefix(name + "/") ? String(r.path.dropFirst(name.count + 1)) : r.path
                out += "    <testcase classname=\"\(escape(name))\" name=\"\(escape(caseName))\""
                if r.status == .passed { out += "/>\n"; continue }
                out += ">\n"
                var details = r.changes
                details += [r.expected, r.actual, r.diff].compactMap { $0.map { "\(artifacts)/\($0)" } }
                details += r.wrote.map { "wrote \($0)" }
                let body = details.isEmpty ? "" : escape(details.joined(separator: "\n"))
                if isFailure(r) {
                    out += "      <failure message=\"\(escape(r.message))\">\(body)</failure>\n"
                } else {
                    out += "      <skipped message=\"\(escape(r.message))\"/>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    static func escape(_ s: String) -> String { MessageText.xmlEscaped(s) }
}
