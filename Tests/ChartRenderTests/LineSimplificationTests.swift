import Foundation
import ChartRender
import LayoutModel
import Testing

/// Line marks keep, of each run of points in one pixel column (1/8 pt), the first, lowest,
/// highest and last: a dense series draws a few points per column.
@Suite("Line simplification below the pixel") struct LineSimplificationTests {
    /// `count` points across a 300 pt plot, y swinging between 50 and 150 every few points.
    static func dense(_ count: Int) -> [Point] {
        (0..<count).map { i in
            Point(x: 20 + 300 * Double(i) / Double(count - 1), y: 100 + 50 * sin(Double(i) * 0.7))
        }
    }

    /// The lowest and highest y in each pixel column.
    static func columnExtents(_ points: [Point]) -> [Double: ClosedRange<Double>] {
        var extents: [Double: ClosedRange<Double>] = [:]
        for p in points {
            let column = (p.x / ChartPath.finestPixel).rounded(.down)
            let e = extents[column] ?? p.y...p.y
            extents[column] = min(e.lowerBound, p.y)...max(e.upperBound, p.y)
        }
        return extents
    }

    @Test(arguments: [(100_000, 9105), (1_000_000, 9589)])
    func aDenseSeriesKeepsAtMostFourPointsPerColumn(count: Int, keeps: Int) {
        let points = Self.dense(count)
        let kept = ChartPath.simplified(points)
        // 300 pt is 2,400 columns of 1/8 pt, and the last point (x = 320) is alone in one
        // more. A column keeps 4 points, fewer when its first or last is also its lowest or
        // highest (more often with 42 points a column than with 417).
        #expect(kept.count == keeps)
        #expect(kept.count <= 4 * 2400 + 1)
        #expect(kept.first == points.first && kept.last == points.last)
        #expect(Self.columnExtents(kept) == Self.columnExtents(points))
        #expect(ChartPath.line(kept, .linear).count == kept.count)
    }

    @Test func pointsAPixelApartAreAllKept() {
        // x moves by 1/8 pt or more (forward or back), y anywhere.
        var points: [Point] = []
        var x = 100.0
        for i in 0..<5000 {
            x += (i % 3 == 0 ? -1 : 1) * (ChartPath.finestPixel + Double(i % 7) * 0.1)
            points.append(Point(x: x, y: Double((i * 37) % 200)))
        }
        #expect(ChartPath.simplified(points) == points)
        let sparse = [Point(x: 50, y: 380), Point(x: 125, y: 320), Point(x: 200, y: 340), Point(x: 275, y: 300)]
        #expect(ChartPath.simplified(sparse) == sparse)
    }

    @Test func aRunKeepsItsFirstLowestHighestAndLastInOrder() {
        let column = [Point(x: 10, y: 5), Point(x: 10.01, y: 9), Point(x: 10.02, y: 1), Point(x: 10.03, y: 4),
                      Point(x: 10.05, y: 3), Point(x: 10.1, y: 6)]
        #expect(ChartPath.simplified(column) == [Point(x: 10, y: 5), Point(x: 10.01, y: 9), Point(x: 10.02, y: 1), Point(x: 10.1, y: 6)])
        // The extremes may be the ends: nothing is repeated.
        let rising = (0..<10).map { Point(x: 7 + Double($0) * 0.01, y: Double($0)) }
        #expect(ChartPath.simplified(rising) == [rising[0], rising[9]])
        #expect(ChartPath.simplified([]) == [])
    }
}
