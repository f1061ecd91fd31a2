import LayoutModel

public enum ScrollAxes: String, Hashable, Sendable { case vertical, horizontal, both }

public struct ScrollViewProps: ElementProps {
    public var axes: ScrollAxes = .vertical
    public var refreshable = false
    public var refreshing = false
}

/// What scrolling containers share: the content box and the bottom content inset.
enum ScrollLayout {
    /// `content`: the scrollable content box at offset 0; when the view reaches the bottom of
    /// the screen, and is not inside a sheet, the bottom safe area is added to it (iOS's content
    /// inset, so the last row can scroll clear of the home indicator), and `bottomInset` is the
    /// part of the frame it covers.
    static func parts(_ id: Int, _ frame: Rect, contentHeight: Double, contentWidth: Double? = nil,
                      _ pass: LayoutPass) -> ScrollingParts {
        let device = pass.environment.device
        let reachesBottom = frame.maxY >= device.size.height - 0.5
        let inSheet = pass.tree.nearestAncestor(of: id, kindIn: ["sheet"]) != nil
        let inset = reachesBottom && !inSheet ? device.safeArea.bottom : 0
        var parts = ScrollingParts(content: Rect(x: frame.x, y: frame.y, width: contentWidth ?? frame.width, height: contentHeight + inset))
        if inset > 0 { parts.bottomInset = Rect(x: frame.x, y: frame.maxY - inset, width: frame.width, height: inset) }
        return parts
    }

    /// The spinner row at the top of a refreshing list or scroll view.
    static func refreshRow(_ frame: Rect) -> Rect {
        Rect(x: frame.x, y: frame.y, width: frame.width, height: ListLayout.refreshRowHeight)
    }
}

/// A list or scroll view as layout decided it: its scrollable content box, the part of its
/// frame a bottom inset covers (the home indicator's, or a tab bar's), the spinner row while
/// refreshing and, for a list, the card of the rows placed straight in it (not in a section).
struct ScrollingParts: LayoutParts {
    var content: Rect
    var bottomInset: Rect?
    var refresh: Rect?
    var rows: Rect?

    var chrome: [String: Rect] {
        var rects = ["content": content]
        rects["bottomInset"] = bottomInset
        rects["refresh"] = refresh
        rects["rows"] = rows
        return rects
    }
}

/// `scrollview`: fills its proposal; the content is proposed nil along the scroll axes and the
/// view's size across them, placed at offset 0 (top, leading; centered across a single axis)
/// and clipped to the frame. While `refreshing` a 40 pt spinner row sits above the content.
public enum ScrollViewFamily: ElementFamily {
    public static let kindNames = ["scrollview"]
    public static let mayDrawPictures = false
    public static func knownProps(kind: String) -> Set<String> { ["axes", "refreshable", "refreshing"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        ScrollViewProps(axes: try r.choice("axes", ScrollAxes.self) ?? .vertical,
                        refreshable: try r.bool("refreshable") ?? false, refreshing: try r.bool("refreshing") ?? false)
    }

    static func props(_ e: Element) -> ScrollViewProps { (e.props as? ScrollViewProps) ?? ScrollViewProps() }

    static func contentProposal(_ e: Element, _ p: ProposedSize) -> ProposedSize {
        let axes = props(e).axes
        return ProposedSize(width: axes == .vertical ? p.width : nil, height: axes == .horizontal ? p.height : nil)
    }

    static func refreshOffset(_ e: Element) -> Double { props(e).refreshing ? ListLayout.refreshRowHeight : 0 }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let content = e.children.first.map { pass.sizeThatFits($0, contentProposal(e, p)) } ?? .zero
        func axis(_ proposed: Double?, _ fallback: Double) -> Double {
            guard let proposed, proposed.isFinite else { return fallback }
            return proposed
        }
        return Size(width: axis(p.width, content.width), height: axis(p.height, content.height + refreshOffset(e)))
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let cp = contentProposal(e, ProposedSize(frame.size))
        var content = Size.zero
        if let child = e.children.first {
            content = pass.sizeThatFits(child, cp)
            let x = props(e).axes == .vertical ? frame.x + (frame.width - content.width) / 2 : frame.x
            let y = props(e).axes == .horizontal ? frame.y + (frame.height - content.height) / 2 : frame.y
            pass.place(child, at: Point(x: x, y: y + refreshOffset(e)), proposal: cp)
        }
        var parts = ScrollLayout.parts(e.id, frame, contentHeight: max(content.height + refreshOffset(e), frame.height),
                                       contentWidth: max(content.width, frame.width), pass)
        if props(e).refreshing { parts.refresh = ScrollLayout.refreshRow(frame) }
        pass.record(parts: parts, for: e.id)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        painter.append(.pushClip(.rect, frame))
        if let refresh = (painter.layout.parts[e.id] as? ScrollingParts)?.refresh {
            for item in ListLayout.spinner(in: refresh, color: painter.palette.secondaryLabel) { painter.append(item) }
        }
        painter.paintChildren(of: e, state)
        painter.append(.popClip)
    }
}

/// Wrappers that show only their content (children[0]) in a still screenshot: `gesture`,
/// `tapgesture`, `contextmenu` (its items are hidden like a menu's) and `swipeactions` (its
/// actions appear only while a row is swiped). The content is placed at the wrapper's origin.
/// In a list row `swipeactions` spans the row's width, as the renderer's swipe host does.
public enum ContentWrapperFamily: ElementFamily {
    public static let kindNames = ["gesture", "tapgesture", "contextmenu", "swipeactions"]
    public static let mayDrawPictures = false
    public static func knownProps(kind: String) -> Set<String> {
        switch kind {
        case "gesture": ["drag", "longPress", "minimumDistance", "minimumDuration"]
        case "swipeactions": ["trailing", "leading", "fullSwipeTrailing", "fullSwipeLeading"]
        default: []
        }
    }

    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        // Type-check the props the protocol defines even though a still frame shows none of them.
        for key in ["drag", "longPress", "fullSwipeTrailing", "fullSwipeLeading"] { _ = try r.bool(key) }
        for key in ["minimumDistance", "minimumDuration", "trailing", "leading"] { _ = try r.number(key) }
        return NoProps()
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        guard let content = e.children.first else { return .zero }
        let size = pass.sizeThatFits(content, p)
        if e.kind == "swipeactions", let width = p.width, width.isFinite, ListLayout.isInListRow(e.id, pass.tree) {
            return Size(width: max(width, size.width), height: size.height)
        }
        return size
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        if let content = e.children.first { pass.place(content, at: frame.origin, proposal: proposal) }
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        if let content = e.children.first { painter.paint(content, state) }
    }

    public static func childContext(_ e: Element, _ context: InheritedContext) -> InheritedContext { context }
}

extension ScrollingParts {
    func mirrored(_ m: HorizontalMirror) -> Self {
        Self(content: m.rect(content), bottomInset: m.rect(bottomInset), refresh: m.rect(refresh), rows: m.rect(rows))
    }
}
