import LayoutEngine
import LayoutModel
import TextMeasure

/// What `shotter layout` and `shotter events` share: read INPUT, validate it, and lay out the
/// one commit the options pick, for one device, Dynamic Type size and scheme.
enum SingleCommit {
    struct LaidOut {
        var tree: ElementTree
        var layout: LayoutResult
        var commit: Int
    }

    static func layOut(command: String, _ argv: [String]) throws -> LaidOut {
        let args = try Arguments(command: command, argv,
                                 valueOptions: ["--commit", "--device", "--dynamic-type", "--scheme", "--assets", "--images"])
        guard args.positionals.count == 1 else { throw args.fail("expected one INPUT") }
        let options = try RenderOptions(args, allowMany: false)
        let input = try readInput(args.positionals[0])
        let stream = try OpStream(file: input.name, bytes: input.bytes)
        let (commits, warnings) = try stream.validate()
        let wanted = try options.selectCommits(commits, file: input.name)[0]
        warnings.forEach { printError("warning: \($0)") }
        let measurer = try PangoTextMeasurer()
        var noted = false
        var result: LaidOut?
        try stream.replay { commit, tree in
            guard commit.number == wanted.number else { return }
            let environment = options.environment(size: options.sizes[0], scheme: options.schemes(for: tree, noted: &noted)[0])
            result = LaidOut(tree: tree, layout: LayoutPass.run(tree: tree, environment: environment, measurer: measurer),
                             commit: commit.number)
        }
        guard let result else { throw InputError(file: input.name, line: 0, message: "commit \(wanted.number) was not reached") }
        return result
    }
}
