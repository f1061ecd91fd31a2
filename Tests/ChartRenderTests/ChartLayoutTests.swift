import ChartRender
import LayoutModel
import Testing

/// Caption at the default size is 12 pt on 16 pt lines; the fake measurer makes every
/// character 0.5 em = 6 pt wide, so "100" is 18 wide.
let caption = ResolvedFont(size: 12, lineHeight: 16)

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

func layout(_ size: Size = Size(width: 300, height: 200), x: AxisSpec? = nil, y: AxisSpec? = nil,
            legend: LegendSpec? = nil, measurer: TextMeasuring = FixedAdvanceMeasurer(advance: 0.5)) -> ChartLayout {
    ChartLayout(size: size, xAxis: x, yAxis: y, legend: legend, font: caption, measurer: measurer)
}

@Suite("Chart layout: bands, plot, labels, legend") struct ChartLayoutTests {
    let weekdays = AxisSpec(edge: .bottom, labels: [AxisTextLabel(at: 0.5, text: "Mon"), AxisTextLabel(at: 0, text: "Wednesday")])
    let values = AxisSpec(edge: .trailing, labels: [AxisTextLabel(at: 0.5, text: "100"), AxisTextLabel(at: 0, text: "200"),
                                                    AxisTextLabel(at: 1, text: "0")])

    @Test func bandsAreTheWidestAndTallestLabelPlusSix() {
        let l = layout(x: weekdays, y: values)
        // y band: "100" 18 + 6 = 24; x band: one 16 pt line + 6 = 22.
        #expect(l.plot == rect(0, 0, 276, 178))
        #expect(l.yBand == rect(276, 0, 24, 178))
        #expect(l.xBand == rect(0, 178, 276, 22))
        #expect(l.legend == nil)
    }

    @Test func xLabelsAreCenteredOnTheirTickAndClampedToTheChart() {
        let l = layout(x: weekdays, y: values)
        // "Mon" (18) centered on 0.5 x 276 = 138, 6 below the plot.
        #expect(l.xLabels[0] == PlacedLabel(rect: rect(129, 184, 18, 16), text: "Mon"))
        // "Wednesday" (54) centered on 0 would start at -27: clamped to 0.
        #expect(l.xLabels[1].rect == rect(0, 184, 54, 16))
    }

    @Test func trailingYLabelsAreLeftAlignedAndVerticallyCenteredAndClamped() {
        let l = layout(x: weekdays, y: values)
        #expect(l.yLabels[0].rect == rect(282, 81, 18, 16)) // 0.5 x 178 - 8
        #expect(l.yLabels[1].rect == rect(282, 0, 18, 16)) // -8 clamped to 0
        #expect(l.yLabels[2].rect == rect(282, 170, 6, 16)) // 178 - 8: inside the chart
    }

    @Test func topXAxisAndLeadingYAxisPutTheirBandsBeforeThePlot() {
        let x = AxisSpec(edge: .top, labels: [AxisTextLabel(at: 1, text: "Sunday")])
        let y = AxisSpec(edge: .leading, labels: [AxisTextLabel(at: 1, text: "0"), AxisTextLabel(at: 0, text: "100")])
        let l = layout(x: x, y: y)
        #expect(l.plot == rect(24, 22, 276, 178))
        #expect(l.xBand == rect(24, 0, 276, 22))
        #expect(l.yBand == rect(0, 22, 24, 178))
        // "Sunday" (36) centered on 300 would end at 318: clamped to end at the chart's 300.
        #expect(l.xLabels[0].rect == rect(264, 0, 36, 16))
        // Right-aligned 6 from the plot: "0" ends at 18, "100" too; 22 + 178 - 8 = 192 clamps to 184.
        #expect(l.yLabels[0].rect == rect(12, 184, 6, 16))
        #expect(l.yLabels[1].rect == rect(0, 14, 18, 16))
    }

    @Test func axesWithoutLabelsTakeNoBand() {
        let l = layout(x: AxisSpec(edge: .bottom, gridLines: [0, 1]), y: AxisSpec(edge: .trailing, gridLines: [0, 0.5, 1]))
        #expect(l.plot == rect(0, 0, 300, 200))
        #expect(l.xBand == rect(0, 200, 300, 0))
        #expect(l.yBand == rect(300, 0, 0, 200))
    }

    @Test func labelViewsUseTheirIdealSizeAgainstThePlotEdge() {
        let x = AxisSpec(edge: .bottom, labels: [AxisTextLabel(at: 0, text: "A")],
                         views: [AxisViewLabel(at: 0.5, size: Size(width: 40, height: 30))])
        let y = AxisSpec(edge: .leading, views: [AxisViewLabel(at: 0.25, size: Size(width: 20, height: 10))])
        let l = layout(x: x, y: y)
        // x band: the 30 pt view beats the 16 pt text line; y band: 20 + 6.
        #expect(l.plot == rect(26, 0, 274, 164))
        #expect(l.xViews == [rect(26 + 137 - 20, 170, 40, 30)])
        #expect(l.yViews == [rect(0, 41 - 5, 20, 10)])
        // A text label sits against the plot edge too, not at the band's far side.
        #expect(l.xLabels[0].rect.y == 170)
    }

    @Test func bottomLegendWrapsAtTheChartWidthIntoRowsFourApart() {
        let legend = LegendSpec(edge: .bottom, entries: [
            LegendEntry(label: "Alpha", symbol: .circle), // 10 + 4 + 30 = 44
            LegendEntry(label: "Be", symbol: .square), // 10 + 4 + 12 = 26, at 44 + 12 = 56
            LegendEntry(label: "Gamma", symbol: nil), // 18 + 4 + 30 = 52: 82 + 12 + 52 > 100, next row
        ])
        let l = layout(Size(width: 100, height: 200), legend: legend)
        #expect(l.legend == rect(0, 164, 100, 36)) // 2 rows: 16 + 4 + 16
        #expect(l.plot == rect(0, 0, 100, 156)) // 200 - 36 - 8
        #expect(l.legendItems.map(\.rect) == [rect(0, 164, 44, 16), rect(56, 164, 26, 16), rect(0, 184, 52, 16)])
        #expect(l.legendItems[0].glyph == rect(0, 167, 10, 10))
        #expect(l.legendItems[2].glyph == rect(0, 190.5, 18, 3))
        #expect(l.legendItems[1].label.rect == rect(70, 164, 12, 16))
        #expect(l.legendItems[2].label.rect == rect(22, 184, 30, 16))
    }

    @Test func topLegendPushesThePlotDownAndItemWidthsRoundUp() {
        // 0.55 em: 6.6 per character. "Be": 10 + 4 + 13.2 = 27.2, rounded up to 28.
        let legend = LegendSpec(edge: .top, entries: [LegendEntry(label: "Be", symbol: .circle), LegendEntry(label: "Be", symbol: .circle)])
        let l = layout(legend: legend, measurer: FixedAdvanceMeasurer(advance: 0.55))
        #expect(l.legendItems.map(\.rect) == [rect(0, 0, 28, 16), rect(40, 0, 28, 16)])
        #expect(l.legend == rect(0, 0, 300, 16))
        #expect(l.plot == rect(0, 24, 300, 176))
    }

    @Test func sideLegendsAreAColumnAsWideAsTheWidestItem() {
        let entries = [LegendEntry(label: "Alpha", symbol: .circle), LegendEntry(label: "Be", symbol: nil)]
        let leading = layout(y: values, legend: LegendSpec(edge: .leading, entries: entries))
        // Widest item: 44; one item per row even though both would fit in one.
        #expect(leading.legend == rect(0, 0, 44, 36))
        #expect(leading.legendItems.map(\.rect) == [rect(0, 0, 44, 16), rect(0, 20, 34, 16)])
        #expect(leading.plot == rect(52, 0, 224, 200)) // 300 - 44 - 8 - 24
        let trailing = layout(y: values, legend: LegendSpec(edge: .trailing, entries: entries))
        #expect(trailing.legend == rect(256, 0, 44, 36))
        #expect(trailing.plot == rect(0, 0, 224, 200))
        #expect(trailing.yBand == rect(224, 0, 24, 200))
    }

    @Test func chromeIsOffsetToTheChartOriginAndNamedAsTheSpecLists() {
        let l = layout(x: weekdays, y: values, legend: LegendSpec(edge: .bottom, entries: [LegendEntry(label: "A", symbol: nil)]))
        let chrome = l.chrome(at: Point(x: 10, y: 20))
        #expect(Set(chrome.keys) == ["plot", "legend", "xband", "yband", "xlabel0", "xlabel1", "ylabel0", "ylabel1", "ylabel2", "legend0"])
        #expect(chrome["plot"] == l.plot.offsetBy(dx: 10, dy: 20))
        #expect(chrome["legend0"] == rect(10, 20 + 184, 28, 16))
    }
}

@Suite("Annotations against their mark") struct AnnotationTests {
    let mark = rect(100, 50, 20, 100)
    let size = Size(width: 30, height: 10)

    func frame(_ position: AnnotationPosition, _ h: Double = 0.5, _ v: Double = 0.5, spacing: Double = 4) -> Rect {
        AnnotationPlacement.frame(size: size, anchor: mark, position: position, horizontal: h, vertical: v, spacing: spacing)
    }

    @Test func fivePositions() {
        #expect(frame(.top) == rect(95, 36, 30, 10)) // bottom edge at 50 - 4
        #expect(frame(.bottom) == rect(95, 154, 30, 10)) // top edge at 150 + 4
        #expect(frame(.leading) == rect(66, 95, 30, 10)) // trailing edge at 100 - 4, centered vertically
        #expect(frame(.trailing) == rect(124, 95, 30, 10))
        #expect(frame(.overlay) == rect(95, 95, 30, 10))
    }

    @Test func alignmentShiftsAlongTheFreeAxis() {
        #expect(frame(.top, 0) == rect(100, 36, 30, 10)) // leading edge on R.left
        #expect(frame(.bottom, 1) == rect(90, 154, 30, 10)) // trailing edge on R.right
        #expect(frame(.trailing, 0.5, 0) == rect(124, 50, 30, 10))
        #expect(frame(.leading, 0.5, 1) == rect(66, 140, 30, 10))
        #expect(frame(.overlay, 0, 1) == rect(100, 140, 30, 10))
        #expect(frame(.top, spacing: 10) == rect(95, 30, 30, 10))
    }

    @Test func unitRectsMapIntoThePlotAndFixedWidthsCenter() {
        let m = PlotMapping(plot: rect(10, 20, 200, 100))
        #expect(m.point(0.5, 0.25) == Point(x: 110, y: 45))
        #expect(m.rect(x0: 0.25, x1: 0.5, y0: 0.5, y1: 1) == rect(60, 70, 50, 50))
        #expect(m.rect(x0: 0.25, x1: 0.25, y0: 0.5, y1: 1, fixedWidth: 12) == rect(54, 70, 12, 50))
        // Values outside 0...1 leave the plot (the renderer clips them).
        #expect(m.point(1.5, -0.5) == Point(x: 310, y: -30))
    }
}
