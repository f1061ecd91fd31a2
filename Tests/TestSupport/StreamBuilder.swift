import LayoutEngine
import LayoutModel

/// Builds op streams the way a headless run prints them: one JSON object per line, keys sorted.
/// Shared by the layout and audit tests (the `TestSupport` target).
public struct StreamBuilder {
    public private(set) var lines: [String] = []
    private var nextID = 1

    public init() {}

    /// Creates an element, inserts its children, and returns its id.
    @discardableResult
    public mutating func node(_ kind: String, _ props: [String: JSON] = [:], _ children: [Int] = []) -> Int {
        let id = nextID
        nextID += 1
        lines.append(JSON.object(["op": .string("create"), "id": .number(Double(id)), "kind": .string(kind),
                                  "props": .object(props)]).serialized())
        for (i, child) in children.enumerated() { insert(child, into: id, at: i) }
        return id
    }

    public mutating func insert(_ id: Int, into parent: Int, at index: Int) {
        lines.append(JSON.object(["op": .string("insert"), "parent": .number(Double(parent)), "id": .number(Double(id)),
                                  "index": .number(Double(index))]).serialized())
    }

    public mutating func raw(_ line: String) { lines.append(line) }
    public mutating func commit() { lines.append(#"{"op":"commit"}"#) }

    // Shorthands for common kinds.
    public mutating func text(_ s: String) -> Int { node("text", ["text": .string(s)]) }
    public mutating func styled(_ style: [String: JSON], _ child: Int) -> Int { node("styled", ["style": .object(style)], [child]) }
    public mutating func vstack(spacing: Double? = nil, alignment: String = "center", _ children: [Int]) -> Int {
        node("vstack", ["spacing": spacing.map(JSON.number) ?? .null, "alignment": .string(alignment)], children)
    }
    public mutating func hstack(spacing: Double? = nil, alignment: String = "center", _ children: [Int]) -> Int {
        node("hstack", ["spacing": spacing.map(JSON.number) ?? .null, "alignment": .string(alignment)], children)
    }

    /// The line of the `create` op of element `id` (lines count from 1).
    public func createLine(of id: Int) -> Int {
        lines.firstIndex { $0.contains("\"id\":\(id),\"kind\"") }! + 1
    }

    public var text: String { lines.joined(separator: "\n") + "\n" }
}

/// Layout of the last commit of a stream whose root child is `root`, with the fixed-advance
/// measurer: every character is 0.5 em wide, so "Hello" in body (17 pt) is 42.5 x 22.
public func layOut(_ b: StreamBuilder, root: Int, environment: RenderEnvironment = RenderEnvironment(),
                   advance: Double = 0.5) throws -> (LayoutResult, ElementTree) {
    var builder = b
    builder.insert(root, into: 0, at: 0)
    builder.commit()
    let stream = try OpStream(file: "test.jsonl", bytes: Array(builder.text.utf8))
    var tree = ElementTree()
    try stream.replay { _, t in tree = t }
    return (LayoutPass.run(tree: tree, environment: environment, measurer: FixedAdvanceMeasurer(advance: advance)), tree)
}

public func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

/// A screen with no safe areas, so the root proposal is the whole 400 x 800 canvas.
public let plainScreen = RenderEnvironment(device: Device.named("400x800@1")!)

extension JSON {
    public static func n(_ v: Double) -> JSON { .number(v) }
    public static func s(_ v: String) -> JSON { .string(v) }
    public static func rgb(_ r: Double, _ g: Double, _ b: Double) -> JSON { .object(["r": .n(r), "g": .n(g), "b": .n(b), "a": .n(1)]) }
}
