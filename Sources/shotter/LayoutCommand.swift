import LayoutEngine
import TextMeasure

/// `shotter layout`: the frames of one commit as JSON.
enum LayoutCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.layout); return 0 }
        let args = try Arguments(command: "layout", argv,
                                 valueOptions: ["--commit", "--device", "--dynamic-type", "--scheme"])
        guard args.positionals.count == 1 else { throw args.fail("expected one INPUT") }
        let options = try RenderOptions(args, allowMany: false)
        let input = try readInput(args.positionals[0])
        let stream = try OpStream(file: input.name, bytes: input.bytes)
        let (commits, warnings) = try stream.validate()
        let wanted = try options.selectCommits(commits, file: input.name)[0]
        warnings.forEach { printError("warning: \($0)") }
        let measurer = try PangoTextMeasurer()
        var noted = false
        var report: JSON = .null
        try stream.replay { commit, tree in
            guard commit.number == wanted.number else { return }
            let environment = RenderEnvironment(device: options.device, dynamicTypeSize: options.sizes[0],
                                                colorScheme: options.schemes(for: tree, noted: &noted)[0])
            let layout = LayoutPass.run(tree: tree, environment: environment, measurer: measurer)
            report = LayoutReport.json(tree: tree, layout: layout, commit: commit.number)
        }
        print(report.serialized())
        return 0
    }
}
