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
    /// times `scale`, in the image's own pixels): pixel (0, 0) is device point
    /// (box.x, box.y) / scale.
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
            guard let blurred = blurred(image, sigma: sigma * deviceScale(cr) * image.scale, tint: nil)?.image else { return after }
            defer { cairo_surface_destroy(blurred.surface) }
            paint(blurred, on: cr)
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
        guard let blurred = blurred(image, sigma: sigma * deviceScale(cr) * image.scale, tint: nil)?.image else { return }
        defer { cairo_surface_destroy(blurred.surface) }
        cairo_save(cr)
        appendPath(shape, in: rect, to: cr)
        cairo_clip(cr)
        paint(blurred, on: cr)
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

    /// Paints an offscreen image back at its place, moved by `shift` device units, through the
    /// current clip (a reduced image is stretched back with Cairo's bilinear filter).
    func paint(_ image: Offscreen, on cr: OpaquePointer, shiftedBy shift: Point = .zero) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let pattern = cairo_pattern_create_for_surface(image.surface)
        // Pattern space = (device − shift) × scale − box origin.
        var pm = cairo_matrix_t(xx: image.scale, yx: 0, xy: 0, yy: image.scale,
                                x0: -image.box.x - shift.x * image.scale, y0: -image.box.y - shift.y * image.scale)
        cairo_pattern_set_matrix(pattern, &pm)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_pattern_destroy(pattern)
        cairo_restore(cr)
    }

    /// The image's alpha blurred and tinted with `color`, painted moved by `offset` (user space).
    /// On an image target the stretched paint (the costly part) is kept to pixels it changes:
    /// not where the shadow is transparent, nor where the content (painted next from the same
    /// pixels) is opaque and the clip lets whole pixels through, as the content covers the
    /// shadow exactly there. The pixels are the same as painting it all.
    private func paintShadow(of image: Offscreen, _ color: RGBA, sigma: Double, offset: Point, on cr: OpaquePointer) throws {
        guard let shadow = blurred(image, sigma: sigma, tint: color) else { return }
        defer { cairo_surface_destroy(shadow.image.surface) }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        // The offset is a user-space vector: its device length follows the matrix.
        let shift = Point(x: m.xx * offset.x + m.xy * offset.y, y: m.yx * offset.x + m.yy * offset.y)
        guard image.scale == 1 else {
            paint(shadow.image, on: cr, shiftedBy: shift)
            return
        }
        guard let visible = shadow.visible else { return } // too faint to change a pixel
        cairo_save(cr)
        cairo_identity_matrix(cr)
        // Where the shadow is not transparent, in whole pixels, with the opaque bands cut out
        // (even-odd) when no pixel is partly clipped.
        let moved = visible.offsetBy(dx: shift.x, dy: shift.y)
        let x0 = moved.minX.rounded(.down), y0 = moved.minY.rounded(.down)
        let x1 = moved.maxX.rounded(.up), y1 = moved.maxY.rounded(.up)
        cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
        if Self.clipIsWholePixels(cr) {
            for band in shadow.opaqueBands {
                let bx0 = max(band.minX, x0), by0 = max(band.minY, y0), bx1 = min(band.maxX, x1), by1 = min(band.maxY, y1)
                if bx1 > bx0, by1 > by0 { cairo_rectangle(cr, bx0, by0, bx1 - bx0, by1 - by0) }
            }
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cr)
        paint(shadow.image, on: cr, shiftedBy: shift)
        cairo_restore(cr)
    }

    /// Whether the current clip is whole device pixels (none, or pixel-aligned rectangles):
    /// then a pixel is either painted in full or left alone.
    private static func clipIsWholePixels(_ cr: OpaquePointer) -> Bool {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        defer { cairo_restore(cr) }
        guard let list = cairo_copy_clip_rectangle_list(cr) else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return false }
        let rects = UnsafeBufferPointer(start: list.pointee.rectangles, count: Int(list.pointee.num_rectangles))
        return rects.allSatisfy { r in
            [r.x, r.y, r.width, r.height].allSatisfy { $0 == $0.rounded() }
        }
    }

    /// A blurred image and, for a shadow, where its source is opaque.
    struct Blurred {
        var image: Offscreen
        /// Bands of the source image (device pixels, on its grid) in which every pixel is
        /// opaque, found for a tinted blur (from the alpha plane) and empty otherwise: content
        /// painted there covers its shadow whatever the shadow is.
        var opaqueBands: [Rect]
        /// For a tinted blur, the source image's pixels (device pixels, on its grid) outside
        /// which the stretched image paints nothing (its non-transparent pixels and a pixel of
        /// bilinear reach around them); nil when it is transparent throughout.
        var visible: Rect?
    }

    /// A blurred copy of a premultiplied image (so edges fade to clear, not to black); with a
    /// `tint`, of its alpha only, in that color (a shadow). A wide blur is computed on the
    /// image reduced by averaging blocks of pixels, keeping at least 3 pixels of deviation,
    /// and painted stretched back: the result is as smooth, in a fraction of the time (and,
    /// in an SVG, of the embedded image's size).
    func blurred(_ image: Offscreen, sigma: Double, tint: RGBA?) -> Blurred? {
        let (width, height) = (Int(image.box.width), Int(image.box.height))
        let stride = Int(cairo_image_surface_get_stride(image.surface))
        guard let data = cairo_image_surface_get_data(image.surface) else { return nil }
        let factor = max(1, Int(min((sigma / 3).rounded(.down), 16)))
        let (w, h) = ((width + factor - 1) / factor, (height + factor - 1) / factor)
        guard let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)) else { return nil }
        cairo_surface_flush(out)
        guard let outData = cairo_image_surface_get_data(out) else {
            cairo_surface_destroy(out)
            return nil
        }
        let outStride = Int(cairo_image_surface_get_stride(out))
        let shifts: [UInt32] = tint == nil ? [0, 8, 16, 24] : [24]
        var planes: [[UInt8]] = []
        var opaqueBands: [Rect] = []
        for shift in shifts {
            let reduction = Self.reduced(data, stride: stride, width: width, height: height, shift: shift, factor: factor)
            var plane = reduction.plane
            GaussianBlur.blur(&plane, width: w, height: h, sigma: sigma / Double(factor))
            planes.append(plane)
            if tint != nil { opaqueBands = Self.bands(reduction.fullRuns, factor: factor, origin: image.box) }
        }
        var visible: Rect?
        if let tint {
            // The tinted pixel for each of the 256 coverages.
            let c = tint.clamped
            let shades = (0..<256).map { Self.premultiplied(c, coverage: UInt8($0)) }
            var (minX, minY, maxX, maxY) = (w, h, -1, -1)
            shades.withUnsafeBufferPointer { shades in
                planes[0].withUnsafeBufferPointer { alpha in
                    for y in 0..<h {
                        let row = UnsafeMutableRawPointer(outData + y &* outStride).assumingMemoryBound(to: UInt32.self)
                        let source = alpha.baseAddress! + y &* w
                        var (first, last) = (w, -1)
                        for x in 0..<w {
                            let shade = shades[Int(source[x])]
                            row[x] = shade
                            if shade != 0 {
                                first = min(first, x)
                                last = x
                            }
                        }
                        if last >= 0 {
                            (minX, maxX) = (min(minX, first), max(maxX, last))
                            (minY, maxY) = (min(minY, y), y)
                        }
                    }
                }
            }
            if maxX >= 0 {
                // A stretched pixel blends the two nearest reduced pixels on each axis: one
                // reduced pixel around the non-transparent ones reaches every pixel painted.
                visible = Rect(x: image.box.x + Double((minX - 1) * factor), y: image.box.y + Double((minY - 1) * factor),
                               width: Double((maxX - minX + 3) * factor), height: Double((maxY - minY + 3) * factor))
            }
        } else {
            for y in 0..<h {
                let row = UnsafeMutableRawPointer(outData + y * outStride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    let i = y * w + x
                    // Rounding per channel may leave a color a unit above its alpha: clamp to stay premultiplied.
                    let a = UInt32(planes[3][i])
                    row[x] = a << 24 | min(UInt32(planes[2][i]), a) << 16 | min(UInt32(planes[1][i]), a) << 8 | min(UInt32(planes[0][i]), a)
                }
            }
        }
        cairo_surface_mark_dirty(out)
        let f = Double(factor)
        let reducedImage = Offscreen(surface: out, box: Rect(x: image.box.x / f, y: image.box.y / f, width: Double(w), height: Double(h)),
                                     scale: image.scale / f)
        return Blurred(image: reducedImage, opaqueBands: opaqueBands, visible: visible)
    }

    /// One channel reduced to blocks (`plane`, `width` x `height` blocks, rows packed) and, for
    /// each row of blocks, the longest run of blocks whose every pixel has the channel at 255.
    struct Reduction {
        var plane: [UInt8]
        var fullRuns: [Range<Int>]
    }

    /// One 8-bit channel (at bit `shift` of each ARGB32 word), averaged over blocks of
    /// `factor` x `factor` pixels (blocks at the edges count the missing pixels as 0).
    private static func reduced(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width: Int, height: Int,
                                shift: UInt32, factor: Int) -> Reduction {
        let (w, h) = ((width + factor - 1) / factor, (height + factor - 1) / factor)
        var sums = [UInt32](repeating: 0, count: w * h)
        // Each row of blocks: its rows added up per column (a loop the compiler vectorizes),
        // then the columns added up per block.
        var columns = [UInt32](repeating: 0, count: width)
        sums.withUnsafeMutableBufferPointer { sums in
            columns.withUnsafeMutableBufferPointer { columns in
                guard let sums = sums.baseAddress, let columns = columns.baseAddress else { return }
                for blockRow in 0..<h {
                    let first = blockRow &* factor
                    let top = UnsafeRawPointer(data + first &* stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width { columns[x] = (top[x] &>> shift) & 0xFF }
                    for y in (first &+ 1)..<min(first &+ factor, height) {
                        let row = UnsafeRawPointer(data + y &* stride).assumingMemoryBound(to: UInt32.self)
                        for x in 0..<width { columns[x] &+= (row[x] &>> shift) & 0xFF }
                    }
                    let blocks = sums + blockRow &* w
                    var x = 0
                    for block in 0..<w {
                        let end = min(x &+ factor, width)
                        var sum: UInt32 = 0
                        while x < end {
                            sum &+= columns[x]
                            x &+= 1
                        }
                        blocks[block] = sum
                    }
                }
            }
        }
        let area = UInt32(factor * factor)
        let full = 255 * area
        var fullRuns: [Range<Int>] = []
        fullRuns.reserveCapacity(h)
        let plane = sums.withUnsafeBufferPointer { sums in
            for y in 0..<h {
                var longest = 0..<0
                var start = -1
                for x in 0...w {
                    if x < w, sums[y &* w &+ x] == full {
                        if start < 0 { start = x }
                    } else if start >= 0 {
                        if x - start > longest.count { longest = start..<x }
                        start = -1
                    }
                }
                fullRuns.append(longest)
            }
            return [UInt8](unsafeUninitializedCapacity: sums.count) { plane, count in
                for i in 0..<sums.count { plane[i] = UInt8(truncatingIfNeeded: (sums[i] &+ area / 2) / area) }
                count = sums.count
            }
        }
        return Reduction(plane: plane, fullRuns: fullRuns)
    }

    /// Runs of blocks as device-pixel bands of the image at `origin`, rows of blocks with the
    /// same run merged into one band.
    private static func bands(_ runs: [Range<Int>], factor: Int, origin: Rect) -> [Rect] {
        var bands: [Rect] = []
        var y = 0
        while y < runs.count {
            let run = runs[y]
            var end = y + 1
            while end < runs.count, runs[end] == run { end += 1 }
            if !run.isEmpty {
                bands.append(Rect(x: origin.x + Double(run.lowerBound * factor), y: origin.y + Double(y * factor),
                                  width: Double(run.count * factor), height: Double((end - y) * factor)))
            }
            y = end
        }
        return bands
    }

    /// `color` at `coverage` / 255 of its alpha, as a premultiplied ARGB32 word.
    private static func premultiplied(_ color: RGBA, coverage: UInt8) -> UInt32 {
        let a = Double(coverage) / 255 * color.a
        func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
        return byte(a) << 24 | byte(color.r * a) << 16 | byte(color.g * a) << 8 | byte(color.b * a)
    }
}
