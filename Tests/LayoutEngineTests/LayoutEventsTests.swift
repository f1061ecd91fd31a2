import TestSupport
import Testing
import LayoutEngine
import LayoutModel

/// The `geometry` and `layout` records shotter reports back, against measurements computed by
/// hand with the fake measurer (body: 8.5 pt a character, 22 pt lines).
@Suite("Events: geometry and layout records") struct LayoutEventsTests {
    func records(_ b: StreamBuilder, root: Int) throws -> ([MeasurementRecord], LayoutResult, ElementTree) {
        let (layout, tree) = try layOut(b, root: root, environment: plainScreen)
        return (LayoutEvents.records(tree: tree, layout: layout), layout, tree)
    }

    @Test func geometryRecordIsTheFrameInWholePoints() throws {
        var b = StreamBuilder()
        let geometry = b.node("geometry", [:], [b.text("Hi")])
        let framed = b.styled(["frame": .object(["height": .n(120.4)])], geometry)
        let (records, _, _) = try records(b, root: framed)
        #expect(records.map(\.compact) == ["geometry:\(geometry):400x120"])
        #expect(records.first?.json == .object(["type": .s("geometry"), "id": .n(Double(geometry)),
                                                "width": .n(400), "height": .n(120)]))
    }

    @Test func layoutRecordHasTheProposalAndEachChildsMinIdealMax() throws {
        var b = StreamBuilder()
        let hi = b.text("Hi")
        let c = b.node("color", ["color": .object(["name": .s("red")])])
        // 13.335 pt: a character is 6.6675 wide, which the record rounds to 6.67; lines are 16.
        let small = b.styled(["font": .object(["size": .n(13.335)])], b.text("A"))
        let layoutID = b.node("layout", [:], [hi, c, small])
        let (records, _, _) = try records(b, root: layoutID)
        let json = try #require(records.first?.json)
        func size(_ w: JSON, _ h: JSON) -> JSON { .object(["width": w, "height": h]) }
        let expected = JSON.object([
            "type": .s("layout"), "id": .n(Double(layoutID)),
            "proposal": size(.n(400), .n(800)),
            "children": .array([
                // Width 0 breaks "Hi" per character, and height 0 keeps one line of them
                // (the engine's own answer, docs/decisions.md): 8.5 x 22.
                .object(["min": size(.n(8.5), .n(22)), "ideal": size(.n(17), .n(22)), "max": size(.n(17), .n(22))]),
                // A color: 0 at zero, 10 on nil axes, unbounded at infinity.
                .object(["min": size(.n(0), .n(0)), "ideal": size(.n(10), .n(10)),
                         "max": size(.s("infinity"), .s("infinity"))]),
                .object(["min": size(.n(6.67), .n(16)), "ideal": size(.n(6.67), .n(16)), "max": size(.n(6.67), .n(16))]),
            ]),
        ])
        #expect(json == expected)
        #expect(records.first?.compact == expected.serialized())
        #expect(expected.serialized().contains(#""min":{"height":16,"width":6.67}"#))
    }

    @Test func nilProposalAxesAreNull() throws {
        var b = StreamBuilder()
        let layoutID = b.node("layout", [:], [])
        let fixed = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(false)])], layoutID)
        let (records, _, _) = try records(b, root: fixed)
        #expect(records.first?.json == .object(["type": .s("layout"), "id": .n(Double(layoutID)),
                                                "proposal": .object(["width": .null, "height": .n(800)]),
                                                "children": .array([])]))
    }

    @Test func infiniteProposalIsTheStringInfinity() throws {
        var b2 = StreamBuilder()
        let inner = b2.node("layout", [:], [])
        let framed = b2.styled(["frame": .object(["maxWidth": .s("infinity")])], inner)
        let outer = b2.node("layout", ["proposal": .object(["width": .n(400), "height": .n(800)]),
                                       "size": .object(["width": .n(400), "height": .n(800)]),
                                       "frames": .array([.object(["x": .n(0), "y": .n(0), "width": .n(400), "height": .n(50.126)])])],
                            [framed])
        let (records, _, _) = try records(b2, root: outer)
        #expect(records.map(\.id) == [outer, inner])
        // The outer layout probes its child: max width is unbounded (maxWidth infinity).
        let outerChildren = records[0].json["children"]
        #expect(outerChildren == .array([.object([
            "min": .object(["width": .n(0), "height": .n(0)]),
            "ideal": .object(["width": .n(0), "height": .n(0)]),
            "max": .object(["width": .s("infinity"), "height": .s("infinity")]),
        ])]))
        // The inner one was placed with the answered frame's size, rounded to 2 decimals.
        #expect(records[1].json["proposal"] == .object(["width": .n(400), "height": .n(50.13)]))
    }

    @Test func elementsWithoutAFrameSendNothing() throws {
        var b = StreamBuilder()
        let wide = b.node("geometry", [:], [])
        let shown = b.styled(["frame": .object(["width": .n(20), "height": .n(20)])], b.text("x"))
        let vtf = b.node("viewthatfits", [:], [b.styled(["frame": .object(["width": .n(1000), "height": .n(20)])], wide), shown])
        let (records, _, _) = try records(b, root: vtf)
        #expect(records.isEmpty)
    }

    @Test func layoutReportListsTheEvents() throws {
        var b = StreamBuilder()
        let geometry = b.node("geometry", [:], [])
        let framed = b.styled(["frame": .object(["width": .n(30.6), "height": .n(10)])], geometry)
        let (layout, tree) = try layOut(b, root: framed, environment: plainScreen)
        let report = LayoutReport(tree: tree, layout: layout, commit: 1).json
        #expect(report["events"] == .array([.object(["type": .s("geometry"), "id": .n(Double(geometry)),
                                                     "width": .n(31), "height": .n(10)])]))
    }
}
