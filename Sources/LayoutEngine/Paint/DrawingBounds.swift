import Drawing
import LayoutModel

/// Keeps display-list geometry where Cairo can draw it. Layout is exact at any size, but Cairo
/// turns coordinates into fixed point (overflowing near 8 million device pixels), flattens arcs
/// into a number of segments that grows with the radius (a 1e50 capsule took minutes and
/// gigabytes) and rejects the matrix of a 1e200 ellipse. An item inside the canvas grown by
/// `Limits.drawingMargin` passes unchanged, so ordinary screens draw exactly as before; an item
/// reaching beyond is cut to that box, which changes nothing on screen as long as its corners
/// are rounded by less than half the margin (see docs/limits.md for the approximations).
struct DrawingBounds {
    /// The canvas grown by the margin on every side.
    let box: Rect

    init(canvas: Size) {
        let margin = Limits.drawingMargin
        box = Rect(x: -margin, y: -margin, width: canvas.width + 2 * margin, height: canvas.height + 2 * margin)
    }

    /// `item` with its geometry inside the box, or nil when it cannot show on the canvas.
    func bound(_ item: DisplayItem) -> DisplayItem? {
        switch item {
        case .fill(let shape, let rect, let paint):
            guard let (shape, rect) = bound(shape, rect) else { return nil }
            return .fill(shape, rect, bound(paint))
        case .stroke(let shape, let rect, let paint, let lineWidth, let dash):
            // A stroke wider than a quarter of the margin would reach the screen from a cut edge.
            guard lineWidth.isFinite, let (shape, rect) = bound(shape, rect) else { return nil }
            return .stroke(shape, rect, bound(paint), lineWidth: min(lineWidth, Limits.drawingMargin / 4), dash: dash)
        case .pushClip(let shape, let rect):
            // A clip must stay to pair with its popClip: one that cannot show clips everything.
            guard let (shape, rect) = bound(shape, rect) else { return .pushClip(.rect, .zero) }
            return .pushClip(shape, rect)
        case .text(let run):
            let line = Rect(x: run.origin.x, y: run.origin.y, width: run.width, height: run.font.lineHeight)
            return contains(line) ? item : nil
        case .symbol(_, let rect, _, _, _):
            return contains(rect) ? item : nil
        case .image(let image):
            return contains(image.rect) ? item : nil
        case .popClip, .pushGroup, .popGroup, .pushTransform, .popTransform, .pushAffine,
             .popShadow, .popBlur, .popMask:
            return item
        case .pushShadow(let shadow, let bounds):
            return .pushShadow(shadow, bounds: layerBounds(bounds))
        case .pushBlur(let sigma, let bounds):
            return .pushBlur(sigma: sigma, bounds: layerBounds(bounds))
        case .pushMask(let paint, let bounds, let mode):
            return .pushMask(bound(paint), bounds: layerBounds(bounds), mode: mode)
        case .backdropBlur(let shape, let rect, let sigma):
            guard let (shape, rect) = bound(shape, rect) else { return nil }
            return .backdropBlur(shape, rect, sigma: sigma)
        }
    }

    /// An effect layer's region cut to the box (it must stay to pair with its pop).
    private func layerBounds(_ rect: Rect) -> Rect {
        bound(.rect, rect)?.1 ?? .zero
    }

    /// The outline cut to the box; nil when nothing of it lies inside.
    private func bound(_ shape: ShapeOutline, _ rect: Rect) -> (ShapeOutline, Rect)? {
        switch shape {
        case .polygon(let points, let closed):
            return (.polygon(points.map(bound), closed: closed), rect)
        case .path(let elements):
            return (.path(elements.map(bound)), rect)
        default:
            break
        }
        guard [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite) else { return nil }
        if contains(rect) { return (shape, rect) }
        let cut = Rect(x: max(rect.minX, box.minX), y: max(rect.minY, box.minY),
                       width: min(rect.maxX, box.maxX) - max(rect.minX, box.minX),
                       height: min(rect.maxY, box.maxY) - max(rect.minY, box.minY))
        guard cut.width > 0, cut.height > 0 else { return nil }
        // Corners that stay keep their radius; corners at a cut edge are a margin off screen,
        // where a radius up to half the margin cannot show. Larger curves become straight edges.
        let radius: Double? = switch shape {
        case .roundedRect(let r), .topRoundedRect(let r): r
        case .capsule: min(rect.width, rect.height) / 2
        case .rect, .ellipse, .polygon, .path: nil
        }
        guard let radius, radius <= Limits.drawingMargin / 2 else { return (.rect, cut) }
        if case .topRoundedRect = shape { return (.topRoundedRect(cornerRadius: radius), cut) }
        return (.roundedRect(cornerRadius: radius), cut)
    }

    /// Gradient geometry far off screen moves to the box's edge.
    private func bound(_ paint: Paint) -> Paint {
        switch paint {
        case .solid:
            return paint
        case .linearGradient(let stops, let start, let end):
            return .linearGradient(stops: stops, start: bound(start), end: bound(end))
        case .radialGradient(let stops, let center, let startRadius, let endRadius):
            let limit = 2 * Limits.drawingMargin
            return .radialGradient(stops: stops, center: bound(center), startRadius: min(startRadius, limit),
                                   endRadius: min(endRadius, limit))
        }
    }

    private func bound(_ element: PathElement) -> PathElement {
        switch element {
        case .move(let p): .move(bound(p))
        case .line(let p): .line(bound(p))
        case .curve(let c1, let c2, let p): .curve(bound(c1), bound(c2), to: bound(p))
        case .close: .close
        }
    }

    /// A point moved into the box (a far point's direction changes a little, on screen too).
    private func bound(_ p: Point) -> Point {
        guard p.x.isFinite, p.y.isFinite else { return p }
        return Point(x: max(box.minX, min(p.x, box.maxX)), y: max(box.minY, min(p.y, box.maxY)))
    }

    private func contains(_ rect: Rect) -> Bool {
        rect.minX >= box.minX && rect.maxX <= box.maxX && rect.minY >= box.minY && rect.maxY <= box.maxY
    }
}
