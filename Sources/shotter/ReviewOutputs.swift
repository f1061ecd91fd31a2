import Foundation
import SnapshotRunner

/// The review outputs `shotter test` and `shotter report merge` share: `--results FILE` (the
/// run as JSON), the Markdown summary (`--summary FILE`, or appended to `GITHUB_STEP_SUMMARY`
/// when that is set) and `--annotations github`.
struct ReviewOutputs {
    static let valueOptions: Set<String> = ["--results", "--summary", "--annotations"]

    var results: String?
    /// The file and whether to append to it (GitHub's step summary gathers every step's).
    var summary: (path: String, append: Bool)?
    var annotations = false

    init(_ args: Arguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) {
        results = try args.outputFile("--results")
        if let path = try args.outputFile("--summary") {
            summary = (path, false)
        } else if let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty {
            summary = (path, true)
        }
        if let value = args.value("--annotations") {
            guard value == "github" else { throw args.fail("--annotations takes github") }
            annotations = true
        }
    }

    /// Writes the results and the summary; returns the annotation lines to print.
    func write(_ run: RunSummary, artifacts: String, reportPath: String, accept: String,
               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String] {
        if let results {
            let file = RunResults(run, artifacts: artifacts, file: results,
                                  streams: run.streamFiles.mapValues(TestCommand.display))
            try RenderCommand.write(file.encoded(), to: results)
        }
        if let summary {
            let text = Array(PullRequestSummary.markdown(run, report: Self.reportLocation(reportPath, environment), accept: accept).utf8)
            if summary.append {
                try Self.append(text, to: summary.path)
            } else {
                try RenderCommand.write(text, to: summary.path)
            }
        }
        var displayed = run
        displayed.streamFiles = run.streamFiles.mapValues(TestCommand.display)
        return annotations ? PullRequestSummary.githubAnnotations(displayed) : []
    }

    /// The report's path, and on GitHub Actions the run page whose artifacts hold it.
    static func reportLocation(_ path: String, _ environment: [String: String]) -> String {
        guard let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"],
              let run = environment["GITHUB_RUN_ID"] else { return path }
        return "\(path) in the artifacts of \(server)/\(repository)/actions/runs/\(run)"
    }

    /// Appends to a file that may already hold other steps' summaries.
    static func append(_ bytes: [UInt8], to path: String) throws {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            return try RenderCommand.write(bytes, to: path)
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(bytes))
        } catch {
            throw ResultsError("\(path): cannot write: \(error.localizedDescription)")
        }
    }
}
