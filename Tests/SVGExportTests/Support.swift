import ImageDiff
import CCairo
import Foundation
import LayoutEngine
import SVGExport
import Drawing
import LayoutModel
import TextMeasure
import Testing

/// Draws nothing: for lists without text.
struct NoText: TextDrawing {
    func draw(_ run: TextRun, in cr: OpaquePointer) {}
}

/// A stand-in for the app's `PangoTextPainter`, good enough to put glyphs on screen:
/// DejaVu Sans at the run's size, the line's logical box centered in the line height.
/// Hinting is off and positions unrounded, as the fonts design asks, so the image and SVG
/// surfaces (whose defaults differ) get the same outlines. Glyphs are filled as paths because
/// cairo 1.16's image backend rounds each glyph origin to a whole device pixel when showing
/// glyphs, while the SVG places them exactly: shown glyphs would differ at every text edge.
struct SimplePangoText: TextDrawing {
    /// Show glyphs instead (what the SVG surface writes as `<symbol id="glyph…">` + `<use>`).
    var showGlyphs = false

    func draw(_ run: TextRun, in cr: OpaquePointer) {
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        guard let layout = pango_cairo_create_layout(cr) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let context = pango_layout_get_context(layout)
        pango_cairo_context_set_font_options(context, options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_layout_context_changed(layout)
        let description = pango_font_description_from_string("DejaVu Sans")
        pango_font_description_set_absolute_size(description, run.font.size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, description)
        pango_font_description_free(description)
        pango_layout_set_text(layout, run.text, -1)
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let height = Double(logical.height) / Double(PANGO_SCALE)
        cairo_set_source_rgba(cr, run.color.r, run.color.g, run.color.b, run.color.a)
        cairo_move_to(cr, run.origin.x, run.origin.y + (run.font.lineHeight - height) / 2)
        if showGlyphs {
            pango_cairo_show_layout(cr, layout)
        } else {
            pango_cairo_layout_path(cr, layout)
            cairo_fill(cr)
        }
    }
}

let iconsInstalled = (try? IconLibrary.standard.checkInstalled()) != nil

func rgba(_ image: RenderedImage, _ x: Int, _ y: Int) -> [Int] {
    let p = image.pixel(x: x, y: y)
    return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
}

/// True when every channel is within `tolerance` of `expected` (0...255 values).
func near(_ actual: [Int], _ expected: [Int], tolerance: Int = 2) -> Bool {
    zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
}

/// How `list`'s PNG at `scale` and librsvg's drawing of its SVG differ: the largest channel
/// difference, and how many pixels differ by more than `tolerance`.
func svgDifference(_ list: DisplayList, scale: Double, text: any TextDrawing,
                   tolerance: Int) throws -> (worst: Int, off: Int, pixels: Int, svg: [UInt8]) {
    let png = try renderImage(list, scale: scale, text: text)
    let svg = try renderSVG(list, text: text)
    let raster = try #require(rasterizeSVG(svg, width: png.width, height: png.height, scale: scale))
    var worst = 0, off = 0
    let (drawn, rasterized) = (png.rgba, raster.rgba)
    for i in stride(from: 0, to: drawn.count, by: 4) {
        let diff = (0..<4).map { abs(Int(drawn[i + $0]) - Int(rasterized[i + $0])) }.max() ?? 0
        worst = max(worst, diff)
        if diff > tolerance { off += 1 }
    }
    return (worst, off, png.width * png.height, svg)
}

/// Rasterizes an SVG with librsvg (what rsvg-convert uses) into a `width` x `height` pixel image
/// at `scale` pixels per point.
func rasterizeSVG(_ svg: [UInt8], width: Int, height: Int, scale: Double) -> RenderedImage? {
    try? SVGExport.rasterizeSVG(svg, width: Double(width) / scale, height: Double(height) / scale, scale: scale)
}

func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}

let red = RGBA(1, 0, 0), green = RGBA(0, 1, 0), blue = RGBA(0, 0, 1)
