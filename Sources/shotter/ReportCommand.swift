import Foundation
import LayoutEngine
import SnapshotRunner

/// `shotter report merge RESULTS... -o DIR`: one report.html, JUnit and results file for a
/// sharded run, from each shard's `--results` file and the artifacts beside it.
enum ReportCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") || argv.isEmpty { print(Help.report); return argv.isEmpty ? 2 : 0 }
        guard argv[0] == "merge" else { throw UsageError(message: "unknown report command \(MessageText.quoted(argv[0])) (use merge)", command: "report") }
        let args = try Arguments(command: "report", Array(argv.dropFirst()),
                                 valueOptions: Set(["--output"]).union(ReviewOutputs.valueOptions), aliases: ["-o": "--output"])
        guard !args.positionals.isEmpty else { throw args.fail("expected the results files of the shards (shotter test --results FILE)") }
        guard let output = try args.outputDirectory("--output") else { throw args.fail("-o DIR is required: where the merged report goes") }
        let review = try ReviewOutputs(args)
        let summary = try ReportMerge.merge(args.positionals, into: output)
        let reportPath = (output as NSString).appendingPathComponent("report.html")
        let junitPath = (output as NSString).appendingPathComponent("junit.xml")
        let accept = "shotter accept \(Accept.shellQuoted(TestCommand.display(output)))"
        try HTMLReport.write(summary, artifacts: output, to: reportPath, accept: accept)
        try RenderCommand.write(Array(JUnitReport.xml(summary, artifacts: TestCommand.display(output)).utf8), to: junitPath)
        var outputs = review
        if outputs.results == nil { outputs.results = (output as NSString).appendingPathComponent("results.json") }
        let annotations = try outputs.write(summary, artifacts: output, reportPath: TestCommand.display(reportPath), accept: accept)
        let lines = ConsoleReport.lines(summary, goldens: "GOLDENS", artifacts: TestCommand.display(output),
                                        reportPath: TestCommand.display(reportPath), junitPath: TestCommand.display(junitPath))
        // The goldens are not here: the way to update them is to accept the merged artifacts.
        let hint = "if the changes are intended, accept them with `\(accept)` and commit the goldens"
        TestCommand.printReport(lines.map { $0.hasPrefix("if the changes are intended") ? hint : $0 }, annotations: annotations)
        return summary.exitStatus
    }
}
