import Foundation
import ImageDiff
import LayoutEngine
import SVGExport
import Drawing
import LayoutModel
import RenderPipeline
import TextMeasure

/// Benchmarks for docs/performance.md. `shotter-bench stages` times layout, painting,
/// rasterizing, PNG encoding and SVG for a generated 1,000-element screen (`stages-shadows`:
/// the same screen with 100 shadowed boxes; `whole [SHADOWS] [RUNS] [FILE]`: only its whole
/// PNG render, written to FILE when given);
/// `shotter-bench layout [RUNS]` runs only the cached layout (for profiling);
/// `shotter-bench first-layout [RUNS]` the 1,394-element screen's first layout with warmed fonts;
/// `shotter-bench stream N FILE` writes an N-commit stream for the memory measurement;
/// `shotter-bench linear` times the three inputs that once took quadratic time (issue 9) and
/// `shotter-bench linear-streams DIR` writes them as streams for `shotter render`.
/// `shotter-bench screen FILE` writes the 1,394-element one-commit screen that scripts/bench.sh
/// renders as a whole process, against rsvg-convert rasterizing its SVG.

/// A list-like screen: `cards` cards of 24 elements (symbol, texts in several styles, a bordered
/// button, a capsule, a divider) in a padded stack: 42 cards are 1,010 elements, 58 are 1,394.
/// With `shadows`, that many boxes (each card, then each card's icon and badge) carry a
/// `.shadow(radius: 8, y: 4)`.
func screen(commits: Int = 1, cards cardCount: Int = 42, shadows: Int = 0) -> String {
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
    var shadowsLeft = shadows
    /// The style with a shadow while any are left to hand out.
    func shadowed(_ style: [String: JSON]) -> [String: JSON] {
        guard shadowsLeft > 0 else { return style }
        shadowsLeft -= 1
        var s = style
        s["shadow"] = .object(["color": .object(["r": .number(0), "g": .number(0), "b": .number(0), "a": .number(0.2)]),
                               "radius": .number(8), "x": .number(0), "y": .number(4)])
        return s
    }
    for i in 0..<cardCount {
        let cardStyle = shadowed([:])
        let icon = styled(shadowed(["font": font("title2"), "foreground": .object(["name": .string("accent")])]),
                          node("image", ["systemName": .string(symbols[i % symbols.count])]))
        let titleText = text("Card \(i + 1): Glazed Donut")
        if i == 0 { firstTitle = titleText }
        let title = styled(["font": font("headline")], titleText)
        let subtitle = styled(["font": font("subheadline"), "foreground": .object(["name": .string("secondary")]), "lineLimit": .number(2)],
                              text("Fresh from the truck with sprinkles, chocolate drizzle and a pinch of salt"))
        let caption = styled(["font": font("caption")], text("\(i * 7 % 60) min ago"))
        let textColumn = node("vstack", ["alignment": .string("leading"), "spacing": .number(2)], [title, subtitle, caption])
        let badge = styled(shadowed(["frame": .object(["width": .number(36), "height": .number(20)])]),
                           node("shape", ["shape": .string("capsule"), "fill": .object(["r": .number(1), "g": .number(0.58), "b": .number(0), "a": .number(1)])]))
        let button = node("button", ["style": .string("bordered")], [text("Order")])
        let row = node("hstack", ["spacing": .number(12)], [icon, textColumn, node("spacer"), badge, button])
        let extra = node("hstack", [:], [styled(["font": font("footnote")], text("Calories 320")), node("divider"),
                                          styled(["font": font("footnote")], text("Rating 4.\(i % 10)"))])
        let card = styled(["padding": .object(["top": .number(8), "leading": .number(12), "bottom": .number(8), "trailing": .number(12)]),
                           "background": .object(["name": .string("secondarySystemBackground")]), "cornerRadius": .number(12)],
                          node("vstack", ["alignment": .string("leading")], [row, node("divider"), extra]))
        cards.append(cardStyle.isEmpty ? card : styled(cardStyle, card))
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

/// Runs the cached layout of the stage table's screen `runs` times after one pass that measures
/// every text: `valgrind --tool=callgrind --toggle-collect='*cachedLayouts*'` counts only these.
func layoutOnly(runs: Int) throws {
    guard let scene = try lastScene(RenderSession(file: "bench", bytes: Array(screen().utf8))) else { return }
    let renderer = try Screenshotter()
    let measurer = renderer.measurer
    _ = scene.layout(measuredBy: measurer)
    let ms = cachedLayouts(scene, measurer, runs)
    print(String(format: "layout (cached), median of %d: %.2f ms", runs, ms))
}

@inline(never)
func cachedLayouts(_ scene: Scene, _ measurer: PangoTextMeasurer, _ runs: Int) -> Double {
    time(runs) { _ = scene.layout(measuredBy: measurer) }
}

/// The first layout of the 1,394-element screen `runs` times, each with a new measurer that has
/// the screen's likely fonts loaded (as `MeasurerWarming` leaves the first one): the text
/// measuring a `shotter render` of the screen waits for. Prints the median and the CPU time.
func firstLayout(runs: Int) throws {
    let stream = try OpStream(file: "bench", bytes: Array(screen(cards: 58).utf8))
    guard let scene = try lastScene(RenderSession(stream: stream)) else { return }
    let fonts = stream.likelyFonts(in: scene.environment, limit: 8)
    var samples: [Double] = []
    var cpu = 0.0
    for _ in 0..<runs {
        let measurer = try PangoTextMeasurer()
        for font in fonts { _ = measurer.layout("x", font: font, width: nil, lineLimit: nil) }
        let cpuStart = cpuMs()
        samples.append(time(1) { firstLayoutOnce(scene, measurer) })
        cpu += cpuMs() - cpuStart
    }
    print(String(format: "first layout of the 1,394-element screen, median of %d: %.2f ms (CPU %.2f ms)", runs, median(samples), cpu / Double(runs)))
}

/// `valgrind --tool=callgrind --toggle-collect='*firstLayoutOnce*'` counts only these.
@inline(never)
func firstLayoutOnce(_ scene: Scene, _ measurer: PangoTextMeasurer) {
    _ = scene.layout(measuredBy: measurer)
}

func stages(cards: Int, shadows: Int = 0) throws {
    let bytes = Array(screen(cards: cards, shadows: shadows).utf8)
    let readMs = try time(15) { _ = try OpStream(file: "bench", bytes: bytes) }
    let stream = try OpStream(file: "bench", bytes: bytes)
    let validateMs = try time(15) { _ = try RenderSession(stream: stream) }
    guard let scene = try lastScene(RenderSession(stream: stream)) else { return }
    let startMs = try time(1) { _ = try Screenshotter() }
    let renderer = try Screenshotter()
    print("elements: \(scene.tree.elements.count - 1)")
    let runs = 15
    // The first pass measures every text with Pango; later passes hit the measurer's cache,
    // as every commit after the first does in a stream.
    var larger = scene
    larger.environment.dynamicTypeSize = .xLarge
    let cold = time(1) { _ = larger.layout(measuredBy: renderer.measurer) }
    let layoutMs = time(runs) { _ = scene.layout(measuredBy: renderer.measurer) }
    let layout = scene.layout(measuredBy: renderer.measurer)
    let paintMs = time(runs) { _ = Painter.paint(tree: scene.tree, layout: layout, diagnostics: Diagnostics()) }
    let frame = renderer.frame(scene)
    let list = frame.displayList
    let rasterMs = try time(runs) { _ = try renderer.image(frame, scale: 3) }
    let image = try renderer.image(frame, scale: 3)
    let encodeMs = try time(runs) { _ = try PNGEncoder.encode(image.pixels) }
    let wholeMs = try time(runs) { _ = try renderer.encode(renderer.frame(scene), format: .png, scale: 3) }
    let svgMs = try time(runs) { _ = try renderer.encode(frame, format: .svg, scale: 1) }
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

/// `runs` whole PNG renders (layout, paint, rasterize, encode at 3x) of the stage screen with
/// `shadows` shadowed boxes, and nothing else: what to profile with
/// `valgrind --tool=callgrind --toggle-collect='*wholeRenders*'`.
@inline(never)
func wholeRenders(_ runs: Int, of scene: Scene, with renderer: Screenshotter) throws -> Double {
    try time(runs) { _ = try renderer.encode(renderer.frame(scene), format: .png, scale: 3) }
}

/// Times `wholeRenders`; with `file`, writes the PNG there (to compare the pixels of two builds).
func whole(shadows: Int, runs: Int, file: String?) throws {
    guard let scene = try lastScene(RenderSession(file: "bench", bytes: Array(screen(shadows: shadows).utf8))) else { return }
    let renderer = try Screenshotter()
    let ms = try wholeRenders(runs, of: scene, with: renderer)
    print(String(format: "whole PNG render, %d shadowed boxes (median of %d): %.1f ms", shadows, runs, ms))
    if let file { try Data(renderer.encode(renderer.frame(scene), format: .png, scale: 3)).write(to: URL(fileURLWithPath: file)) }
}

// MARK: Linear costs (issue 9)

/// 16,000 ideographs and kana in one text in a 20,000 pt frame: every character is a
/// line-break opportunity and a line holds about 4,700 of them.
func wrapStream() -> String {
    let sentence = Array("東京の朝はとても静かで駅前の喫茶店では焼きたてのドーナツとコーヒーの香りが漂っています")
    let text = String((0..<16_000).map { sentence[$0 % sentence.count] })
    return """
    {"id":1,"kind":"text","op":"create","props":{"text":"\(text)"}}
    {"id":2,"kind":"styled","op":"create","props":{"style":{"frame":{"width":20000}}}}
    {"id":1,"index":0,"op":"insert","parent":2}
    {"id":2,"index":0,"op":"insert","parent":0}
    {"op":"commit"}

    """
}

/// A vstack of 19,999 shapes and a text (20,000 elements), then 20,000 taps on the vstack,
/// each followed by a commit: every commit is labelled by the first text under the vstack.
func labelStream() -> String {
    var lines: [String] = []
    let count = 20_000
    for id in 1..<count { lines.append(#"{"id":\#(id),"kind":"shape","op":"create","props":{"shape":"rectangle"}}"#) }
    lines.append(#"{"id":\#(count),"kind":"text","op":"create","props":{"text":"Done"}}"#)
    let stack = count + 1
    lines.append(#"{"id":\#(stack),"kind":"vstack","op":"create","props":{}}"#)
    for id in 1...count { lines.append(#"{"id":\#(id),"index":\#(id - 1),"op":"insert","parent":\#(stack)}"#) }
    lines.append(#"{"id":\#(stack),"index":0,"op":"insert","parent":0}"#)
    lines.append(#"{"op":"commit"}"#)
    for _ in 0..<count {
        lines.append(#"{"id":\#(stack),"op":"event","type":"tap"}"#)
        lines.append(#"{"op":"commit"}"#)
    }
    return lines.joined(separator: "\n") + "\n"
}

/// One line mark of `count` points across a 300 x 200 chart, y swinging every few points.
func chartStream(points count: Int) -> String {
    var points: [String] = []
    points.reserveCapacity(count)
    for i in 0..<count {
        let x = Double(i) / Double(count - 1), y = 0.5 + 0.4 * sin(Double(i) * 0.7)
        points.append(#"{"x":\#(x),"y":\#(y)}"#)
    }
    return """
    {"id":1,"kind":"chart","op":"create","props":{"marks":[{"kind":"line","points":[\(points.joined(separator: ","))],"style":{"name":"blue"}}]}}
    {"id":2,"kind":"styled","op":"create","props":{"style":{"frame":{"height":200,"width":300}}}}
    {"id":1,"index":0,"op":"insert","parent":2}
    {"id":2,"index":0,"op":"insert","parent":0}
    {"op":"commit"}

    """
}

/// The stream's last commit in the default environment, as `shotter render` renders it.
func lastScene(_ session: RenderSession) throws -> Scene? {
    var last: Scene?
    try session.scenes(RenderOptions()) { last = $0 }
    return last
}

/// CPU time of this process (user + system), in ms: on a shared machine it moves less than
/// the wall time.
func cpuMs() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
    return ms(usage.ru_utime) + ms(usage.ru_stime)
}

/// Median wall time of `runs` runs and the CPU time per run, in ms.
func timed(_ runs: Int, _ body: () throws -> Void) rethrows -> String {
    let cpuStart = cpuMs()
    let wall = try time(runs, body)
    let cpu = (cpuMs() - cpuStart) / Double(runs)
    return String(format: "%.1f ms (CPU %.1f ms)", wall, cpu)
}

func linear() throws {
    guard let wrap = try lastScene(RenderSession(file: "wrap", bytes: Array(wrapStream().utf8))) else { return }
    var lines = 0
    // A new measurer each run: its cache would answer the second.
    let wrapMs = try timed(3) {
        let layout = wrap.layout(measuredBy: try PangoTextMeasurer())
        lines = layout.texts[1]?.lines.count ?? 0
    }
    print("wrap 16,000 ideographs at 20,000 pt (layout, \(lines) lines): \(wrapMs)")

    let labels = try OpStream(file: "labels", bytes: Array(labelStream().utf8))
    var commits: [OpStream.Commit] = []
    let labelMs = try timed(3) { commits = try RenderSession(stream: labels).commits }
    print("label 20,001 commits after 20,000 taps on a 20,000-element vstack (validate, \(commits.last?.label ?? "-")): \(labelMs)")

    let renderer = try Screenshotter()
    for count in [100_000, 1_000_000] {
        let bytes = Array(chartStream(points: count).utf8)
        var chart: Scene?
        let readMs = try timed(1) { chart = try lastScene(RenderSession(file: "chart", bytes: bytes)) }
        guard let chart else { return }
        var painted: Frame?
        let paintMs = timed(3) { painted = renderer.frame(chart) }
        guard let frame = painted else { return }
        let pngMs = try timed(3) { _ = try renderer.encode(frame, format: .png, scale: 3) }
        print("chart line of \(count) points: read and decode \(readMs); layout and paint \(paintMs); PNG at 3x \(pngMs)")
    }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "stages":
    // The screen of docs/performance.md's stage table (42 cards), or as many cards as given.
    try stages(cards: arguments.dropFirst().first.flatMap { Int($0) } ?? 42)
case "stages-shadows":
    // The same screen with 100 shadowed boxes: each card, its icon and its badge, in order.
    try stages(cards: 42, shadows: arguments.dropFirst().first.flatMap { Int($0) } ?? 100)
case "whole":
    // Only the whole PNG render of the stage screen: SHADOWS shadowed boxes, RUNS runs, the PNG to FILE.
    let rest = Array(arguments.dropFirst())
    guard rest.count <= 3, rest.prefix(2).allSatisfy({ Int($0).map { $0 >= 0 } ?? false }) else {
        fatalError("usage: shotter-bench whole [SHADOWS] [RUNS] [FILE]")
    }
    try whole(shadows: rest.first.flatMap { Int($0) } ?? 100, runs: max(1, rest.dropFirst().first.flatMap { Int($0) } ?? 15),
              file: rest.count > 2 ? rest[2] : nil)
case "layout":
    // Only the cached layout, for profiling: `shotter-bench layout [RUNS]`.
    try layoutOnly(runs: arguments.dropFirst().first.flatMap { Int($0) } ?? 15)
case "first-layout":
    // The screen's first layout with warmed fonts: `shotter-bench first-layout [RUNS]`.
    try firstLayout(runs: arguments.dropFirst().first.flatMap { Int($0) } ?? 15)
case "stream":
    let rest = Array(arguments.dropFirst())
    guard rest.count == 2, let n = Int(rest[0]) else { fatalError("usage: shotter-bench stream N FILE") }
    try screen(commits: n).write(toFile: rest[1], atomically: true, encoding: .utf8)
case "linear":
    try linear()
case "linear-streams":
    let rest = Array(arguments.dropFirst())
    guard rest.count == 1 else { fatalError("usage: shotter-bench linear-streams DIR") }
    try wrapStream().write(toFile: rest[0] + "/wrap.jsonl", atomically: true, encoding: .utf8)
    try labelStream().write(toFile: rest[0] + "/labels.jsonl", atomically: true, encoding: .utf8)
    try chartStream(points: 100_000).write(toFile: rest[0] + "/chart100k.jsonl", atomically: true, encoding: .utf8)
    try chartStream(points: 1_000_000).write(toFile: rest[0] + "/chart1M.jsonl", atomically: true, encoding: .utf8)
case "screen":
    let rest = Array(arguments.dropFirst())
    guard rest.count == 1 else { fatalError("usage: shotter-bench screen FILE") }
    try screen(cards: 58).write(toFile: rest[0], atomically: true, encoding: .utf8)
default:
    print("usage: shotter-bench stages [CARDS] | stages-shadows [SHADOWS] | whole [SHADOWS] [RUNS] [FILE] | layout [RUNS] | first-layout [RUNS] | stream N FILE | screen FILE | linear | linear-streams DIR")
}
