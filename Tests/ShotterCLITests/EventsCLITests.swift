import Foundation
import Testing

@Suite("CLI: events and the stream's color scheme") struct EventsCLITests {
    /// A geometry in a 120 pt high frame and an unanswered custom layout around a color.
    static let stream = """
    {"id":1,"kind":"color","op":"create","props":{"color":{"name":"red"}}}
    {"id":2,"kind":"geometry","op":"create","props":{}}
    {"id":1,"index":0,"op":"insert","parent":2}
    {"id":3,"kind":"styled","op":"create","props":{"style":{"frame":{"height":120}}}}
    {"id":2,"index":0,"op":"insert","parent":3}
    {"id":4,"kind":"color","op":"create","props":{"color":{"name":"blue"}}}
    {"id":5,"kind":"layout","op":"create","props":{"frames":null,"proposal":null,"size":null,"sizes":null}}
    {"id":4,"index":0,"op":"insert","parent":5}
    {"id":3,"index":0,"op":"insert","parent":0}
    {"id":5,"index":1,"op":"insert","parent":0}
    {"op":"commit"}

    """

    @Test func eventsPrintsTheRecordsInSBEventsForm() throws {
        let dir = try CLI.temporaryDirectory()
        let input = try CLI.write(Self.stream, to: "measure.jsonl", in: dir)
        let run = try CLI.run(["events", input, "--device", "400x800@1"])
        #expect(run.status == 0)
        // The layout fills the 400 x 800 proposal; a color is 0 at zero, 10 at nil, unbounded at infinity.
        #expect(run.stdout == """
        geometry:2:400x120
        {"children":[{"ideal":{"height":10,"width":10},"max":{"height":"infinity","width":"infinity"},\
        "min":{"height":0,"width":0}}],"id":5,"proposal":{"height":800,"width":400},"type":"layout"}

        """)
        let layout = try CLI.run(["layout", input, "--device", "400x800@1"])
        let object = try JSONSerialization.jsonObject(with: Data(layout.stdout.utf8)) as? [String: Any]
        let events = object?["events"] as? [[String: Any]] ?? []
        #expect(events.map { $0["type"] as? String } == ["geometry", "layout"])
        #expect(try CLI.run(["events", "--help"]).stdout.contains("SB_EVENTS"))
    }

    @Test func theStreamsColorSchemeWinsUnlessSchemeIsGiven() throws {
        let dir = try CLI.temporaryDirectory()
        let input = try CLI.write("""
        {"id":1,"kind":"text","op":"create","props":{"text":"Hi"}}
        {"id":1,"index":0,"op":"insert","parent":0}
        {"op":"commit"}
        {"id":0,"op":"update","props":{"colorScheme":"dark"}}
        {"op":"commit"}
        {"id":0,"op":"update","props":{"colorScheme":null}}
        {"op":"commit"}

        """, to: "scheme.jsonl", in: dir)
        let run = try CLI.run(["render", input, "-o", "shots", "--commit", "all"], in: dir)
        #expect(run.status == 0)
        #expect(run.stdout == ["001", "002", "003"].enumerated().map { i, n in
            "shots/scheme/\(n).iphone15pro.large.\(i == 1 ? "dark" : "light").png\n"
        }.joined())
        #expect(run.stderr.isEmpty)
        let given = try CLI.run(["render", input, "-o", "shots", "--commit", "all", "--scheme", "light"], in: dir)
        #expect(given.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix(".light.png") })
        #expect(given.stderr == "note: the stream asks for the dark color scheme; --scheme overrides it\n")
    }
}
