import LayoutModel

/// Moving drawn items: how documentation images are composed from display lists (a crop, a
/// device frame, a contact sheet) so that PNG and SVG show the same thing with no backend
/// of their own.
extension DisplayItem {
    /// The item drawn `dx`, `dy` points further right and down.
    public func offset(dx: Double, dy: Double) -> DisplayItem {
        func p(_ point: Point) -> Point { Point(x: point.x + dx, y: point.y + dy) }
        func r(_ rect: Rect) -> Rect { rect.offsetBy(dx: dx, dy: dy) }
        func shape(_ outline: ShapeOutline) -> ShapeOutline {
            switch outline {
            case .polygon(let points, let closed): .polygon(points.map(p), closed: closed)
            case .path(let elements):
                .path(elements.map { element in
                    switch element {
                    case .move(let a): .move(p(a))
                    case .line(let a): .line(p(a))
                    case .curve(let a, let b, let to): .curve(p(a), p(b), to: p(to))
                    case .close: .close
                    }
                })
            case .rect, .roundedRect, .topRoundedRect, .ellipse, .capsule: outline
            }
        }
        func paint(_ paint: Paint) -> Paint {
            switch paint {
            case .solid: paint
            case .linearGradient(let stops, let start, let end): .linearGradient(stops: stops, start: p(start), end: p(end))
            case .radialGradient(let stops, let center, let a, let b): .radialGradient(stops: stops, center: p(center), startRadius: a, endRadius: b)
            }
        }
        switch self {
        case .fill(let outline, let rect, let fill): return .fill(shape(outline), r(rect), paint(fill))
        case .stroke(let outline, let rect, let stroke, let width, let dash):
            return .stroke(shape(outline), r(rect), paint(stroke), lineWidth: width, dash: dash)
        case .text(var run):
            run.origin = p(run.origin)
            return .text(run)
        case .symbol(let name, let rect, let color, let width, let mirrored):
            return .symbol(name: name, rect: r(rect), color: color, strokeWidth: width, mirrored: mirrored)
        case .pushClip(let outline, let rect): return .pushClip(shape(outline), r(rect))
        case .pushTransform(let scale, let center): return .pushTransform(scale: scale, center: p(center))
        case .image(var item):
            item.rect = r(item.rect)
            return .image(item)
        case .pushAffine(let transform):
            // The items under it are moved too: the transform is conjugated by the move.
            return .pushAffine(AffineTransform.translation(dx, dy).after(transform).after(.translation(-dx, -dy)))
        case .pushShadow(let shadow, let bounds): return .pushShadow(shadow, bounds: r(bounds))
        case .pushBlur(let sigma, let bounds): return .pushBlur(sigma: sigma, bounds: r(bounds))
        case .pushMask(let mask, let bounds, let mode): return .pushMask(paint(mask), bounds: r(bounds), mode: mode)
        case .backdropBlur(let outline, let rect, let sigma): return .backdropBlur(shape(outline), r(rect), sigma: sigma)
        case .popClip, .pushGroup, .popGroup, .popTransform, .popShadow, .popBlur, .popMask: return self
        }
    }
}

extension DisplayList {
    /// The part of the canvas inside `rect` (which may reach past its edges): a canvas of
    /// `rect`'s size showing what was there.
    public func cropped(to rect: Rect) -> DisplayList {
        var list = DisplayList(size: rect.size)
        list.append(self, at: Point(x: -rect.x, y: -rect.y))
        return list
    }

    /// Appends `other`'s items drawn with its canvas's top-left corner at `origin`, clipped
    /// to that canvas (so nothing of it spills over its neighbours on a sheet).
    public mutating func append(_ other: DisplayList, at origin: Point, clip: ShapeOutline = .rect) {
        // Stream lines stay with their items, so a drawing failure still names its line.
        lines = (0..<items.count).map(line(ofItem:)) + [0] + (0..<other.items.count).map(other.line(ofItem:)) + [0]
        items.append(.pushClip(clip, Rect(origin: origin, size: other.size)))
        items += other.items.map { $0.offset(dx: origin.x, dy: origin.y) }
        items.append(.popClip)
    }
}

extension DisplayList {
    /// What is painted before item `index`, to be rendered on its own: the items before it,
    /// with the clips, groups, transforms and effects still open there closed after them.
    /// (What a text drawn at `index` sits on, for measuring its contrast from pixels.)
    public func drawn(before index: Int) -> DisplayList {
        let kept = Array(items[0..<min(index, items.count)])
        var closing: [DisplayItem] = []
        for item in kept {
            switch item {
            case .pushClip: closing.append(.popClip)
            case .pushGroup: closing.append(.popGroup)
            case .pushTransform, .pushAffine: closing.append(.popTransform)
            case .pushShadow: closing.append(.popShadow)
            case .pushBlur: closing.append(.popBlur)
            case .pushMask: closing.append(.popMask)
            case .popClip, .popGroup, .popTransform, .popShadow, .popBlur, .popMask: _ = closing.popLast()
            default: break
            }
        }
        let keptLines = (0..<kept.count).map(line(ofItem:)) + Array(repeating: 0, count: closing.count)
        return DisplayList(size: size, items: kept + closing.reversed(), lines: lines.isEmpty ? [] : keptLines)
    }
}
