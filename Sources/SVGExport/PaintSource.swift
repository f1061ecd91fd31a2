internal import CCairo
import Drawing

/// Makes `paint` the source of `cr`. Colors are straight (non-premultiplied) RGBA, which is what
/// Cairo's color and color-stop calls take; gradient geometry is in user space (screen points).
func setSource(_ paint: Paint, on cr: OpaquePointer) {
    guard let pattern = pattern(for: paint) else { return setSourceColor(.clear, on: cr) }
    cairo_set_source(cr, pattern)
    cairo_pattern_destroy(pattern)
}

/// A new Cairo pattern painting `paint` (the caller destroys it); gradients with non-finite
/// geometry become their solid stand-in.
func pattern(for paint: Paint) -> OpaquePointer? {
    switch paint {
    case .solid(let color):
        return solidPattern(color)
    case .linearGradient(let stops, let start, let end):
        guard [start.x, start.y, end.x, end.y].allSatisfy(\.isFinite) else { return solidPattern(paint.solidColor) }
        return gradient(cairo_pattern_create_linear(start.x, start.y, end.x, end.y), stops: stops)
    case .radialGradient(let stops, let center, let startRadius, let endRadius):
        guard [center.x, center.y, startRadius, endRadius].allSatisfy(\.isFinite) else {
            return solidPattern(paint.solidColor)
        }
        return gradient(cairo_pattern_create_radial(center.x, center.y, max(0, startRadius),
                                                    center.x, center.y, max(0, endRadius)), stops: stops)
    }
}

private func solidPattern(_ color: RGBA) -> OpaquePointer? {
    let c = color.clamped
    return cairo_pattern_create_rgba(c.r, c.g, c.b, c.a)
}

func setSourceColor(_ color: RGBA, on cr: OpaquePointer) {
    let c = color.clamped
    cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a)
}

/// Stops are added in location order (Cairo keeps equal offsets in insertion order, giving a
/// hard edge). Cairo's default `EXTEND_PAD` repeats the end colors beyond the ends, as SwiftUI.
private func gradient(_ pattern: OpaquePointer?, stops: [GradientStop]) -> OpaquePointer? {
    guard let pattern else { return nil }
    let ordered = stops.map { stop in
        (offset: stop.location.isFinite ? min(1, max(0, stop.location)) : 0, color: stop.color.clamped)
    }.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
    for (_, stop) in ordered {
        cairo_pattern_add_color_stop_rgba(pattern, stop.offset, stop.color.r, stop.color.g, stop.color.b, stop.color.a)
    }
    return pattern
}

extension RGBA {
    /// Components in 0...1, NaN as 0, so no input can put Cairo into an error state.
    var clamped: RGBA {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        return RGBA(unit(r), unit(g), unit(b), unit(a))
    }
}
