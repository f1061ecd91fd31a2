import LayoutModel
internal import CCairo

/// The Pango state behind `PangoTextMeasurer` and `PangoTextPainter`: Pango fonts over the
/// pinned fontconfig configurations (the default design's files; every design's; with the CJK
/// and emoji fallbacks too: see `FontFiles.config`), contexts set up so widths match browsers,
/// and scratch layouts. Measuring and drawing go through the same `setText`, so a line is drawn
/// exactly as wide as it was measured. Not thread-safe: one engine per thread.
final class PangoEngine {
    private let defaultConfig: PinnedFontConfig
    private let defaultFonts: PangoFonts
    /// Made the first time a text needs another design's font.
    private lazy var designFonts: PangoFonts = Self.fonts(FontFiles.configWithDesigns, withFallbacks: false) ?? defaultFonts
    /// Made the first time a text needs a fallback font.
    private lazy var fontsWithFallbacks: PangoFonts = Self.fonts(FontFiles.configWithFallbacks, withFallbacks: true) ?? designFonts
    private var widths: [WidthKey: Double] = [:]
    /// The glyph runs of lines measured or drawn, so that drawing a line layout measured does
    /// not shape it again (shaping was a third of rasterizing a screen).
    private var shapedLines: [WidthKey: ShapedLine] = [:]
    private var paragraphs: [WidthKey: (breaks: [Int], advances: [Double])] = [:]
    /// UTF-8 bytes handed to Pango to shape: how tests see that wrapping stays linear.
    private(set) var shapedBytes = 0
    /// Fonts are owned by their font map for the life of the process, so their identity is stable.
    private var bitmapFonts: [UnsafeMutablePointer<PangoFont>: Bool] = [:]

    private struct WidthKey: Hashable {
        var text: String
        var font: ResolvedFont
    }

    init(config: PinnedFontConfig) {
        defaultConfig = config
        defaultFonts = PangoFonts(config: config, withFallbacks: false)
    }

    private static func fonts(_ config: Result<PinnedFontConfig, FontFileError>, withFallbacks: Bool) -> PangoFonts? {
        (try? config.get()).map { PangoFonts(config: $0, withFallbacks: withFallbacks) }
    }

    /// The fonts to lay `text` out with: the fewest files (`FontFiles.config`) whose families
    /// tried before the fallbacks have every glyph it needs; all give the same result then.
    private func fonts(for text: String, font: ResolvedFont) -> PangoFonts {
        if font.design == .default && defaultCoverage.covers(text) { return defaultFonts }
        if let designs = designCoverage(font.design), designs.covers(text) { return designFonts }
        return fontsWithFallbacks
    }

    /// The default design's families in the default configuration.
    private lazy var defaultCoverage = defaultConfig.coverage(of: FontFiles.designFamilies(of: .default))
    /// Each design's families in every design's configuration, found the first time a text asks.
    private var designCoverages: [FontDesign: FontCoverage] = [:]

    /// Nil when the designs' configuration cannot be loaded.
    private func designCoverage(_ design: FontDesign) -> FontCoverage? {
        if let known = designCoverages[design] { return known }
        guard let designs = try? FontFiles.configWithDesigns.get() else { return nil }
        let coverage = designs.coverage(of: FontFiles.designFamilies(of: design))
        designCoverages[design] = coverage
        return coverage
    }

    /// The fonts that hold `font`'s own file.
    private func primaryFonts(_ font: ResolvedFont) -> PangoFonts {
        font.design == .default ? defaultFonts : designFonts
    }

    /// Puts `text` in `font` into the scratch layout of the fonts it needs; returns that layout.
    func setText(_ text: String, font: ResolvedFont) -> OpaquePointer {
        // Pango rejects NUL bytes inside the text it is given.
        let clean = text.utf8.contains(0) ? String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" })) : text
        let fonts = fonts(for: clean, font: font)
        let shapedBefore = fonts.shapedBytes
        let layout = fonts.setText(clean, font: font)
        shapedBytes += fonts.shapedBytes - shapedBefore
        return layout
    }

    /// Logical width of `text` on one line, in points.
    func width(of text: String, font: ResolvedFont) -> Double {
        let key = WidthKey(text: text, font: font)
        if let width = widths[key] { return width }
        let layout = setText(text, font: font)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let width = Double(logical.width) / Double(PANGO_SCALE)
        if widths.count > 50_000 { widths.removeAll() }
        widths[key] = width
        keep(ShapedLine(layout, isBitmap: isBitmapFont), for: key)
        return width
    }

    /// `text` in `font` shaped as one line: the runs kept from measuring it, or shaped now.
    private func shapedLine(_ text: String, font: ResolvedFont) -> ShapedLine {
        let key = WidthKey(text: text, font: font)
        if let shaped = shapedLines[key] { return shaped }
        let shaped = ShapedLine(setText(text, font: font), isBitmap: isBitmapFont)
        keep(shaped, for: key)
        return shaped
    }

    private func keep(_ shaped: ShapedLine, for key: WidthKey) {
        // Lines are small; a bound keeps a long `shotter test` worker's memory flat.
        if shapedLines.count > 20_000 { shapedLines.removeAll() }
        shapedLines[key] = shaped
    }

    /// Width of the ink of `text` on one line, in points: what a screenshot shows of it, and
    /// what the font model is checked against real iOS screenshots with (`IOSTextWidthTests`).
    func inkWidth(of text: String, font: ResolvedFont) -> Double {
        let layout = setText(text, font: font)
        var ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, nil)
        return Double(ink.width) / Double(PANGO_SCALE)
    }

    /// Whether `text` on its own is laid out right to left: its first strong character is
    /// (Unicode bidi rules P2 and P3, what Pango's automatic direction and iOS's natural
    /// writing direction both follow); left to right when it has none.
    func isRightToLeft(_ text: String, font: ResolvedFont) -> Bool {
        pango_layout_get_direction(setText(text, font: font), 0) == PANGO_DIRECTION_RTL
    }

    /// How many characters of `text` Pango found no glyph for (drawn as missing-glyph boxes).
    func unknownGlyphs(in text: String, font: ResolvedFont) -> Int {
        Int(pango_layout_get_unknown_glyphs_count(setText(text, font: font)))
    }

    /// The runs of `text` on one line in visual order (left to right): the text of each and
    /// the file its glyphs come from. For tests of fallback and bidi ordering.
    func visualRuns(of text: String, font: ResolvedFont) -> [(text: String, file: String?)] {
        let layout = setText(text, font: font)
        let bytes = Array(text.utf8)
        var runs: [(text: String, file: String?)] = []
        guard let line = pango_layout_get_line_readonly(layout, 0) else { return runs }
        var node = line.pointee.runs
        while let current = node {
            node = current.pointee.next
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                  let item = run.pointee.item else { continue }
            let start = Int(item.pointee.offset), end = start + Int(item.pointee.length)
            runs.append((String(decoding: bytes[start..<end], as: UTF8.self), item.pointee.analysis.font.flatMap(PangoFonts.file)))
        }
        return runs
    }

    /// `lineBreakOpportunities` and `advances` of a paragraph, kept per text and font: layout
    /// asks for the same paragraph at several widths, and shaping it again each time was a
    /// tenth of measuring a screen.
    func paragraph(_ text: String, font: ResolvedFont) -> (breaks: [Int], advances: [Double]) {
        let key = WidthKey(text: text, font: font)
        if let known = paragraphs[key] { return known }
        let shaped = (breaks: lineBreakOpportunities(in: text, font: font), advances: advances(of: text, font: font))
        if paragraphs.count > 20_000 { paragraphs.removeAll() }
        paragraphs[key] = shaped
        return shaped
    }

    /// Offsets, in Unicode scalars, where Unicode line breaking allows a line to start
    /// (excluding 0; the end of the text is always included).
    func lineBreakOpportunities(in text: String, font: ResolvedFont) -> [Int] {
        let layout = setText(text, font: font)
        var count: Int32 = 0
        let scalars = text.unicodeScalars.count
        var offsets: [Int] = []
        if let attrs = pango_layout_get_log_attrs_readonly(layout, &count) {
            for i in 1..<max(1, min(Int(count), scalars)) where attrs[i].is_line_break != 0 {
                offsets.append(i)
            }
        }
        offsets.append(scalars)
        return offsets
    }

    /// Each Unicode scalar's advance in points when `text` is shaped as one line, in logical
    /// order; a cluster's advance (a ligature, a base with its marks) goes to its first scalar.
    /// A line's width is close to the sum of its scalars' advances, but not always equal to it:
    /// shaping, kerning and font fallback depend on the neighbouring text.
    func advances(of text: String, font: ResolvedFont) -> [Double] {
        let layout = setText(text, font: font)
        // Pango units per byte of the text Pango holds (without NULs).
        var units = [Int](repeating: 0, count: text.utf8.count + 1)
        if let line = pango_layout_get_line_readonly(layout, 0) {
            var node = line.pointee.runs
            while let current = node {
                node = current.pointee.next
                guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                      let glyphs = run.pointee.glyphs, let item = run.pointee.item else { continue }
                let offset = Int(item.pointee.offset)
                for i in 0..<Int(glyphs.pointee.num_glyphs) {
                    let byte = offset + Int(glyphs.pointee.log_clusters[i])
                    if units.indices.contains(byte) { units[byte] += Int(glyphs.pointee.glyphs[i].geometry.width) }
                }
            }
        }
        var advances: [Double] = []
        advances.reserveCapacity(text.utf8.count)
        var byte = 0
        for scalar in text.unicodeScalars {
            if scalar == "\0" { advances.append(0); continue }
            advances.append(Double(units[byte]) / Double(PANGO_SCALE))
            byte += UTF8.width(scalar)
        }
        return advances
    }

    /// Loads `font` and its metrics, as its first text would (`MeasurerWarming`).
    func setUp(_ font: ResolvedFont) { _ = primaryFonts(font).setup(font) }

    /// Whether `font` was set up (`setUp`, or a text in it measured): for tests of warming.
    func isSetUp(_ font: ResolvedFont) -> Bool { primaryFonts(font).isSetUp(font) }

    func ascent(_ font: ResolvedFont) -> Double { primaryFonts(font).setup(font).ascent }
    func descent(_ font: ResolvedFont) -> Double { primaryFonts(font).setup(font).descent }
    func fontFile(_ font: ResolvedFont) -> String? { primaryFonts(font).setup(font).file }

    /// Draws `text` as one line with its baseline's left end at (x, baseline) in the user
    /// space of `cr` (`ShapedLine.draw`).
    func draw(_ text: String, font: ResolvedFont, in cr: OpaquePointer, x: Double, baseline: Double) throws(TextDrawingError) {
        try shapedLine(text, font: font).draw(font: font, in: cr, x: x, baseline: baseline)
    }

    /// The lines of `runs` (text and font) with their baselines, to be drawn on any thread; nil
    /// when one has a glyph no font has (Pango draws its box, on this thread only).
    func prepare(_ runs: [(text: String, font: ResolvedFont)]) -> PreparedLines? {
        var lines: [PreparedLines.Key: ShapedLine] = [:]
        var baselines: [ResolvedFont: Double] = [:]
        for (text, font) in runs {
            let key = PreparedLines.Key(text: text, font: font)
            guard lines[key] == nil else { continue }
            let line = shapedLine(text, font: font)
            guard !line.runs.contains(where: { $0.pango != nil }) else { return nil }
            _ = line.inkBox  // measured here, so that no other thread sets it
            lines[key] = line
            if baselines[font] == nil { baselines[font] = PangoTextMeasurer.baselineOffset(for: font, engine: self) }
        }
        return PreparedLines(lines: lines, baselines: baselines)
    }

    /// The largest font size, in device pixels, handed to FreeType and Cairo's glyph cache.
    static let maxDeviceFontSize = 16_384.0

    /// Whether a font's glyphs are bitmaps (Noto Color Emoji), cached per font object.
    func isBitmapFont(_ font: UnsafeMutablePointer<PangoFont>) -> Bool {
        let key = font
        if let known = bitmapFonts[key] { return known }
        let bitmap = PangoFonts.file(of: font)?.hasSuffix("NotoColorEmoji.ttf") ?? false
        bitmapFonts[key] = bitmap
        return bitmap
    }

    /// The file fontconfig chose, among all pinned files, for a description string such as
    /// "DejaVu Sans 17"; for tests of font isolation.
    func fontFile(forDescription string: String) -> String? {
        fontsWithFallbacks.fontFile(forDescription: string)
    }
}

/// One line as Pango shaped it, kept as Cairo draws it: per run (in visual order) its Cairo
/// scaled font and glyphs at the offsets Pango computes from the run's start. Drawing makes the
/// calls `pango_cairo_glyph_string_path` and `pango_cairo_show_glyph_string` make (the same
/// positions, in the same arithmetic), without Pango: Cairo's scaled fonts are safe to share
/// between threads, so the line can be drawn on any thread. A glyph a font lacks is drawn by
/// Pango as a box with its code point (a run's `pango`, drawable only on the thread that shaped it).
final class ShapedLine: @unchecked Sendable {
    struct Run {
        /// `cairo_scaled_font_t *`, referenced by the line (nil when Pango has none for the run:
        /// then `pango` draws it).
        let font: OpaquePointer?
        /// x from the run's start and y from the baseline, in points.
        let glyphs: [cairo_glyph_t]
        /// The run's advance, in points.
        let width: Double
        /// Color bitmap glyphs (emoji): shown, not filled as outlines.
        let bitmap: Bool
        /// Pango's font and glyphs, kept only when a glyph is missing from the font.
        let pango: (font: UnsafeMutablePointer<PangoFont>, glyphs: UnsafeMutablePointer<PangoGlyphString>)?
    }

    let runs: [Run]
    /// The status of a run's font that Cairo could not make; the line is not drawn then.
    let fontFailure: cairo_status_t?

    /// The first line of `layout`; `isBitmap` tells a color bitmap font.
    init(_ layout: OpaquePointer, isBitmap: (UnsafeMutablePointer<PangoFont>) -> Bool) {
        var runs: [Run] = []
        var failure: cairo_status_t?
        var node = pango_layout_get_line_readonly(layout, 0)?.pointee.runs
        while let current = node {
            node = current.pointee.next
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                  let glyphs = run.pointee.glyphs, let item = run.pointee.item,
                  let font = item.pointee.analysis.font else { continue }
            let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font))
            if let scaled, case let status = cairo_scaled_font_status(scaled), status != CAIRO_STATUS_SUCCESS {
                failure = failure ?? status
                continue
            }
            var placed: [cairo_glyph_t] = []
            var missing = false
            var position = 0
            for i in 0..<Int(glyphs.pointee.num_glyphs) {
                let glyph = glyphs.pointee.glyphs[i]
                if glyph.glyph != PANGO_GLYPH_EMPTY {
                    if glyph.glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 { missing = true }
                    let x = Double(position + Int(glyph.geometry.x_offset)) / Double(PANGO_SCALE)
                    let y = glyph.geometry.y_offset == 0 ? 0 : Double(glyph.geometry.y_offset) / Double(PANGO_SCALE)
                    placed.append(cairo_glyph_t(index: UInt(glyph.glyph), x: x, y: y))
                }
                position += Int(glyph.geometry.width)
            }
            var pango: (font: UnsafeMutablePointer<PangoFont>, glyphs: UnsafeMutablePointer<PangoGlyphString>)?
            if missing || scaled == nil, let copy = pango_glyph_string_copy(glyphs) {
                g_object_ref(font)
                pango = (font, copy)
            }
            if let scaled { cairo_scaled_font_reference(scaled) }
            runs.append(Run(font: scaled, glyphs: placed, width: Double(pango_glyph_string_get_width(glyphs)) / Double(PANGO_SCALE),
                            bitmap: isBitmap(font), pango: pango))
        }
        self.runs = runs
        fontFailure = failure
    }

    deinit {
        for run in runs {
            if let font = run.font { cairo_scaled_font_destroy(font) }
            if let pango = run.pango {
                pango_glyph_string_free(pango.glyphs)
                g_object_unref(pango.font)
            }
        }
    }

    /// The box of the glyphs' ink, x from the line's start and y from the baseline, in points
    /// (y down), from Cairo's glyph metrics of the runs' fonts; empty for a line without ink,
    /// nil for a run Cairo has no font for or a line of fonts Cairo could not make.
    /// Set by `PangoEngine.prepare` on the thread that owns the engine.
    private(set) lazy var inkBox: Rect? = {
        guard fontFailure == nil else { return nil }
        var box: Rect?
        var runX = 0.0
        for run in runs {
            defer { runX += run.width }
            guard !run.glyphs.isEmpty else { continue }
            guard let font = run.font else { return nil }
            var extents = cairo_text_extents_t()
            run.glyphs.withUnsafeBufferPointer { cairo_scaled_font_glyph_extents(font, $0.baseAddress, Int32($0.count), &extents) }
            let ink = Rect(x: runX + extents.x_bearing, y: extents.y_bearing, width: extents.width, height: extents.height)
            guard cairo_scaled_font_status(font) == CAIRO_STATUS_SUCCESS, [ink.x, ink.y, ink.width, ink.height].allSatisfy(\.isFinite) else { return nil }
            guard ink.width > 0 || ink.height > 0 else { continue }
            box = box.map { $0.union(ink) } ?? ink
        }
        return box ?? .zero
    }()

    /// Draws the line with its baseline's left end at (x, baseline) in the user space of `cr`;
    /// throws when a run's font could not be made (which would otherwise only show as missing
    /// glyphs, or as an error state of the surface). The glyphs sit where the measuring context
    /// (identity matrix, no hinting) shaped them, so positions match the measured widths at any
    /// scale. Outline glyphs are filled as paths: Cairo 1.16's image surfaces would otherwise
    /// snap each glyph to a whole device pixel while SVG keeps exact positions, and PNG and SVG
    /// must agree. Bitmap (color emoji) glyphs have no outline and are shown as glyphs.
    func draw(font: ResolvedFont, in cr: OpaquePointer, x: Double, baseline: Double) throws(TextDrawingError) {
        var unitX = 1.0, unitY = 0.0
        cairo_user_to_device_distance(cr, &unitX, &unitY)
        let deviceSize = font.drawableSize * (unitX * unitX + unitY * unitY).squareRoot()
        if let status = fontFailure {
            throw TextDrawingError(message: "font size \(font.sizeText) pt cannot be drawn: cairo: \(String(cString: cairo_status_to_string(status)))")
        }
        guard deviceSize > PangoEngine.maxDeviceFontSize else {
            var runX = x
            for run in runs {
                if run.bitmap {
                    show(run, at: runX, baseline, in: cr)
                } else {
                    path(run, at: runX, baseline, in: cr)
                    cairo_fill(cr)
                }
                runX += run.width
            }
            return
        }
        // FreeType takes sizes below 65,536 device pixels and Cairo's glyph images stop at 32,767
        // (10,000 points at scale 8 failed). The outlines are made where the context is scaled
        // down to a size that fits and filled where it is not: there the same coordinates mean
        // the full size. Color bitmaps that large are not drawn.
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, x, baseline)
        var fullSize = cairo_matrix_t()
        cairo_get_matrix(cr, &fullSize)
        let factor = deviceSize / PangoEngine.maxDeviceFontSize
        cairo_scale(cr, 1 / factor, 1 / factor)
        cairo_new_path(cr)
        var runX = 0.0
        for run in runs {
            if !run.bitmap { path(run, at: runX, 0, in: cr) }
            runX += run.width
        }
        let outlines = cairo_copy_path(cr)
        cairo_set_matrix(cr, &fullSize)
        cairo_new_path(cr)
        if let outlines {
            if outlines.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cr, outlines) }
            cairo_path_destroy(outlines)
        }
        cairo_fill(cr)
    }

    /// Appends `run`'s outlines to the path of `cr`, the run starting at (x, baseline).
    func path(_ run: Run, at x: Double, _ baseline: Double, in cr: OpaquePointer) {
        cairo_move_to(cr, x, baseline)
        if let pango = run.pango { return pango_cairo_glyph_string_path(cr, pango.font, pango.glyphs) }
        withGlyphs(run, in: cr) { cairo_glyph_path(cr, $0, $1) }
    }

    /// Paints `run`'s glyphs with the source of `cr`, the run starting at (x, baseline).
    func show(_ run: Run, at x: Double, _ baseline: Double, in cr: OpaquePointer) {
        cairo_move_to(cr, x, baseline)
        if let pango = run.pango { return pango_cairo_show_glyph_string(cr, pango.font, pango.glyphs) }
        withGlyphs(run, in: cr) { cairo_show_glyphs(cr, $0, $1) }
    }

    /// Calls `body` with the run's glyphs placed from the current point and its font set, as
    /// Pango's renderer does: from the current point as Cairo keeps it (in fixed point, 1/256
    /// of a device pixel), inside a save and restore, the current point put back after.
    private func withGlyphs(_ run: Run, in cr: OpaquePointer, _ body: (UnsafePointer<cairo_glyph_t>, Int32) -> Void) {
        var originX = 0.0, originY = 0.0
        cairo_get_current_point(cr, &originX, &originY)
        var placed = run.glyphs
        for i in placed.indices {
            placed[i].x = originX + placed[i].x
            placed[i].y = originY + placed[i].y
        }
        cairo_save(cr)
        cairo_set_scaled_font(cr, run.font)
        placed.withUnsafeBufferPointer { if let base = $0.baseAddress { body(base, Int32($0.count)) } }
        cairo_restore(cr)
        cairo_move_to(cr, originX, originY)
    }
}

/// One Pango font map over one pinned configuration, with its context, scratch layouts and
/// the setup of every font used so far.
final class PangoFonts {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    /// Scratch layouts, the one used last first: each keeps the text it was given shaped, so
    /// a text asked for again soon after (a title's width, then its neighbour's, then the
    /// title's breaks to wrap it) is not shaped again.
    private var scratch: [ScratchLayout]
    private var setups: [ResolvedFont: FontSetup] = [:]
    /// UTF-8 bytes handed to Pango to shape.
    private(set) var shapedBytes = 0

    /// Everything Pango needs for one font, made once.
    final class FontSetup {
        let description: OpaquePointer
        /// Letter spacing for the font's size (`ResolvedFont.trackingEm`), or nil.
        let attributes: OpaquePointer?
        /// The primary font's ascent and descent, in points.
        let ascent: Double
        let descent: Double
        let file: String?

        init(font: ResolvedFont, withFallbacks: Bool, fontMap: UnsafeMutablePointer<PangoFontMap>, context: OpaquePointer) {
            let file = FontFiles.file(for: font)
            description = pango_font_description_new()
            pango_font_description_set_family(description, FontFiles.familyList(for: font, withFallbacks: withFallbacks))
            pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(file.weight)))
            pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
            // Sizes are points; at resolution 72 a point is a pixel, so the same number as CSS px.
            pango_font_description_set_absolute_size(description, font.drawableSize * Double(PANGO_SCALE))

            let tracking = font.trackingEm * font.drawableSize
            if tracking != 0, let list = pango_attr_list_new() {
                pango_attr_list_insert(list, pango_attr_letter_spacing_new(Int32((tracking * Double(PANGO_SCALE)).rounded())))
                attributes = list
            } else {
                attributes = nil
            }

            var ascent = 0.0, descent = 0.0, path: String?
            if let loaded = pango_font_map_load_font(fontMap, context, description) {
                if let metrics = pango_font_get_metrics(loaded, nil) {
                    ascent = Double(pango_font_metrics_get_ascent(metrics)) / Double(PANGO_SCALE)
                    descent = Double(pango_font_metrics_get_descent(metrics)) / Double(PANGO_SCALE)
                    pango_font_metrics_unref(metrics)
                }
                path = PangoFonts.file(of: loaded)
                g_object_unref(loaded)
            }
            self.ascent = ascent
            self.descent = descent
            self.file = path
        }

        deinit {
            pango_font_description_free(description)
            if let attributes { pango_attr_list_unref(attributes) }
        }
    }

    /// Whether the configuration holds the fallbacks (`FontFiles.familyList`).
    private let withFallbacks: Bool

    init(config: PinnedFontConfig, withFallbacks: Bool) {
        self.withFallbacks = withFallbacks
        fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)
        // The font map takes its own reference to the config.
        pango_fc_font_map_set_config(OpaquePointer(fontMap), config.config)
        pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
        let context = pango_font_map_create_context(fontMap)!
        self.context = context
        pango_cairo_context_set_resolution(context, 72)
        // Unhinted metrics and unrounded glyph positions: Pango's defaults round every advance
        // to a whole pixel, which drifts about 1 % from browsers (shared/design/fonts.md).
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        scratch = (0..<PangoFonts.scratchLayouts).map { _ in
            let layout = pango_layout_new(context)!
            pango_layout_set_single_paragraph_mode(layout, 1)
            return ScratchLayout(layout: layout)
        }
    }

    /// How many scratch layouts a font map keeps: enough for a stack's few texts measured in
    /// turn (the 1,400-element screen shapes 497 texts with one, 440 with two to eight).
    static let scratchLayouts = 4

    /// A Pango layout and what it was last given.
    private struct ScratchLayout {
        let layout: OpaquePointer
        var font: ResolvedFont?
        var text: String?
    }

    deinit {
        setups.removeAll()
        for slot in scratch { g_object_unref(UnsafeMutableRawPointer(slot.layout)) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    func isSetUp(_ font: ResolvedFont) -> Bool { setups[font] != nil }

    func setup(_ font: ResolvedFont) -> FontSetup {
        if let setup = setups[font] { return setup }
        let setup = FontSetup(font: font, withFallbacks: withFallbacks, fontMap: fontMap, context: context)
        setups[font] = setup
        return setup
    }

    /// A scratch layout holding `text` in `font`: one that already does, or the one used
    /// longest ago, given them. Valid until `scratchLayouts` more calls.
    func setText(_ text: String, font: ResolvedFont) -> OpaquePointer {
        var slot = scratch.remove(at: scratch.firstIndex { $0.font == font && $0.text == text } ?? scratch.count - 1)
        if slot.text != text || slot.font != font {
            if slot.font != font {
                let setup = setup(font)
                pango_layout_set_font_description(slot.layout, setup.description)
                pango_layout_set_attributes(slot.layout, setup.attributes)
                slot.font = font
            }
            slot.text = text
            shapedBytes += text.utf8.count
            pango_layout_set_text(slot.layout, text, Int32(text.utf8.count))
        }
        scratch.insert(slot, at: 0)
        return slot.layout
    }

    func fontFile(forDescription string: String) -> String? {
        guard let description = pango_font_description_from_string(string) else { return nil }
        defer { pango_font_description_free(description) }
        guard let font = pango_font_map_load_font(fontMap, context, description) else { return nil }
        defer { g_object_unref(font) }
        return Self.file(of: font)
    }

    static func file(of font: UnsafeMutablePointer<PangoFont>) -> String? {
        pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self))
            .flatMap(PinnedFontConfig.file(of:))
    }
}

extension ResolvedFont {
    /// The size as error messages show it: `17`, `100000`, `12.5`.
    var sizeText: String {
        size == size.rounded() && abs(size) < 1e15 ? String(Int(size)) : String(size)
    }
}
