import Foundation
import LayoutEngine
@testable import SVGExport
import Drawing
import LayoutModel
import Testing

@Suite struct SymbolDrawingTests {
    private func image(_ items: [DisplayItem], icons: IconLibrary = .standard) throws -> RenderedImage {
        try renderImage(DisplayList(size: Size(width: 100, height: 100), items: items),
                        scale: 1, text: NoText(), icons: icons)
    }

    /// Pixels inside `area` that are not transparent, as straight RGBA.
    private func inked(_ img: RenderedImage, in area: Rect) -> [[Int]] {
        var found: [[Int]] = []
        for y in Int(area.minY)..<Int(area.maxY) {
            for x in Int(area.minX)..<Int(area.maxX) where img.pixel(x: x, y: y).a != 0 {
                found.append(rgba(img, x, y))
            }
        }
        return found
    }

    @Test(.enabled(if: iconsInstalled, "icons not installed: run scripts/install-icons.sh"))
    func symbolDrawsInItsRectInTheRequestedColor() throws {
        let area = rect(20, 20, 48, 48)
        let img = try image([.symbol(name: "house", rect: area, color: RGBA(hex: 0x007AFF), strokeWidth: 2)])
        let ink = inked(img, in: area)
        #expect(ink.count > 100)
        #expect(ink.contains([0, 122, 255, 255]))
        // Edge pixels carry the color too (straight alpha; faint ones lose precision).
        #expect(ink.filter { $0[3] >= 64 }.allSatisfy { near(Array($0.prefix(3)), [0, 122, 255], tolerance: 4) })
        #expect(inked(img, in: rect(0, 0, 100, 20)).isEmpty && inked(img, in: rect(0, 68, 100, 32)).isEmpty)
    }

    @Test(.enabled(if: iconsInstalled, "icons not installed: run scripts/install-icons.sh"))
    func strokeWidthAndColorAreAppliedPerDraw() throws {
        let area = rect(0, 0, 96, 96)
        let thin = inked(try image([.symbol(name: "house", rect: area, color: red, strokeWidth: 1)]), in: area)
        let thick = inked(try image([.symbol(name: "house", rect: area, color: blue, strokeWidth: 3)]), in: area)
        #expect(thick.count > thin.count * 2)
        #expect(thin.contains([255, 0, 0, 255]) && thick.contains([0, 0, 255, 255]))
    }

    @Test(.enabled(if: iconsInstalled, "icons not installed: run scripts/install-icons.sh"))
    func symbolIsASquareCenteredInItsRect() throws {
        // A 96x48 rect holds a 48x48 icon in its middle.
        let img = try image([.symbol(name: "square", rect: rect(0, 26, 96, 48), color: red, strokeWidth: 2)])
        #expect(inked(img, in: rect(0, 26, 24, 48)).isEmpty)
        #expect(inked(img, in: rect(72, 26, 24, 48)).isEmpty)
        #expect(!inked(img, in: rect(24, 26, 48, 48)).isEmpty)
    }

    /// A symbol larger than `IconLibrary.maxDevicePixels` on the device is drawn at that size
    /// and scaled up: still where it belongs. A filled square 6,000 points wide whose left
    /// edge (lucide's square and its stroke start 2 of 24 units in) crosses the canvas at x = 50.
    @Test(.enabled(if: iconsInstalled, "icons not installed: run scripts/install-icons.sh"))
    func aSymbolLargerThanTheLimitIsDrawnScaledUp() throws {
        let side = 6_000.0
        #expect(side > Double(IconLibrary.maxDevicePixels))
        let img = try image([.symbol(name: "square.fill", rect: rect(50 - side / 12, 50 - side / 2, side, side), color: red, strokeWidth: 2)])
        #expect(rgba(img, 60, 50) == [255, 0, 0, 255] && rgba(img, 99, 0) == [255, 0, 0, 255])
        #expect(rgba(img, 40, 50) == [0, 0, 0, 0] && rgba(img, 0, 99) == [0, 0, 0, 0])
    }

    @Test func missingSymbolDrawsTheDashedPlaceholder() throws {
        let area = rect(20, 20, 48, 48)
        let img = try image([.symbol(name: "no-such-icon", rect: area, color: red, strokeWidth: 2)])
        let ink = inked(img, in: area)
        #expect(ink.contains([255, 0, 0, 255]))
        #expect(rgba(img, 44, 44) == [0, 0, 0, 0]) // hollow
        // Dashed: along the top edge (y = 26) there are both inked and empty pixels.
        let top = (30...58).map { img.pixel(x: $0, y: 26).a }
        #expect(top.contains(255) && top.contains(0))
    }

    @Test func namesThatAreNotPlainFileNamesDrawThePlaceholder() throws {
        let area = rect(20, 20, 48, 48)
        let placeholder = try image([.symbol(name: "no-such-icon", rect: area, color: red, strokeWidth: 2)])
        for name in ["", "../lucide/house", ".hidden", "/etc/passwd"] {
            let img = try image([.symbol(name: name, rect: area, color: red, strokeWidth: 2)])
            #expect(img.rgba == placeholder.rgba, "\(name)")
        }
    }

    @Test func iconsFromAnotherDirectoryAndTheMissingSetError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-icons-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let library = IconLibrary(directory: dir.path)
        #expect(throws: RenderError.iconsNotInstalled(directory: dir.path)) { try library.checkInstalled() }
        #expect(RenderError.iconsNotInstalled(directory: "/x").description
                == "icons not installed at /x: run scripts/install-icons.sh")

        let block = #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="currentColor" stroke="currentColor" stroke-width="2"><rect x="0" y="0" width="24" height="24"/></svg>"#
        try block.write(to: dir.appendingPathComponent("block.svg"), atomically: true, encoding: .utf8)
        let img = try image([.symbol(name: "block", rect: rect(10, 10, 24, 24), color: RGBA(0, 1, 0, 0.5), strokeWidth: 2)],
                            icons: library)
        #expect(near(rgba(img, 22, 22), [0, 255, 0, 128]))
    }
}
