import LayoutModel

/// One text label placed by the chart: its line box (one line of the axis font) and text.
public struct PlacedLabel: Hashable, Sendable {
    public var rect: Rect
    public var text: String
    public init(rect: Rect, text: String) { self.rect = rect; self.text = text }
}

/// One legend entry: its box (width rounded up to whole points, one caption line tall), the
/// glyph's box (a 10 x 10 square for a symbol, 18 x 3 for a line) and its label's line box.
public struct PlacedLegendItem: Hashable, Sendable {
    public var rect: Rect
    public var glyph: Rect
    public var symbol: ChartSymbol?
    public var label: PlacedLabel
}

/// How a chart's box splits into legend, axis bands and plot, and where every label goes
/// (spec "Layout rules: chart"). All rects are relative to the chart's top-left corner.
public struct ChartLayout: Hashable, Sendable {
    public var size: Size
    public var plot: Rect
    public var legend: Rect?
    public var xBand: Rect?
    public var yBand: Rect?
    public var xLabels: [PlacedLabel] = []
    public var yLabels: [PlacedLabel] = []
    /// Frames of the `xLabel` / `yLabel` view children, in the order of `AxisSpec.views`.
    public var xViews: [Rect] = []
    public var yViews: [Rect] = []
    public var legendItems: [PlacedLegendItem] = []

    /// - `font`: the axis and legend font (`caption` at the Dynamic Type size).
    public init(size: Size, xAxis: AxisSpec?, yAxis: AxisSpec?, legend: LegendSpec?,
                font: ResolvedFont, measurer: TextMeasuring) {
        self.size = size
        func width(_ text: String) -> Double { measurer.layout(text, font: font, width: nil, lineLimit: 1).size.width }
        var rest = Rect(origin: .zero, size: size)

        // The legend takes a row (top / bottom) or a column (leading / trailing) off the box.
        if let legend, !legend.entries.isEmpty {
            let items = legend.entries.map { entry -> (entry: LegendEntry, glyph: Size, labelWidth: Double, width: Double) in
                let glyph = entry.symbol == nil ? ChartMetrics.legendLineSize
                    : Size(width: ChartMetrics.legendSymbolSize, height: ChartMetrics.legendSymbolSize)
                let labelWidth = width(entry.label)
                return (entry, glyph, labelWidth, (glyph.width + ChartMetrics.legendLabelGap + labelWidth).rounded(.up))
            }
            let lineHeight = font.lineHeight
            // Rows of item indices with each item's x offset.
            var rows: [[(index: Int, x: Double)]] = []
            let column = legend.edge == .leading || legend.edge == .trailing
            for (i, item) in items.enumerated() {
                if column || rows.isEmpty { rows.append([(i, 0)]); continue }
                let last = rows[rows.count - 1]
                let x = last[last.count - 1].x + items[last[last.count - 1].index].width + ChartMetrics.legendItemSpacing
                if x + item.width > size.width { rows.append([(i, 0)]) } else { rows[rows.count - 1].append((i, x)) }
            }
            let rowsHeight = Double(rows.count) * lineHeight + Double(rows.count - 1) * ChartMetrics.legendRowSpacing
            let columnWidth = items.map(\.width).max() ?? 0
            let box: Rect
            switch legend.edge {
            case .top:
                box = Rect(x: 0, y: 0, width: size.width, height: rowsHeight)
                rest = Rect(x: 0, y: rowsHeight + ChartMetrics.legendGap, width: size.width,
                            height: max(0, size.height - rowsHeight - ChartMetrics.legendGap))
            case .bottom:
                box = Rect(x: 0, y: size.height - rowsHeight, width: size.width, height: rowsHeight)
                rest = Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - rowsHeight - ChartMetrics.legendGap))
            case .leading:
                box = Rect(x: 0, y: 0, width: columnWidth, height: rowsHeight)
                rest = Rect(x: columnWidth + ChartMetrics.legendGap, y: 0,
                            width: max(0, size.width - columnWidth - ChartMetrics.legendGap), height: size.height)
            case .trailing:
                box = Rect(x: size.width - columnWidth, y: 0, width: columnWidth, height: rowsHeight)
                rest = Rect(x: 0, y: 0, width: max(0, size.width - columnWidth - ChartMetrics.legendGap), height: size.height)
            }
            self.legend = box
            for (r, row) in rows.enumerated() {
                let y = box.y + Double(r) * (lineHeight + ChartMetrics.legendRowSpacing)
                for (index, x) in row {
                    let item = items[index]
                    let rect = Rect(x: box.x + x, y: y, width: item.width, height: lineHeight)
                    let glyph = Rect(x: rect.x, y: y + (lineHeight - item.glyph.height) / 2,
                                     width: item.glyph.width, height: item.glyph.height)
                    let label = Rect(x: rect.x + item.glyph.width + ChartMetrics.legendLabelGap, y: y,
                                     width: item.labelWidth, height: lineHeight)
                    legendItems.append(PlacedLegendItem(rect: rect, glyph: glyph, symbol: item.entry.symbol,
                                                        label: PlacedLabel(rect: label, text: item.entry.label)))
                }
            }
        }

        // Axis bands: the widest (y) / tallest (x) label plus the gap; nothing without labels.
        let yWidths = (yAxis?.labels.map { width($0.text) } ?? []) + (yAxis?.views.map(\.size.width) ?? [])
        let xHeights = (xAxis?.labels.map { _ in font.lineHeight } ?? []) + (xAxis?.views.map(\.size.height) ?? [])
        let yBandWidth = yWidths.max().map { $0 + ChartMetrics.bandGap } ?? 0
        let xBandHeight = xHeights.max().map { $0 + ChartMetrics.bandGap } ?? 0
        let yLeading = yAxis?.edge == .leading
        let xTop = xAxis?.edge == .top
        plot = Rect(x: rest.x + (yLeading ? yBandWidth : 0), y: rest.y + (xTop ? xBandHeight : 0),
                    width: max(0, rest.width - yBandWidth), height: max(0, rest.height - xBandHeight))
        let plot = plot
        let gap = ChartMetrics.bandGap

        if let xAxis {
            xBand = Rect(x: plot.x, y: xTop ? plot.minY - xBandHeight : plot.maxY, width: plot.width, height: xBandHeight)
            func y(_ height: Double) -> Double { xTop ? plot.minY - gap - height : plot.maxY + gap }
            xLabels = xAxis.labels.map { label in
                let w = width(label.text)
                let x = clamp(plot.minX + label.at * plot.width - w / 2, 0, size.width - w)
                return PlacedLabel(rect: Rect(x: x, y: y(font.lineHeight), width: w, height: font.lineHeight), text: label.text)
            }
            xViews = xAxis.views.map { view in
                Rect(x: plot.minX + view.at * plot.width - view.size.width / 2, y: y(view.size.height),
                     width: view.size.width, height: view.size.height)
            }
        }
        if let yAxis {
            yBand = Rect(x: yLeading ? plot.minX - yBandWidth : plot.maxX, y: plot.y, width: yBandWidth, height: plot.height)
            func x(_ width: Double) -> Double { yLeading ? plot.minX - gap - width : plot.maxX + gap }
            yLabels = yAxis.labels.map { label in
                let w = width(label.text)
                let y = clamp(plot.minY + label.at * plot.height - font.lineHeight / 2, 0, size.height - font.lineHeight)
                return PlacedLabel(rect: Rect(x: x(w), y: y, width: w, height: font.lineHeight), text: label.text)
            }
            yViews = yAxis.views.map { view in
                Rect(x: x(view.size.width), y: plot.minY + view.at * plot.height - view.size.height / 2,
                     width: view.size.width, height: view.size.height)
            }
        }
    }

    /// The layout in right-to-left layout: every rect reflected in the chart's box, so the y
    /// axis's leading band and the legend's leading column move to the right.
    public func mirrored() -> ChartLayout {
        let m = HorizontalMirror(width: size.width)
        func label(_ l: PlacedLabel) -> PlacedLabel { PlacedLabel(rect: m.rect(l.rect), text: l.text) }
        var out = self
        out.plot = m.rect(plot); out.legend = m.rect(legend); out.xBand = m.rect(xBand); out.yBand = m.rect(yBand)
        out.xLabels = xLabels.map(label); out.yLabels = yLabels.map(label)
        out.xViews = xViews.map(m.rect); out.yViews = yViews.map(m.rect)
        out.legendItems = legendItems.map {
            PlacedLegendItem(rect: m.rect($0.rect), glyph: m.rect($0.glyph), symbol: $0.symbol, label: label($0.label))
        }
        return out
    }

    /// The named rects `shotter layout` reports, offset to `origin` (the chart's screen origin):
    /// `plot`, `legend`, `xband`, `yband`, `xlabel<i>`, `ylabel<i>`, `legend<i>`.
    public func chrome(at origin: Point) -> [String: Rect] {
        func moved(_ r: Rect) -> Rect { r.offsetBy(dx: origin.x, dy: origin.y) }
        var out: [String: Rect] = ["plot": moved(plot)]
        if let legend { out["legend"] = moved(legend) }
        if let xBand { out["xband"] = moved(xBand) }
        if let yBand { out["yband"] = moved(yBand) }
        for (i, label) in xLabels.enumerated() { out["xlabel\(i)"] = moved(label.rect) }
        for (i, label) in yLabels.enumerated() { out["ylabel\(i)"] = moved(label.rect) }
        for (i, item) in legendItems.enumerated() { out["legend\(i)"] = moved(item.rect) }
        return out
    }
}

/// `value` limited to `low...high`; `low` wins when the range is empty (a label wider than the chart).
func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double { max(low, min(value, high)) }

/// Swift Charts' default axis-label collision resolution (`AxisValueLabel`'s `.automatic`):
/// going along the axis, a label that would come within `spacing` of the last label kept is
/// hidden, so large Dynamic Type sizes thin the labels out instead of overprinting them.
/// Returns, for each rect in the given order, whether it is drawn.
public func visibleAxisLabels(_ rects: [Rect?], alongX: Bool, spacing: Double = 4) -> [Bool] {
    var visible = [Bool](repeating: false, count: rects.count)
    let order = rects.indices.filter { rects[$0] != nil }
        .sorted { alongX ? rects[$0]!.minX < rects[$1]!.minX : rects[$0]!.minY < rects[$1]!.minY }
    var lastEnd = -Double.infinity
    for i in order {
        guard let rect = rects[i] else { continue }
        let start = alongX ? rect.minX : rect.minY
        if start >= lastEnd + spacing || lastEnd == -.infinity {
            visible[i] = true
            lastEnd = alongX ? rect.maxX : rect.maxY
        }
    }
    return visible
}
