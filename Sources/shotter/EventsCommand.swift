import LayoutEngine

/// `shotter events`: the `geometry` / `layout` records of one commit, in `SB_EVENTS` form.
enum EventsCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.events); return 0 }
        let laidOut = try OneCommit.layOut(command: "events", argv)
        for record in LayoutEvents.records(tree: laidOut.scene.tree, layout: laidOut.layout) { print(record.compact) }
        return 0
    }
}
