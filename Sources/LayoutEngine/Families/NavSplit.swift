import LayoutModel

/// `navsplit` (`NavigationSplitView` in the regular size class, Phase 7): `[sidebar, detail]`,
/// each a `navstack`. The sidebar column is 320 pt wide (at most 40 % of the width between the
/// horizontal safe-area insets), a 1 pt hairline follows, the detail column takes the rest.
/// Columns span the screen's height, so each stack reserves the status bar and the bottom
/// inset as a root stack does; the leading inset belongs to the sidebar column, the trailing
/// one to the detail column, outside their stacks. Only laid out as a root element.
public enum NavSplitFamily: ElementFamily {
    public static let kindNames = ["navsplit"]
    public static let sidebarWidth = 320.0
    public static let sidebarMaximumShare = 0.4
    /// The hairline between the columns.
    static let separatorWidth = 1.0
    public static func knownProps(kind: String) -> Set<String> { [] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps { NoProps() }
    public static var fillsScreen: Bool { true }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        p.replacingUnspecified(by: pass.environment.device.size)
    }

    struct Columns {
        var sidebar: Rect, separator: Rect, detail: Rect
        /// The stacks: the columns without the horizontal safe-area insets.
        var sidebarStack: Rect, detailStack: Rect
    }

    static func columns(in frame: Rect, safeArea: EdgeInsets) -> Columns {
        let available = max(0, frame.width - safeArea.horizontal)
        let sidebar = min(sidebarWidth, available * sidebarMaximumShare)
        let split = frame.x + safeArea.leading + sidebar
        let detailX = split + separatorWidth
        return Columns(
            sidebar: Rect(x: frame.x, y: frame.y, width: split - frame.x, height: frame.height),
            separator: Rect(x: split, y: frame.y, width: separatorWidth, height: frame.height),
            detail: Rect(x: detailX, y: frame.y, width: max(0, frame.maxX - detailX), height: frame.height),
            sidebarStack: Rect(x: frame.x + safeArea.leading, y: frame.y, width: sidebar, height: frame.height),
            detailStack: Rect(x: detailX, y: frame.y, width: max(0, frame.maxX - safeArea.trailing - detailX),
                              height: frame.height))
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let c = columns(in: frame, safeArea: pass.environment.device.safeArea)
        pass.record(parts: NavSplitParts(sidebar: c.sidebar, separator: c.separator, detail: c.detail), for: e.id)
        for (id, rect) in zip(e.children, [c.sidebarStack, c.detailStack]) {
            pass.place(id, in: rect, proposal: ProposedSize(rect.size))
        }
    }

    /// The columns, then the hairline over them.
    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        painter.paintChildren(of: e, state)
        guard let separator = (painter.layout.parts[e.id] as? NavSplitParts)?.separator else { return }
        painter.append(.fill(.rect, separator, .solid(painter.palette.separator)))
    }
}

/// A split view's columns and the hairline between them.
struct NavSplitParts: LayoutParts {
    var sidebar: Rect
    var separator: Rect
    var detail: Rect
    var chrome: [String: Rect] { ["sidebar": sidebar, "separator": separator, "detail": detail] }
}

extension NavSplitParts {
    func mirrored(_ m: HorizontalMirror) -> Self { Self(sidebar: m.rect(sidebar), separator: m.rect(separator), detail: m.rect(detail)) }
}
