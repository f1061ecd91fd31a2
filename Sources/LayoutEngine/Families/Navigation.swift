import LayoutModel

/// `navstack`: fills what it is proposed (the whole screen as a root child, safe areas
/// ignored); only its last `navscreen` is laid out and drawn.
public enum NavStackFamily: ElementFamily {
    public static let kindNames = ["navstack"]
    public static let fillsScreen = true
    public static func knownProps(kind: String) -> Set<String> { [] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps { NoProps() }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        NavScreenFamily.filling(p, pass)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        if let top = e.children.last { pass.place(top, at: frame.origin, proposal: ProposedSize(frame.size)) }
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        if let top = e.children.last { painter.paint(top, state) }
    }
}

public enum TitleDisplayMode: String, Hashable, Sendable { case automatic, large, inline }

public struct NavScreenProps: ElementProps {
    public var title = ""
    public var displayMode: TitleDisplayMode = .automatic
    public var depth = 0
    /// A large title for `automatic` at the root and for `large`.
    var isLarge: Bool { displayMode == .large || (displayMode == .automatic && depth == 0) }
}

/// The navigation bar's fixed metrics. Bar text does not follow Dynamic Type (UIKit keeps
/// the bar at 17 / 34 pt and its heights fixed), see docs/decisions.md.
enum NavBar {
    static let rowHeight = 44.0
    static let largeTitleHeight = 52.0
    /// The large title's line ends this far above the bottom of its 52 pt row.
    static let largeTitleBottomInset = 8.0
    static let searchHeight = 52.0
    /// The search field in its 52 pt row: 36 tall, 8 from the row's top (and the bar's end 8 below it).
    static let searchFieldHeight = 36.0
    static let searchFieldTop = 8.0
    static let bottomBarHeight = 49.0
    static let edgePadding = 16.0
    static let itemSpacing = 16.0
    static let backX = 8.0
    static let chevronWidth = 17.0
    static let backGap = 6.0
    static let titleGap = 8.0
    static let maxTitleFraction = 0.56
    /// The back chevron: from its tip 2.5 in from the button's leading edge to its arms 12.5
    /// in and 10.5 above and below the middle, stroked 3 wide.
    static let chevronTipX = 2.5
    static let chevronArmX = 12.5
    static let chevronArmHeight = 10.5
    static let chevronLineWidth = 3.0
    static let titleFont = ResolvedFont(size: 17, lineHeight: 22, weight: .semibold)
    static let backFont = ResolvedFont(size: 17, lineHeight: 22)
    static let largeTitleFont = ResolvedFont(size: 34, lineHeight: 41, weight: .bold)

    static func width(_ text: String, _ font: ResolvedFont, _ measurer: TextMeasuring) -> Double {
        measurer.layout(text, font: font, width: nil, lineLimit: 1).size.width
    }

    /// The back button's width for a label (nil: the chevron alone).
    static func backWidth(_ label: String?, _ measurer: TextMeasuring) -> Double {
        guard let label else { return chevronWidth }
        return chevronWidth + backGap + width(label, backFont, measurer)
    }

    /// The previous screen's title, "Back", or the chevron alone: the first whose button,
    /// plus the leading items, still leaves the centered title 8 pt of room.
    static func backLabel(previous: String?, barWidth: Double, titleWidth: Double, leadingItems: Double,
                          rightOccupied: Double, _ measurer: TextMeasuring) -> String? {
        let candidates = [previous.flatMap { $0.isEmpty ? nil : $0 }, "Back"].compactMap { $0 }
        for label in candidates {
            let left = backX + backWidth(label, measurer) + (leadingItems > 0 ? titleGap + leadingItems : 0)
            let room = titleWidth > 0 ? (barWidth - titleWidth) / 2 : barWidth - rightOccupied
            if left + titleGap <= room { return label }
        }
        return nil
    }
}

/// `navscreen`: the bar is the status bar plus a 44 pt row (plus 52 for a large title, plus
/// 52 for a search field); toolbars sit in the row or in a bottom bar; the content is proposed
/// the rest. Chrome: `bar`, `largeTitle`, `title`, `back`, `searchField`, `bottomBar`, `content`.
public enum NavScreenFamily: ElementFamily {
    public static let kindNames = ["navscreen"]
    public static func knownProps(kind: String) -> Set<String> { ["title", "displayMode", "depth"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        NavScreenProps(title: try r.string("title") ?? "", displayMode: try r.choice("displayMode", TitleDisplayMode.self) ?? .automatic,
                       depth: Int(max(0, min(try r.number("depth") ?? 0, 100_000))))
    }

    /// The proposal, with the screen standing in for unspecified or infinite axes.
    static func filling(_ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let screen = pass.environment.device.size
        func axis(_ v: Double?, _ fallback: Double) -> Double { v.flatMap { $0.isFinite ? $0 : nil } ?? fallback }
        return Size(width: axis(p.width, screen.width), height: axis(p.height, screen.height))
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size { filling(p, pass) }

    public static func childContext(_ e: Element, _ context: InheritedContext) -> InheritedContext {
        var c = context
        c.stackAxis = .vertical // several content children form an implicit vstack
        return c
    }

    struct Parts {
        var content: [Int] = []
        var leading: [Int] = []
        var trailing: [Int] = []
        var principal: [Int] = []
        var bottom: [Int] = []
        var search: [Int] = []
    }

    static func parts(_ e: Element, _ tree: ElementTree) -> Parts {
        var parts = Parts()
        for id in e.children {
            guard let child = tree[id] else { continue }
            switch child.kind {
            case "toolbar":
                switch (child.props as? ToolbarProps)?.placement ?? .trailing {
                case .leading: parts.leading.append(id)
                case .trailing: parts.trailing.append(id)
                case .principal: parts.principal.append(id)
                case .bottom: parts.bottom.append(id)
                }
            case "searchfield": parts.search.append(id)
            default: parts.content.append(id)
            }
        }
        return parts
    }

    /// The title of the screen below this one in its stack.
    static func previousTitle(_ e: Element, _ tree: ElementTree) -> String? {
        guard let stack = e.parent.flatMap({ tree[$0] }), stack.kind == "navstack",
              let index = stack.children.firstIndex(of: e.id), index > 0 else { return nil }
        return (tree[stack.children[index - 1]]?.props as? NavScreenProps)?.title
    }

    /// True for content that scrolls (a list or scroll view, possibly under wrappers): it runs
    /// to the bottom of the screen under the home indicator, with a content inset.
    static func scrolls(_ id: Int, _ tree: ElementTree) -> Bool {
        ["list", "scrollview"].contains(ListLayout.contentKind(id, tree))
    }

    static func groupWidth(_ ids: [Int], _ pass: LayoutPass) -> Double {
        guard !ids.isEmpty else { return 0 }
        return ids.map { pass.sizeThatFits($0, .unspecified).width }.reduce(0, +) + NavBar.itemSpacing * Double(ids.count - 1)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let props = (e.props as? NavScreenProps) ?? NavScreenProps()
        let device = pass.environment.device
        let parts = self.parts(e, pass.tree)
        let statusBar = max(0, device.safeArea.top - frame.y)
        let rowY = frame.y + statusBar
        var bar = NavBarParts(bar: Rect(x: frame.x, y: frame.y, width: frame.width, height: statusBar + NavBar.rowHeight))
        var y = rowY + NavBar.rowHeight
        if props.isLarge {
            let large = Rect(x: frame.x, y: y, width: frame.width, height: NavBar.largeTitleHeight)
            let font = NavBar.largeTitleFont
            let laid = pass.measurer.layout(props.title, font: font, width: large.width - 2 * NavBar.edgePadding, lineLimit: 1)
            bar.largeTitle = large
            bar.largeTitleText = PlacedText(laid, font: font, x: large.x + NavBar.edgePadding, width: 0,
                                            top: large.maxY - font.lineHeight - NavBar.largeTitleBottomInset)
            y += NavBar.largeTitleHeight
        }
        if let search = parts.search.first {
            let field = Rect(x: frame.x + NavBar.edgePadding, y: y + NavBar.searchFieldTop, width: frame.width - 2 * NavBar.edgePadding,
                             height: NavBar.searchFieldHeight)
            pass.place(search, at: field.origin, proposal: ProposedSize(field.size))
            bar.searchField = field
            y += NavBar.searchHeight
        }
        let reachesBottom = frame.maxY >= device.size.height - 0.5
        var bottom = frame.maxY
        if !parts.bottom.isEmpty {
            let height = NavBar.bottomBarHeight + (reachesBottom ? device.safeArea.bottom : 0)
            let bottomBar = Rect(x: frame.x, y: frame.maxY - height, width: frame.width, height: height)
            for id in parts.bottom { pass.place(id, at: bottomBar.origin, proposal: ProposedSize(bottomBar.size)) }
            bar.bottomBar = bottomBar
            bottom = bottomBar.minY
        }
        placeBarItems(e, props, parts, frame: frame, rowY: rowY, &bar, pass)

        let area = Rect(x: frame.x, y: y, width: frame.width, height: max(0, bottom - y))
        bar.content = area
        placeContent(parts.content, area: area, homeIndicator: parts.bottom.isEmpty && reachesBottom ? device.safeArea.bottom : 0,
                     e, pass)
        pass.record(parts: bar, for: e.id)
    }

    /// Back button, leading / trailing / principal toolbars and the inline title in the 44 pt row.
    private static func placeBarItems(_ e: Element, _ props: NavScreenProps, _ parts: Parts, frame: Rect, rowY: Double,
                                      _ bar: inout NavBarParts, _ pass: LayoutPass) {
        let measurer = pass.measurer
        let trailingWidth = groupWidth(parts.trailing, pass)
        let rightOccupied = parts.trailing.isEmpty ? 0 : NavBar.edgePadding + trailingWidth
        let leadingWidth = groupWidth(parts.leading, pass)
        let showsInlineTitle = !props.isLarge && parts.principal.isEmpty && !props.title.isEmpty
        let naturalTitle = showsInlineTitle ? min(NavBar.width(props.title, NavBar.titleFont, measurer),
                                                  frame.width * NavBar.maxTitleFraction) : 0
        var leftOccupied = parts.leading.isEmpty ? 0 : NavBar.edgePadding + leadingWidth
        var leadingX = frame.x + NavBar.edgePadding
        if props.depth > 0 {
            let label = NavBar.backLabel(previous: previousTitle(e, pass.tree), barWidth: frame.width, titleWidth: naturalTitle,
                                         leadingItems: leadingWidth, rightOccupied: rightOccupied, measurer)
            let back = Rect(x: frame.x + NavBar.backX, y: rowY, width: NavBar.backWidth(label, measurer), height: NavBar.rowHeight)
            bar.back = back
            let (tip, arm) = (back.x + NavBar.chevronTipX, back.x + NavBar.chevronArmX)
            bar.backChevron = [Point(x: arm, y: back.midY - NavBar.chevronArmHeight), Point(x: tip, y: back.midY),
                               Point(x: arm, y: back.midY + NavBar.chevronArmHeight)]
            if let label {
                let font = NavBar.backFont
                bar.backLabel = PlacedText(measurer.layout(label, font: font, width: nil, lineLimit: 1), font: font,
                                           x: back.x + NavBar.chevronWidth + NavBar.backGap, width: 0,
                                           top: back.midY - font.lineHeight / 2)
            }
            leadingX = back.maxX + NavBar.titleGap
            leftOccupied = back.maxX - frame.x + (parts.leading.isEmpty ? 0 : NavBar.titleGap + leadingWidth)
        }
        func placeGroup(_ id: Int, x: Double) -> Double {
            let size = pass.sizeThatFits(id, .unspecified)
            pass.place(id, at: Point(x: x, y: rowY + (NavBar.rowHeight - size.height) / 2), proposal: .unspecified)
            return size.width
        }
        var cursor = leadingX
        for id in parts.leading { cursor += placeGroup(id, x: cursor) + NavBar.itemSpacing }
        cursor = frame.maxX - NavBar.edgePadding
        for id in parts.trailing {
            let width = pass.sizeThatFits(id, .unspecified).width
            cursor -= placeGroup(id, x: cursor - width) + NavBar.itemSpacing
        }
        for id in parts.principal {
            let width = pass.sizeThatFits(id, .unspecified).width
            _ = placeGroup(id, x: frame.midX - width / 2)
        }
        if showsInlineTitle {
            let room = frame.width - 2 * (max(leftOccupied, rightOccupied) + NavBar.titleGap)
            let width = max(0, min(naturalTitle, room))
            let title = Rect(x: frame.midX - width / 2, y: rowY, width: width, height: NavBar.rowHeight)
            bar.title = title
            if width > 0 {
                // The title's own width plus a hair, so a title that fits is not cut by rounding.
                let laid = measurer.layout(props.title, font: NavBar.titleFont, width: title.width + 0.001, lineLimit: 1)
                bar.titleText = PlacedText(laid, font: NavBar.titleFont, x: title.midX, width: 0,
                                           top: title.midY - NavBar.titleFont.lineHeight / 2, alignment: 0.5)
            }
        }
    }

    /// Scrolling content is proposed the whole area; anything else is proposed the area above
    /// the home indicator and centered in it, as SwiftUI centers in the safe area.
    private static func placeContent(_ ids: [Int], area: Rect, homeIndicator: Double, _ e: Element, _ pass: LayoutPass) {
        guard !ids.isEmpty else { return }
        if ids.count == 1, scrolls(ids[0], pass.tree) {
            pass.place(ids[0], at: area.origin, proposal: ProposedSize(area.size))
            return
        }
        let safe = Rect(x: area.x, y: area.y, width: area.width, height: max(0, area.height - homeIndicator))
        let proposal = ProposedSize(safe.size)
        if ids.count == 1 {
            let size = pass.sizeThatFits(ids[0], proposal)
            pass.place(ids[0], at: aligned(size, in: safe, .center), proposal: proposal)
            return
        }
        let group = Element(id: e.id, kind: "vstack", family: StackFamily.self,
                            props: StackProps(spacing: nil, alignment: .center, axis: .vertical), children: ids, parent: e.parent)
        let size = StackLayout.size(group, .vertical, proposal, pass)
        StackLayout.place(group, .vertical, in: Rect(origin: aligned(size, in: safe, .center), size: size), proposal: proposal, pass)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        let palette = painter.palette
        let parts = self.parts(e, painter.tree)
        // The bar is transparent at the scroll edge: it shows the content's background.
        var background = palette.systemBackground
        if parts.content.count == 1, ListLayout.contentKind(parts.content[0], painter.tree) == "list" {
            var id = parts.content[0]
            while let el = painter.tree[id], el.kind != "list", let child = el.children.first { id = child }
            background = ListLayout.groupedBackground(ListLayout.listProps(painter.tree[id]).style, palette)
        }
        painter.append(.fill(.rect, frame, .solid(background)))
        for id in parts.content { painter.paint(id, state) }

        let bar = painter.layout.parts[e.id] as? NavBarParts
        var barBottom = bar?.bar.maxY ?? frame.minY
        if let large = bar?.largeTitle { barBottom = large.maxY }
        painter.draw(bar?.largeTitleText, color: palette.label)
        if let search = bar?.searchField { barBottom = search.maxY + NavBar.searchFieldTop }
        painter.draw(bar?.titleText, color: palette.label)
        if let back = bar?.back, let chevron = bar?.backChevron {
            painter.append(.stroke(.polygon(chevron, closed: false), back, .solid(palette.accent), lineWidth: NavBar.chevronLineWidth, dash: []))
            painter.draw(bar?.backLabel, color: palette.accent)
        }
        let hairline = 1 / painter.layout.environment.device.scale
        painter.append(.fill(.rect, Rect(x: frame.x, y: barBottom - hairline, width: frame.width, height: hairline),
                             .solid(palette.separator)))
        for id in parts.search + parts.leading + parts.trailing + parts.principal + parts.bottom { painter.paint(id, state) }
    }

}

/// A navigation screen's bar as layout decided it: the rects of its parts and its laid-out
/// texts (the large or inline title, the back button's chosen label).
struct NavBarParts: LayoutParts {
    var bar: Rect
    var largeTitle: Rect?
    var largeTitleText: PlacedText?
    var searchField: Rect?
    var bottomBar: Rect?
    var content = Rect.zero
    /// The inline title's rect (width 0 when no room is left).
    var title: Rect?
    var titleText: PlacedText?
    var back: Rect?
    /// The back button's accent chevron, a polyline pointing back (left, right in right to left).
    var backChevron: [Point]?
    /// The previous screen's title or "Back"; nil for the chevron alone.
    var backLabel: PlacedText?

    var chrome: [String: Rect] {
        var rects = ["bar": bar, "content": content]
        rects["largeTitle"] = largeTitle
        rects["searchField"] = searchField
        rects["bottomBar"] = bottomBar
        rects["title"] = title
        rects["back"] = back
        return rects
    }

    var labels: [String: PlacedText] {
        var texts: [String: PlacedText] = [:]
        texts["largeTitle"] = largeTitleText
        texts["title"] = titleText
        texts["back"] = backLabel
        return texts
    }
}

public struct NavLinkProps: ElementProps {
    public var selected = false
}

/// `navlink`: its label, in the accent color like a button. As a list row it takes the row's
/// width, keeps the primary color and shows a trailing chevron (chrome `chevron`); the label
/// is proposed the width less the chevron's reserve.
public enum NavLinkFamily: ElementFamily {
    public static let kindNames = ["navlink"]
    static let chevronSize = Size(width: 8, height: 14)
    static let chevronGap = 12.0
    /// The chevron's stroke, inset this much in its rect.
    static let chevronInset = 1.0
    static let chevronLineWidth = 2.0
    static var chevronReserve: Double { chevronSize.width + chevronGap }

    public static func knownProps(kind: String) -> Set<String> { ["selected"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        NavLinkProps(selected: try r.bool("selected") ?? false)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        guard let label = e.children.first else { return .zero }
        guard ListLayout.isInListRow(e.id, pass.tree) else { return pass.sizeThatFits(label, p) }
        let inner = pass.sizeThatFits(label, labelProposal(p))
        let width = p.width.flatMap { $0.isFinite ? $0 : nil } ?? inner.width + chevronReserve
        return Size(width: width, height: max(inner.height, chevronSize.height))
    }

    static func labelProposal(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: p.width.map { max(0, $0 - chevronReserve) }, height: p.height)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        guard let label = e.children.first else { return }
        guard ListLayout.isInListRow(e.id, pass.tree) else {
            pass.place(label, at: frame.origin, proposal: proposal)
            return
        }
        let lp = labelProposal(proposal)
        let size = pass.sizeThatFits(label, lp)
        pass.place(label, at: Point(x: frame.x, y: frame.y + (frame.height - size.height) / 2), proposal: lp)
        let chevron = Rect(x: frame.maxX - chevronSize.width, y: frame.midY - chevronSize.height / 2,
                           width: chevronSize.width, height: chevronSize.height)
        let inset = chevronInset
        let points = [Point(x: chevron.minX + inset, y: chevron.minY + inset), Point(x: chevron.maxX - inset, y: chevron.midY),
                      Point(x: chevron.minX + inset, y: chevron.maxY - inset)]
        pass.record(parts: NavLinkParts(chevron: chevron, points: points), for: e.id)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ inherited: Painter.State) {
        var state = inherited
        if let parts = painter.layout.parts[e.id] as? NavLinkParts {
            painter.append(.stroke(.polygon(parts.points, closed: false), parts.chevron, .solid(painter.palette.tertiaryLabel),
                                   lineWidth: chevronLineWidth, dash: []))
        } else if !state.explicitForeground {
            state.foreground = painter.palette.accent
        }
        painter.paintChildren(of: e, state)
    }
}

/// A navigation link as a list row: its trailing chevron.
struct NavLinkParts: LayoutParts {
    var chevron: Rect
    /// The chevron's polyline, pointing forward (right, left in right to left).
    var points: [Point]
    var chrome: [String: Rect] { ["chevron": chevron] }
}

extension NavBarParts {
    func mirrored(_ m: HorizontalMirror) -> Self {
        var p = self
        p.bar = m.rect(bar); p.largeTitle = m.rect(largeTitle); p.largeTitleText = m.text(largeTitleText)
        p.searchField = m.rect(searchField); p.bottomBar = m.rect(bottomBar); p.content = m.rect(content)
        p.title = m.rect(title); p.titleText = m.text(titleText); p.back = m.rect(back); p.backLabel = m.text(backLabel)
        p.backChevron = backChevron?.map(m.point)
        return p
    }
}

extension NavLinkParts {
    func mirrored(_ m: HorizontalMirror) -> Self { Self(chevron: m.rect(chevron), points: points.map(m.point)) }
}
