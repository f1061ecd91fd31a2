import LayoutEngine
import TextMeasure

/// `shotter events`: the `geometry` / `layout` records of one commit, in `SB_EVENTS` form.
enum EventsCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.events); return 0 }
        let args = try Arguments(command: "events", argv,
                                 valueOptions: ["--commit", "--device", "--dynamic-type", "--scheme"])
        guard args.positionals.count == 1 else { throw args.fail("expected one INPUT") }
        let options = try RenderOptions(args, allowMany: false)
        let input = try readInput(args.positionals[0])
        let stream = try OpStream(file: input.name, bytes: input.bytes)
        let (commits, warnings) = try stream.validate()
        let wanted = try options.selectCommits(commits, file: input.name)[0]
        warnings.forEach { printError("warning: \($0)") }
        let measurer = try PangoTextMeasurer()
        var lines: [String] = []
        try stream.replay { commit, tree in
            guard commit.number == wanted.number else { return }
            let environment = RenderEnvironment(device: options.device, dynamicTypeSize: options.sizes[0],
                                                colorScheme: options.schemes[0])
            let layout = LayoutPass.run(tree: tree, environment: environment, measurer: measurer)
            lines = LayoutEvents.records(tree: tree, layout: layout).map(\.compact)
        }
        lines.forEach { print($0) }
        return 0
    }
}
