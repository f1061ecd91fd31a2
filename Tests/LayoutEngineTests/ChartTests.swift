import TestSupport
import Foundation
import LayoutEngine
import Drawing
import LayoutModel
import Testing

/// Chart elements through a whole layout pass. Caption is 12 pt on 16 pt lines, so with the
/// fake measurer every axis character is 6 wide; body text ("Hi") is 8.5 per character, 22 tall.
@Suite("Chart: chrome, children and painting") struct ChartTests {
    private func obj(_ fields: [String: JSON]) -> JSON { .object(fields) }
    private func nums(_ values: [Double]) -> JSON { .array(values.map(JSON.n)) }
    private func color(_ name: String) -> JSON { obj(["name": .s(name)]) }
    private func rectMark(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, style: JSON,
                          extra: [String: JSON] = [:]) -> JSON {
        obj(["kind": .s("rect"), "x0": .n(x0), "x1": .n(x1), "y0": .n(y0), "y1": .n(y1), "style": style]
            .merging(extra) { $1 })
    }

    /// A 300 x 200 frame around `chart`, centered on the 400 x 800 screen at (50, 300).
    private func framed(_ b: inout StreamBuilder, _ chart: Int) -> Int {
        b.styled(["frame": obj(["width": .n(300), "height": .n(200)])], chart)
    }

    private func fullChart(_ b: inout StreamBuilder) -> (chart: Int, note: Int, root: Int) {
        let note = b.text("Hi")
        let item = b.node("chartitem", ["role": .s("annotation"), "x0": .n(0.25), "x1": .n(0.75), "y0": .n(0.5), "y1": .n(1),
                                        "position": .s("top"), "alignment": .s("center"), "spacing": .n(4)], [note])
        let chart = b.node("chart", [
            "marks": .array([rectMark(0.25, 0.75, 0.5, 1, style: color("blue"))]),
            "xAxis": obj(["position": .s("bottom"), "gridLines": nums([0.5]), "ticks": nums([0.5]),
                          "labels": .array([obj(["at": .n(0.5), "text": .s("Mon")])])]),
            "yAxis": obj(["position": .s("trailing"), "gridLines": nums([0.5]), "ticks": nums([]),
                          "labels": .array([obj(["at": .n(0.5), "text": .s("100")])])]),
            "legend": obj(["position": .s("bottom"),
                           "items": .array([obj(["label": .s("A"), "style": color("green"), "symbol": .s("circle")])])]),
        ], [item])
        return (chart, note, framed(&b, chart))
    }

    @Test func chromeRectsComeOutOfTheLayoutPass() throws {
        var b = StreamBuilder()
        let (chart, _, root) = fullChart(&b)
        let (layout, _) = try layOut(b, root: root, environment: plainScreen)
        #expect(layout.frames[chart] == rect(50, 300, 300, 200))
        let chrome = try #require(layout.chrome[chart])
        // Legend: one 16 pt row at the bottom, then 8: the rest is 176 tall. y band "100": 18 + 6;
        // x band: 16 + 6. The plot is what remains: 276 x 154.
        #expect(chrome["legend"] == rect(50, 484, 300, 16))
        #expect(chrome["legend0"] == rect(50, 484, 20, 16)) // 10 + 4 + 6
        #expect(chrome["plot"] == rect(50, 300, 276, 154))
        #expect(chrome["xband"] == rect(50, 454, 276, 22))
        #expect(chrome["yband"] == rect(326, 300, 24, 154))
        #expect(chrome["xlabel0"] == rect(179, 460, 18, 16)) // centered on 50 + 138, 6 below the plot
        #expect(chrome["ylabel0"] == rect(332, 369, 18, 16)) // 6 right of the plot, centered on 300 + 77
    }

    @Test func annotationsSitAboveTheirMarkAtTheirIdealSize() throws {
        var b = StreamBuilder()
        let (_, note, root) = fullChart(&b)
        let (layout, _) = try layOut(b, root: root, environment: plainScreen)
        // The mark is x 119...257, top at 377; "Hi" (17 x 22) is centered above it, 4 up:
        // x = 119 + (138 - 17) / 2 = 179.5 (floored), y = 377 - 4 - 22.
        #expect(layout.frames[note] == rect(179, 351, 17, 22))
    }

    @Test func paintsGridTicksLabelsLegendAndClippedMarksUnderTheAnnotations() throws {
        var b = StreamBuilder()
        let (_, _, root) = fullChart(&b)
        let (layout, tree) = try layOut(b, root: root, environment: plainScreen)
        let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
        let palette = Palette(.light)
        func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> DisplayItem {
            .stroke(.polygon([Point(x: x0, y: y0), Point(x: x1, y: y1)], closed: false), .zero, .solid(palette.separator),
                    lineWidth: 1, dash: [])
        }
        #expect(items.contains(line(188, 300, 188, 454))) // x grid line at 0.5
        #expect(items.contains(line(188, 454, 188, 458))) // its 4 px tick below the plot
        #expect(items.contains(line(50, 377, 326, 377))) // y grid line at 0.5
        let caption = ResolvedFont(size: 12, lineHeight: 16)
        #expect(items.contains(.text(TextRun(text: "Mon", font: caption, color: palette.secondaryLabel,
                                             origin: Point(x: 179, y: 460), width: 18))))
        #expect(items.contains(.text(TextRun(text: "A", font: caption, color: palette.secondaryLabel,
                                             origin: Point(x: 64, y: 484), width: 6))))
        // The legend glyph: a 10 px circle in the item's style, centered on the row.
        let glyph = items.firstIndex {
            if case .fill(.path, let r, .solid(let c)) = $0 { r == rect(50, 487, 10, 10) && c == palette.token("green") } else { false }
        }
        #expect(glyph != nil)
        let clip = try #require(items.firstIndex(of: .pushClip(.rect, rect(50, 300, 276, 154))))
        let bar = try #require(items.firstIndex(of: .fill(.rect, rect(119, 377, 138, 77), .solid(palette.accent))))
        let pop = try #require(items[bar...].firstIndex(of: .popClip))
        let note = try #require(items.firstIndex {
            if case .text(let run) = $0 { run.text == "Hi" } else { false }
        })
        #expect(clip < bar && bar < pop && pop < note)
    }

    @Test func opacityMaskAndHierarchicalStyle() throws {
        var b = StreamBuilder()
        let mask = rectMark(0, 0.5, 0, 1, style: color("black"))
        let chart = b.node("chart", ["marks": .array([
            rectMark(0, 1, 0, 1, style: obj(["hierarchical": .n(2)]), extra: ["opacity": .n(0.5), "mask": mask]),
        ])])
        let root = framed(&b, chart)
        let (layout, tree) = try layOut(b, root: root, environment: plainScreen)
        // No axes, no legend: the plot is the whole chart.
        #expect(layout.chrome[chart] == ["plot": rect(50, 300, 300, 200)])
        let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
        let start = try #require(items.firstIndex(of: .pushClip(.rect, rect(50, 300, 300, 200))))
        // Hierarchical levels paint with the fill tokens: `.secondary` is secondarySystemFill.
        #expect(Array(items[(start + 1)...(start + 5)]) == [
            .pushGroup(opacity: 0.5),
            .pushClip(.rect, rect(50, 300, 150, 200)),
            .fill(.rect, rect(50, 300, 300, 200), .solid(Palette(.light).secondarySystemFill)),
            .popClip,
            .popGroup,
        ])
    }

    @Test func gradientsAreLaidOutInTheMarkBoundsAndLinesCarrySymbols() throws {
        var b = StreamBuilder()
        func pt(_ x: Double, _ y: Double) -> JSON { obj(["x": .n(x), "y": .n(y)]) }
        let stops = JSON.array([obj(["color": color("red"), "location": .n(0)]), obj(["color": color("blue"), "location": .n(1)])])
        let linear = obj(["linearGradient": obj(["stops": stops, "start": obj(["x": .n(0.5), "y": .n(0)]),
                                                 "end": obj(["x": .n(0.5), "y": .n(1)])])])
        let radial = obj(["radialGradient": obj(["stops": stops, "startRadius": .n(0), "endRadius": .n(6)])])
        let chart = b.node("chart", ["marks": .array([
            obj(["kind": .s("area"), "style": linear,
                 "points": .array([obj(["x": .n(0), "y0": .n(0.25), "y1": .n(1)]), obj(["x": .n(1), "y0": .n(0.25), "y1": .n(1)])])]),
            obj(["kind": .s("line"), "style": color("green"), "lineWidth": .n(3), "symbol": .s("square"), "symbolSize": .n(10),
                 "points": .array([pt(0, 0.5), pt(0.5, 0.5)])]),
            obj(["kind": .s("point"), "style": radial, "x": .n(0.5), "y": .n(0.5)]),
            obj(["kind": .s("rule"), "style": color("red"), "x0": .n(0), "x1": .n(1), "y0": .n(0.75), "y1": .n(0.75)]),
        ])])
        let root = framed(&b, chart)
        let (layout, tree) = try layOut(b, root: root, environment: plainScreen)
        let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
        let palette = Palette(.light)
        let gradient = [GradientStop(color: palette.red, location: 0), GradientStop(color: palette.accent, location: 1)]
        // The area spans x 50...350 and y 350...500 (plot 50, 300, 300 x 200): the gradient runs
        // top to bottom of that box.
        let area: [PathElement] = [.move(Point(x: 50, y: 350)), .line(Point(x: 350, y: 350)), .line(Point(x: 350, y: 500)),
                                   .line(Point(x: 50, y: 500)), .close]
        #expect(items.contains(.fill(.path(area), rect(50, 350, 300, 150),
                                     .linearGradient(stops: gradient, start: Point(x: 200, y: 350), end: Point(x: 200, y: 500)))))
        let line: [PathElement] = [.move(Point(x: 50, y: 400)), .line(Point(x: 200, y: 400))]
        #expect(items.contains(.stroke(.path(line), rect(50, 400, 150, 0), .solid(palette.green), lineWidth: 3, dash: [])))
        // A 10 pt square on each point.
        for x in [50.0, 200] {
            let square: [PathElement] = [.move(Point(x: x - 5, y: 395)), .line(Point(x: x + 5, y: 395)), .line(Point(x: x + 5, y: 405)),
                                         .line(Point(x: x - 5, y: 405)), .close]
            #expect(items.contains(.fill(.path(square), rect(x - 5, 395, 10, 10), .solid(palette.green))))
        }
        // The point's radial gradient is centered on it, radii in points; the default symbol is an 8 pt circle.
        #expect(items.contains {
            if case .fill(.path, let r, .radialGradient(gradient, Point(x: 200, y: 400), 0, 6)) = $0 { r == rect(196, 396, 8, 8) } else { false }
        })
        #expect(items.contains(.stroke(.polygon([Point(x: 50, y: 450), Point(x: 350, y: 450)], closed: false), rect(50, 450, 300, 0),
                                       .solid(palette.red), lineWidth: 1, dash: [])))
    }

    /// 20,000 points across the 300 pt plot: the stroke keeps at most four per 1/8 pt column.
    @Test func aDenseLineIsStrokedThroughAtMostFourPointsPerPixelColumn() throws {
        var b = StreamBuilder()
        let count = 20_000
        let chart = b.node("chart")
        // Written by hand: the builder's JSON keeps 2 decimals, which would put the points on 101 columns.
        let points = (0..<count).map { i in #"{"x":\#(Double(i) / Double(count - 1)),"y":\#(0.5 + 0.4 * sin(Double(i) * 0.7))}"# }
        b.raw(#"{"id":\#(chart),"op":"update","props":{"marks":[{"kind":"line","points":[\#(points.joined(separator: ","))],"style":{"name":"blue"}}]}}"#)
        let root = framed(&b, chart)
        let (layout, tree) = try layOut(b, root: root, environment: plainScreen)
        let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
        let strokes = items.compactMap { item -> [PathElement]? in
            if case .stroke(.path(let path), _, _, _, _) = item { path } else { nil }
        }
        #expect(strokes.count == 1)
        // x 50...350 is 2,400 columns, and the last point (x = 350) starts one more; with about
        // 8 points a column, many columns start or end on their lowest or highest point.
        #expect(strokes.first?.count == 8190)
        #expect((strokes.first?.count ?? .max) <= 4 * 2400 + 1)
        #expect(strokes.first?.first == .move(Point(x: 50, y: 400)))
    }

    @Test func labelViewsSitInTheBandAndHiddenAxesPlaceNothing() throws {
        var b = StreamBuilder()
        let mid = b.text("Mid")
        let xLabel = b.node("chartitem", ["role": .s("xLabel"), "x0": .n(0.5), "x1": .n(0.5)], [mid])
        let orphan = b.text("Gone")
        let yLabel = b.node("chartitem", ["role": .s("yLabel"), "y0": .n(0.5), "y1": .n(0.5)], [orphan])
        let chart = b.node("chart", ["xAxis": obj(["position": .s("bottom")]), "yAxis": .null], [xLabel, yLabel])
        let root = framed(&b, chart)
        let (layout, _) = try layOut(b, root: root, environment: plainScreen)
        // "Mid" is 25.5 x 22: the x band is 22 + 6 tall; the view is centered on x = 150, 6 below the plot.
        #expect(layout.chrome[chart]?["plot"] == rect(50, 300, 300, 172))
        #expect(layout.chrome[chart]?["xband"] == rect(50, 472, 300, 28))
        #expect(layout.frames[xLabel] == rect(187, 478, 26, 22))
        #expect(layout.frames[mid] == rect(187, 478, 26, 22))
        #expect(layout.frames[yLabel] == nil)
        #expect(layout.frames[orphan] == nil)
    }

    @Test func sizeIsTheProposalWithDefaultsForNilAndInfinityKept() throws {
        var b = StreamBuilder()
        let chart = b.node("chart")
        let fixed = b.styled(["fixedSize": obj(["horizontal": .bool(true), "vertical": .bool(true)])], chart)
        let (layout, tree) = try layOut(b, root: fixed, environment: plainScreen)
        #expect(layout.frames[chart] == rect(50, 300, 300, 200))
        let pass = LayoutPass(tree: tree, environment: plainScreen, measurer: FixedAdvanceMeasurer())
        #expect(pass.sizeThatFits(chart, .infinity) == Size(width: .infinity, height: .infinity))
        #expect(pass.sizeThatFits(chart, ProposedSize(width: 120, height: nil)) == Size(width: 120, height: 200))
    }

    @Test func badMarksAndAxesAreErrors() {
        let cases: [[String: JSON]] = [
            ["marks": .s("bars")],
            ["marks": .array([obj(["kind": .s("pie")])])],
            ["marks": .array([obj(["x0": .n(0)])])],
            ["xAxis": obj(["position": .s("leading")])],
            ["yAxis": obj(["gridLines": .array([.s("top")])])],
            ["legend": obj(["items": .array([obj(["label": .s("A"), "symbol": .s("star")])])])],
        ]
        for props in cases {
            var b = StreamBuilder()
            let chart = b.node("chart", props)
            #expect(throws: (any Error).self, "\(props)") { try layOut(b, root: chart) }
        }
    }
}
