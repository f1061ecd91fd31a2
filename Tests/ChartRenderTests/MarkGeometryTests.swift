import ChartRender
import LayoutModel
import Testing

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// Points equal to 1e-9, for glyphs built with sin and cos.
private func near(_ a: [PathElement], _ b: [PathElement]) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) {
        switch (x, y) {
        case (.close, .close): continue
        case (.move, .move), (.line, .line), (.curve, .curve):
            guard zip(x.points, y.points).allSatisfy({ abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9 }) else { return false }
        default: return false
        }
    }
    return true
}

@Suite("Mark paths for each interpolation") struct InterpolationTests {
    @Test func linearIsStraightSegments() {
        #expect(ChartPath.line([p(0, 0), p(10, 10), p(20, 0)], .linear) == [.move(p(0, 0)), .line(p(10, 10)), .line(p(20, 0))])
    }

    @Test func splinesAreCatmullRomBeziersThroughThePoints() {
        // Segment 0 (end point doubled): c1 = p1 + (p2 - p0) / 6 = (1, 2), c2 = p2 - (p3 - p1) / 6 = (4, 12).
        // Segment 1: c1 = (6, 12) + ((12, 0) - (0, 0)) / 6 = (8, 12), c2 = (12, 0) - ((12, 0) - (6, 12)) / 6 = (11, 2).
        let expected: [PathElement] = [.move(p(0, 0)), .curve(p(1, 2), p(4, 12), to: p(6, 12)), .curve(p(8, 12), p(11, 2), to: p(12, 0))]
        for interpolation in [ChartInterpolation.cardinal, .catmullRom, .monotone] {
            #expect(ChartPath.line([p(0, 0), p(6, 12), p(12, 0)], interpolation) == expected, "\(interpolation)")
        }
    }

    @Test func stepsAreRightAngles() {
        let pts = [p(0, 0), p(10, 10)]
        #expect(ChartPath.line(pts, .stepStart) == [.move(p(0, 0)), .line(p(10, 0)), .line(p(10, 10))])
        #expect(ChartPath.line(pts, .stepEnd) == [.move(p(0, 0)), .line(p(0, 10)), .line(p(10, 10))])
        #expect(ChartPath.line(pts, .stepCenter) == [.move(p(0, 0)), .line(p(5, 0)), .line(p(5, 10)), .line(p(10, 10))])
    }

    @Test func shortLinesDegenerate() {
        #expect(ChartPath.line([], .catmullRom) == [])
        #expect(ChartPath.line([p(3, 4)], .stepCenter) == [.move(p(3, 4))])
    }

    @Test func areaRunsAlongTheTopAndBackAlongTheBottom() {
        let top = [p(0, 0), p(10, 2)], bottom = [p(0, 10), p(10, 10)]
        #expect(ChartPath.area(top: top, bottom: bottom, .linear)
                == [.move(p(0, 0)), .line(p(10, 2)), .line(p(10, 10)), .line(p(0, 10)), .close])
        #expect(ChartPath.area(top: top, bottom: bottom, .stepStart)
                == [.move(p(0, 0)), .line(p(10, 0)), .line(p(10, 2)), .line(p(10, 10)), .line(p(0, 10)), .line(p(0, 10)), .close])
    }

    @Test func boundsIncludeControlPoints() {
        #expect(ChartPath.line([p(0, 0), p(6, 12), p(12, 0)], .catmullRom).bounds == Rect(x: 0, y: 0, width: 12, height: 12))
        #expect([PathElement]().bounds == nil)
    }
}

@Suite("Symbols") struct SymbolTests {
    let c = p(10, 10)

    @Test func filledGlyphsFitTheSizeSquare() {
        #expect(SymbolGlyph(.square, center: c, size: 8).path == [.move(p(6, 6)), .line(p(14, 6)), .line(p(14, 14)), .line(p(6, 14)), .close])
        #expect(SymbolGlyph(.diamond, center: c, size: 8).path == [.move(p(10, 6)), .line(p(14, 10)), .line(p(10, 14)), .line(p(6, 10)), .close])
        #expect(SymbolGlyph(.triangle, center: c, size: 8).path == [.move(p(10, 6)), .line(p(14, 14)), .line(p(6, 14)), .close])
        for symbol in [ChartSymbol.circle, .square, .triangle, .diamond] {
            let glyph = SymbolGlyph(symbol, center: c, size: 8)
            #expect(glyph.filled, "\(symbol)")
            #expect(glyph.path.bounds == Rect(x: 6, y: 6, width: 8, height: 8), "\(symbol)")
        }
    }

    @Test func circleIsFourBezierQuarters() {
        let circle = SymbolGlyph(.circle, center: c, size: 8).path
        #expect(circle.count == 6)
        #expect(circle.first == .move(p(14, 10)))
        #expect(circle[1].points.last == p(10, 14))
    }

    @Test func lineGlyphsAreStrokedSpokesAQuarterOfTheSizeThick() {
        let plus = SymbolGlyph(.plus, center: c, size: 8)
        #expect(!plus.filled && plus.lineWidth == 2)
        #expect(near(plus.path, [.move(p(6, 10)), .line(p(14, 10)), .move(p(10, 6)), .line(p(10, 14))]))
        let d = 4 * 0.5.squareRoot()
        #expect(near(SymbolGlyph(.cross, center: c, size: 8).path,
                     [.move(p(10 - d, 10 - d)), .line(p(10 + d, 10 + d)), .move(p(10 + d, 10 - d)), .line(p(10 - d, 10 + d))]))
        let asterisk = SymbolGlyph(.asterisk, center: c, size: 8)
        #expect(!asterisk.filled && asterisk.path.count == 6) // three spokes through the center
        #expect(near(Array(asterisk.path.prefix(2)), [.move(p(10, 6)), .line(p(10, 14))]))
    }
}
