internal import CCairo
import Drawing
import LayoutModel

/// The effects Cairo has no operator for (shadows, blurs, material backdrops) are drawn from
/// pixels: the content is replayed onto an offscreen image covering its region, blurred with
/// `GaussianBlur`, and painted back as an image. On an image surface the offscreen pixels are
/// the target's own grid, so the content is painted from them and never drawn twice; on an SVG
/// surface they are at `vectorRasterScale` pixels per point, Cairo embeds them as PNG images,
/// and the content itself stays vector (docs/decisions.md, "Effects").
extension CairoPainter {
    /// Offscreen pixels per point for effects drawn into a vector (SVG) target.
    static let vectorRasterScale = 2.0

    /// An offscreen ARGB32 image over `box` (device space of the context it was made for,
    /// times `scale`): pixel (0, 0) is device point (box.x, box.y) / scale.
    struct Offscreen {
        var surface: OpaquePointer
        var box: Rect
        var scale: Double
    }

    /// Draws the shadow or blur at `index` with the content up to its pop; returns the index
    /// to play on from (past the pop when the content was painted from pixels).
    func drawEffect(_ list: DisplayList, at index: Int, end: Int, on cr: OpaquePointer) throws -> Int {
        let pop = Self.matchingPop(in: list, from: index, end: end)
        let content = (index + 1)..<pop
        let after = min(pop + 1, end)
        switch list.items[index] {
        case .pushShadow(let shadow, let bounds):
            let sigma = shadow.sigma.isFinite ? max(0, shadow.sigma) : 0
            let offset = shadow.offset.x.isFinite && shadow.offset.y.isFinite ? shadow.offset : .zero
            let region = Rect(x: min(bounds.minX, bounds.minX + offset.x), y: min(bounds.minY, bounds.minY + offset.y),
                              width: bounds.width + abs(offset.x), height: bounds.height + abs(offset.y))
                .insetBy(dx: -3 * sigma, dy: -3 * sigma)
            guard let image = try offscreen(list, content, over: region, on: cr) else { return after }
            defer { cairo_surface_destroy(image.surface) }
            try paintShadow(of: image, shadow.color, sigma: sigma * deviceScale(cr) * image.scale,
                            offset: offset, on: cr)
            guard image.scale == 1 else { return index + 1 } // vector target: play the content as vectors
            paint(image, on: cr)
            return after
        case .pushBlur(let sigma, let bounds):
            let sigma = sigma.isFinite ? max(0, sigma) : 0
            guard let image = try offscreen(list, content, over: bounds.insetBy(dx: -3 * sigma, dy: -3 * sigma), on: cr)
            else { return after }
            defer { cairo_surface_destroy(image.surface) }
            blurAllChannels(image, sigma: sigma * deviceScale(cr) * image.scale)
            paint(image, on: cr)
            return after
        default:
            return index + 1
        }
    }

    /// A material's backdrop: everything before `index` replayed over the outline's region,
    /// blurred, and painted inside the outline.
    func drawBackdrop(_ list: DisplayList, before index: Int, _ shape: ShapeOutline, _ rect: Rect,
                      sigma: Double, on cr: OpaquePointer) throws {
        let sigma = sigma.isFinite ? max(0, sigma) : 0
        guard let image = try offscreen(list, 0..<index, over: rect.insetBy(dx: -3 * sigma, dy: -3 * sigma), on: cr)
        else { return }
        defer { cairo_surface_destroy(image.surface) }
        blurAllChannels(image, sigma: sigma * deviceScale(cr) * image.scale)
        cairo_save(cr)
        appendPath(shape, in: rect, to: cr)
        cairo_clip(cr)
        paint(image, on: cr)
        cairo_restore(cr)
    }

    /// Closes a `pushMask` layer: the content group combined with the paint, inside `bounds`.
    static func closeMask(_ paint: Paint, _ bounds: Rect, _ mode: MaskMode, on cr: OpaquePointer) {
        let content = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(content) }
        guard let painted = pattern(for: paint) else { return }
        defer { cairo_pattern_destroy(painted) }
        cairo_save(cr)
        appendPath(.rect, in: bounds, to: cr)
        cairo_clip(cr)
        switch mode {
        case .alpha:
            cairo_set_source(cr, content)
            cairo_mask(cr, painted)
        case .paintThrough:
            cairo_set_source(cr, painted)
            cairo_mask(cr, content)
        }
        cairo_restore(cr)
    }

    /// The index of the pop closing the push at `index` (counting nested pushes of its kind),
    /// or `end` when the list never closes it.
    static func matchingPop(in list: DisplayList, from index: Int, end: Int) -> Int {
        func kind(_ item: DisplayItem) -> (push: Bool, effect: Int)? {
            switch item {
            case .pushShadow: (true, 0)
            case .popShadow: (false, 0)
            case .pushBlur: (true, 1)
            case .popBlur: (false, 1)
            default: nil
            }
        }
        guard let (_, effect) = kind(list.items[index]) else { return index + 1 }
        var depth = 0
        for i in (index + 1)..<end {
            guard let (push, k) = kind(list.items[i]), k == effect else { continue }
            if push { depth += 1 } else if depth == 0 { return i } else { depth -= 1 }
        }
        return end
    }

    /// How many device units one user unit is (the square root of the matrix's area factor).
    func deviceScale(_ cr: OpaquePointer) -> Double {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let area = abs(m.xx * m.yy - m.xy * m.yx)
        return area.isFinite && area > 0 ? area.squareRoot() : 1
    }

    /// Replays `items` onto a new image covering `region` (user space of `cr`), cut to the
    /// canvas; nil when nothing of it is on the canvas.
    func offscreen(_ list: DisplayList, _ items: Range<Int>, over region: Rect,
                   on cr: OpaquePointer) throws -> Offscreen? {
        guard region.isDrawable else { return nil }
        let target = cairo_get_group_target(cr)
        let scale = cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE ? 1 : Self.vectorRasterScale
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let ctm = AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        let device = ctm.boundingBox(of: region)
        let x0 = (max(device.minX, canvas.minX) * scale).rounded(.down)
        let y0 = (max(device.minY, canvas.minY) * scale).rounded(.down)
        let x1 = (min(device.maxX, canvas.maxX) * scale).rounded(.up)
        let y1 = (min(device.maxY, canvas.maxY) * scale).rounded(.up)
        guard x0.isFinite, y0.isFinite, x1 - x0 >= 1, y1 - y0 >= 1, x1 - x0 <= 32767, y1 - y0 <= 32767 else { return nil }
        let box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(box.width), Int32(box.height)) else {
            return nil
        }
        let image = Offscreen(surface: surface, box: box, scale: scale)
        guard let ocr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        defer { cairo_destroy(ocr) }
        cairo_translate(ocr, -box.x, -box.y)
        cairo_scale(ocr, scale, scale)
        cairo_transform(ocr, &m)
        let inner = CairoPainter(text: text, icons: icons, canvas: Rect(x: 0, y: 0, width: box.width, height: box.height))
        do {
            try inner.play(list, items: items, on: ocr)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        cairo_surface_flush(surface)
        return image
    }

    /// Paints an offscreen image back at its place, through the current clip.
    func paint(_ image: Offscreen, on cr: OpaquePointer, shiftedBy shift: Point = .zero) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let pattern = cairo_pattern_create_for_surface(image.surface)
        // Pattern space = device × scale − box origin − shift (in image pixels).
        var pm = cairo_matrix_t(xx: image.scale, yx: 0, xy: 0, yy: image.scale,
                                x0: -image.box.x - shift.x, y0: -image.box.y - shift.y)
        cairo_pattern_set_matrix(pattern, &pm)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_pattern_destroy(pattern)
        cairo_restore(cr)
    }

    /// The image's alpha blurred and tinted with `color`, painted moved by `offset` (user space).
    private func paintShadow(of image: Offscreen, _ color: RGBA, sigma: Double, offset: Point, on cr: OpaquePointer) throws {
        let (width, height) = (Int(image.box.width), Int(image.box.height))
        let stride = Int(cairo_image_surface_get_stride(image.surface))
        guard let data = cairo_image_surface_get_data(image.surface) else { return }
        var alpha = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { alpha[y * width + x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
        }
        GaussianBlur.blur(&alpha, width: width, height: height, sigma: sigma)
        guard let shadow = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return }
        defer { cairo_surface_destroy(shadow) }
        cairo_surface_flush(shadow)
        guard let out = cairo_image_surface_get_data(shadow) else { return }
        let outStride = Int(cairo_image_surface_get_stride(shadow))
        let c = color.clamped
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(out + y * outStride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let a = Double(alpha[y * width + x]) / 255 * c.a
                func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
                row[x] = byte(a) << 24 | byte(c.r * a) << 16 | byte(c.g * a) << 8 | byte(c.b * a)
            }
        }
        cairo_surface_mark_dirty(shadow)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        // The offset is a user-space vector: its device length follows the matrix.
        let shift = Point(x: (m.xx * offset.x + m.xy * offset.y) * image.scale,
                          y: (m.yx * offset.x + m.yy * offset.y) * image.scale)
        paint(Offscreen(surface: shadow, box: image.box, scale: image.scale), on: cr, shiftedBy: shift)
    }

    /// Blurs every channel of a premultiplied image (so edges fade to clear, not to black).
    private func blurAllChannels(_ image: Offscreen, sigma: Double) {
        let (width, height) = (Int(image.box.width), Int(image.box.height))
        let stride = Int(cairo_image_surface_get_stride(image.surface))
        guard let data = cairo_image_surface_get_data(image.surface), !GaussianBlur.boxWidths(sigma: sigma).isEmpty
        else { return }
        for shift in [0, 8, 16, 24] as [UInt32] {
            var plane = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { plane[y * width + x] = UInt8(truncatingIfNeeded: row[x] >> shift) }
            }
            GaussianBlur.blur(&plane, width: width, height: height, sigma: sigma)
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    row[x] = row[x] & ~(0xFF << shift) | UInt32(plane[y * width + x]) << shift
                }
            }
        }
        // Rounding per channel may leave a color a unit above its alpha: clamp to stay premultiplied.
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let p = row[x], a = p >> 24
                row[x] = a << 24 | min((p >> 16) & 0xFF, a) << 16 | min((p >> 8) & 0xFF, a) << 8 | min(p & 0xFF, a)
            }
        }
        cairo_surface_mark_dirty(image.surface)
    }
}
