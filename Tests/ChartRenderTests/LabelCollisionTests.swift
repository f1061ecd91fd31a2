import ChartRender
import Testing
import LayoutModel

@Suite("Axis label collisions") struct LabelCollisionTests {
    @Test func labelsThatFitAreAllShown() {
        let rects: [Rect?] = [0, 50, 100].map { Rect(x: $0, y: 0, width: 40, height: 16) }
        #expect(visibleAxisLabels(rects, alongX: true) == [true, true, true])
    }

    @Test func aLabelOverlappingTheLastKeptOneIsHidden() {
        // 0-40 kept; 30-70 overlaps it; 42-82 is only 2 pt after 40 (< 4): hidden; 90-130 kept.
        let rects: [Rect?] = [0, 30, 42, 90].map { Rect(x: $0, y: 0, width: 40, height: 16) }
        #expect(visibleAxisLabels(rects, alongX: true) == [true, false, false, true])
    }

    @Test func yLabelsAreThinnedAlongTheVerticalAxisInAnyOrder() {
        // Given top to bottom in reverse (value order): 100 at y 0, 75 at y 10, 50 at y 40.
        let rects: [Rect?] = [Rect(x: 0, y: 40, width: 20, height: 16), Rect(x: 0, y: 10, width: 20, height: 16),
                              Rect(x: 0, y: 0, width: 20, height: 16), nil]
        #expect(visibleAxisLabels(rects, alongX: false) == [true, false, true, false])
    }
}
