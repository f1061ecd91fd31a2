import Drawing
import LayoutModel

/// Turns a laid-out tree into a display list in the iOS look, for one color scheme.
/// Walks the tree in document order (later siblings draw on top); each element's family
/// draws it and decides what its children inherit.
public struct Painter {
    public let tree: ElementTree
    public let layout: LayoutResult
    public let palette: Palette
    public let diagnostics: Diagnostics
    private var items: [DisplayItem] = []
    /// Every item passes through these on its way into the list.
    private let bounds: DrawingBounds
    /// `DisplayList.lines`: one entry per item.
    private var lines: [Int] = []
    /// The stream line of the element being painted.
    private var currentLine = 0
    /// Set by a presentation that darkens the status bar's background (a large sheet), so
    /// the bar is drawn in that scheme's label color.
    public var statusBarScheme: ColorScheme?

    /// What a subtree inherits while painting.
    public struct State: Sendable {
        public var foreground: RGBA
        /// True once a `styled` above set a foreground: it then beats a button's tint.
        public var explicitForeground = false
        /// `.tint` from a `styled` above: what controls use instead of the accent color.
        public var tint: RGBA?
        /// A gradient foreground from a `styled` above, which texts and fill-less shapes paint
        /// through (`foreground` is its first stop, for symbols and controls); nil otherwise.
        public var foregroundGradient: ShapeStyle?
    }

    /// `screen: false` leaves out the screen's background, the status bar and the home
    /// indicator: the app's elements alone, on a transparent canvas (documentation images).
    public static func paint(tree: ElementTree, layout: LayoutResult, diagnostics: Diagnostics, screen: Bool = true) -> DisplayList {
        let env = layout.environment
        var painter = Painter(tree: tree, layout: layout, palette: Palette(env),
                              diagnostics: diagnostics, bounds: DrawingBounds(canvas: env.device.size))
        if screen { painter.append(.fill(.rect, Rect(origin: .zero, size: env.device.size), .solid(painter.palette.systemBackground))) }
        painter.paintChildren(of: tree.root, State(foreground: painter.palette.label))
        painter.items = painter.items.map(env.legibilityWeight.drawn)
        let statusPalette = painter.statusBarScheme.map(painter.palette.inScheme) ?? painter.palette
        painter.currentLine = 0
        if screen {
            for item in StatusBar.items(for: env.device, palette: statusPalette, time: layout.statusBarTime) { painter.append(item) }
        }
        return DisplayList(size: env.device.size, items: painter.items, lines: painter.lines)
    }

    public mutating func append(_ item: DisplayItem) {
        guard let item = bounds.bound(item) else { return }
        items.append(item)
        lines.append(currentLine)
    }

    /// The accent a control draws with: the inherited `.tint`, else the palette's accent.
    public func tint(_ state: State) -> RGBA { state.tint ?? palette.accent }

    /// How many items are drawn so far, and inserting before them: a presentation wraps what
    /// it presents over (a large sheet scales the tree painted before it).
    public var itemCount: Int { items.count }
    public mutating func insert(_ newItems: [DisplayItem], at index: Int) {
        let index = min(max(0, index), items.count)
        let bounded = newItems.compactMap(bounds.bound)
        items.insert(contentsOf: bounded, at: index)
        lines.insert(contentsOf: Array(repeating: currentLine, count: bounded.count), at: index)
    }

    /// Paints one element through its family; elements without a frame are not drawn.
    public mutating func paint(_ id: Int, _ state: State) {
        guard let element = tree[id], let frame = layout.frames[id] else { return }
        let outer = currentLine
        currentLine = element.line
        diagnostics.line = element.line
        element.family.paint(element, in: frame, &self, state)
        currentLine = outer
        diagnostics.line = outer
    }

    public mutating func paintChildren(of element: Element, _ state: State) {
        for child in element.children { paint(child, state) }
    }

    /// A style resolved to paint over `rect`, relative to the inherited foreground.
    public func paint(_ style: ShapeStyle, in rect: Rect, _ state: State) -> Paint {
        palette.paint(style, in: rect, foreground: state.foreground, diagnostics: diagnostics)
    }

    static let placeholderFont = ResolvedFont(size: 11, lineHeight: 13, weight: .medium, design: .monospaced)
    /// SF Symbols' stroke, as the icon set draws it.
    static let symbolStrokeWidth = 2.0
    /// The placeholder's box: its corner radius and its 1 pt dashed outline (4 on, 3 off).
    static let placeholderCornerRadius = 4.0
    static let placeholderOutlineWidth = 1.0
    static let placeholderDash = [4.0, 3.0]
    /// The kind's name keeps this much room in its box (4 at each side).
    static let placeholderLabelPadding = 8.0

    /// A visible stand-in: a dashed outline, a faint fill and, when given, the kind's name.
    public mutating func paintPlaceholder(label: PlacedText?, _ frame: Rect) {
        let color = palette.secondaryLabel
        let shape = ShapeOutline.roundedRect(cornerRadius: Painter.placeholderCornerRadius)
        append(.fill(shape, frame, .solid(palette.quaternarySystemFill)))
        let outline = Painter.placeholderOutlineWidth
        append(.stroke(shape, frame.insetBy(dx: outline / 2, dy: outline / 2), .solid(color), lineWidth: outline, dash: Painter.placeholderDash))
        for line in label?.lines.prefix(1) ?? [] {
            append(.text(TextRun(text: line.text, font: Painter.placeholderFont, color: color, origin: line.origin, width: line.width)))
        }
    }
}
