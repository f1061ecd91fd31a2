import LayoutEngine
import RenderPipeline
import TextMeasure

/// `shotter layout`: the frames of one commit as JSON.
enum LayoutCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.layout); return 0 }
        let laidOut = try OneCommit.layOut(command: "layout", argv)
        print(LayoutReport(tree: laidOut.scene.tree, layout: laidOut.layout, commit: laidOut.scene.commit.number).serialized(), terminator: "")
        return 0
    }
}

/// What `shotter layout` and `shotter events` share: the one commit the flags pick, laid out
/// for one device, Dynamic Type size and scheme. Laying out needs no painter.
enum OneCommit {
    static let settings: [Setting] = [.commits, .devices, .sizes, .schemes, .layoutDirections, .pseudolanguages, .legibilityWeights,
                                      .contrasts, .assets, .images]

    static func layOut(command: String, _ argv: [String]) throws -> (scene: Scene, layout: LayoutResult) {
        let args = try Arguments(command: command, argv, settings: settings)
        guard args.positionals.count == 1 else { throw args.fail("expected one INPUT") }
        let options = RenderOptions().applying(try args.optionValues(settings, single: Set(settings)))
        RenderSession.loadFontsInBackground()
        let input = try readInput(args.positionals[0])
        let session = try RenderSession(file: input.name, bytes: input.bytes)
        let wanted = try session.select(options.commits)[0]
        session.warnings(for: options).forEach { printError("warning: \($0)") }
        let measurer = try PangoTextMeasurer()
        var result: (scene: Scene, layout: LayoutResult)?
        try session.scenes(options, note: printNote) { scene in result = (scene, scene.layout(measuredBy: measurer)) }
        guard let result else { throw InputError(file: input.name, line: 0, message: "commit \(wanted.number) was not reached") }
        return result
    }
}
