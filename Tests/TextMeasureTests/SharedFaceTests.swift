import CCairo
import Foundation
import LayoutModel
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

    /// The fonts fontconfig's own scan gives a configuration of `files`, one after the other,
    /// as text (without the faces, which only ours carry).
    static func scanned(_ files: [FontFile], queried: Bool) throws -> [String] {
        let config = try #require(FcConfigCreate())
        defer { FcConfigDestroy(config) }
        #expect(FcConfigParseAndLoadFromMemory(config, FontFiles.rules, FcBool(FcTrue)) == FcTrue)
        if queried {
            #expect(PinnedFontConfig.addQueried(files, to: config))
        } else {
            for file in files { #expect(FcConfigAppFontAddFile(config, file.path) == FcTrue) }
        }
        return try patterns(of: config)
    }

    static func patterns(of config: OpaquePointer) throws -> [String] {
        let set = try #require(FcConfigGetFonts(config, FcSetApplication))
        return (0..<Int(set.pointee.nfont)).map { i in
            let pattern = FcPatternDuplicate(set.pointee.fonts[i])
            defer { FcPatternDestroy(pattern) }
            FcPatternDel(pattern, FC_FT_FACE)
            let text = FcNameUnparse(pattern)
            defer { free(text) }
            return text.map { String(cString: $0) } ?? ""
        }
    }

    /// The default design's and every design's files are queried on two threads from faces of
    /// ours (`PinnedFontConfig.addQueried`, what every configuration without collections is
    /// built with): the fonts are those of fontconfig's own scan, in the same order, down to
    /// their character sets and languages. The fallbacks' CJK collections are scanned.
    @Test(arguments: [FontDesign.default, .monospaced])
    func queriedFontsAreTheScannedOnes(_ design: FontDesign) throws {
        let files = design == .default ? FontFiles.designs[.default] ?? [] : FontFiles.designFiles
        let ours = try Self.scanned(files, queried: true)
        let theirs = try Self.scanned(files, queried: false)
        #expect(ours.count == files.count)
        #expect(ours.allSatisfy { $0.contains(":charset=") && $0.contains(":lang=") }, "\(ours.first ?? "")")
        #expect(ours == theirs)
    }

    @Test func collectionsAreLeftToFontconfig() throws {
        let config = try #require(FcConfigCreate())
        defer { FcConfigDestroy(config) }
        let files = Array((FontFiles.designs[.default] ?? []).prefix(4)) + FontFiles.fallbacks.prefix(2)
        #expect(files.last?.path.hasSuffix(".ttc") == true)
        let added = PinnedFontConfig.addQueried(files, to: config)
        #expect(!added, "the CJK collections have several faces")
    }
}
