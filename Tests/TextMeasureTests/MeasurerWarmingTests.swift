import Testing
@testable import TextMeasure
import LayoutModel

/// The warmed measurer is handed over once, and measures what a fresh one measures. Warming is
/// once per process, so this is the one test that starts it.
struct MeasurerWarmingTests {
    @Test func theWarmedMeasurerIsTakenOnceAndMeasuresAsAFreshOne() throws {
        let body = ResolvedFont(size: 17, lineHeight: 22)
        let fonts = [ResolvedFont(size: 15, lineHeight: 20), ResolvedFont(size: 17, lineHeight: 22, weight: .semibold),
                     ResolvedFont(size: 28, lineHeight: 34, weight: .bold, design: .rounded)]
        MeasurerWarming.start(first: body)
        MeasurerWarming.setUp { fonts }
        let warmed = try #require(MeasurerWarming.take())
        #expect(MeasurerWarming.take() == nil)
        // The first font is set up before the others are waited for; `take` may stop the rest.
        #expect(warmed.engine.isSetUp(body))
        #expect(!warmed.engine.isSetUp(ResolvedFont(size: 99, lineHeight: 119)))
        let fresh = try PangoTextMeasurer()
        for font in [body] + fonts {
            for (text, width) in [("Card 9: Glazed Donut", nil), ("Fresh from the truck with sprinkles and a pinch of salt", 120.0)] {
                #expect(warmed.layout(text, font: font, width: width, lineLimit: 2) == fresh.layout(text, font: font, width: width, lineLimit: 2))
            }
            #expect(warmed.baselineOffset(for: font) == fresh.baselineOffset(for: font))
        }
    }
}
