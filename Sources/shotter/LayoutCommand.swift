import LayoutEngine

/// `shotter layout`: the frames of one commit as JSON.
enum LayoutCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.layout); return 0 }
        let laidOut = try SingleCommit.layOut(command: "layout", argv)
        print(LayoutReport(tree: laidOut.tree, layout: laidOut.layout, commit: laidOut.commit).serialized(), terminator: "")
        return 0
    }
}
