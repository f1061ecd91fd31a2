import Drawing
import LayoutModel
import SVGExport
import Testing

/// `.fill` symbols: lucide outlines filled by their recipes, with inner details cut out.
struct FilledSymbolTests {
    private func image(_ name: String, color: RGBA = RGBA(0, 0, 1)) throws -> RenderedImage {
        try renderImage(DisplayList(size: Size(width: 96, height: 96),
                                    items: [.symbol(name: name, rect: rect(0, 0, 96, 96), color: color, strokeWidth: 2)]),
                        scale: 1, text: NoText())
    }

    private func inkCount(_ img: RenderedImage) -> Int {
        let rgba = img.rgba  // converts the whole image: once, not per pixel
        return stride(from: 3, to: rgba.count, by: 4).filter { rgba[$0] > 128 }.count
    }

    @Test(.enabled(if: iconsInstalled, "icons not installed: run scripts/install-icons.sh"))
    func everyRecipeNamesAnInstalledIconAndFillsIt() throws {
        for (name, _) in FilledGlyphs.recipes.sorted(by: { $0.key < $1.key }) {
            let outline = try image(name), filled = try image(name + FilledGlyphs.suffix)
            // A dashed placeholder has no more ink than its outline; a filled body has much more
            // (heart-pulse, whose pulse line is cut out of the heart, 1.45 times).
            #expect(inkCount(filled) > inkCount(outline) * 13 / 10, "\(name): \(inkCount(outline)) -> \(inkCount(filled))")
        }
    }

    @Test(.enabled(if: iconsInstalled, "icons not installed: run scripts/install-icons.sh"))
    func circleGlyphsCutTheirMarkOutOfAFilledDisc() throws {
        let check = try image("circle-check.fill")
        // lucide's disc has radius 10 of 24 units: 40 px here, centered at 48.
        #expect(rgba(check, 30, 48) == [0, 0, 255, 255])    // inside the disc, off the mark
        #expect(check.pixel(x: 44, y: 52).a < 40)          // on the check: cut out, transparent
        #expect(check.pixel(x: 4, y: 4).a == 0)            // outside the disc
        let star = try image("star.fill")
        #expect(rgba(star, 48, 50) == [0, 0, 255, 255])     // the star's middle is filled
    }
}
