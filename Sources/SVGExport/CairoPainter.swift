internal import CCairo
import Drawing
import LayoutModel

/// Plays a `DisplayList` onto a Cairo context whose user space is screen points.
/// Clips and groups nest on a stack. A pop with nothing of its kind open is ignored; a pop whose
/// match is not on top closes what was opened after the match first; whatever is still open at
/// the end is closed. So no list, however unbalanced, leaves Cairo in an error state; should
/// Cairo fail anyway (out of memory, a font it cannot load), the first failing item stops the
/// play with a `DrawingError` naming the stream line of the element that drew it.
struct CairoPainter {
    var text: any TextDrawing
    var icons: IconLibrary
    /// The canvas in the device space of the context played on: effects that need pixels
    /// (shadows, blurs, backdrops) rasterize no more than this.
    var canvas: Rect

    enum Layer { case clip, group(opacity: Double), transform, mask(Paint, Rect, MaskMode) }

    /// The most device pixels one point may span once transformed (a 30x scale effect at 3x is 90).
    static let maxTransformScale = 100.0

    /// Whether `transform`, making the device transform `combined`, is applied: not one that
    /// collapses the content (a 90° turn about a 3-D axis), nor one that would blow it up past
    /// what Cairo draws in reasonable time (DrawingBounds keeps untransformed geometry near the
    /// canvas; docs/limits.md). The content of one that is not draws nothing.
    static func applies(_ transform: AffineTransform, making combined: AffineTransform) -> Bool {
        transform.isDrawable && [combined.a, combined.b, combined.c, combined.d].allSatisfy { abs($0) <= maxTransformScale }
            && abs(combined.tx) <= 1e6 && abs(combined.ty) <= 1e6
    }

    /// `skipping[i]`, when set, is where to go on from instead of drawing item `i` (a band of
    /// rows it draws nothing in: `BandPlan`).
    func play(_ list: DisplayList, skipping: [Int?]? = nil, on cr: OpaquePointer) throws(DrawingError) {
        try play(list, items: list.items.indices, skipping: skipping, on: cr)
    }

    /// Plays `items` of `list`; an effect that draws its content itself (a shadow or a blur)
    /// moves the play past its content.
    func play(_ list: DisplayList, items: Range<Int>, skipping: [Int?]? = nil, on cr: OpaquePointer) throws(DrawingError) {
        var open: [Layer] = []
        var index = items.lowerBound
        while index < items.upperBound {
            if let skipping, let next = skipping[index] {
                index = next
                continue
            }
            let item = list.items[index]
            var next = index + 1
            do {
                switch item {
                case .pushShadow, .pushBlur:
                    next = try drawEffect(list, at: index, end: items.upperBound, on: cr)
                case .backdropBlur(let shape, let rect, let sigma):
                    try drawBackdrop(list, before: index, shape, rect, sigma: sigma, on: cr)
                default:
                    try draw(item, &open, on: cr)
                }
            } catch {
                throw DrawingError(line: list.line(ofItem: index), message: "\(item.kindName): \(error)")
            }
            let status = cairo_status(cr)
            if status != CAIRO_STATUS_SUCCESS {
                throw DrawingError(line: list.line(ofItem: index),
                                   message: "\(item.kindName): cairo: \(String(cString: cairo_status_to_string(status)))")
            }
            index = next
        }
        while let layer = open.popLast() { Self.close(layer, on: cr) }
    }

    private func draw(_ item: DisplayItem, _ open: inout [Layer], on cr: OpaquePointer) throws {
        switch item {
        case .fill(let shape, let rect, let paint):
            appendPath(shape, in: rect, to: cr)
            setSource(paint, on: cr)
            cairo_fill(cr)
        case .stroke(let shape, let rect, let paint, let lineWidth, let dash):
            stroke(shape, rect, paint, lineWidth: lineWidth, dash: dash, on: cr)
        case .text(let run):
            cairo_save(cr)
            defer { cairo_restore(cr) }
            try text.draw(run, in: cr)
        case .symbol(let name, let rect, let color, let strokeWidth, let mirrored):
            guard mirrored else { icons.draw(name, in: rect, color: color, strokeWidth: strokeWidth, on: cr); break }
            // Reflected about the rect's vertical center line.
            cairo_save(cr)
            cairo_translate(cr, 2 * rect.midX, 0)
            cairo_scale(cr, -1, 1)
            icons.draw(name, in: rect, color: color, strokeWidth: strokeWidth, on: cr)
            cairo_restore(cr)
        case .image(let image):
            drawImage(image, on: cr)
        case .pushClip(let shape, let rect):
            cairo_save(cr)
            appendPath(shape, in: rect, to: cr)
            cairo_clip(cr)
            open.append(.clip)
        case .popClip:
            close(upTo: { if case .clip = $0 { true } else { false } }, &open, on: cr)
        case .pushGroup(let opacity):
            cairo_push_group(cr)
            open.append(.group(opacity: opacity))
        case .popGroup:
            close(upTo: { if case .group = $0 { true } else { false } }, &open, on: cr)
        case .pushTransform(let scale, let center):
            cairo_save(cr)
            // A degenerate scale would leave Cairo in an error state: draw unscaled instead.
            if scale.isFinite, scale > 0 {
                cairo_translate(cr, center.x, center.y)
                cairo_scale(cr, scale, scale)
                cairo_translate(cr, -center.x, -center.y)
            }
            open.append(.transform)
        case .popTransform:
            close(upTo: { if case .transform = $0 { true } else { false } }, &open, on: cr)
        case .pushAffine(let transform):
            cairo_save(cr)
            var m = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                   x0: transform.tx, y0: transform.ty)
            var current = cairo_matrix_t(), combined = cairo_matrix_t()
            cairo_get_matrix(cr, &current)
            cairo_matrix_multiply(&combined, &m, &current)
            if Self.applies(transform, making: AffineTransform(a: combined.xx, b: combined.yx, c: combined.xy, d: combined.yy,
                                                               tx: combined.x0, ty: combined.y0)) {
                cairo_transform(cr, &m)
            } else {
                cairo_rectangle(cr, 0, 0, 0, 0)
                cairo_clip(cr)
            }
            open.append(.transform)
        case .pushMask(let paint, let bounds, let mode):
            // The layer shows only inside `bounds` (closeMask), so its group needs no more.
            cairo_save(cr)
            clipToWholePixels(covering: bounds, on: cr)
            cairo_push_group(cr)
            open.append(.mask(paint, bounds, mode))
        case .popMask:
            close(upTo: { if case .mask = $0 { true } else { false } }, &open, on: cr)
        case .pushShadow, .popShadow, .pushBlur, .popBlur, .backdropBlur:
            break // drawn by `play`; a pop without its push is ignored
        }
    }

    private func stroke(_ shape: ShapeOutline, _ rect: Rect, _ paint: Paint, lineWidth: Double,
                        dash: [Double], on cr: OpaquePointer) {
        guard lineWidth.isFinite, lineWidth > 0 else { return }
        appendPath(shape, in: rect, to: cr)
        setSource(paint, on: cr)
        cairo_set_line_width(cr, lineWidth)
        // Cairo rejects (stickily) negative dashes and all-zero patterns: those draw solid.
        let usable = dash.allSatisfy { $0.isFinite && $0 >= 0 } && dash.contains { $0 > 0 }
        var pattern = usable ? dash : []
        cairo_set_dash(cr, &pattern, Int32(pattern.count), 0)
        cairo_stroke(cr)
    }

    /// Closes the innermost open layer matching `isMatch`, and every layer opened after it.
    private func close(upTo isMatch: (Layer) -> Bool, _ open: inout [Layer], on cr: OpaquePointer) {
        guard let index = open.lastIndex(where: isMatch) else { return }
        while open.count > index, let layer = open.popLast() { Self.close(layer, on: cr) }
    }

    static func close(_ layer: Layer, on cr: OpaquePointer) {
        switch layer {
        case .clip, .transform:
            cairo_restore(cr)
        case .group(let opacity):
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity.isNaN ? 1 : min(1, max(0, opacity)))
        case .mask(let paint, let bounds, let mode):
            closeMask(paint, bounds, mode, on: cr)
            cairo_restore(cr)
        }
    }
}
