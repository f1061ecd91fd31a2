import Assets
import Foundation
import LayoutModel
import Testing

/// The test catalog `Tests/Fixtures/Test.xcassets` (written by scripts/make-image-fixtures.py).
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
let testCatalogPath = fixtures.appendingPathComponent("Test.xcassets").path

@Suite struct AssetCatalogTests {
    let catalog: AssetCatalog
    init() throws { catalog = try AssetCatalog.load([testCatalogPath]) }

    @Test func imageSetsChooseTwoXThenOneXThenThreeXInPoints() throws {
        let logo = try #require(catalog.images["Logo"])
        #expect(logo.kind == .image)
        #expect(logo.file.hasSuffix("Logo.imageset/logo@2x.png"))
        #expect(logo.size == Size(width: 20, height: 10))
        let three = try #require(catalog.images["OnlyThree"])
        #expect(three.file.hasSuffix("three@3x.png") && three.size == Size(width: 10, height: 10))
    }

    @Test func vectorFilesAreMeasuredInPoints() throws {
        #expect(catalog.images["Vector"]?.size == Size(width: 30, height: 20))
        #expect(catalog.images["Doc"]?.size == Size(width: 50, height: 40))
    }

    @Test func namespacesPrefixOnlyWhenTheFolderProvidesOne() {
        #expect(catalog.images["Food/Pizza"]?.size == Size(width: 12, height: 8))
        #expect(catalog.images["Pizza"] == nil)
        #expect(catalog.images["Badge"]?.size == Size(width: 6, height: 6))
        #expect(catalog.images["Misc/Badge"] == nil)
        #expect(catalog.colors["Food/Sauce"]?.light == ColorComponents(red: 0.8, green: 0.1, blue: 0.1, alpha: 1))
    }

    @Test func symbolSetsAreTemplateImages() {
        #expect(catalog.images["Star"]?.kind == .symbol)
        #expect(catalog.images["Star"]?.file.hasSuffix("star.svg") == true)
        #expect(catalog.images["Star"]?.size == Size(width: 20, height: 20))
        // An SF Symbols template's document size is not the glyph's: a square.
        #expect(catalog.images["Drop"]?.kind == .symbol && catalog.images["Drop"]?.size == Size(width: 1, height: 1))
    }

    @Test func colorComponentsInEveryNotation() throws {
        let brand = try #require(catalog.colors["Brand"])
        #expect(brand.light == ColorComponents(red: 194.0 / 255, green: 16.0 / 255, blue: 32.0 / 255, alpha: 1))
        #expect(brand.dark == ColorComponents(red: 0.439, green: 0.6, blue: 1, alpha: 1))
        let ints = try #require(catalog.colors["Ints"])
        #expect(ints.light == ColorComponents(red: 1, green: 128.0 / 255, blue: 0, alpha: 0.5))
        #expect(ints.dark == nil)
    }

    @Test func brokenEntriesAreSkippedWithAWarningNamingTheFile() {
        #expect(catalog.images["Bad"] == nil)
        #expect(catalog.warnings.count == 1)
        #expect(catalog.warnings.first?.contains("Bad.imageset/bad.png") == true)
    }

    @Test func aMissingFolderIsAnError() {
        #expect(throws: AssetCatalog.LoadError.self) { try AssetCatalog.load(["/nonexistent/X.xcassets"]) }
    }

    @Test func theFirstCatalogNamingAnAssetWins() throws {
        let twice = try AssetCatalog.load([testCatalogPath, testCatalogPath])
        #expect(twice.images.count == catalog.images.count)
        #expect(twice != catalog)
    }
}

@Suite struct ImageHeaderTests {
    @Test func pngAndJpegAndSVGSizes() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 1, 44, 0, 0, 0, 200]
        #expect(ImageHeader.size(of: png) == Size(width: 300, height: 200))
        // SOI, an APP0 segment of length 4, then SOF0 with height 120 and width 160.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0, 120, 0, 160, 3, 0, 0, 0]
        #expect(ImageHeader.size(of: jpeg) == Size(width: 160, height: 120))
        #expect(ImageHeader.size(of: Array(#"<svg viewBox="0 0 24 12" width="48">"#.utf8)) == Size(width: 48, height: 24))
        #expect(ImageHeader.size(of: Array(#"<svg viewBox="0,0,24,12">"#.utf8)) == Size(width: 24, height: 12))
        #expect(ImageHeader.size(of: Array("hello".utf8)) == nil)
    }
}

@Suite struct RemoteImagesTests {
    @Test func aFolderResolvesByTheLastPathComponent() throws {
        let images = try RemoteImages.load(fixtures.appendingPathComponent("Test.xcassets/Logo.imageset").path)
        #expect(images.file(for: "https://example.com/a/logo%402x.png?size=2")?.hasSuffix("logo@2x.png") == true)
        #expect(images.file(for: "https://example.com/missing.png") == nil)
        #expect(images.file(for: "https://example.com/a/..") == nil)
    }

    @Test func aMapFileResolvesRelativeToItself() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-map-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("x".utf8).write(to: dir.appendingPathComponent("photo.jpg"))
        let map = dir.appendingPathComponent("map.json")
        try Data(#"{"https://cdn.example.com/p?id=7": "photo.jpg"}"#.utf8).write(to: map)
        let images = try RemoteImages.load(map.path)
        #expect(images.file(for: "https://cdn.example.com/p?id=7") == dir.appendingPathComponent("photo.jpg").path)
        #expect(images.file(for: "https://cdn.example.com/photo.jpg") == nil)
        try Data("[1]".utf8).write(to: map)
        #expect(throws: AssetCatalog.LoadError.self) { try RemoteImages.load(map.path) }
    }
}
