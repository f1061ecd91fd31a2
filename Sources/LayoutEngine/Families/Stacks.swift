import LayoutModel

/// `hstack` and `vstack`: SwiftUI's stack algorithm, one implementation for both axes.
/// Children are offered the remaining space in order of highest layoutPriority first, then
/// least flexible first (flexibility = size at an infinite proposal minus size at zero), each
/// getting `remaining / childrenLeft`; space that lower-priority children need at minimum
/// is held back from higher-priority groups.
enum StackLayout {
    static let defaultSpacing = 8.0

    struct Allocation {
        var id: Int
        var proposal: ProposedSize
        var size: Size
    }

    static func allocate(_ element: Element, _ axis: Axis, spacing: Double, _ proposal: ProposedSize, _ pass: LayoutPass) -> [Allocation] {
        let children = element.children
        guard !children.isEmpty else { return [] }
        let across = axis.across(proposal)
        guard let available = axis.along(proposal), available.isFinite else {
            // An unspecified or infinite axis: every child gets the same question.
            let p = axis.proposal(along: axis.along(proposal), across: across)
            return children.map { Allocation(id: $0, proposal: p, size: pass.sizeThatFits($0, p)) }
        }
        struct Candidate { var index: Int; var id: Int; var priority: Double; var minimum: Double; var flexibility: Double }
        let candidates = children.enumerated().map { index, id -> Candidate in
            let minimum = axis.along(pass.sizeThatFits(id, axis.proposal(along: 0, across: across)))
            let maximum = axis.along(pass.sizeThatFits(id, axis.proposal(along: .infinity, across: across)))
            return Candidate(index: index, id: id, priority: layoutPriority(of: id, pass),
                             minimum: minimum, flexibility: maximum - minimum)
        }
        var remaining = available - spacing * Double(children.count - 1)
        var allocations = [Allocation?](repeating: nil, count: children.count)
        var priorities = candidates.map(\.priority).sorted(by: >)
        priorities.removeDuplicatesOfSortedValues()
        for priority in priorities {
            let group = candidates.filter { $0.priority == priority }
                .sorted { ($0.flexibility, $0.index) < ($1.flexibility, $1.index) }
            let heldBack = candidates.filter { $0.priority < priority }.reduce(0) { $0 + $1.minimum }
            var groupRemaining = remaining - heldBack
            var left = group.count
            for c in group {
                let offer = max(0, groupRemaining) / Double(left)
                let p = axis.proposal(along: offer, across: across)
                let size = pass.sizeThatFits(c.id, p)
                allocations[c.index] = Allocation(id: c.id, proposal: p, size: size)
                groupRemaining -= axis.along(size)
                remaining -= axis.along(size)
                left -= 1
            }
        }
        return allocations.compactMap { $0 }
    }

    static func spacing(_ element: Element) -> Double {
        (element.props as? StackProps)?.spacing ?? defaultSpacing
    }

    /// A child's priority is set by a `styled` around it (possibly under further wrappers).
    /// Looked up once a pass per child (`LayoutNode.layoutPriority`): stacks ask on every
    /// allocation.
    static func layoutPriority(of id: Int, _ pass: LayoutPass) -> Double {
        guard let node = pass.node(id) else { return 0 }
        if let known = node.layoutPriority { return known }
        var priority = 0.0
        var current: Element? = node.element
        while let element = current, let style = element.props as? Style {
            if let p = style.layoutPriority { priority = p; break }
            current = element.children.first.flatMap { pass.tree[$0] }
        }
        node.layoutPriority = priority
        return priority
    }

    static func size(_ element: Element, _ axis: Axis, _ proposal: ProposedSize, _ pass: LayoutPass) -> Size {
        let spacing = self.spacing(element)
        let allocations = allocate(element, axis, spacing: spacing, proposal, pass)
        guard !allocations.isEmpty else { return .zero }
        let along = allocations.reduce(0) { $0 + axis.along($1.size) } + spacing * Double(allocations.count - 1)
        let across = allocations.map { axis.across($0.size) }.max() ?? 0
        return axis.size(along: along, across: across)
    }

    static func place(_ element: Element, _ axis: Axis, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let fraction: Double = switch (element.props as? StackProps)?.alignment ?? .center {
        case .leading, .top: 0
        case .trailing, .bottom: 1
        case .center: 0.5
        }
        let spacing = self.spacing(element)
        var cursor = 0.0
        for allocation in allocate(element, axis, spacing: spacing, proposal, pass) {
            let acrossOffset = (axis.across(frame.size) - axis.across(allocation.size)) * fraction
            let point = axis == .horizontal
                ? Point(x: frame.x + cursor, y: frame.y + acrossOffset)
                : Point(x: frame.x + acrossOffset, y: frame.y + cursor)
            pass.place(allocation.id, at: point, proposal: allocation.proposal)
            cursor += axis.along(allocation.size) + spacing
        }
    }
}

extension Array where Element == Double {
    /// Keeps one of each run of equal values (a sorted array's distinct values, in order).
    mutating func removeDuplicatesOfSortedValues() {
        var kept = 0
        for i in indices where kept == 0 || self[kept - 1] != self[i] {
            self[kept] = self[i]
            kept += 1
        }
        removeLast(count - kept)
    }
}

public enum StackAlignment: String, Hashable, Sendable { case leading, center, trailing, top, bottom }

public struct StackProps: ElementProps {
    public var spacing: Double?
    public var alignment: StackAlignment
    public var axis: Axis
}

/// `hstack` and `vstack`.
public enum StackFamily: ElementFamily {
    public static let kindNames = ["hstack", "vstack"]
    public static let mayDrawPictures = false
    public static func knownProps(kind: String) -> Set<String> { ["spacing", "alignment"] }

    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        StackProps(spacing: try r.number("spacing"), alignment: try r.choice("alignment", StackAlignment.self) ?? .center,
                   axis: kind == "hstack" ? .horizontal : .vertical)
    }

    static func axis(_ e: Element) -> Axis { (e.props as? StackProps)?.axis ?? .vertical }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        StackLayout.size(e, axis(e), p, pass)
    }

    public static func place(_ e: Element, in f: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        StackLayout.place(e, axis(e), in: f, proposal: proposal, pass)
    }

    public static func childContext(_ e: Element, _ context: InheritedContext) -> InheritedContext {
        var c = context
        c.stackAxis = axis(e)
        return c
    }
}

public struct ZStackProps: ElementProps {
    public var alignment: Alignment
}

/// `zstack`: every child gets the stack's proposal; the size is the union of the children.
/// Later children draw on top.
public enum ZStackFamily: ElementFamily {
    public static let kindNames = ["zstack"]
    public static let mayDrawPictures = false
    public static func knownProps(kind: String) -> Set<String> { ["alignment"] }

    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        ZStackProps(alignment: try r.choice("alignment", Alignment.self) ?? .center)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        e.children.reduce(Size.zero) { acc, id in
            let s = pass.sizeThatFits(id, p)
            return Size(width: max(acc.width, s.width), height: max(acc.height, s.height))
        }
    }

    public static func place(_ e: Element, in f: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let alignment = (e.props as? ZStackProps)?.alignment ?? .center
        for id in e.children {
            let s = pass.sizeThatFits(id, proposal)
            pass.place(id, at: aligned(s, in: f, alignment), proposal: proposal)
        }
    }
}

/// Where a child of `size` goes inside `frame` for an alignment.
func aligned(_ size: Size, in frame: Rect, _ alignment: Alignment) -> Point {
    Point(x: frame.x + (frame.width - size.width) * alignment.horizontalFraction,
          y: frame.y + (frame.height - size.height) * alignment.verticalFraction)
}
