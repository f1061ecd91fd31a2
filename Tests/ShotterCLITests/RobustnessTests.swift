import Foundation
import LayoutEngine
import SVGExport
import Testing
import LayoutModel
import RenderPipeline

/// Streams whose ops are well formed but whose values are hostile (huge, negative, infinite,
/// empty, very long, unknown names) must lay out, paint and encode without crashing.
@Suite("Robustness") struct RobustnessTests {
    /// A small deterministic generator (SplitMix64), so a failure names a reproducible seed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
        mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) / 10_000 < p }
    }

    static func number(_ r: inout Random) -> JSON {
        .number(r.pick([0, -1, -50, 1e308, 1e-300, 3.5, 100_000, 1e9, 17, 0.5, 1e20, 1e50, -1e200]))
    }
    static func dimension(_ r: inout Random) -> JSON { r.chance(0.2) ? .string("infinity") : number(&r) }
    static func color(_ r: inout Random) -> JSON {
        switch r.int(5) {
        case 0: .object(["r": number(&r), "g": .number(0.5), "b": number(&r), "a": number(&r)])
        case 1: .object(["name": .string(r.pick(["primary", "accent", "clear", "nope"])), "a": .number(0.5)])
        case 2: .object(["hierarchical": r.chance(0.5) ? number(&r) : .number(Double(r.pick([0, 1, 4, 9, -3])))])
        case 3: .object(["linearGradient": .object([
            "stops": .array((0..<r.int(4)).map { _ in .object(["color": .object(["r": .number(1)]), "location": number(&r)]) }),
            "start": .object(["x": number(&r), "y": .number(0)]), "end": .object(["x": .number(0.5), "y": .number(1)])])])
        default: .object(["material": .string(r.pick(["thin", "bogus"])), "opacity": number(&r)])
        }
    }
    static func style(_ r: inout Random) -> JSON {
        var fields: [String: JSON] = [:]
        for _ in 0..<(1 + r.int(6)) {
            switch r.int(10) {
            case 0: fields["padding"] = .object(["top": number(&r), "leading": number(&r), "bottom": number(&r)])
            case 1: fields["font"] = r.chance(0.5) ? .object(["size": number(&r), "weight": .string("black")])
                                                    : .object(["textStyle": .string(r.pick(["largeTitle", "caption2"])), "design": .string("serif")])
            case 2: fields["foreground"] = color(&r)
            case 3: fields["background"] = color(&r)
            case 4: fields["frame"] = .object(["width": dimension(&r), "minHeight": dimension(&r), "maxWidth": dimension(&r)])
            case 5: fields["cornerRadius"] = number(&r)
            case 6: fields["opacity"] = number(&r)
            case 7: fields["lineLimit"] = r.pick([.null, .number(0), .number(-3), .number(1e9), .number(1), .number(1e308), .number(-1e308)])
            case 8: fields["fixedSize"] = .object(["horizontal": .bool(r.chance(0.5)), "vertical": .bool(r.chance(0.5))])
            default: fields["layoutPriority"] = number(&r)
            }
        }
        return .object(fields)
    }
    static func props(_ kind: String, _ r: inout Random) -> JSON {
        switch kind {
        case "text": .object(["text": .string(r.pick(["", "Hello", String(repeating: "x", count: 3000),
                                                      "😀👍🏽 こんにちは مرحبا", "a\n\nb", String(repeating: "W ", count: 300)]))])
        case "vstack", "hstack": .object(["spacing": r.chance(0.5) ? .null : number(&r), "alignment": .string(r.pick(["leading", "trailing", "top"]))])
        case "spacer": .object(["minLength": r.chance(0.5) ? .null : number(&r)])
        case "button": .object(["style": .string(r.pick(["plain", "bordered", "borderedProminent"]))])
        case "color": .object(["color": color(&r)])
        case "shape": .object(["shape": .string(r.pick(["circle", "capsule", "roundedRectangle"])), "cornerRadius": number(&r),
                               "fill": r.chance(0.5) ? .null : color(&r),
                               "stroke": r.chance(0.5) ? .null : .object(["color": color(&r), "lineWidth": number(&r), "inset": .bool(r.chance(0.5))])])
        case "image": .object(["systemName": .string(r.pick(["star.fill", "bogus", "", "../../etc/passwd"]))])
        case "styled": .object(["style": style(&r)])
        default: .object([:])
        }
    }

    static func stream(seed: UInt64) -> String {
        var r = Random(state: seed)
        // The core kinds get hostile props; every other registered kind comes with default props,
        // so containers, controls and charts lay out hostile children.
        let kinds = ["text", "vstack", "hstack", "zstack", "spacer", "divider", "button", "styled", "color", "shape", "image", "hologram"]
            + ElementRegistry.kindNames.sorted()
        var lines: [String] = []
        var childCount: [Int: Int] = [0: 0]
        let count = 1 + r.int(60)
        for id in 1...count {
            let kind = r.pick(kinds)
            lines.append(JSON.object(["op": .string("create"), "id": .number(Double(id)), "kind": .string(kind),
                                      "props": props(kind, &r)]).serialized())
            childCount[id] = 0
        }
        for id in 1...count {
            let parent = r.int(id)  // 0 (the screen) or an earlier element: never a cycle
            let index = r.int((childCount[parent] ?? 0) + 1)
            childCount[parent, default: 0] += 1
            lines.append(JSON.object(["op": .string("insert"), "parent": .number(Double(parent)), "id": .number(Double(id)),
                                      "index": .number(Double(index))]).serialized())
        }
        lines.append(#"{"op":"commit"}"#)
        return lines.joined(separator: "\n")
    }

    @Test(arguments: 1...60)
    func hostileValuesNeverCrash(seed: Int) throws {
        let stream = try OpStream(file: "seed\(seed).jsonl", bytes: Array(Self.stream(seed: UInt64(seed)).utf8))
        let renderer = try Screenshotter()
        try stream.replay { _, tree in
            for size in [DynamicTypeSize.large, .accessibility5] {
                let list = renderer.displayList(tree: tree, environment: RenderEnvironment(dynamicTypeSize: size), diagnostics: Diagnostics())
                let png = try renderer.encode(list, format: .png, scale: 1)
                #expect(png.count > 100)
                _ = try renderer.encode(list, format: .svg, scale: 1)
            }
        }
    }

    @Test func tooDeepANestingIsAnInputErrorNotACrash() throws {
        let depth = ElementTree.maxDepth + 1
        var lines = (1...depth).map { #"{"id":\#($0),"kind":"vstack","op":"create","props":{}}"# }
        lines += (2...depth).map { #"{"id":\#($0),"index":0,"op":"insert","parent":\#($0 - 1)}"# }
        lines += [#"{"id":1,"index":0,"op":"insert","parent":0}"#, #"{"op":"commit"}"#]
        let dir = try CLI.temporaryDirectory()
        let input = try CLI.write(lines.joined(separator: "\n"), to: "deep.jsonl", in: dir)
        let run = try CLI.run(["render", input, "-o", dir.path])
        #expect(run.status == 1)
        #expect(run.stderr == "\(input):\(2 * depth + 1): commit: elements are nested \(depth) levels deep; shotter lays out at most \(ElementTree.maxDepth)\n")
    }

    @Test func theDeepestAllowedTreeRenders() throws {
        let depth = ElementTree.maxDepth
        var lines = (1..<depth).map { #"{"id":\#($0),"kind":"styled","op":"create","props":{"style":{"padding":{"top":0.01}}}}"# }
        lines.append(#"{"id":\#(depth),"kind":"text","op":"create","props":{"text":"deep"}}"#)
        lines += (2...depth).map { #"{"id":\#($0),"index":0,"op":"insert","parent":\#($0 - 1)}"# }
        lines += [#"{"id":1,"index":0,"op":"insert","parent":0}"#, #"{"op":"commit"}"#]
        let dir = try CLI.temporaryDirectory()
        let input = try CLI.write(lines.joined(separator: "\n"), to: "deep.jsonl", in: dir)
        let run = try CLI.run(["render", input, "-o", dir.path, "--scale", "1"])
        #expect(run.status == 0)
        #expect(run.stdout == dir.path + "/deep/001.iphone15pro.large.light.png\n")
    }
}
