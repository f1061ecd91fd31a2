/// Plain geometry in screen points, shared by every module above TextMeasure
/// (layout, charts, painting), so none of them needs Cairo to talk about sizes.

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(fmt(width))x\(fmt(height))" }
}

public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
}

public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var origin: Point { Point(x: x, y: y) }
    public var size: Size { Size(width: width, height: height) }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
    /// The smallest rect holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
    public var description: String { "(\(fmt(x)), \(fmt(y)), \(fmt(width)), \(fmt(height)))" }
}

public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = EdgeInsets()
    public var horizontal: Double { leading + trailing }
    public var vertical: Double { top + bottom }
}

/// Shortest decimal form of a point value: whole numbers without ".0", others to 2 decimals.
public func fmt(_ v: Double) -> String {
    if v.isInfinite { return v > 0 ? "infinity" : "-infinity" }
    if v.isNaN { return "nan" }
    // Past 2^53 no fraction is left, and Int could not hold the cents: Swift's own shortest
    // form ("1e+308"), which is also valid JSON.
    if abs(v) >= 1e15 { return "\(v)" }
    let rounded = (v * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    var s = String(format2(rounded))
    while s.hasSuffix("0") { s.removeLast() }
    return s
}

private func format2(_ v: Double) -> String {
    let negative = v < 0
    let cents = Int((abs(v) * 100).rounded())
    let whole = cents / 100
    let frac = cents % 100
    return (negative ? "-" : "") + "\(whole)." + (frac < 10 ? "0" : "") + "\(frac)"
}

/// Right-to-left layout as SwiftUI does it: the horizontal axis of a box `width` wide reflected
/// about its middle, so what sat `d` points from the left edge sits `d` points from the right.
/// Rects keep their size (their content is not flipped); only their place changes.
public struct HorizontalMirror: Hashable, Sendable {
    public var width: Double
    public init(width: Double) { self.width = width }

    public func x(_ x: Double) -> Double { width - x }
    public func point(_ p: Point) -> Point { Point(x: width - p.x, y: p.y) }
    public func rect(_ r: Rect) -> Rect { Rect(x: width - r.maxX, y: r.y, width: r.width, height: r.height) }
    public func rect(_ r: Rect?) -> Rect? { r.map(rect) }
}
