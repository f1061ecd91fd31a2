import LayoutModel

/// What a parent proposes: nil means "your ideal size", 0 "your minimum", infinity "your maximum".
public struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    public init(_ size: Size) { self.init(width: size.width, height: size.height) }
    public static let unspecified = ProposedSize(width: nil, height: nil)
    public static let zero = ProposedSize(width: 0, height: 0)
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)

    /// nil axes replaced by `size`'s (SwiftUI's `replacingUnspecifiedDimensions`).
    public func replacingUnspecified(by size: Size) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }
    public var description: String {
        "(\(width.map(fmt) ?? "nil"), \(height.map(fmt) ?? "nil"))"
    }
}

/// A stack axis. HStack and VStack are one algorithm parameterised by it.
public enum Axis: Sendable, Hashable {
    case horizontal, vertical

    func along(_ s: Size) -> Double { self == .horizontal ? s.width : s.height }
    func across(_ s: Size) -> Double { self == .horizontal ? s.height : s.width }
    func along(_ p: ProposedSize) -> Double? { self == .horizontal ? p.width : p.height }
    func across(_ p: ProposedSize) -> Double? { self == .horizontal ? p.height : p.width }
    func proposal(along: Double?, across: Double?) -> ProposedSize {
        self == .horizontal ? ProposedSize(width: along, height: across) : ProposedSize(width: across, height: along)
    }
    func size(along: Double, across: Double) -> Size {
        self == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
    }
    func point(along: Double, across: Double) -> Point {
        self == .horizontal ? Point(x: along, y: across) : Point(x: across, y: along)
    }
}
