internal import CCairo
import Drawing
import Foundation
import LayoutModel

/// Draws `ImageItem`s: raster files and bitmap sources decoded by gdk-pixbuf (PNG, JPEG, GIF
/// and whatever loaders are installed; EXIF orientation applied), SVG files by librsvg and PDF
/// files by poppler as vectors, Core Image steps run on the decoded raster (`Raster`). Decoded rasters are cached
/// for the process, keyed by what they were made from, up to `maxCachedBytes` (then the cache
/// starts over); every draw copies one into a surface Cairo owns, so no surface is shared
/// between threads.
final class ImageCache: @unchecked Sendable {
    static let shared = ImageCache()

    /// The most pixels one decoded image may have (the page's cap).
    static let maxPixels = 16_777_216

    /// A long `shotter test` run meets many recipes (every slider position is one).
    static let maxCachedBytes = 512 << 20

    private let lock = NSLock()
    /// nil records content that could not be decoded.
    private var rasters: [ImageContent: Raster?] = [:]
    private var cachedBytes = 0

    /// The decoded (and filtered) raster of a raster file or bitmap; nil when it cannot be decoded.
    func raster(_ content: ImageContent) -> Raster? {
        lock.lock()
        if let cached = rasters[content] { lock.unlock(); return cached }
        lock.unlock()
        let made = decode(content)
        let bytes = made.map { $0.pixels.count * MemoryLayout<SIMD4<Float>>.stride } ?? 0
        lock.lock()
        if cachedBytes + bytes > Self.maxCachedBytes {
            rasters.removeAll()
            cachedBytes = 0
        }
        rasters[content] = made
        cachedBytes += bytes
        lock.unlock()
        return made
    }

    private func decode(_ content: ImageContent) -> Raster? {
        switch content {
        case .file(let path):
            guard let pixbufs = PictureLibraries.available else { return nil }
            var width: Int32 = 0, height: Int32 = 0
            guard pixbufs.fileInfo(path, &width, &height) != nil,
                  Int(width) * Int(height) <= Self.maxPixels else { return nil }
            var error: UnsafeMutablePointer<GError>?
            let pixbuf = pixbufs.pixbufNewFromFile(path, &error)
            if let error { g_error_free(error) }
            return pixbuf.flatMap { Self.raster(of: $0, pixbufs) }
        case .bitmap(let source, let steps, let width, let height):
            // The source is decoded once for all the recipes that use it.
            guard steps.isEmpty else { return raster(.bitmap(source, steps: [], width: width, height: height))?.applying(steps) }
            return Self.sourceRaster(source)
        }
    }

    private static func sourceRaster(_ source: BitmapSource) -> Raster? {
        switch source.format {
        case .file:
            guard let pixbufs = PictureLibraries.available, let loader = pixbufs.loaderNew() else { return nil }
            defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
            var error: UnsafeMutablePointer<GError>?
            let written = source.bytes.withUnsafeBufferPointer { pixbufs.loaderWrite(loader, $0.baseAddress, gsize($0.count), &error) }
            if let e = error { g_error_free(e); error = nil }
            let closed = pixbufs.loaderClose(loader, &error)
            if let e = error { g_error_free(e) }
            guard written != 0, closed != 0, let pixbuf = pixbufs.loaderPixbuf(loader) else { return nil }
            g_object_ref(UnsafeMutableRawPointer(pixbuf))
            return raster(of: pixbuf, pixbufs)
        case .gray:
            return Raster(width: source.width, height: source.height, pixels: source.bytes.map {
                let v = Float($0) / 255
                return SIMD4(v, v, v, 1)
            })
        case .rgba:
            var pixels: [SIMD4<Float>] = []
            pixels.reserveCapacity(source.width * source.height)
            for i in stride(from: 0, to: source.bytes.count, by: 4) {
                let a = Float(source.bytes[i + 3]) / 255
                pixels.append(SIMD4(Float(source.bytes[i]) / 255 * a, Float(source.bytes[i + 1]) / 255 * a,
                                    Float(source.bytes[i + 2]) / 255 * a, a))
            }
            return Raster(width: source.width, height: source.height, pixels: pixels)
        }
    }

    /// The pixbuf's pixels upright (EXIF orientation applied), premultiplied; releases `pixbuf`.
    private static func raster(of pixbuf: OpaquePointer, _ pixbufs: PictureLibraries) -> Raster? {
        let upright = pixbufs.applyEmbeddedOrientation(pixbuf)
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
        guard let upright else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        let width = Int(pixbufs.width(upright)), height = Int(pixbufs.height(upright))
        let stride = Int(pixbufs.rowstride(upright)), channels = Int(pixbufs.channels(upright))
        guard width > 0, height > 0, width * height <= maxPixels, channels >= 3,
              pixbufs.bitsPerSample(upright) == 8, let base = pixbufs.readPixels(upright) else { return nil }
        var pixels: [SIMD4<Float>] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = base + y * stride
            for x in 0..<width {
                let p = row + x * channels
                let a: Float = channels == 4 ? Float(p[3]) / 255 : 1
                pixels.append(SIMD4(Float(p[0]) / 255 * a, Float(p[1]) / 255 * a, Float(p[2]) / 255 * a, a))
            }
        }
        return Raster(width: width, height: height, pixels: pixels)
    }
}

/// The picture files drawn as vectors (librsvg, poppler) rather than decoded to pixels.
enum VectorFormat { case svg, pdf }

extension ImageItem {
    /// The SVG or PDF file the picture is drawn from, by its name's extension; nil for a
    /// bitmap. A vector picture is not clipped to its frame.
    var vectorFile: (path: String, format: VectorFormat)? {
        guard case .file(let path) = content else { return nil }
        let name = path.lowercased()
        return name.hasSuffix(".svg") ? (path, .svg) : name.hasSuffix(".pdf") ? (path, .pdf) : nil
    }
}

extension CairoPainter {
    /// Draws the image filling `item.rect`; content that cannot be decoded draws the dashed
    /// placeholder icons get.
    func drawImage(_ item: ImageItem, on cr: OpaquePointer) {
        let rect = item.rect
        guard rect.width > 0, rect.height > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if item.template != nil { cairo_push_group(cr) }
        switch item.vectorFile {
        case let (path, .svg)?:
            guard drawSVG(path, in: rect, on: cr) else { return drawUndecodable(item, on: cr) }
        case let (path, .pdf)?:
            guard drawPDF(path, in: rect, on: cr) else { return drawUndecodable(item, on: cr) }
        case nil:
            guard let raster = ImageCache.shared.raster(item.content) else { return drawUndecodable(item, on: cr) }
            // A recipe cropped to nothing draws nothing.
            if raster.width > 0, raster.height > 0 { drawRaster(raster, in: rect, smooth: item.smooth, on: cr) }
        }
        if let template = item.template {
            // The picture's alpha, filled with the template color (a symbol tinted like text).
            let mask = cairo_pop_group(cr)
            defer { cairo_pattern_destroy(mask) }
            let c = template.clamped
            cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
            cairo_mask(cr, mask)
        }
    }

    private func drawUndecodable(_ item: ImageItem, on cr: OpaquePointer) {
        if item.template != nil { cairo_pattern_destroy(cairo_pop_group(cr)) }
        let side = min(item.rect.width, item.rect.height)
        let box = Rect(x: item.rect.midX - side / 2, y: item.rect.midY - side / 2, width: side, height: side)
        IconLibrary.drawPlaceholder(in: box, color: RGBA(rgb255: 142, 142, 147), strokeWidth: 2, on: cr)
    }

    static let templateGlyph = "#Regular-M"

    private func drawSVG(_ path: String, in rect: Rect, on cr: OpaquePointer) -> Bool {
        guard let rsvg = PictureLibraries.available else { return false }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg.handleNewFromFile(path, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        // The picture fills the frame (fitting is aspectRatio's job), as an <img> does.
        var width = 0.0, height = 0.0
        if rsvg.intrinsicSizeInPixels(handle, &width, &height) == 0 || width <= 0 || height <= 0 {
            var viewBox = RsvgRectangle(), hasViewBox: gboolean = 0
            rsvg.intrinsicDimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            (width, height) = hasViewBox != 0 ? (viewBox.width, viewBox.height) : (rect.width, rect.height)
        }
        guard width > 0, height > 0 else { return false }
        var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
        // An SF Symbols template (Xcode's export: one glyph per weight and scale, with guides)
        // draws its regular, medium-scale glyph, fitted into the frame.
        if rsvg.handleHasSub(handle, Self.templateGlyph) != 0 {
            var ink = RsvgRectangle(), logical = RsvgRectangle()
            guard rsvg.geometryForLayer(handle, Self.templateGlyph, &viewport, &ink, &logical, &error) != 0,
                  ink.width > 0, ink.height > 0 else {
                if let error { g_error_free(error) }
                return false
            }
            let scale = min(rect.width / ink.width, rect.height / ink.height)
            cairo_translate(cr, rect.midX - (ink.x + ink.width / 2) * scale, rect.midY - (ink.y + ink.height / 2) * scale)
            cairo_scale(cr, scale, scale)
            let drawn = rsvg.renderLayer(handle, cr, Self.templateGlyph, &viewport, &error)
            if let error { g_error_free(error) }
            return drawn != 0
        }
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / width, rect.height / height)
        let drawn = rsvg.renderDocument(handle, cr, &viewport, &error)
        if let error { g_error_free(error) }
        return drawn != 0
    }

    private static let popplerLock = NSLock()

    /// The first page of a PDF file filling `rect` (fitting is aspectRatio's job, as for
    /// SVG), drawn by poppler as vectors: paths stay paths in an SVG output.
    private func drawPDF(_ path: String, in rect: Rect, on cr: OpaquePointer) -> Bool {
        // Poppler keeps process-wide state (its FreeType library and font caches): two renders
        // drawing PDFs at once crashed inside Cairo and FreeType, so one PDF is drawn at a time.
        guard let poppler = Poppler.loaded else { return false }
        Self.popplerLock.lock()
        defer { Self.popplerLock.unlock() }
        var error: UnsafeMutablePointer<GError>?
        let uri = g_filename_to_uri(URL(fileURLWithPath: path).path, nil, &error)
        defer { g_free(uri) }
        guard let uri, let document = poppler.documentNewFromFile(uri, nil, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(document)) }
        guard poppler.documentPageCount(document) > 0, let page = poppler.documentPage(document, 0) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        var width = 0.0, height = 0.0
        poppler.pageSize(page, &width, &height)
        guard width > 0, height > 0 else { return false }
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / width, rect.height / height)
        poppler.pageRender(page, cr)
        return cairo_status(cr) == CAIRO_STATUS_SUCCESS
    }

    /// The raster scaled to fill `rect`. Without smoothing every source pixel is a sharp
    /// square: Cairo's nearest filter in a PNG; in an SVG (where Cairo 1.16 cannot ask the
    /// viewer for it) the pixels are first repeated so the viewer's smoothing cannot blur them.
    private func drawRaster(_ raster: Raster, in rect: Rect, smooth: Bool, on cr: OpaquePointer) {
        let isSVG = cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_SVG
        var raster = raster
        if !smooth && isSVG {
            let factor = max(1, Int((3 * max(rect.width / Double(raster.width), rect.height / Double(raster.height))).rounded(.up)))
            let limited = min(factor, max(1, Int((4_000_000 / Double(raster.width * raster.height)).squareRoot())))
            raster = raster.repeatingPixels(limited)
        }
        guard let surface = Self.surface(raster) else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / Double(raster.width), rect.height / Double(raster.height))
        cairo_set_source_surface(cr, surface, 0, 0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
        // Edge pixels extend outward, so a scaled picture has no faded border (PNG only: the
        // SVG surface would rasterize a padded pattern).
        if !isSVG { cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD) }
        cairo_paint(cr)
    }

    /// An ARGB32 surface Cairo owns, holding the raster.
    private static func surface(_ raster: Raster) -> OpaquePointer? {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(raster.width), Int32(raster.height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<raster.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<raster.width {
                let p = raster[x, y] * 255
                func byte(_ v: Float) -> UInt32 { v.isNaN ? 0 : UInt32(min(max(v.rounded(), 0), 255)) }
                row[x] = byte(p.w) << 24 | byte(p.x) << 16 | byte(p.y) << 8 | byte(p.z)
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

extension Raster {
    /// Every pixel repeated `factor` times across and down.
    func repeatingPixels(_ factor: Int) -> Raster {
        guard factor > 1 else { return self }
        var out = Raster(width: width * factor, height: height * factor)
        for y in 0..<out.height { for x in 0..<out.width { out[x, y] = self[x / factor, y / factor] } }
        return out
    }
}
