import LayoutModel

/// `geometry` (`GeometryReader`, Phase 4): fills its proposal (10 on a nil axis) and proposes
/// that size to its child, placed top leading. Its size is reported back (`LayoutEvents`).
public enum GeometryFamily: ElementFamily {
    public static let kindNames = ["geometry"]
    public static func knownProps(kind: String) -> Set<String> { [] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps { NoProps() }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size { fillingSize(p) }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        for id in e.children { pass.place(id, at: frame.origin, proposal: ProposedSize(frame.size)) }
    }
}

public enum DecorationRole: String, Hashable, Sendable { case overlay, background }

public struct DecoratedProps: ElementProps {
    public var role: DecorationRole
    public var alignment: Alignment
}

/// `decorated` (`.overlay { }` / `.background { }` with a view, Phase 6): `[content, decoration]`.
/// The content alone decides the size; the decoration is proposed that size and aligned in it,
/// drawn above the content (overlay) or below it (background).
public enum DecoratedFamily: ElementFamily {
    public static let kindNames = ["decorated"]
    public static func knownProps(kind: String) -> Set<String> { ["role", "alignment"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        DecoratedProps(role: try r.choice("role", DecorationRole.self) ?? .overlay,
                       alignment: try r.choice("alignment", Alignment.self) ?? .center)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        e.children.first.map { pass.sizeThatFits($0, p) } ?? .zero
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        guard let content = e.children.first else { return }
        pass.place(content, at: frame.origin, proposal: proposal)
        let alignment = (e.props as? DecoratedProps)?.alignment ?? .center
        let dp = ProposedSize(frame.size)
        for decoration in e.children.dropFirst() {
            pass.place(decoration, at: aligned(pass.sizeThatFits(decoration, dp), in: frame, alignment), proposal: dp)
        }
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        guard (e.props as? DecoratedProps)?.role == .background, let content = e.children.first else {
            painter.paintChildren(of: e, state)
            return
        }
        for decoration in e.children.dropFirst() { painter.paint(decoration, state) }
        painter.paint(content, state)
    }
}

public enum FitAxes: String, Hashable, Sendable { case horizontal, vertical, both }

public struct ViewThatFitsProps: ElementProps {
    public var axes: FitAxes
}

/// `viewthatfits` (Phase 7): shows the first candidate whose ideal size fits the proposal on
/// the restricted axes (a nil or infinite axis always fits), else the last. Only that one is
/// laid out; the others get no frame and draw nothing.
public enum ViewThatFitsFamily: ElementFamily {
    public static let kindNames = ["viewthatfits"]
    public static func knownProps(kind: String) -> Set<String> { ["axes"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        ViewThatFitsProps(axes: try r.choice("axes", FitAxes.self) ?? .both)
    }

    static func chosen(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Int? {
        let axes = (e.props as? ViewThatFitsProps)?.axes ?? .both
        func fits(_ ideal: Double, _ proposed: Double?) -> Bool {
            guard let proposed, proposed.isFinite else { return true }
            return ideal <= proposed + 0.001
        }
        return e.children.first { id in
            let ideal = pass.sizeThatFits(id, .unspecified)
            return (axes == .vertical || fits(ideal.width, p.width)) && (axes == .horizontal || fits(ideal.height, p.height))
        } ?? e.children.last
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        chosen(e, p, pass).map { pass.sizeThatFits($0, p) } ?? .zero
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        if let id = chosen(e, proposal, pass) { pass.place(id, at: frame.origin, proposal: proposal) }
    }
}
