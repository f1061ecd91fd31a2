import Foundation
import LayoutEngine
@testable import SVGExport
import Drawing
import LayoutModel
import Testing

/// A list touching every kind of item, on a white screen so compared pixels are opaque.
func sampleList(width: Double = 393, height: Double = 200) -> DisplayList {
    let card = rect(16, 16, 160, 80)
    let stops = [GradientStop(color: RGBA(hex: 0xFF9500), location: 0), GradientStop(color: RGBA(hex: 0xAF52DE), location: 1)]
    let font = ResolvedFont(size: 17, lineHeight: 22)
    return DisplayList(size: Size(width: width, height: height), items: [
        .fill(.rect, rect(0, 0, width, height), .solid(.white)),
        .fill(.roundedRect(cornerRadius: 12), card,
              .linearGradient(stops: stops, start: card.origin, end: Point(x: card.maxX, y: card.maxY))),
        .stroke(.roundedRect(cornerRadius: 12), card, .solid(.black), lineWidth: 2, dash: [6, 3]),
        .pushClip(.capsule, rect(200, 16, 170, 40)),
        .pushGroup(opacity: 0.6),
        .fill(.rect, rect(190, 10, 100, 60), .solid(RGBA(hex: 0x34C759))),
        .fill(.ellipse, rect(250, 20, 80, 50), .radialGradient(stops: stops, center: Point(x: 290, y: 45), startRadius: 0, endRadius: 40)),
        .popGroup,
        .popClip,
        .fill(.topRoundedRect(cornerRadius: 10), rect(200, 70, 80, 40), .solid(RGBA(hex: 0x007AFF, alpha: 0.7))),
        .stroke(.polygon([Point(x: 300, y: 80), Point(x: 310, y: 90), Point(x: 300, y: 100)], closed: false),
                .zero, .solid(RGBA(hex: 0xC7C7CC)), lineWidth: 3, dash: []),
        .text(TextRun(text: "Donut Shop", font: font, color: .black, origin: Point(x: 24, y: 120), width: 95)),
        .text(TextRun(text: "Sales 42", font: font, color: RGBA(hex: 0x8E8E93), origin: Point(x: 24, y: 150), width: 70)),
        .symbol(name: "house", rect: rect(200, 130, 40, 40), color: RGBA(hex: 0x007AFF), strokeWidth: 2),
        .symbol(name: "heart", rect: rect(250, 130, 40, 40), color: RGBA(hex: 0xFF3B30, alpha: 0.5), strokeWidth: 1.5),
        .symbol(name: "no-such-icon", rect: rect(300, 130, 40, 40), color: .black, strokeWidth: 2),
    ])
}

@Suite struct OutputTests {
    @Test func pngIsSignedAndByteIdenticalOnEveryRender() throws {
        let first = try renderPNG(sampleList(), scale: 2, text: SimplePangoText())
        let second = try renderPNG(sampleList(), scale: 2, text: SimplePangoText())
        #expect(Array(first.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(first == second)
    }

    @Test func svgIsInPixelsAndByteIdenticalOnEveryRender() throws {
        let first = try renderSVG(sampleList(), text: SimplePangoText(showGlyphs: true))
        let second = try renderSVG(sampleList(), text: SimplePangoText(showGlyphs: true))
        #expect(first == second)
        let svg = String(decoding: first, as: UTF8.self)
        #expect(svg.contains(#"width="393px" height="200px" viewBox="0 0 393 200""#))
        #expect(svg.contains(#"<symbol overflow="visible" id="glyph0">"#), "glyphs are renumbered too")
    }

    @Test func renumberingNamesIdsByFamilyInOrderOfDefinition() {
        let raw = ##"<clipPath id="clip4"/><g id="surface17" clip-path="url(#clip4)"/><use xlink:href="#glyph2-3"/>"##
            + ##"<symbol id="glyph2-3"/><g id="surface9"><use xlink:href="#surface17"/><rect style="fill:url(#clip4);"/></g>"##
        let expected = ##"<clipPath id="clip0"/><g id="surface0" clip-path="url(#clip0)"/><use xlink:href="#glyph0"/>"##
            + ##"<symbol id="glyph0"/><g id="surface1"><use xlink:href="#surface0"/><rect style="fill:url(#clip0);"/></g>"##
        #expect(String(decoding: SVGIdentifiers.renumber(Array(raw.utf8)), as: UTF8.self) == expected)
    }

    /// The SVG drawn by librsvg (the library behind rsvg-convert) matches the PNG up to
    /// antialiasing: edge pixels of clipped groups differ a little (clips are applied to the
    /// group's content and again when compositing it), nothing else does.
    @Test func svgRendersLikeThePNG() throws {
        let (worst, off, pixels, _) = try svgDifference(sampleList(), scale: 2, text: SimplePangoText(), tolerance: 2)
        #expect(worst <= 32 && off * 200 < pixels,
                "\(off) of \(pixels) pixels differ by more than 2, worst by \(worst)")
    }
}
