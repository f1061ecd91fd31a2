import Foundation
import LayoutEngine

/// What a run tells a pull request: a Markdown summary for the job's page
/// (`GITHUB_STEP_SUMMARY`, or `--summary FILE`) and GitHub annotations that put each failure
/// on the stream line of the element that moved.
public enum PullRequestSummary {
    /// At most this many failures in the table, and changes per failure; the report has all.
    static let maxRows = 50
    static let maxChanges = 3

    /// `report` says where the report is (a path, or where the uploaded artifact is found);
    /// `accept` is the `shotter accept` command for these artifacts.
    public static func markdown(_ summary: RunSummary, report: String, accept: String?) -> String {
        let failures = summary.results.filter { $0.status == .failed || ($0.status == .recorded && summary.ci) }
        var out = "### shotter: \(summary.tally)\n\n"
        var counts = ["\(summary.passed) passed", "\(summary.failed) failed"]
        if summary.recorded > 0 { counts.append("\(summary.recorded) recorded") }
        if !summary.unused.isEmpty { counts.append("\(summary.unused.count) unused goldens") }
        if let shard = summary.shard { counts.append("shard \(shard)") }
        out += counts.joined(separator: " · ") + "\n\n"
        if !failures.isEmpty {
            out += "| snapshot | why | what moved |\n|---|---|---|\n"
            for r in failures.prefix(maxRows) {
                var moved = r.changes.prefix(maxChanges).map(code).joined(separator: "<br>")
                if r.changes.count > maxChanges { moved += "<br>… and \(r.changes.count - maxChanges) more" }
                if moved.isEmpty { moved = r.layoutCompared ? "no frame changed: the difference is in what is drawn" : "" }
                out += "| \(code(r.path)) | \(cell(r.message)) | \(moved) |\n"
            }
            if failures.count > maxRows { out += "\n… and \(failures.count - maxRows) more failures in the report.\n" }
            out += "\n"
        }
        out += "Report: \(cell(report))\n"
        if let accept, failures.contains(where: HTMLReport.acceptable) {
            out += "\nIf the changes are intended, download the report's folder and accept them: \(code(Accept.command(accept)))\n"
        }
        return out
    }

    /// `::error file=STREAM,line=N,title=NAME::CHANGES`, one per failure, at the first changed
    /// element the stream still has (the stream's first line when none is known). Stream files
    /// are shown relative to the working directory, as GitHub expects them.
    public static func githubAnnotations(_ summary: RunSummary) -> [String] {
        summary.results.filter { $0.status == .failed || ($0.status == .recorded && summary.ci) }.map { r in
            var properties: [String] = []
            if let file = summary.streamFiles[r.stream] {
                properties.append("file=" + property(file))
                let line = r.changeLines.first { $0 > 0 } ?? 1
                properties.append("line=\(line)")
            }
            properties.append("title=" + property("shotter: \(r.path)"))
            var message = r.message
            if let first = zip(r.changes, r.changeLines + Array(repeating: 0, count: r.changes.count)).first(where: { $0.1 > 0 })?.0 ?? r.changes.first {
                message = first + (r.changes.count > 1 ? " (and \(r.changes.count - 1) more)" : "") + "; " + message
            }
            return "::error \(properties.joined(separator: ","))::" + data(message)
        }
    }

    /// GitHub's workflow-command escapes: `%`, CR and LF in data, also `:` and `,` in properties.
    static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// Inline code that survives any text: HTML-escaped, no pipe to end the table cell.
    static func code(_ s: String) -> String { "<code>\(cell(s))</code>" }

    static func cell(_ s: String) -> String {
        HTMLReport.escape(MessageText.escaped(s)).replacingOccurrences(of: "|", with: "&#124;")
            .replacingOccurrences(of: "`", with: "&#96;")
    }
}
