import Foundation
import ImageDiff
import LayoutEngine
import SVGExport
import TextMeasure

/// Benchmarks for docs/performance.md. `shotter-bench stages` times layout, painting,
/// rasterizing, PNG encoding and SVG for a generated 1,000-element screen;
/// `shotter-bench stream N FILE` writes an N-commit stream for the memory measurement;
/// `shotter-bench screen FILE` writes the 1,394-element one-commit screen that scripts/bench.sh
/// renders as a whole process, against rsvg-convert rasterizing its SVG.

/// A list-like screen: `cards` cards of 24 elements (symbol, texts in several styles, a bordered
/// button, a capsule, a divider) in a padded stack: 42 cards are 1,010 elements, 58 are 1,394.
func screen(commits: Int = 1, cards cardCount: Int = 42) -> String {
    var lines: [String] = []
    var next = 1
    func emit(_ json: JSON) { lines.append(json.serialized()) }
    func node(_ kind: String, _ props: [String: JSON] = [:], _ children: [Int] = []) -> Int {
        let id = next
        next += 1
        emit(.object(["op": .string("create"), "id": .number(Double(id)), "kind": .string(kind), "props": .object(props)]))
        for (i, c) in children.enumerated() {
            emit(.object(["op": .string("insert"), "parent": .number(Double(id)), "id": .number(Double(c)), "index": .number(Double(i))]))
        }
        return id
    }
    func styled(_ style: [String: JSON], _ child: Int) -> Int { node("styled", ["style": .object(style)], [child]) }
    func text(_ s: String) -> Int { node("text", ["text": .string(s)]) }
    func font(_ style: String) -> JSON { .object(["textStyle": .string(style)]) }
    let symbols = ["star.fill", "heart", "house", "gearshape", "bell", "calendar", "cart", "person.crop.circle"]
    var cards: [Int] = []
    var firstTitle = 0
    for i in 0..<cardCount {
        let icon = styled(["font": font("title2"), "foreground": .object(["name": .string("accent")])],
                          node("image", ["systemName": .string(symbols[i % symbols.count])]))
        let titleText = text("Card \(i + 1): Glazed Donut")
        if i == 0 { firstTitle = titleText }
        let title = styled(["font": font("headline")], titleText)
        let subtitle = styled(["font": font("subheadline"), "foreground": .object(["name": .string("secondary")]), "lineLimit": .number(2)],
                              text("Fresh from the truck with sprinkles, chocolate drizzle and a pinch of salt"))
        let caption = styled(["font": font("caption")], text("\(i * 7 % 60) min ago"))
        let textColumn = node("vstack", ["alignment": .string("leading"), "spacing": .number(2)], [title, subtitle, caption])
        let badge = styled(["frame": .object(["width": .number(36), "height": .number(20)])],
                           node("shape", ["shape": .string("capsule"), "fill": .object(["r": .number(1), "g": .number(0.58), "b": .number(0), "a": .number(1)])]))
        let button = node("button", ["style": .string("bordered")], [text("Order")])
        let row = node("hstack", ["spacing": .number(12)], [icon, textColumn, node("spacer"), badge, button])
        let extra = node("hstack", [:], [styled(["font": font("footnote")], text("Calories 320")), node("divider"),
                                          styled(["font": font("footnote")], text("Rating 4.\(i % 10)"))])
        let card = styled(["padding": .object(["top": .number(8), "leading": .number(12), "bottom": .number(8), "trailing": .number(12)]),
                           "background": .object(["name": .string("secondarySystemBackground")]), "cornerRadius": .number(12)],
                          node("vstack", ["alignment": .string("leading")], [row, node("divider"), extra]))
        cards.append(card)
    }
    let stack = node("vstack", ["spacing": .number(4)], cards)
    let root = styled(["padding": .object(["top": .number(0), "leading": .number(8), "bottom": .number(0), "trailing": .number(8)])], stack)
    emit(.object(["op": .string("insert"), "parent": .number(0), "id": .number(Double(root)), "index": .number(0)]))
    emit(.object(["op": .string("commit")]))
    // Later commits change one text each, as an app's counter would.
    for c in 1..<max(1, commits) {
        emit(.object(["op": .string("update"), "id": .number(Double(firstTitle)), "props": .object(["text": .string("Card 1: update \(c)")])]))
        emit(.object(["op": .string("commit")]))
    }
    return lines.joined(separator: "\n") + "\n"
}

func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

func time(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return median(samples)
}

func stages(cards: Int) throws {
    let bytes = Array(screen(cards: cards).utf8)
    let readMs = try time(15) { _ = try OpStream(file: "bench", bytes: bytes) }
    let stream = try OpStream(file: "bench", bytes: bytes)
    let validateMs = try time(15) { _ = try stream.validate() }
    var tree: ElementTree?
    try stream.replay { _, t in tree = t }
    guard let tree else { return }
    let startMs = try time(1) { _ = try Screenshotter() }
    let renderer = try Screenshotter()
    let env = RenderEnvironment()
    print("elements: \(tree.elements.count - 1)")
    let runs = 15
    // The first pass measures every text with Pango; later passes hit the measurer's cache,
    // as every commit after the first does in a stream.
    let cold = time(1) { _ = renderer.layout(tree: tree, environment: RenderEnvironment(dynamicTypeSize: .xLarge)) }
    let layoutMs = time(runs) { _ = renderer.layout(tree: tree, environment: env) }
    let layout = renderer.layout(tree: tree, environment: env)
    let paintMs = time(runs) { _ = Painter.paint(tree: tree, layout: layout, measurer: renderer.measurer, diagnostics: Diagnostics()) }
    let list = Painter.paint(tree: tree, layout: layout, measurer: renderer.measurer, diagnostics: Diagnostics())
    let rasterMs = try time(runs) { _ = try renderer.image(list, scale: 3) }
    let image = try renderer.image(list, scale: 3)
    let encodeMs = try time(runs) { _ = try PNGEncoder.encode(rgba: image.rgba, width: image.width, height: image.height) }
    let wholeMs = try time(runs) {
        let l = renderer.layout(tree: tree, environment: env)
        let d = Painter.paint(tree: tree, layout: l, measurer: renderer.measurer, diagnostics: Diagnostics())
        _ = try renderer.encode(d, format: .png, scale: 3)
    }
    let svgMs = try time(runs) { _ = try renderer.encode(list, format: .svg, scale: 1) }
    func f(_ v: Double) -> String { String(format: "%.1f", v) }
    print("display list items: \(list.items.count)")
    print("read stream (JSON Lines to ops): \(f(readMs)) ms")
    print("validate (apply every op once): \(f(validateMs)) ms")
    print("first Screenshotter (fonts, icons): \(f(startMs)) ms")
    print("layout, first pass (text measured): \(f(cold)) ms")
    print("layout: \(f(layoutMs)) ms")
    print("paint (display list): \(f(paintMs)) ms")
    print("rasterize 1179x2556 (3x): \(f(rasterMs)) ms")
    print("PNG encode 1179x2556 (3x): \(f(encodeMs)) ms")
    print("whole PNG render (layout + paint + rasterize + encode): \(f(wholeMs)) ms")
    print("SVG: \(f(svgMs)) ms")
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "stages":
    // The screen of docs/performance.md's stage table (42 cards), or as many cards as given.
    try stages(cards: arguments.dropFirst().first.flatMap { Int($0) } ?? 42)
case "stream":
    let rest = Array(arguments.dropFirst())
    guard rest.count == 2, let n = Int(rest[0]) else { fatalError("usage: shotter-bench stream N FILE") }
    try screen(commits: n).write(toFile: rest[1], atomically: true, encoding: .utf8)
case "screen":
    let rest = Array(arguments.dropFirst())
    guard rest.count == 1 else { fatalError("usage: shotter-bench screen FILE") }
    try screen(cards: 58).write(toFile: rest[0], atomically: true, encoding: .utf8)
default:
    print("usage: shotter-bench stages [CARDS] | stream N FILE | screen FILE")
}
