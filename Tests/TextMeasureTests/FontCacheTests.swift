import CCairo
import Foundation
import Testing
@testable import TextMeasure

/// The pinned fonts read from fontconfig's caches are the fonts a scan of the files gives.
@Suite struct FontCacheTests {
    /// The default design, a collection (CJK, 20 faces in two files) and two script fonts from
    /// a directory of 269 files: three directories.
    static let files = (FontFiles.designs[.default] ?? []) + FontFiles.fallbacks.prefix(2)
        + FontFiles.fallbacks.filter { $0.family == "Noto Sans Arabic" }

    /// The config's fonts, in set order.
    static func fonts(_ config: PinnedFontConfig) -> [OpaquePointer] {
        guard let set = FcConfigGetFonts(config.config, FcSetApplication) else { return [] }
        return (0..<Int(set.pointee.nfont)).compactMap { set.pointee.fonts[$0] }
    }

    static func temporaryDirectory() -> String {
        NSTemporaryDirectory() + "shotter-font-cache-\(UUID().uuidString)"
    }

    @Test func cachedFontsAreTheScannedOnesInTheSameOrder() throws {
        let cache = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let scanned = try PinnedFontConfig(files: Self.files, rules: FontFiles.rules, cacheDirectory: nil)
        let written = try PinnedFontConfig(files: Self.files, rules: FontFiles.rules, cacheDirectory: cache)
        let cacheFiles = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.contains(".cache-") }
        #expect(cacheFiles.count == 3)
        func cacheDates() throws -> [Date?] {
            try cacheFiles.map { try FileManager.default.attributesOfItem(atPath: cache + "/" + $0)[.modificationDate] as? Date }
        }
        let writtenAt = try cacheDates()
        let read = try PinnedFontConfig(files: Self.files, rules: FontFiles.rules, cacheDirectory: cache)
        // Read, not scanned and written again.
        #expect(try cacheDates() == writtenAt)
        let expected = Self.fonts(scanned)
        // 36 Inter faces, 2 x 10 CJK faces (a face per language), 2 Arabic.
        #expect(expected.count == 36 + 20 + 2)
        for config in [written, read] {
            let fonts = Self.fonts(config)
            #expect(fonts.map(PinnedFontConfig.file(of:)) == expected.map(PinnedFontConfig.file(of:)))
            // Each pattern whole.
            #expect(zip(fonts, expected).allSatisfy { FcPatternEqual($0, $1) == FcTrue })
        }
    }

    @Test func anUnwritableCacheDirectoryQueriesTheFiles() throws {
        let blocker = Self.temporaryDirectory()
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        // A directory cannot be made under a plain file.
        let config = try PinnedFontConfig(files: FontFiles.designs[.default] ?? [], rules: FontFiles.rules,
                                          cacheDirectory: blocker + "/cache")
        let scanned = try PinnedFontConfig(files: FontFiles.designs[.default] ?? [], rules: FontFiles.rules, cacheDirectory: nil)
        #expect(Self.fonts(config).count == 36)
        #expect(zip(Self.fonts(config), Self.fonts(scanned)).allSatisfy { FcPatternEqual($0, $1) == FcTrue })
        #expect(!FileManager.default.fileExists(atPath: blocker + "/cache"))
    }

    @Test func aCacheDirectoryXMLCannotNameQueriesTheFiles() throws {
        let config = try PinnedFontConfig(files: FontFiles.designs[.default] ?? [], rules: FontFiles.rules,
                                          cacheDirectory: NSTemporaryDirectory() + "a\u{1}b")
        #expect(Self.fonts(config).count == 36)
        #expect(!FileManager.default.fileExists(atPath: NSTemporaryDirectory() + "a\u{1}b"))
    }

    @Test func theCacheDirectoryRuleEscapesItsPath() {
        #expect(FontCacheDirectory.rule(for: "/tmp/a&b<c>") == "<fontconfig><cachedir>/tmp/a&amp;b&lt;c&gt;</cachedir></fontconfig>")
        #expect(FontCacheDirectory.rule(for: "/tmp/a\u{1}b") == nil)
        #expect(FontCacheDirectory.rule(for: "/tmp/a\u{FFFF}b") == nil)
    }
}
