import Testing
@testable import TextMeasure
import LayoutModel

/// The measurer splits paragraphs and trims line ends by scanning bytes where it can; each
/// fast path must give what the character-by-character definition gives.
struct TextScanningTests {
    /// Newlines of every kind, whitespace of every kind, the UTF-8 continuation bytes of
    /// U+0085 and U+2028 inside other characters (Å is C3 85, ⠨ is E2 A0 A8, 耨 is E8 80 A8),
    /// a prepended mark that joins the space after it into one character (U+0600), marks on
    /// spaces, CR LF, emoji and bidi text.
    static let samples = [
        "", " ", "a", "a ", "a  ", " a", "Card 1: Glazed ", "tab\t", "cr\r", "lf\n", "crlf\r\n", "a\r\nb",
        "vt\u{0B}", "ff\u{0C}", "nel\u{85}", "ls\u{2028}x", "ps\u{2029}", "nbsp\u{A0}", "ideographic\u{3000}",
        "thin\u{2009} ", "Å", "ÅÅ ", "⠨", "耨耨", "\u{600} ", "a\u{600} ", " \u{301}", "a \u{301}", "👍🏽 ",
        "שלום ", "مرحبا\u{2028}", "x\u{1C}", "\u{1F}", "end.", "mixed é \n",
    ]

    @Test func aParagraphSplitFindsWhatCharactersFind() {
        for text in Self.samples {
            let byCharacters = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            #expect(PangoTextMeasurer.hasNewline(text) == (byCharacters.count > 1), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func trimmingMatchesTheCharacterDefinition() {
        for text in Self.samples {
            var expected = text
            while let last = expected.last, last.isWhitespace { expected.removeLast() }
            #expect(trimmingTrailingWhitespace(text) == expected, "\(text.unicodeScalars.map(\.value))")
        }
        // The joined character U+0600 + space is not whitespace, so the space stays.
        #expect(trimmingTrailingWhitespace("a\u{600} ").unicodeScalars.count == 3)
        #expect(trimmingTrailingWhitespace("Card 1: Glazed \r\n") == "Card 1: Glazed")
    }

    /// Fonts are hashed for every text measured: equal fonts hash alike, and fonts that differ
    /// only in weight or design are told apart.
    @Test func fontsHashByEveryField() {
        let body = ResolvedFont(size: 17, lineHeight: 22)
        var fonts: Set<ResolvedFont> = [body, ResolvedFont(size: 17, lineHeight: 22)]
        #expect(fonts.count == 1)
        for weight in FontWeight.allCases { fonts.insert(ResolvedFont(size: 17, lineHeight: 22, weight: weight)) }
        for design in FontDesign.allCases { fonts.insert(ResolvedFont(size: 17, lineHeight: 22, design: design)) }
        #expect(fonts.count == FontWeight.allCases.count + FontDesign.allCases.count - 1)
        #expect(Set(FontWeight.allCases.map(\.hashValue)).count == FontWeight.allCases.count)
        #expect(Set(FontDesign.allCases.map(\.hashValue)).count == FontDesign.allCases.count)
    }
}
