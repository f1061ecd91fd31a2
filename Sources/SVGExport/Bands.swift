import Drawing
import LayoutModel

/// A screen drawn in two bands of rows at once, each on its own Cairo context over the same
/// pixels and clipped to its rows (docs/decisions.md, "Two cores for one render"). Cairo
/// rasterizes a fill, stroke or glyph outline to the same pixels whether or not a whole-pixel
/// box clips it, so a plain shape may cross the boundary; what draws through an intermediate
/// surface or samples a pattern (groups, masks, shadows, blurs, backdrops, icons, pictures,
/// gradients) gets a surface or pattern origin of its clip's and may not, so the boundary is
/// put where none crosses it. A band skips what draws nothing in its rows.
struct BandPlan: Equatable {
    /// The first row of the lower band.
    let boundary: Int
    /// Per band, `skip[band][i]`: the index to play on from instead of item `i`, when item `i`
    /// (a leaf, or a layer with everything it holds) draws nothing in the band's rows.
    let skip: [[Int?]]

    /// Images below this many pixels are drawn in one piece (a band's set-up would not pay).
    static let minimumPixels = 1_000_000
    /// Pixels added around every extent: antialiasing reaches a pixel beyond an outline.
    static let margin = 2.0
    /// How far a stroke may reach past its outline, in line widths: half a width, or a miter
    /// join at Cairo's default limit of 10 (five widths).
    static let strokeReach = 5.0

    /// One item at the top level, or a layer that draws through a surface with all it holds,
    /// and the device rows it may change.
    private struct Unit {
        var start: Int
        var end: Int
        var top: Double
        var bottom: Double
        var crossable: Bool
    }

    /// The layers `CairoPainter` opens: clips and transforms change what later items draw;
    /// the others draw their content through a surface when they close.
    private enum Layer {
        case clip
        case transform(restoring: AffineTransform)
        case surface(Surface)
    }

    private enum Surface: Equatable { case group, mask, shadow, blur }

    /// Nil when the list cannot be cut: too small, a layer it never closes or closes out of
    /// order, text whose ink `text` does not know, an extent that is not a number, or no row
    /// in the middle half of the image free of the layers above.
    init?(_ list: DisplayList, scale: Double, width: Int, height: Int, text: any PreparedTextDrawing) {
        guard width * height >= Self.minimumPixels, scale.isFinite, scale > 0 else { return nil }
        var ctm = AffineTransform.scale(scale, scale)
        var layers: [Layer] = []
        var surfaces = 0
        var units: [Unit] = []
        var open = Unit(start: 0, end: 0, top: .infinity, bottom: -.infinity, crossable: false)

        /// Adds the device rows of `rect` (user space, grown by `grow`) to the open surface
        /// layer, or as a unit of its own at the top level; false when they are not numbers.
        func add(_ rect: Rect, grow: Double = 0, crossable: Bool, at index: Int) -> Bool {
            let box = ctm.boundingBox(of: rect.insetBy(dx: -grow, dy: -grow))
            guard box.minY.isFinite, box.maxY.isFinite else { return false }
            let (top, bottom) = (box.minY - Self.margin, box.maxY + Self.margin)
            if surfaces > 0 {
                open.top = min(open.top, top)
                open.bottom = max(open.bottom, bottom)
            } else {
                units.append(Unit(start: index, end: index + 1, top: top, bottom: bottom, crossable: crossable))
            }
            return true
        }
        func openSurface(_ kind: Surface, at index: Int) {
            if surfaces == 0 { open = Unit(start: index, end: index, top: .infinity, bottom: -.infinity, crossable: false) }
            surfaces += 1
            layers.append(.surface(kind))
        }
        func closeSurface(_ kind: Surface, at index: Int) -> Bool {
            guard case .surface(kind) = layers.last else { return false }
            layers.removeLast()
            surfaces -= 1
            if surfaces == 0 {
                open.end = index + 1
                if open.top <= open.bottom { units.append(open) }
            }
            return true
        }
        func closeTransform() -> Bool {
            guard case .transform(let restoring) = layers.last else { return false }
            layers.removeLast()
            ctm = restoring
            return true
        }
        let deviceScale = { abs(ctm.a * ctm.d - ctm.b * ctm.c).squareRoot() }

        for (index, item) in list.items.enumerated() {
            let known: Bool
            switch item {
            case .fill(let shape, let rect, let paint):
                known = add(shape.bounds(in: rect), crossable: paint.isSolid, at: index)
            case .stroke(let shape, let rect, let paint, let lineWidth, _):
                let reach = lineWidth.isFinite ? max(0, lineWidth) * Self.strokeReach : 0
                known = add(shape.bounds(in: rect), grow: reach, crossable: paint.isSolid, at: index)
            case .text(let run):
                // Bitmap glyphs (emoji) are images composited: they may not cross.
                guard let ink = text.ink(of: run) else { return nil }
                known = add(ink.box, crossable: ink.outlines, at: index)
            case .symbol(_, let rect, _, _, _):
                // Icons are clipped to their box and half a box around it.
                let box = IconLibrary.iconBox(in: rect)
                known = add(box, grow: box.width / 2, crossable: false, at: index)
            case .image(let image):
                // SVG and PDF pictures are not clipped to their frame: a frame around it.
                let reach = image.vectorFile == nil ? 0 : max(image.rect.width, image.rect.height)
                known = add(image.rect, grow: reach, crossable: false, at: index)
            case .backdropBlur(let shape, let rect, _):
                known = add(shape.bounds(in: rect), crossable: false, at: index)
            case .pushClip:
                layers.append(.clip)
                known = true
            case .popClip:
                guard case .clip = layers.last else { return nil }
                layers.removeLast()
                known = true
            case .pushTransform(let factor, let center):
                layers.append(.transform(restoring: ctm))
                if factor.isFinite, factor > 0 { ctm = ctm.after(.about(center, .scale(factor, factor))) }
                known = true
            case .pushAffine(let transform):
                layers.append(.transform(restoring: ctm))
                // As the painter: a transform it does not apply clips to nothing, so what it
                // holds draws nowhere and any extent for it is safe.
                let combined = ctm.after(transform)
                if CairoPainter.applies(transform, making: combined) { ctm = combined }
                known = true
            case .popTransform:
                known = closeTransform()
            case .pushGroup:
                openSurface(.group, at: index)
                known = true
            case .popGroup:
                known = closeSurface(.group, at: index)
            case .pushMask(_, let bounds, _):
                openSurface(.mask, at: index)
                known = add(bounds, crossable: false, at: index)
            case .popMask:
                known = closeSurface(.mask, at: index)
            case .pushShadow(let shadow, let bounds):
                openSurface(.shadow, at: index)
                let sigma = shadow.sigma.isFinite ? max(0, shadow.sigma) : 0
                let offset = shadow.offset.x.isFinite && shadow.offset.y.isFinite ? shadow.offset : .zero
                known = add(bounds, grow: 3 * sigma, crossable: false, at: index)
                    && add(bounds.offsetBy(dx: offset.x, dy: offset.y), grow: 3 * sigma, crossable: false, at: index)
            case .popShadow:
                known = closeSurface(.shadow, at: index)
            case .pushBlur(let sigma, let bounds):
                openSurface(.blur, at: index)
                known = add(bounds, grow: 3 * (sigma.isFinite ? max(0, sigma) : 0), crossable: false, at: index)
            case .popBlur:
                known = closeSurface(.blur, at: index)
            }
            guard known, deviceScale().isFinite else { return nil }
        }
        guard layers.isEmpty, let boundary = Self.boundary(height: height, avoiding: units.filter { !$0.crossable }) else { return nil }
        self.boundary = boundary
        skip = [0, 1].map { band in
            var skip = [Int?](repeating: nil, count: list.items.count)
            for unit in units {
                let inBand = band == 0 ? unit.top < Double(boundary) : unit.bottom > Double(boundary)
                if !inBand { skip[unit.start] = unit.end }
            }
            return skip
        }
    }

    /// The row nearest the middle, within the middle half, that no unit's rows cross (a
    /// unit from `top` to `bottom` crosses row edge `r` when top < r < bottom).
    private static func boundary(height: Int, avoiding units: [Unit]) -> Int? {
        var crossing = [Int](repeating: 0, count: height + 2)
        for unit in units {
            let first = max(1, Int((unit.top).rounded(.down)) + 1)
            let last = min(height, Int((unit.bottom).rounded(.up)) - 1)
            guard first <= last else { continue }
            crossing[first] += 1
            crossing[last + 1] -= 1
        }
        var depth = 0
        var free = [Bool](repeating: false, count: height + 1)
        for row in 0...height {
            depth += crossing[row]
            free[row] = depth == 0
        }
        let middle = height / 2
        for distance in 0...(height / 4) {
            for row in [middle - distance, middle + distance] where row > 0 && row < height && free[row] {
                return row
            }
        }
        return nil
    }
}

extension Paint {
    var isSolid: Bool { if case .solid = self { true } else { false } }
}

extension ShapeOutline {
    /// The box the outline lies in: `rect`, or the box of a polygon's or path's points (a
    /// Bézier curve stays inside its control points' box).
    func bounds(in rect: Rect) -> Rect {
        let points: [Point]
        switch self {
        case .polygon(let vertices, _): points = vertices
        case .path(let elements): points = elements.flatMap(\.points)
        default: return rect
        }
        guard let first = points.first else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        return points.dropFirst().reduce(Rect(x: first.x, y: first.y, width: 0, height: 0)) {
            $0.union(Rect(x: $1.x, y: $1.y, width: 0, height: 0))
        }
    }
}
