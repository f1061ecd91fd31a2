import Drawing
import LayoutModel

public struct TabViewProps: ElementProps {
    public var selected: Int
}

public struct TabProps: ElementProps {
    public var title: String
    public var systemImage: String?
}

/// `tabview`: fills the screen like a navigation stack. The tab bar is 49 pt plus the bottom
/// safe area (when the view reaches the screen bottom), one equal-width item per `tab`. Every
/// tab shares the view's frame, but only the selected one is laid out and drawn: the others
/// get no frame, so they draw nothing and report nothing.
public enum TabViewFamily: ElementFamily {
    public static let kindNames = ["tabview"]
    public static let barHeight = 49.0
    /// An item: its 24 pt symbol 6 below the bar's top, its title 33 below, 2 in from the sides.
    static let symbolTop = 6.0
    static let symbolSize = 24.0
    static let titleTop = 33.0
    static let titleInset = 2.0
    static let titleFont = ResolvedFont(size: 10, lineHeight: DynamicTypeTable.lineHeight(forPointSize: 10), weight: .medium)
    public static var fillsScreen: Bool { true }

    public static func knownProps(kind: String) -> Set<String> { ["selected"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        TabViewProps(selected: try r.index("selected"))
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let device = pass.environment.device.size
        let w = p.width ?? device.width, h = p.height ?? device.height
        return Size(width: w.isFinite ? w : device.width, height: h.isFinite ? h : device.height)
    }

    /// The selected tab's index among the children, clamped into range; nil with no tabs.
    static func selectedIndex(_ e: Element) -> Int? {
        guard !e.children.isEmpty else { return nil }
        let selected = (e.props as? TabViewProps)?.selected ?? 0
        return min(max(0, selected), e.children.count - 1)
    }

    /// The bar: 49 pt, plus the bottom safe area when the frame reaches the screen bottom.
    static func barRect(_ frame: Rect, _ pass: LayoutPass) -> Rect {
        let device = pass.environment.device
        let reachesBottom = frame.maxY >= device.size.height - 0.5
        let height = barHeight + (reachesBottom ? device.safeArea.bottom : 0)
        return Rect(x: frame.x, y: frame.maxY - height, width: frame.width, height: height)
    }

    static func itemRect(_ index: Int, count: Int, bar: Rect) -> Rect {
        let width = bar.width / Double(max(1, count))
        return Rect(x: bar.x + Double(index) * width, y: bar.y, width: width, height: barHeight)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let bar = barRect(frame, pass)
        let items = e.children.indices.map { itemRect($0, count: e.children.count, bar: bar) }
        pass.record(parts: TabBarParts(bar: bar, items: items), for: e.id)
        guard let index = selectedIndex(e) else { return }
        pass.place(e.children[index], at: frame.origin, proposal: ProposedSize(frame.size))
    }

    /// The selected tab, then the translucent bar over it: a hairline on top, each item's
    /// symbol (24 pt) over its 10 pt medium title, accent when selected, secondary otherwise.
    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        painter.paintChildren(of: e, state)
        guard let parts = painter.layout.parts[e.id] as? TabBarParts else { return }
        drawBarBackground(parts.bar, &painter)
        let selected = selectedIndex(e)
        for (i, tab) in e.children.enumerated() {
            guard i < parts.items.count, let props = painter.tree[tab]?.props as? TabProps else { continue }
            let item = parts.items[i]
            let color = i == selected ? painter.tint(state) : painter.palette.secondaryLabel
            if let symbol = props.systemImage, !symbol.isEmpty {
                painter.drawSymbol(SymbolTable.fillVariant(symbol), centeredIn: Rect(x: item.x, y: item.y + symbolTop, width: item.width, height: symbolSize),
                                   side: symbolSize, color: color)
            }
            if i < parts.titles.count { painter.draw(parts.titles[i], color: color) }
        }
    }

    /// Each item's 10 pt medium title, one line centered under its symbol.
    public static func layOutTexts(_ e: Element, in frame: Rect, _ pass: LayoutPass) {
        guard var parts = pass.result.parts[e.id] as? TabBarParts else { return }
        let font = titleFont
        parts.titles = zip(e.children, parts.items).map { tab, item in
            let title = Rect(x: item.x + titleInset, y: item.y + titleTop, width: item.width - 2 * titleInset, height: font.lineHeight)
            return (pass.tree[tab]?.props as? TabProps).map { pass.line($0.title, font: font, in: title, alignment: 0.5) }
        }
        pass.record(parts: parts, for: e.id)
    }

    /// The bar material (`Palette.barMaterial`) and its top hairline; bottom toolbars share it.
    static func drawBarBackground(_ bar: Rect, _ painter: inout Painter) {
        painter.append(.fill(.rect, bar, .solid(painter.palette.barMaterial)))
        let hairline = 1 / painter.layout.environment.device.scale
        painter.append(.fill(.rect, Rect(x: bar.x, y: bar.y, width: bar.width, height: hairline),
                             .solid(painter.palette.separator)))
    }
}

/// A tab bar as layout decided it: the bar, one equal item per tab and the items' titles
/// (nil for a child that is not a `tab`).
struct TabBarParts: LayoutParts {
    var bar: Rect
    var items: [Rect]
    var titles: [PlacedText?] = []

    var chrome: [String: Rect] {
        var rects = ["bar": bar]
        for (i, item) in items.enumerated() { rects["item\(i)"] = item }
        return rects
    }

    var labels: [String: PlacedText] {
        var texts: [String: PlacedText] = [:]
        for (i, title) in titles.enumerated() { texts["title\(i)"] = title }
        return texts
    }
}

/// `tab`: shares the tab view's frame. Its content is placed like a screen's: a navigation
/// stack fills the whole tab; a list or scroll view starts below the status bar and runs under
/// the bar (which it gets as its `bottomInset` chrome, the scrollable content inset); anything
/// else is proposed the room between the status bar and the bar, and centered in it.
public enum TabFamily: ElementFamily {
    public static let kindNames = ["tab"]
    public static func knownProps(kind: String) -> Set<String> { ["title", "systemImage"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        TabProps(title: try r.string("title") ?? "", systemImage: try r.string("systemImage"))
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let s = fillingSize(p)
        return Size(width: s.width.isFinite ? s.width : unspecifiedFillingLength,
                    height: s.height.isFinite ? s.height : unspecifiedFillingLength)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let bar = TabViewFamily.barRect(frame, pass)
        let device = pass.environment.device
        let top = frame.y + max(0, device.safeArea.top - frame.y)
        for child in e.children {
            let content = pass.unwrapStyled(child)
            if let content, content.family.fillsScreen || content.kind == "navstack" {
                pass.place(child, at: frame.origin, proposal: ProposedSize(frame.size))
            } else if let content, content.kind == "list" || content.kind == "scrollview" {
                let rect = Rect(x: frame.x, y: top, width: frame.width, height: frame.maxY - top)
                pass.place(child, at: rect.origin, proposal: ProposedSize(rect.size))
            } else {
                let area = Rect(x: frame.x + device.safeArea.leading, y: top,
                                width: frame.width - device.safeArea.horizontal, height: max(0, bar.y - top))
                let size = pass.sizeThatFits(child, ProposedSize(area.size))
                pass.place(child, at: Point(x: area.midX - size.width / 2, y: area.midY - size.height / 2),
                           proposal: ProposedSize(area.size))
            }
            insetScrollingViews(under: child, bar: bar, pass)
        }
    }

    /// Every list or scroll view the bar covers (also inside a navigation stack) gets the
    /// covered part of its frame as `bottomInset`, replacing the home indicator's.
    static func insetScrollingViews(under id: Int, bar: Rect, _ pass: LayoutPass) {
        for node in pass.tree.documentOrder(from: id) {
            guard var parts = pass.result.parts[node] as? ScrollingParts,
                  let f = pass.result.frames[node], f.maxY > bar.y, f.intersects(bar) else { continue }
            let top = max(f.y, bar.y)
            parts.bottomInset = Rect(x: f.x, y: top, width: f.width, height: f.maxY - top)
            pass.record(parts: parts, for: node)
        }
    }
}

extension TabBarParts {
    func mirrored(_ m: HorizontalMirror) -> Self { Self(bar: m.rect(bar), items: items.map(m.rect), titles: titles.map(m.text)) }
}
