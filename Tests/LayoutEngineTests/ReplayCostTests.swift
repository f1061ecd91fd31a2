import TestSupport
import Testing
@testable import LayoutEngine

/// Replaying a stream labels each commit by the first text under the last event's target and
/// refuses trees nested too deep. Both keep what they learnt between ops (`FirstTextIndex`,
/// `NestingWatch`), so many events and commits over a large tree look at it once, not once
/// per op; `visits` counts the elements looked at.
@Suite("Replay: commit labels and nesting") struct ReplayCostTests {
    /// `count` shapes in a vstack, then a text: the vstack's first text is its last element.
    func wideStack(_ count: Int) -> (StreamBuilder, stack: Int, text: Int) {
        var b = StreamBuilder()
        var children = (0..<count).map { _ in b.node("shape", ["shape": .s("rectangle")]) }
        let text = b.text("Done")
        children.append(text)
        let stack = b.vstack(children)
        b.insert(stack, into: 0, at: 0)
        b.commit()
        return (b, stack, text)
    }

    func replay(_ b: StreamBuilder) throws -> (labels: [String?], visits: Int, nestingVisits: Int) {
        let stream = try OpStream(file: "labels.jsonl", bytes: Array(b.text.utf8))
        var index = FirstTextIndex()
        var nesting = NestingWatch()
        var labels: [String?] = []
        try stream.replay(diagnostics: Diagnostics(), firstTexts: &index, nesting: &nesting) { commit, _ in
            labels.append(commit.label)
        }
        return (labels, index.visits, nesting.visits)
    }

    @Test func manyEventsAtALargeSubtreeLookAtItOnce() throws {
        var (b, stack, _) = wideStack(2000)
        for _ in 0..<2000 {
            b.raw(#"{"id":\#(stack),"op":"event","type":"tap"}"#)
            b.commit()
        }
        let (labels, visits, nestingVisits) = try replay(b)
        #expect(labels.count == 2001)
        #expect(labels.dropFirst().allSatisfy { $0 == "tap-Done" })
        // The vstack, its 2,000 shapes and the text, once; a walk per event would be 4,004,000.
        #expect(visits == 2002)
        // Nesting: the vstack's height when it is put on the screen; a walk per commit would
        // be 2,001 x 2,002.
        #expect(nestingVisits == 2002)
    }

    @Test func anUpdateForgetsOnlyTheAnswersAboveIt() throws {
        var (b, stack, text) = wideStack(2000)
        for i in 1...3 {
            b.raw(#"{"id":\#(text),"op":"update","props":{"text":"Done \#(i)"}}"#)
            b.raw(#"{"id":\#(stack),"op":"event","type":"tap"}"#)
            b.commit()
        }
        let (labels, visits, _) = try replay(b)
        #expect(labels == [nil, "tap-Done-1", "tap-Done-2", "tap-Done-3"])
        // Once the whole stack; after each update only the vstack and the text again.
        #expect(visits == 2002 + 2 + 2)
    }

    /// `depth` vstacks, each in the one before, not yet on the screen; ids 1...depth.
    func chain(_ b: inout StreamBuilder, depth: Int) {
        var previous: Int?
        for _ in 0..<depth {
            let id = b.node("vstack")
            if let previous { b.insert(id, into: previous, at: 0) }
            previous = id
        }
    }

    func error(_ b: StreamBuilder) -> String? {
        do {
            _ = try OpStream(file: "deep.jsonl", bytes: Array(b.text.utf8)).validate()
            return nil
        } catch { return error.description }
    }

    @Test func aTreeTooDeepAtACommitIsRefusedThere() {
        let depth = ElementTree.maxDepth + 1
        var b = StreamBuilder()
        b.commit()
        chain(&b, depth: depth - 1)
        b.insert(1, into: 0, at: 0)
        b.commit()
        // One level more, under the deepest vstack already on the screen.
        let leaf = b.node("vstack")
        b.insert(leaf, into: depth - 1, at: 0)
        b.commit()
        #expect(b.lines.count == 2 * depth + 3)
        #expect(error(b) == "deep.jsonl:\(b.lines.count): commit: elements are nested \(depth) levels deep; shotter lays out at most \(ElementTree.maxDepth)")
    }

    @Test func aTreeMadeShallowAgainBeforeItsCommitPasses() {
        var b = StreamBuilder()
        chain(&b, depth: ElementTree.maxDepth + 1)
        b.insert(1, into: 0, at: 0)
        b.raw(#"{"id":\#(ElementTree.maxDepth + 1),"op":"remove"}"#)
        b.commit()
        b.raw(#"{"id":1,"op":"remove"}"#)
        b.commit()
        #expect(error(b) == nil)
    }

    /// Random creates, inserts, moves, removes and updates: after every op, the index answers
    /// what walking the tree answers, for every element.
    @Test func theIndexAgreesWithWalkingTheTree() throws {
        var random = SplitMix(seed: 9)
        var lines: [String] = []
        var parents: [Int: Int] = [:]  // the generator's model of the tree: child -> parent
        var live: [Int] = [0]
        var nextID = 1
        func isInside(_ node: Int, _ ancestor: Int) -> Bool {
            var current: Int? = node
            while let c = current { if c == ancestor { return true }; current = parents[c] }
            return false
        }
        func props() -> String {
            switch random.next(4) {
            case 0: #"{"text":""}"#
            case 1: #"{"text":"t\#(random.next(100))"}"#
            default: "{}"
            }
        }
        for _ in 0..<3000 {
            switch random.next(10) {
            case 0...2:
                let kind = ["text", "vstack", "image"][random.next(3)]
                let p = kind == "image" ? #"{"systemName":"star"}"# : kind == "text" ? props() : "{}"
                lines.append(#"{"id":\#(nextID),"kind":"\#(kind)","op":"create","props":\#(p)}"#)
                live.append(nextID)
                nextID += 1
            case 3...6:
                guard live.count > 1 else { continue }
                let id = live[1 + random.next(live.count - 1)]
                let parent = live[random.next(live.count)]
                guard !isInside(parent, id) else { continue }
                lines.append(#"{"id":\#(id),"index":0,"op":"insert","parent":\#(parent)}"#)
                parents[id] = parent
            case 7:
                guard live.count > 1 else { continue }
                let id = live[1 + random.next(live.count - 1)]
                lines.append(#"{"id":\#(id),"op":"remove"}"#)
                live.removeAll { isInside($0, id) }
                parents = parents.filter { live.contains($0.key) }
            default:
                let id = live[random.next(live.count)]
                guard id != 0 else { continue }
                lines.append(#"{"id":\#(id),"op":"update","props":\#(props())}"#)
            }
        }
        let stream = try OpStream(file: "random.jsonl", bytes: Array((lines.joined(separator: "\n") + "\n").utf8))
        var tree = ElementTree()
        var index = FirstTextIndex()
        var checked = 0
        for (i, located) in stream.ops.enumerated() {
            index.forget(changesOf: located.op, in: tree)
            try tree.apply(located, file: "random.jsonl")
            guard i % 7 == 0 else { continue }
            for id in tree.elements.keys.sorted() {
                #expect(index.firstText(under: id, in: tree) == tree.firstText(under: id), "after line \(located.line), element \(id)")
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }
}

/// A small seeded generator, so the random test is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
