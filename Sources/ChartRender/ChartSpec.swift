import LayoutModel

/// The chart vocabulary of the protocol (Phase 7), free of JSON and colors: what the layout
/// and the mark geometry need. LayoutEngine decodes props into these types.

public enum ChartSymbol: String, CaseIterable, Sendable, Hashable {
    case circle, square, triangle, diamond, cross, plus, asterisk
}

public enum ChartInterpolation: String, CaseIterable, Sendable, Hashable {
    case linear, cardinal, catmullRom, monotone, stepStart, stepCenter, stepEnd
}

/// The side of the plot an axis band or the legend sits on.
public enum ChartEdge: String, CaseIterable, Sendable, Hashable {
    case top, bottom, leading, trailing
}

/// A default text label: `text` at unit position `at` along its axis.
public struct AxisTextLabel: Hashable, Sendable {
    public var at: Double
    public var text: String
    public init(at: Double, text: String) { self.at = at; self.text = text }
}

/// An `xLabel` / `yLabel` view child: its tick position and its ideal size.
public struct AxisViewLabel: Hashable, Sendable {
    public var at: Double
    public var size: Size
    public init(at: Double, size: Size) { self.at = at; self.size = size }
}

public struct AxisSpec: Hashable, Sendable {
    /// x: `bottom` or `top`; y: `leading` or `trailing`.
    public var edge: ChartEdge
    public var gridLines: [Double]
    public var ticks: [Double]
    public var labels: [AxisTextLabel]
    public var views: [AxisViewLabel]
    public init(edge: ChartEdge, gridLines: [Double] = [], ticks: [Double] = [], labels: [AxisTextLabel] = [],
                views: [AxisViewLabel] = []) {
        self.edge = edge; self.gridLines = gridLines; self.ticks = ticks; self.labels = labels; self.views = views
    }
}

public struct LegendEntry: Hashable, Sendable {
    public var label: String
    /// nil: the entry shows an 18 x 3 line instead of a glyph.
    public var symbol: ChartSymbol?
    public init(label: String, symbol: ChartSymbol?) { self.label = label; self.symbol = symbol }
}

public struct LegendSpec: Hashable, Sendable {
    public var edge: ChartEdge
    public var entries: [LegendEntry]
    public init(edge: ChartEdge, entries: [LegendEntry]) { self.edge = edge; self.entries = entries }
}

/// Where an annotation sits against its mark's rect.
public enum AnnotationPosition: String, CaseIterable, Sendable, Hashable {
    case top, bottom, leading, trailing, overlay
}

/// Pixel constants of the chart layout rules (spec, "Layout rules: chart").
public enum ChartMetrics {
    /// Between the plot edge and an axis label; the ticks sit inside it.
    public static let bandGap = 6.0
    public static let tickLength = 4.0
    /// Between the legend and the rest of the chart.
    public static let legendGap = 8.0
    public static let legendSymbolSize = 10.0
    public static let legendLineSize = Size(width: 18, height: 3)
    /// Between a legend glyph and its label.
    public static let legendLabelGap = 4.0
    public static let legendItemSpacing = 12.0
    public static let legendRowSpacing = 4.0
    /// The size of a chart proposed nil on an axis.
    public static let idealSize = Size(width: 300, height: 200)
    public static let defaultAnnotationSpacing = 4.0
}
