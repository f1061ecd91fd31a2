import CCairo
import Foundation
import LayoutModel
@testable import TextMeasure
import Testing

/// Cairo 1.16 closes faces it opened itself while another thread may be using them once more
/// than ten are open; every pinned font must therefore reach Cairo as an FT_Face of ours.
@Suite struct SharedFaceTests {
    /// Cairo's face of `pattern`'s font, asked for as Pango asks (`cairo_ft_font_face_create_for_pattern`).
    static func cairosFace(of pattern: OpaquePointer) throws -> FT_Face {
        let fontFace = try #require(cairo_ft_font_face_create_for_pattern(pattern))
        defer { cairo_font_face_destroy(fontFace) }
        var matrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, 12, 12)
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        let scaled = try #require(cairo_scaled_font_create(fontFace, &matrix, &identity, options))
        defer { cairo_scaled_font_destroy(scaled) }
        let face = try #require(cairo_ft_scaled_font_lock_face(scaled))
        cairo_ft_scaled_font_unlock_face(scaled)
        return face
    }

    /// In a test executable as in shotter's, Pango's calls reach CFontFaces' hook: a pinned
    /// font's pattern carries no face, and Cairo's face of it is ours, opened when first asked.
    @Test func everyPinnedFontReachesCairoAsOurFace() throws {
        #expect(PinnedFaces.shared.opensOnDemand)
        var counts: [Int] = []
        for config in [try FontFiles.config.get(), try FontFiles.configWithDesigns.get(), try FontFiles.configWithFallbacks.get()] {
            let set = try #require(FcConfigGetFonts(config.config, FcSetApplication))
            counts.append(Int(set.pointee.nfont))
            for i in 0..<Int(set.pointee.nfont) {
                let pattern = try #require(set.pointee.fonts[i])
                var carried: FT_Face?
                #expect(FcPatternGetFTFace(pattern, FC_FT_FACE, 0, &carried) != FcResultMatch)
                var index: Int32 = 0
                _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
                let path = try #require(PinnedFontConfig.file(of: pattern))
                let face = try Self.cairosFace(of: pattern)
                #expect(face == PinnedFaces.shared.face(path: path, index: Int(index)), "\(path) \(index)")
            }
        }
        #expect(counts[0] > 0 && counts[2] > 10, "with the script fonts there are more than Cairo's ten: \(counts)")
    }

    /// A file that is not pinned is Cairo's to open: the hook passes its pattern on unchanged.
    @Test func anotherFileIsLeftToCairo() throws {
        let pinned = try #require(FontFiles.designs[.default]?.first?.path)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-unpinned-\(UUID().uuidString).otf").path
        try FileManager.default.copyItem(atPath: pinned, toPath: copy)
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let pattern = try #require(FcPatternCreate())
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_FILE, copy)
        _ = FcPatternAddInteger(pattern, FC_INDEX, 0)
        let face = try Self.cairosFace(of: pattern)
        #expect(face != PinnedFaces.shared.face(path: pinned, index: 0))
        #expect(face.pointee.num_glyphs == PinnedFaces.shared.face(path: pinned, index: 0)?.pointee.num_glyphs)
    }

    /// Where the hook does not receive Pango's calls, every font's pattern carries its face
    /// from the start.
    @Test func withoutTheHookEveryPatternCarriesItsFace() throws {
        let config = try #require(FcConfigCreate())
        defer { FcConfigDestroy(config) }
        #expect(FcConfigParseAndLoadFromMemory(config, FontFiles.rules, FcBool(FcTrue)) == FcTrue)
        for file in (FontFiles.designs[.default] ?? []).prefix(3) { #expect(FcConfigAppFontAddFile(config, file.path) == FcTrue) }
        PinnedFontConfig.openFaces(of: config, onDemand: false)
        let set = try #require(FcConfigGetFonts(config, FcSetApplication))
        #expect(set.pointee.nfont == 3)
        for i in 0..<Int(set.pointee.nfont) {
            var face: FT_Face?
            #expect(FcPatternGetFTFace(set.pointee.fonts[i], FC_FT_FACE, 0, &face) == FcResultMatch && face != nil)
        }
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
