import Audit
import Drawing
import LayoutEngine
import LayoutModel

/// An op stream as a headless run prints it, one element per `create` line, for audits:
/// `lines` are the stream, so a finding's line can be checked against the `create` op.
struct AuditStream {
    private(set) var lines: [String] = []
    private var nextID = 1

    @discardableResult
    mutating func node(_ kind: String, _ props: [String: JSON] = [:], _ children: [Int] = []) -> Int {
        let id = nextID
        nextID += 1
        lines.append(JSON.object(["op": .string("create"), "id": .number(Double(id)), "kind": .string(kind),
                                  "props": .object(props)]).serialized())
        for (i, child) in children.enumerated() {
            lines.append(JSON.object(["op": .string("insert"), "parent": .number(Double(id)), "id": .number(Double(child)),
                                      "index": .number(Double(i))]).serialized())
        }
        return id
    }

    mutating func text(_ s: String) -> Int { node("text", ["text": .string(s)]) }
    mutating func styled(_ style: [String: JSON], _ child: Int) -> Int { node("styled", ["style": .object(style)], [child]) }
    mutating func hstack(spacing: Double = 0, _ children: [Int]) -> Int {
        node("hstack", ["spacing": .number(spacing), "alignment": .string("center")], children)
    }
    mutating func vstack(spacing: Double = 0, _ children: [Int]) -> Int {
        node("vstack", ["spacing": .number(spacing), "alignment": .string("center")], children)
    }

    /// The line of the `create` op of element `id` (lines count from 1).
    func createLine(of id: Int) -> Int {
        lines.firstIndex { $0.contains("\"id\":\(id),\"kind\"") }! + 1
    }

    /// Puts `root` on the screen, commits, lays the commit out with the fixed-advance
    /// measurer (every character 0.5 em) in every size and scheme given, and audits it.
    func audit(root: Int, sizes: [DynamicTypeSize] = DynamicTypeSize.allCases, schemes: [ColorScheme] = [.light],
               pixels: (any PixelSampler)? = nil, edit: (inout LayoutResult) -> Void = { _ in }) throws -> AuditResult {
        let stream = try stream(root: root)
        var result: AuditResult?
        try stream.replay { commit, tree in
            let samples = schemes.flatMap { scheme in
                sizes.map { size in
                    var layout = LayoutPass.run(tree: tree, environment: RenderEnvironment(device: testScreen, dynamicTypeSize: size,
                                                                                          colorScheme: scheme),
                                                measurer: FixedAdvanceMeasurer(advance: 0.5))
                    if size != .large { edit(&layout) }
                    return ScreenSample(layout: layout, displayList: Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()))
                }
            }
            result = try Audit.run(stream: "test.jsonl", commit: commit.number, tree: tree,
                               facts: StreamFacts(ops: stream.ops, upTo: commit.line), samples: samples, pixels: pixels)
        }
        return result!
    }
}

extension AuditStream {
    /// The stream with `root` put on the screen and one commit.
    func stream(root: Int) throws -> OpStream {
        var all = lines
        all.append(#"{"id":\#(root),"index":0,"op":"insert","parent":0}"#)
        all.append(#"{"op":"commit"}"#)
        return try OpStream(file: "test.jsonl", bytes: Array((all.joined(separator: "\n") + "\n").utf8))
    }

    /// The layout of `root` on the test screen at `large`, light, with the fixed-advance measurer.
    func layout(root: Int) throws -> LayoutResult {
        var result: LayoutResult?
        try stream(root: root).replay { _, tree in
            result = LayoutPass.run(tree: tree, environment: RenderEnvironment(device: testScreen), measurer: FixedAdvanceMeasurer(advance: 0.5))
        }
        return result!
    }
}

/// A screen with no safe areas: the root proposal is the whole 400 x 800 canvas.
let testScreen = Device.named("400x800@1")!

extension JSON {
    static func n(_ v: Double) -> JSON { .number(v) }
    static func s(_ v: String) -> JSON { .string(v) }
    static func rgb(_ r: Double, _ g: Double, _ b: Double) -> JSON { .object(["r": .n(r), "g": .n(g), "b": .n(b), "a": .n(1)]) }
}

extension Finding {
    var sizes: [DynamicTypeSize] { occursAt.map(\.size) }
}
