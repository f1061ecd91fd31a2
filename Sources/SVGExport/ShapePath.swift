internal import CCairo
import Drawing
import LayoutModel

/// Appends the outline of `shape` in `rect` to a fresh path of `cr`.
/// Degenerate or non-finite geometry leaves the path empty rather than putting `cr` in an error
/// state: a Cairo error is sticky and would blank everything drawn after it.
func appendPath(_ shape: ShapeOutline, in rect: Rect, to cr: OpaquePointer) {
    cairo_new_path(cr)
    if case .polygon(let points, let closed) = shape {
        appendPolygon(points, closed: closed, to: cr)
        return
    }
    if case .path(let elements) = shape {
        appendElements(elements, to: cr)
        return
    }
    guard rect.isDrawable else { return }
    switch shape {
    case .rect:
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
    case .roundedRect(let cornerRadius):
        appendRoundedRect(rect, radius: cornerRadius, topOnly: false, to: cr)
    case .topRoundedRect(let cornerRadius):
        appendRoundedRect(rect, radius: cornerRadius, topOnly: true, to: cr)
    case .capsule:
        appendRoundedRect(rect, radius: min(rect.width, rect.height) / 2, topOnly: false, to: cr)
    case .ellipse:
        // A unit circle scaled to the rect. The path is kept in device space, so restoring the
        // matrix before stroking keeps the line width uniform.
        cairo_save(cr)
        cairo_translate(cr, rect.midX, rect.midY)
        cairo_scale(cr, rect.width / 2, rect.height / 2)
        cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
        cairo_close_path(cr)
        cairo_restore(cr)
    case .polygon, .path:
        break // handled above: their points are absolute and ignore the rect
    }
}

/// Circular corners of `radius`, clamped to half the shorter side as SwiftUI does.
private func appendRoundedRect(_ rect: Rect, radius: Double, topOnly: Bool, to cr: OpaquePointer) {
    let r = radius.isFinite ? max(0, min(radius, min(rect.width, rect.height) / 2)) : 0
    let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
    let half = Double.pi / 2
    cairo_new_sub_path(cr)
    // Clockwise from the top-left corner; a zero radius degenerates each arc to its corner point.
    cairo_arc(cr, x0 + r, y0 + r, r, 2 * half, 3 * half)
    cairo_arc(cr, x1 - r, y0 + r, r, 3 * half, 4 * half)
    if topOnly {
        cairo_line_to(cr, x1, y1)
        cairo_line_to(cr, x0, y1)
    } else {
        cairo_arc(cr, x1 - r, y1 - r, r, 0, half)
        cairo_arc(cr, x0 + r, y1 - r, r, half, 2 * half)
    }
    cairo_close_path(cr)
}

private func appendPolygon(_ points: [Point], closed: Bool, to cr: OpaquePointer) {
    guard let first = points.first, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
    cairo_move_to(cr, first.x, first.y)
    for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
    if closed { cairo_close_path(cr) }
}

/// A path with any non-finite coordinate is left empty; a line or curve before any move
/// starts at its first point (Cairo would otherwise take (0, 0)).
private func appendElements(_ elements: [PathElement], to cr: OpaquePointer) {
    guard elements.allSatisfy({ $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else { return }
    var started = false
    for element in elements {
        switch element {
        case .move(let p):
            cairo_move_to(cr, p.x, p.y)
            started = true
        case .line(let p):
            started ? cairo_line_to(cr, p.x, p.y) : cairo_move_to(cr, p.x, p.y)
            started = true
        case .curve(let c1, let c2, let p):
            if !started { cairo_move_to(cr, c1.x, c1.y); started = true }
            cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
        case .close:
            if started { cairo_close_path(cr) }
        }
    }
}

extension Rect {
    /// Finite with a positive area: anything else draws nothing.
    var isDrawable: Bool {
        [x, y, width, height].allSatisfy(\.isFinite) && width > 0 && height > 0
    }
}

/// On an image target, clips `cr` to the whole device pixels covering `rect`. A clip on whole
/// pixels changes no pixel inside it, and it bounds what Cairo's groups and librsvg's masks
/// allocate: both are otherwise the size of the whole canvas (a 12 MB surface cleared and
/// composited for every translucent icon at 3x). Vector targets are left unclipped, so their
/// output gains no clip path.
func clipToWholePixels(covering rect: Rect, on cr: OpaquePointer) {
    guard cairo_surface_get_type(cairo_get_group_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE else { return }
    var m = cairo_matrix_t()
    cairo_get_matrix(cr, &m)
    let device = AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0).boundingBox(of: rect)
    let x0 = device.minX.rounded(.down), y0 = device.minY.rounded(.down)
    let x1 = device.maxX.rounded(.up), y1 = device.maxY.rounded(.up)
    guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
    cairo_identity_matrix(cr)
    cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
    cairo_set_matrix(cr, &m)
    cairo_clip(cr)
}
