import LayoutModel

/// Swift's answer for a custom `Layout`: the proposal it answered, the size and subview frames
/// it computed for it, and its own sizes for the zero, nil and infinite proposals.
public struct CustomLayoutProps: ElementProps {
    public var proposal: ProposedSize?
    public var size: Size?
    /// Relative to the element's origin.
    public var frames: [Rect]?
    public var sizes: (min: Size, ideal: Size, max: Size)?
}

/// `layout` (a custom SwiftUI `Layout`, Phase 6): evaluated on the Swift side from the
/// measurements shotter reports (`LayoutEvents`). Answered, it reports Swift's size and places
/// the subviews at Swift's frames; unanswered, it is flexible with its children centered.
public enum CustomLayoutFamily: ElementFamily {
    public static let kindNames = ["layout"]
    public static func knownProps(kind: String) -> Set<String> { ["proposal", "size", "frames", "sizes"] }

    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        func size(_ o: PropReader) throws(PropError) -> Size {
            Size(width: try o.dimension("width") ?? 0, height: try o.dimension("height") ?? 0)
        }
        var props = CustomLayoutProps()
        if let p = try r.object("proposal") {
            props.proposal = ProposedSize(width: try p.dimension("width"), height: try p.dimension("height"))
        }
        if let s = try r.object("size") { props.size = try size(s) }
        if let v = r.value("frames") {
            guard case .array(let list) = v else { throw PropError(message: "\(r.path).frames must be an array, got \(v.typeName)") }
            var frames: [Rect] = []
            for (i, item) in list.enumerated() {
                let f = try PropReader(item, path: "\(r.path).frames[\(i)]", diagnostics: r.diagnostics)
                frames.append(Rect(x: try f.number("x") ?? 0, y: try f.number("y") ?? 0,
                                   width: try f.number("width") ?? 0, height: try f.number("height") ?? 0))
            }
            props.frames = frames
        }
        if let s = try r.object("sizes") {
            let zero = Size.zero
            props.sizes = (try s.object("min").map(size) ?? zero, try s.object("ideal").map(size) ?? zero,
                           try s.object("max").map(size) ?? zero)
        }
        return props
    }

    /// Two proposals match when equal after the protocol's 2-decimal rounding.
    static func matches(_ a: ProposedSize, _ b: ProposedSize) -> Bool {
        func same(_ x: Double?, _ y: Double?) -> Bool {
            switch (x, y) {
            case (nil, nil): true
            case let (x?, y?): x == y || LayoutEvents.round2(x) == LayoutEvents.round2(y)
            default: false
            }
        }
        return same(a.width, b.width) && same(a.height, b.height)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let props = e.props as? CustomLayoutProps ?? CustomLayoutProps()
        if let answered = props.proposal, let size = props.size, matches(answered, p) { return size }
        if let sizes = props.sizes {
            // LayoutSubview.sizeThatFits on the Swift side: nil gives ideal, else clamped.
            func axis(_ proposed: Double?, _ lo: Double, _ ideal: Double, _ hi: Double) -> Double {
                guard let proposed else { return ideal }
                return min(max(proposed, lo), hi)
            }
            return Size(width: axis(p.width, sizes.min.width, sizes.ideal.width, sizes.max.width),
                        height: axis(p.height, sizes.min.height, sizes.ideal.height, sizes.max.height))
        }
        // Before Swift's first answer: flexible, the children's ideal union on nil axes.
        let ideal = e.children.reduce(Size.zero) { acc, id in
            let s = pass.sizeThatFits(id, .unspecified)
            return Size(width: max(acc.width, s.width), height: max(acc.height, s.height))
        }
        return Size(width: p.width ?? ideal.width, height: p.height ?? ideal.height)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let children = e.children
        pass.record(measurement: LayoutMeasurement(proposal: proposal, children: children.map { id in
            ChildMeasurement(min: pass.sizeThatFits(id, .zero), ideal: pass.sizeThatFits(id, .unspecified),
                             max: pass.sizeThatFits(id, .infinity))
        }), for: e.id)
        if let frames = (e.props as? CustomLayoutProps)?.frames, frames.count == children.count {
            for (id, f) in zip(children, frames) {
                pass.place(id, in: Rect(x: frame.x + f.x, y: frame.y + f.y, width: f.width, height: f.height),
                           proposal: ProposedSize(f.size))
            }
            return
        }
        let p = ProposedSize(frame.size)
        for id in children {
            pass.place(id, at: aligned(pass.sizeThatFits(id, p), in: frame, .center), proposal: p)
        }
    }
}
