/// What `shotter test` prints: failures with their changes, what was written, unused goldens,
/// and last the tally line `N passed, M failed`.
public enum ConsoleReport {
    /// At most this many changed elements per failure; the HTML report lists them all.
    static let maxChanges = 12

    /// `goldens` and `artifacts` are the directories as the user should see them.
    public static func lines(_ summary: RunSummary, goldens: String, artifacts: String,
                             reportPath: String?, junitPath: String?) -> [String] {
        var out: [String] = []
        for result in summary.results where result.status != .passed || result.message != "matches" || !result.wrote.isEmpty {
            switch result.status {
            case .passed:
                out.append("ok   \(result.path): \(result.message)")
                for file in result.wrote { out.append("       wrote \(goldens)/\(file)") }
            case .failed, .recorded:
                out.append("\(result.status == .failed ? "FAIL" : "REC ") \(result.path): \(result.message)")
                for change in result.changes.prefix(maxChanges) { out.append("       \(change)") }
                if result.changes.count > maxChanges { out.append("       ... and \(result.changes.count - maxChanges) more (see the report)") }
                if result.layoutCompared && result.changes.isEmpty && result.expected != nil {
                    out.append("       no frame changed: the difference is in what is drawn")
                }
                // A new golden's copy in the artifacts is for the HTML report; the log names the golden.
                if result.status == .failed || result.expected != nil, let files = artifactFiles(result) {
                    out.append("       see \(artifacts)/\(files)")
                }
                if let image = result.wrote.first {
                    out.append("       wrote \(goldens)/\(image)" + (result.wrote.count > 1 ? " and its layout dump" : ""))
                }
            }
        }
        for file in summary.unused {
            out.append(summary.pruned ? "deleted unused golden \(goldens)/\(file)"
                                      : "unused golden \(goldens)/\(file) (no configuration produces it; --prune deletes it)")
        }
        if summary.recorded > 0 {
            let what = "recorded \(summary.recorded) snapshot\(summary.recorded == 1 ? "" : "s")"
            out.append(summary.ci ? "\(what) although CI is set: record goldens locally and commit them" : "\(what): review and commit them")
        }
        if summary.results.contains(where: { $0.status == .failed && $0.expected != nil }) {
            out.append("if the changes are intended, update the goldens with `shotter test --record=failed` and commit them")
        }
        if let reportPath { out.append("report: \(reportPath)") }
        if let junitPath { out.append("junit: \(junitPath)") }
        out.append(summary.tally)
        return out
    }

    /// `failures/Counter/001.iphone15pro.large.light.{expected,actual,diff}.png`
    static func artifactFiles(_ result: SnapshotResult) -> String? {
        let files = [result.expected, result.actual, result.diff].compactMap { $0 }
        guard let first = files.first else { return nil }
        guard files.count > 1 else { return first }
        // Every name is BASE.ROLE.EXT (EXT may be `layout.json`); the roles go in braces when
        // base and extension are shared.
        let parts = files.map { path -> (base: String, role: String, ext: String) in
            let pieces = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let role = pieces.lastIndex { ["expected", "actual", "diff"].contains($0) } ?? pieces.count - 2
            return (pieces[..<role].joined(separator: "."), pieces[role], pieces[(role + 1)...].joined(separator: "."))
        }
        guard parts.allSatisfy({ $0.base == parts[0].base && $0.ext == parts[0].ext }) else { return files.joined(separator: " ") }
        return "\(parts[0].base).{\(parts.map(\.role).joined(separator: ","))}.\(parts[0].ext)"
    }
}
