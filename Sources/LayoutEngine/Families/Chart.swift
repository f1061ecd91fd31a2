import ChartRender
import Drawing
import LayoutModel

/// Swift Charts' line widths and symbol size where a mark leaves them out, and the grid and
/// tick lines' width (the rest of a chart's numbers are ChartRender's `ChartMetrics`).
enum ChartMarkDefaults {
    static let lineWidth = 2.0
    static let symbolSize = 8.0
    static let ruleLineWidth = 1.0
    static let gridLineWidth = 1.0
}

/// One point of an `area` mark: the top (`y0`) and bottom (`y1`) of the band at `x`.
public struct ChartAreaPoint: Hashable, Sendable {
    public var x: Double, y0: Double, y1: Double
}

/// A mark of the `marks` prop, in unit coordinates (spec "Mark").
public struct ChartMark: Hashable, Sendable {
    public enum Geometry: Hashable, Sendable {
        case rect(x0: Double, x1: Double, y0: Double, y1: Double, cornerRadius: Double, fixedWidth: Double?)
        case line(points: [Point], lineWidth: Double, interpolation: ChartInterpolation, symbol: ChartSymbol?, symbolSize: Double)
        case area(points: [ChartAreaPoint], interpolation: ChartInterpolation)
        case point(x: Double, y: Double, symbol: ChartSymbol, symbolSize: Double)
        case rule(x0: Double, x1: Double, y0: Double, y1: Double, lineWidth: Double)
    }
    public var geometry: Geometry
    public var style: ShapeStyle
    public var opacity: Double
    /// The clipping mark (an `area` or a `rect`), when there is one: at most one element.
    public var mask: [ChartMark]
}

public struct ChartProps: ElementProps {
    public var marks: [ChartMark]
    public var xAxis: AxisSpec?
    public var yAxis: AxisSpec?
    public var legend: LegendSpec?
    /// The style of each legend entry, parallel to `legend.entries`.
    public var legendStyles: [ShapeStyle]
}

public enum ChartItemRole: String, Hashable, Sendable {
    case annotation, xLabel, yLabel
}

public struct ChartItemProps: ElementProps {
    public var role: ChartItemRole
    public var x0: Double, x1: Double, y0: Double, y1: Double
    public var position: AnnotationPosition
    public var alignment: Alignment
    public var spacing: Double
}

/// `chart`: as flexible as a shape (300 x 200 for a nil proposal). `ChartRender` splits the box
/// into legend, axis bands and plot; the chart records them (`ChartParts`), places its `chartitem`
/// children (axis label views against the bands, annotations against their marks) and paints
/// grid lines, ticks, labels, the legend and the marks clipped to the plot, then the children.
public enum ChartFamily: ElementFamily {
    public static let kindNames = ["chart"]
    public static func knownProps(kind: String) -> Set<String> { ["marks", "xAxis", "yAxis", "legend"] }

    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        var marks: [ChartMark] = []
        for (i, json) in try r.chartArray("marks").enumerated() {
            marks.append(try decodeMark(json, path: "\(r.path).marks[\(i)]", r.diagnostics))
        }
        var legend: LegendSpec? = nil
        var legendStyles: [ShapeStyle] = []
        if let l = try r.object("legend") {
            l.warnUnknown(["position", "items"], what: "legend field")
            var entries: [LegendEntry] = []
            for (i, json) in try l.chartArray("items").enumerated() {
                let item = try PropReader(json, path: "\(l.path).items[\(i)]", diagnostics: r.diagnostics)
                item.warnUnknown(["label", "style", "symbol"], what: "legend item field")
                entries.append(LegendEntry(label: try item.string("label") ?? "", symbol: try item.choice("symbol", ChartSymbol.self)))
                legendStyles.append(try style(item))
            }
            legend = LegendSpec(edge: try l.choice("position", ChartEdge.self) ?? .bottom, entries: entries)
        }
        return ChartProps(marks: marks, xAxis: try axis(r, "xAxis", allowed: [.bottom, .top]),
                          yAxis: try axis(r, "yAxis", allowed: [.trailing, .leading]),
                          legend: legend, legendStyles: legendStyles)
    }

    private static func axis(_ r: PropReader, _ key: String, allowed: [ChartEdge]) throws(PropError) -> AxisSpec? {
        guard let a = try r.object(key) else { return nil }
        a.warnUnknown(["position", "gridLines", "ticks", "labels"], what: "\(key) field")
        let edge = try a.choice("position", ChartEdge.self) ?? allowed[0]
        guard allowed.contains(edge) else {
            throw PropError(message: "\(a.path).position: \"\(edge.rawValue)\" is not a position of this axis")
        }
        var labels: [AxisTextLabel] = []
        for (i, json) in try a.chartArray("labels").enumerated() {
            let l = try PropReader(json, path: "\(a.path).labels[\(i)]", diagnostics: r.diagnostics)
            labels.append(AxisTextLabel(at: try l.number("at") ?? 0, text: try l.string("text") ?? ""))
        }
        return AxisSpec(edge: edge, gridLines: try a.chartNumbers("gridLines"), ticks: try a.chartNumbers("ticks"), labels: labels)
    }

    private static func style(_ r: PropReader) throws(PropError) -> ShapeStyle {
        guard let json = r.value("style") else { return .semantic("blue", opacity: 1) }
        return try ShapeStyle.decode(json, path: r.path + ".style", diagnostics: r.diagnostics)
    }

    private static let markFields: [String: Set<String>] = [
        "rect": ["x0", "x1", "y0", "y1", "cornerRadius", "fixedWidth"],
        "line": ["points", "lineWidth", "interpolation", "symbol", "symbolSize"],
        "area": ["points", "interpolation"],
        "point": ["x", "y", "symbol", "symbolSize"],
        "rule": ["x0", "x1", "y0", "y1", "lineWidth"],
    ]

    static func decodeMark(_ json: JSON, path: String, _ diagnostics: Diagnostics) throws(PropError) -> ChartMark {
        let r = try PropReader(json, path: path, diagnostics: diagnostics)
        guard let kind = try r.string("kind") else { throw PropError(message: "\(path).kind is missing") }
        guard let fields = markFields[kind] else { throw PropError(message: "\(path).kind: unknown mark \(MessageText.quoted(kind))") }
        r.warnUnknown(fields.union(["kind", "style", "opacity", "mask"]), what: "\(kind) mark field")
        func n(_ key: String, _ fallback: Double) throws(PropError) -> Double { try r.number(key) ?? fallback }
        let geometry: ChartMark.Geometry
        switch kind {
        case "rect":
            geometry = .rect(x0: try n("x0", 0), x1: try n("x1", 0), y0: try n("y0", 0), y1: try n("y1", 0),
                             cornerRadius: try n("cornerRadius", 0), fixedWidth: try r.number("fixedWidth"))
        case "line":
            var points: [Point] = []
            for (i, p) in try r.seriesPoints().enumerated() {
                let pr = try PropReader(p, path: "\(path).points[\(i)]", diagnostics: diagnostics)
                points.append(Point(x: try pr.number("x") ?? 0, y: try pr.number("y") ?? 0))
            }
            geometry = .line(points: points, lineWidth: try n("lineWidth", ChartMarkDefaults.lineWidth),
                             interpolation: try r.choice("interpolation", ChartInterpolation.self) ?? .linear,
                             symbol: try r.choice("symbol", ChartSymbol.self), symbolSize: try n("symbolSize", ChartMarkDefaults.symbolSize))
        case "area":
            var points: [ChartAreaPoint] = []
            for (i, p) in try r.seriesPoints().enumerated() {
                let pr = try PropReader(p, path: "\(path).points[\(i)]", diagnostics: diagnostics)
                points.append(ChartAreaPoint(x: try pr.number("x") ?? 0, y0: try pr.number("y0") ?? 0, y1: try pr.number("y1") ?? 1))
            }
            geometry = .area(points: points, interpolation: try r.choice("interpolation", ChartInterpolation.self) ?? .linear)
        case "point":
            geometry = .point(x: try n("x", 0), y: try n("y", 0), symbol: try r.choice("symbol", ChartSymbol.self) ?? .circle,
                              symbolSize: try n("symbolSize", ChartMarkDefaults.symbolSize))
        default:
            geometry = .rule(x0: try n("x0", 0), x1: try n("x1", 0), y0: try n("y0", 0), y1: try n("y1", 0),
                             lineWidth: try n("lineWidth", ChartMarkDefaults.ruleLineWidth))
        }
        var mask: [ChartMark] = []
        if let m = r.value("mask") {
            let decoded = try decodeMark(m, path: path + ".mask", diagnostics)
            switch decoded.geometry {
            case .rect, .area: mask = [decoded]
            default: diagnostics.warn("\(path).mask: only area and rect marks can mask; ignored")
            }
        }
        return ChartMark(geometry: geometry, style: try style(r), opacity: try n("opacity", 1), mask: mask)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        p.replacingUnspecified(by: ChartMetrics.idealSize)
    }

    /// The axis and legend font: `caption` at the Dynamic Type size.
    static func axisFont(_ size: DynamicTypeSize) -> ResolvedFont {
        let m = DynamicTypeTable.metrics(.caption, size)
        return ResolvedFont(size: m.size, lineHeight: m.lineHeight)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        guard let props = e.props as? ChartProps else { return }
        var xAxis = props.xAxis, yAxis = props.yAxis
        var xViews: [Int] = [], yViews: [Int] = [], annotations: [(Int, ChartItemProps, Size)] = []
        // Label views of a hidden axis get no frame, so they are not drawn.
        for child in e.children {
            guard let item = pass.tree[child]?.props as? ChartItemProps else { continue }
            let size = pass.sizeThatFits(child, .unspecified)
            switch item.role {
            case .xLabel where xAxis != nil:
                xAxis?.views.append(AxisViewLabel(at: item.x0, size: size))
                xViews.append(child)
            case .yLabel where yAxis != nil:
                yAxis?.views.append(AxisViewLabel(at: item.y0, size: size))
                yViews.append(child)
            case .annotation:
                annotations.append((child, item, size))
            default:
                break
            }
        }
        let layout = ChartLayout(size: frame.size, xAxis: xAxis, yAxis: yAxis, legend: props.legend,
                                 font: axisFont(pass.environment.dynamicTypeSize), measurer: pass.measurer)
        pass.record(parts: ChartParts(layout, at: frame.origin, font: axisFont(pass.environment.dynamicTypeSize)), for: e.id)
        for (id, rect) in Array(zip(xViews, layout.xViews)) + Array(zip(yViews, layout.yViews)) {
            pass.place(id, at: Point(x: frame.x + rect.x, y: frame.y + rect.y), proposal: .unspecified)
        }
        let mapping = PlotMapping(plot: layout.plot.offsetBy(dx: frame.x, dy: frame.y))
        for (id, item, size) in annotations {
            let anchor = mapping.rect(x0: item.x0, x1: item.x1, y0: item.y0, y1: item.y1)
            let placed = AnnotationPlacement.frame(size: size, anchor: anchor, position: item.position,
                                                   horizontal: item.alignment.horizontalFraction,
                                                   vertical: item.alignment.verticalFraction, spacing: item.spacing)
            pass.place(id, at: placed.origin, proposal: .unspecified)
        }
    }
}

/// `chartitem`: one view at its ideal size, whatever it is proposed; the chart positions it.
public enum ChartItemFamily: ElementFamily {
    public static let kindNames = ["chartitem"]
    public static func knownProps(kind: String) -> Set<String> {
        ["role", "x0", "x1", "y0", "y1", "position", "alignment", "spacing"]
    }

    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        ChartItemProps(role: try r.choice("role", ChartItemRole.self) ?? .annotation,
                       x0: try r.number("x0") ?? 0, x1: try r.number("x1") ?? 0,
                       y0: try r.number("y0") ?? 0, y1: try r.number("y1") ?? 0,
                       position: try r.choice("position", AnnotationPosition.self) ?? .top,
                       alignment: try r.choice("alignment", Alignment.self) ?? .center,
                       spacing: try r.number("spacing") ?? ChartMetrics.defaultAnnotationSpacing)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        e.children.first.map { pass.sizeThatFits($0, .unspecified) } ?? .zero
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        if let child = e.children.first { pass.place(child, at: frame.origin, proposal: .unspecified) }
    }
}

fileprivate extension PropReader {
    /// An array prop; missing or null is empty.
    func chartArray(_ key: String) throws(PropError) -> [JSON] {
        guard let v = value(key) else { return [] }
        guard case .array(let items) = v else { throw PropError(message: "\(path).\(key) must be an array, got \(v.typeName)") }
        return items
    }

    /// A line or area mark's `points`, at most `Limits.maxChartPoints` of them.
    func seriesPoints() throws(PropError) -> [JSON] {
        let points = try chartArray("points")
        guard points.count <= Limits.maxChartPoints else {
            throw PropError(message: "\(path).points has \(points.count) points; shotter draws at most \(Limits.maxChartPoints) in a series")
        }
        return points
    }

    /// An array of numbers; missing or null is empty.
    func chartNumbers(_ key: String) throws(PropError) -> [Double] {
        var out: [Double] = []
        for (i, item) in try chartArray(key).enumerated() {
            guard case .number(let n) = item else {
                throw PropError(message: "\(path).\(key)[\(i)] must be a number, got \(item.typeName)")
            }
            out.append(n)
        }
        return out
    }
}

extension ChartFamily {
    /// Grid lines, ticks and axis labels, the legend, the marks clipped to the plot, then the
    /// children (label views, annotations: above the marks and not clipped). Geometry comes from
    /// the chrome recorded at placement.
    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        guard let props = e.props as? ChartProps, let parts = painter.layout.parts[e.id] as? ChartParts else {
            return painter.paintChildren(of: e, state)
        }
        let plot = parts.plot
        let rule = Paint.solid(painter.palette.separator)
        let secondary = painter.palette.secondaryLabel
        func segment(_ a: Point, _ b: Point) -> DisplayItem {
            .stroke(.polygon([a, b], closed: false), .zero, rule, lineWidth: ChartMarkDefaults.gridLineWidth, dash: [])
        }
        if let x = props.xAxis {
            let edge = x.edge == .top ? plot.minY : plot.maxY
            let outward = x.edge == .top ? -ChartMetrics.tickLength : ChartMetrics.tickLength
            for g in x.gridLines {
                let px = parts.mapping.point(g, 0).x
                painter.append(segment(Point(x: px, y: plot.minY), Point(x: px, y: plot.maxY)))
            }
            for t in x.ticks {
                let px = parts.mapping.point(t, 0).x
                painter.append(segment(Point(x: px, y: edge), Point(x: px, y: edge + outward)))
            }
            for text in parts.xLabelTexts { painter.draw(text, color: secondary) }
        }
        if let y = props.yAxis {
            let edge = parts.onLeft(y.edge) ? plot.minX : plot.maxX
            let outward = parts.onLeft(y.edge) ? -ChartMetrics.tickLength : ChartMetrics.tickLength
            for g in y.gridLines {
                let py = plot.minY + g * plot.height
                painter.append(segment(Point(x: plot.minX, y: py), Point(x: plot.maxX, y: py)))
            }
            for t in y.ticks {
                let py = plot.minY + t * plot.height
                painter.append(segment(Point(x: edge, y: py), Point(x: edge + outward, y: py)))
            }
            for text in parts.yLabelTexts { painter.draw(text, color: secondary) }
        }
        if let legend = props.legend {
            for (i, entry) in legend.entries.enumerated() {
                guard i < parts.legendItems.count else { continue }
                let box = parts.legendGlyphs[i]
                let style = i < props.legendStyles.count ? props.legendStyles[i] : .semantic("blue", opacity: 1)
                if let symbol = entry.symbol {
                    let glyph = SymbolGlyph(symbol, center: Point(x: box.midX, y: box.midY), size: ChartMetrics.legendSymbolSize)
                    paintGlyph(glyph, style, &painter, state)
                } else {
                    painter.append(.fill(.rect, box, painter.paint(chartStyle(style), in: box, state)))
                }
                painter.draw(parts.legendTexts[i], color: secondary)
            }
        }
        let mapping = parts.mapping
        painter.append(.pushClip(.rect, plot))
        for mark in props.marks { paintMark(mark, mapping, &painter, state) }
        painter.append(.popClip)
        painter.paintChildren(of: e, state)
    }

    /// Hierarchical levels paint with the fill tokens in a chart (spec "Styles in SVG").
    static func chartStyle(_ style: ShapeStyle) -> ShapeStyle {
        guard case .hierarchical(let level, let opacity) = style else { return style }
        let tokens = ["systemFill", "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill"]
        return .semantic(tokens[min(max(level, 1), 4) - 1], opacity: opacity)
    }

    /// The outline of an `area` or `rect` mark, as a fill or clip shape.
    static func outline(of mark: ChartMark, _ mapping: PlotMapping) -> (ShapeOutline, Rect)? {
        switch mark.geometry {
        case .rect(let x0, let x1, let y0, let y1, let cornerRadius, let fixedWidth):
            let r = mapping.rect(x0: x0, x1: x1, y0: y0, y1: y1, fixedWidth: fixedWidth)
            return (cornerRadius > 0 ? .roundedRect(cornerRadius: cornerRadius) : .rect, r)
        case .area(let points, let interpolation):
            let path = ChartPath.area(top: points.map { mapping.point($0.x, $0.y0) },
                                      bottom: points.map { mapping.point($0.x, $0.y1) }, interpolation)
            return path.bounds.map { (.path(path), $0) }
        default:
            return nil
        }
    }

    static func paintGlyph(_ glyph: SymbolGlyph, _ style: ShapeStyle, in bounds: Rect? = nil,
                           _ painter: inout Painter, _ state: Painter.State) {
        guard let box = glyph.path.bounds else { return }
        let paint = painter.paint(chartStyle(style), in: bounds ?? box, state)
        painter.append(glyph.filled ? .fill(.path(glyph.path), box, paint)
                                    : .stroke(.path(glyph.path), box, paint, lineWidth: glyph.lineWidth, dash: []))
    }

    /// One mark: its opacity as a group, its mask as a clip, its style laid out in its bounds.
    static func paintMark(_ mark: ChartMark, _ mapping: PlotMapping, _ painter: inout Painter, _ state: Painter.State) {
        let opacity = mark.opacity.isNaN ? 1 : min(1, max(0, mark.opacity))
        if opacity < 1 { painter.append(.pushGroup(opacity: opacity)) }
        let mask = mark.mask.first.flatMap { outline(of: $0, mapping) }
        if let (shape, rect) = mask { painter.append(.pushClip(shape, rect)) }
        let style = chartStyle(mark.style)
        switch mark.geometry {
        case .rect, .area:
            if let (shape, rect) = outline(of: mark, mapping) {
                painter.append(.fill(shape, rect, painter.paint(style, in: rect, state)))
            }
        case .line(let points, let lineWidth, let interpolation, let symbol, let symbolSize):
            let centers = points.map { mapping.point($0.x, $0.y) }
            let path = ChartPath.line(ChartPath.simplified(centers), interpolation)
            if let bounds = path.bounds {
                painter.append(.stroke(.path(path), bounds, painter.paint(style, in: bounds, state), lineWidth: lineWidth, dash: []))
                if let symbol {
                    for c in centers { paintGlyph(SymbolGlyph(symbol, center: c, size: symbolSize), style, in: bounds, &painter, state) }
                }
            }
        case .point(let x, let y, let symbol, let symbolSize):
            paintGlyph(SymbolGlyph(symbol, center: mapping.point(x, y), size: symbolSize), style, &painter, state)
        case .rule(let x0, let x1, let y0, let y1, let lineWidth):
            let a = mapping.point(x0, y0), b = mapping.point(x1, y1)
            let bounds = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
            painter.append(.stroke(.polygon([a, b], closed: false), bounds, painter.paint(style, in: bounds, state),
                                   lineWidth: lineWidth, dash: []))
        }
        if mask != nil { painter.append(.popClip) }
        if opacity < 1 { painter.append(.popGroup) }
    }
}

/// A chart as layout decided it: ChartRender's layout (plot, legend, axis bands, label and
/// legend boxes) at the chart's screen origin, and the texts drawn in those boxes.
struct ChartParts: LayoutParts {
    var layout: ChartLayout
    var origin: Point
    /// One per axis label: nil for a label hidden because it would collide with the one before.
    var xLabelTexts: [PlacedText?]
    var yLabelTexts: [PlacedText?]
    /// One per legend item, after its glyph.
    var legendTexts: [PlacedText]
    /// Right-to-left layout: the x scale runs from the right and the axes' leading and
    /// trailing edges swap (Swift Charts mirrors the whole chart).
    var rightToLeft = false

    init(_ layout: ChartLayout, at origin: Point, font: ResolvedFont) {
        self.layout = layout
        self.origin = origin
        func moved(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }
        func text(_ label: PlacedLabel, at rect: Rect) -> PlacedText {
            PlacedText(font: font, lines: [PlacedLine(text: label.text, width: rect.width, origin: rect.origin)], truncated: false)
        }
        func axisTexts(_ labels: [PlacedLabel], alongX: Bool) -> [PlacedText?] {
            let rects = labels.map { moved($0.rect) }
            return zip(labels, zip(rects, visibleAxisLabels(rects, alongX: alongX))).map { label, placed in
                placed.1 ? text(label, at: placed.0) : nil
            }
        }
        xLabelTexts = axisTexts(layout.xLabels, alongX: true)
        yLabelTexts = axisTexts(layout.yLabels, alongX: false)
        // The label follows the glyph; its width is the one measured for the item's box.
        legendTexts = layout.legendItems.map { item in
            let box = moved(item.rect)
            return text(item.label, at: Rect(x: box.x + item.glyph.width + ChartMetrics.legendLabelGap, y: box.y,
                                             width: item.label.rect.width, height: item.label.rect.height))
        }
    }

    private func moved(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }
    var plot: Rect { moved(layout.plot) }
    var legendItems: [Rect] { layout.legendItems.map { moved($0.rect) } }
    var legendGlyphs: [Rect] { layout.legendItems.map { moved($0.glyph) } }
    /// Where unit coordinates land in the plot.
    var mapping: PlotMapping { PlotMapping(plot: plot, rightToLeft: rightToLeft) }
    /// Whether a y axis on `edge` sits at the plot's left.
    func onLeft(_ edge: ChartEdge) -> Bool { (edge == .leading) != rightToLeft }

    func mirrored(_ m: HorizontalMirror) -> Self {
        var p = self
        p.layout = layout.mirrored()
        p.origin = Point(x: m.width - origin.x - layout.size.width, y: origin.y)
        p.xLabelTexts = xLabelTexts.map(m.text); p.yLabelTexts = yLabelTexts.map(m.text); p.legendTexts = legendTexts.map(m.text)
        p.rightToLeft = !rightToLeft
        return p
    }

    var chrome: [String: Rect] { layout.chrome(at: origin) }

    var labels: [String: PlacedText] {
        var texts: [String: PlacedText] = [:]
        for (i, text) in xLabelTexts.enumerated() { texts["xlabel\(i)"] = text }
        for (i, text) in yLabelTexts.enumerated() { texts["ylabel\(i)"] = text }
        for (i, text) in legendTexts.enumerated() { texts["legend\(i)"] = text }
        return texts
    }
}
