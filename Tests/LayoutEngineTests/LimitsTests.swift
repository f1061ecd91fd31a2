import TestSupport
import LayoutEngine
import Testing
import Drawing
import LayoutModel

/// Values found by fuzzing that trapped a Double-to-Int conversion or made Cairo hang: each is
/// clamped or refused as docs/limits.md says.
@Suite("Limits: hostile numbers") struct LimitsTests {
    private func replayError(_ stream: String) -> String? {
        do {
            _ = try OpStream(file: "ops.jsonl", bytes: Array(stream.utf8)).validate()
            return nil
        } catch {
            return error.description
        }
    }

    private func paint(_ b: StreamBuilder, root: Int) throws -> [DisplayItem] {
        let (layout, tree) = try layOut(b, root: root, environment: plainScreen)
        return Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
    }

    /// The fills of an element kind's color, skipping the screen's background.
    private func fills(_ items: [DisplayItem]) -> [(ShapeOutline, Rect)] {
        items.dropFirst().compactMap { item in
            if case .fill(let shape, let rect, _) = item { (shape, rect) } else { nil }
        }
    }

    /// The group limit is checked after updates too: an element already on the screen that
    /// starts to fade opens one more group.
    @Test func anUpdateThatOpensOneGroupTooManyIsRefusedAtItsCommit() {
        let count = Limits.maxNestedGroups + 1
        var lines: [String] = []
        for id in 1...count {
            let opacity = id == count ? "1" : "0.5"
            lines.append(#"{"id":\#(id),"kind":"styled","op":"create","props":{"style":{"opacity":\#(opacity)}}}"#)
        }
        for id in 1...count { lines.append(#"{"id":\#(id),"index":0,"op":"insert","parent":\#(id - 1)}"#) }
        lines.append(#"{"op":"commit"}"#)
        #expect(replayError(lines.joined(separator: "\n")) == nil)
        lines.append(#"{"id":\#(count),"op":"update","props":{"style":{"opacity":0.5}}}"#)
        lines.append(#"{"op":"commit"}"#)
        #expect(replayError(lines.joined(separator: "\n")) ==
                "ops.jsonl:\(lines.count): commit: \(count) opacity groups are nested; shotter draws at most \(Limits.maxNestedGroups)")
    }

    @Test func anEventIdOutOfRangeIsAnInputError() {
        let stream = """
        {"id":1,"kind":"text","op":"create","props":{"text":"Hi"}}
        {"id":1e300,"op":"event","type":"tap"}
        {"op":"commit"}
        """
        #expect(replayError(stream) == #"ops.jsonl:2: event: field "id" is 1e+300; ids and indexes must be below 10^15 in magnitude"#)
        #expect(replayError(stream.replacingOccurrences(of: "1e300", with: "2.5")) ==
                #"ops.jsonl:2: event: field "id" must be an integer, got a fraction"#)
        #expect(replayError(stream.replacingOccurrences(of: "1e300", with: "1")) == nil)
    }

    @Test func aTextProposedAHugeNegativeHeightKeepsOneLine() throws {
        var b = StreamBuilder()
        let text = b.text("Hello world again and again")
        let root = b.styled(["frame": .object(["width": .n(10), "height": .n(-1e21)])], text)
        let (layout, _) = try layOut(b, root: root, environment: plainScreen)
        #expect(layout.texts[text]?.lines.count == 1)
    }

    @Test func aZeroSizedFontInAShortFrameKeepsOneLine() throws {
        var b = StreamBuilder()
        let text = b.text("Hello world")
        let sized = b.styled(["font": .object(["size": .n(0)])], text)
        let root = b.styled(["frame": .object(["width": .n(1), "height": .n(0)])], sized)
        let (layout, _) = try layOut(b, root: root, environment: plainScreen)
        #expect(layout.texts[text]?.lines.count == 1)
    }

    @Test func aGeometryInAHugelyNegativeFrameReportsNothing() throws {
        var b = StreamBuilder()
        let geometry = b.node("geometry")
        let root = b.styled(["frame": .object(["width": .n(-1e300), "height": .n(-1e300)])], geometry)
        let (layout, tree) = try layOut(b, root: root, environment: plainScreen)
        #expect(LayoutEvents.records(tree: tree, layout: layout).isEmpty)
    }

    @Test(arguments: [(1e9, 10_000.0), (1e300, 10_000), (-5, 0.1), (0, 0.1), (1e-300, 0.1), (9_999, 9_999), (0.5, 0.5)])
    func fontSizesAreClampedToATenthToTenThousandPoints(requested: Double, resolved: Double) throws {
        var b = StreamBuilder()
        let text = b.text("Hi")
        let root = b.styled(["font": .object(["size": .n(requested)])], text)
        let (layout, _) = try layOut(b, root: root, environment: plainScreen)
        #expect(layout.fonts[text]?.size == resolved)
    }

    @Test func aHugeCircleIsCutToTheCanvasAndItsMargin() throws {
        var b = StreamBuilder()
        let circle = b.node("shape", ["shape": .s("circle"), "fill": .object(["name": .s("red")])])
        let root = b.styled(["frame": .object(["width": .n(1e200), "height": .n(1e200)])], circle)
        let drawn = fills(try paint(b, root: root))
        #expect(drawn.count == 1)
        #expect(drawn.first?.0 == .rect)
        #expect(drawn.first?.1 == rect(-100_000, -100_000, 200_400, 200_800))
    }

    @Test func aLongCapsuleKeepsItsRoundedEndsWhereTheyShow() throws {
        var b = StreamBuilder()
        let capsule = b.node("shape", ["shape": .s("capsule"), "fill": .object(["name": .s("red")])])
        let root = b.styled(["frame": .object(["width": .n(1e50), "height": .n(100)])], capsule)
        let drawn = fills(try paint(b, root: root))
        #expect(drawn.count == 1)
        #expect(drawn.first?.0 == .roundedRect(cornerRadius: 50))
        #expect(drawn.first?.1 == rect(-100_000, 350, 200_400, 100))
    }

    @Test func aShapeFarOffScreenIsNotDrawnAndAFarClipClipsEverything() throws {
        var b = StreamBuilder()
        let shape = b.node("shape", ["shape": .s("roundedRectangle"), "cornerRadius": .n(8), "fill": .object(["name": .s("red")])])
        let clipped = b.styled(["cornerRadius": .n(4), "frame": .object(["width": .n(50), "height": .n(50)])], shape)
        let root = b.styled(["padding": .object(["leading": .n(1e20)])], clipped)
        let items = try paint(b, root: root)
        #expect(fills(items).isEmpty)
        #expect(items.contains(.pushClip(.rect, .zero)))
    }

    @Test func anOrdinaryScreenIsLeftExactlyAsPainted() throws {
        var b = StreamBuilder()
        let capsule = b.node("shape", ["shape": .s("capsule"), "fill": .object(["name": .s("red")])])
        let root = b.styled(["frame": .object(["width": .n(300), "height": .n(40)])], capsule)
        let drawn = fills(try paint(b, root: root))
        #expect(drawn.first?.0 == .capsule)
        #expect(drawn.first?.1 == rect(50, 380, 300, 40))
    }

    /// A chart whose one line mark has `count` points.
    private func chart(points count: Int) -> String {
        let points = JSON.array((0..<count).map { .object(["x": .n(Double($0) / Double(count)), "y": .n(0.5)]) })
        let line = JSON.object(["kind": .s("line"), "points": points, "style": .object(["name": .s("blue")])])
        let create = JSON.object(["op": .s("create"), "id": .n(1), "kind": .s("chart"), "props": .object(["marks": .array([line])])])
        return [create.serialized(), #"{"id":1,"index":0,"op":"insert","parent":0}"#, #"{"op":"commit"}"#].joined(separator: "\n")
    }

    @Test func aChartSeriesPastThePointLimitIsAnInputError() {
        let count = Limits.maxChartPoints + 1
        #expect(replayError(chart(points: count)) ==
                "ops.jsonl:1: create: chart.marks[0].points has \(count) points; shotter draws at most \(Limits.maxChartPoints) in a series")
        #expect(replayError(chart(points: Limits.maxChartPoints)) == nil)
    }
}
