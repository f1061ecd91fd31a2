import LayoutModel

/// `.aspectRatio(_:contentMode:)`; `.scaledToFit()` / `.scaledToFill()` have a nil ratio.
public struct AspectRatioSpec: Hashable, Sendable {
    public enum ContentMode: String, Hashable, Sendable { case fit, fill }
    public var ratio: Double?
    public var contentMode: ContentMode
}

/// `.imageScale(_:)`: symbol images in the subtree measure and draw at this factor.
public enum ImageScale: String, Hashable, Sendable {
    case small, medium, large
    public var factor: Double {
        switch self {
        case .small: 0.8
        case .medium: 1
        case .large: 1.25
        }
    }
}

/// `.containerRelativeFrame`: on each flagged axis the length is `a × container + b`.
public struct ContainerRelativeFrameSpec: Hashable, Sendable {
    public var horizontal: Bool
    public var vertical: Bool
    public var a: Double
    public var b: Double
    public var alignment: Alignment
}

extension Style {
    mutating func decodeLayoutFields(_ r: PropReader) throws(PropError) {
        if let n = try r.number("gridCellColumns") { gridCellColumns = Int(min(max(n, 1), 1000)) }
        if let a = try r.object("gridCellAnchor") {
            gridCellAnchor = Point(x: try a.number("x") ?? 0.5, y: try a.number("y") ?? 0.5)
        }
        if let v = r.value("tint") { tint = try ShapeStyle.decode(v, path: r.path + ".tint", diagnostics: r.diagnostics) }
        if let p = try r.object("position") { position = Point(x: try p.number("x") ?? 0, y: try p.number("y") ?? 0) }
        if let a = try r.object("aspectRatio") {
            a.warnUnknown(["ratio", "contentMode"], what: "aspectRatio field")
            aspectRatio = AspectRatioSpec(ratio: try a.number("ratio"),
                                          contentMode: try a.choice("contentMode", AspectRatioSpec.ContentMode.self) ?? .fit)
        }
        imageScale = try r.choice("imageScale", ImageScale.self)
        if let c = try r.object("containerRelativeFrame") {
            c.warnUnknown(["horizontal", "vertical", "a", "b", "alignment"], what: "containerRelativeFrame field")
            containerRelativeFrame = ContainerRelativeFrameSpec(
                horizontal: try c.bool("horizontal") ?? false, vertical: try c.bool("vertical") ?? false,
                a: try c.number("a") ?? 1, b: try c.number("b") ?? 0,
                alignment: try c.choice("alignment", Alignment.self) ?? .center)
        }
    }
}

/// The math of the `styled` layers added in Phases 5-7; `StyledFamily` nests them.
enum StyleLayerMath {
    /// The size an `aspectRatio` layer proposes to its child for the proposal `p` (Phase 5):
    /// fit is the largest size of that ratio inside, fill the smallest covering; one finite
    /// axis derives the other; both infinite stay infinite; otherwise the child's ideal size.
    static func aspectProposal(_ spec: AspectRatioSpec, _ p: ProposedSize, ideal: () -> Size) -> ProposedSize {
        let ratio: Double
        if let r = spec.ratio, r.isFinite, r > 0 {
            ratio = r
        } else {
            let s = ideal()
            let r = s.width / s.height
            ratio = r.isFinite && r > 0 ? r : 1
        }
        let w = p.width.flatMap { $0.isFinite ? $0 : nil }
        let h = p.height.flatMap { $0.isFinite ? $0 : nil }
        switch (w, h) {
        case let (w?, h?):
            let width = spec.contentMode == .fit ? min(w, h * ratio) : max(w, h * ratio)
            return ProposedSize(width: width, height: width / ratio)
        case let (w?, nil): return ProposedSize(width: w, height: w / ratio)
        case let (nil, h?): return ProposedSize(width: h * ratio, height: h)
        case (nil, nil):
            if p.width == .infinity && p.height == .infinity { return .infinity }
            return ProposedSize(ideal())
        }
    }

    /// A positioned box takes the proposal, the child's ideal size on nil or infinite axes.
    static func positionedSize(_ p: ProposedSize, ideal: Size) -> Size {
        Size(width: p.width.flatMap { $0.isFinite ? $0 : nil } ?? ideal.width,
             height: p.height.flatMap { $0.isFinite ? $0 : nil } ?? ideal.height)
    }

    /// `containerRelativeFrame` as the fixed frame it resolves to, for a container size.
    static func frame(_ spec: ContainerRelativeFrameSpec, container: Size) -> FrameSpec {
        var f = FrameSpec()
        if spec.horizontal { f.width = max(0, spec.a * container.width + spec.b) }
        if spec.vertical { f.height = max(0, spec.a * container.height + spec.b) }
        f.alignment = spec.alignment
        return f
    }
}
