import Foundation
import LayoutEngine
import SnapshotRunner

/// `shotter accept ARTIFACTS [NAME...]`: failures' actual images and layout dumps from a run's
/// artifacts (downloaded from CI, say) copied over the goldens.
enum AcceptCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.accept); return 0 }
        let args = try Arguments(command: "accept", argv, valueOptions: ["--config", "--goldens"])
        guard let artifacts = args.positionals.first else { throw args.fail("expected the artifacts directory of a run") }
        let goldens: String
        if let given = try args.outputDirectory("--goldens") {
            goldens = given
        } else {
            do {
                goldens = try TestPlan.load(path: args.value("--config") ?? TestPlan.fileName).goldens
            } catch {
                throw args.fail("\(error.message) (give the plan with --config or the goldens with --goldens)")
            }
        }
        let accepted: [Accept.Accepted]
        do {
            accepted = try Accept.accept(from: artifacts, into: goldens, names: Array(args.positionals.dropFirst()))
        } catch let error as OutputPathError {
            printError(error.message)
            return 1
        }
        let shown = TestCommand.display(goldens)
        var lines = accepted.map { "accepted \(shown)/\($0.name)" + ($0.layout ? " and its layout dump" : "") }
        lines.append(accepted.isEmpty ? "no failures to accept in \(artifacts)"
                                      : "accepted \(accepted.count) snapshot\(accepted.count == 1 ? "" : "s"): review and commit them")
        print(lines.map(MessageText.escaped).joined(separator: "\n"))
        return 0
    }
}
