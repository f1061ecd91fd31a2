import CCairo
@testable import TextMeasure
import Testing

/// Cairo 1.16 closes faces it opened itself while another thread may be using them once more
/// than ten are open; every pinned font must therefore reach Cairo as an FT_Face of ours.
@Suite struct SharedFaceTests {
    @Test func everyPinnedFontCarriesItsOwnFace() throws {
        var counts: [Int] = []
        for config in [try FontFiles.config.get(), try FontFiles.configWithDesigns.get(), try FontFiles.configWithFallbacks.get()] {
            let set = try #require(FcConfigGetFonts(config.config, FcSetApplication))
            counts.append(Int(set.pointee.nfont))
            for i in 0..<Int(set.pointee.nfont) {
                var face: FT_Face?
                #expect(FcPatternGetFTFace(set.pointee.fonts[i], FC_FT_FACE, 0, &face) == FcResultMatch && face != nil)
            }
        }
        #expect(counts[0] > 0 && counts[2] > 10, "with the script fonts there are more than Cairo's ten: \(counts)")
    }
}
