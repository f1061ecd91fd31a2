import Drawing
import LayoutModel

/// A Color or ShapeStyle as the protocol sends it (Phase 1 Color, Phase 6 ShapeStyle),
/// resolved to pixels later for a color scheme.
public indirect enum ShapeStyle: Hashable, Sendable {
    case rgba(RGBA)
    /// A semantic token (`primary`, `accent`, `systemBackground`, ...) with an opacity multiplier.
    case semantic(String, opacity: Double)
    /// An asset-catalog color; drawn as its name's fallback until catalogs are supported.
    case named(String, opacity: Double)
    /// `.primary` ... `.quaternary` (levels 1...4).
    case hierarchical(Int, opacity: Double)
    case linearGradient(stops: [StyleStop], start: Point, end: Point, opacity: Double)
    case radialGradient(stops: [StyleStop], center: Point, startRadius: Double, endRadius: Double, opacity: Double)
    case colorGradient(ShapeStyle, opacity: Double)
    case material(String, opacity: Double)
    /// An object no form matches: drawn magenta, as the browser renderer does.
    case unrecognized
}

public struct StyleStop: Hashable, Sendable {
    public var color: ShapeStyle
    public var location: Double
}

extension ShapeStyle {
    static func decode(_ json: JSON, path: String, diagnostics: Diagnostics) throws(PropError) -> ShapeStyle {
        let r = try PropReader(json, path: path, diagnostics: diagnostics)
        if r.fields["r"] != nil || r.fields["g"] != nil || r.fields["b"] != nil {
            return .rgba(RGBA(try r.number("r") ?? 0, try r.number("g") ?? 0, try r.number("b") ?? 0, try r.number("a") ?? 1))
        }
        if let name = try r.string("name") { return .semantic(name, opacity: try r.number("a") ?? 1) }
        if let named = try r.string("named") { return .named(named, opacity: try r.number("opacity") ?? 1) }
        let opacity = try r.number("opacity") ?? 1
        // Levels outside 1...4 draw as 1; clamped first so no number can trap the conversion.
        if let level = try r.number("hierarchical") { return .hierarchical(Int(max(-1, min(level, 5))), opacity: opacity) }
        if let g = try r.object("linearGradient") {
            return .linearGradient(stops: try stops(g, diagnostics), start: try unitPoint(g, "start") ?? Point(x: 0.5, y: 0),
                                   end: try unitPoint(g, "end") ?? Point(x: 0.5, y: 1), opacity: opacity)
        }
        if let g = try r.object("radialGradient") {
            return .radialGradient(stops: try stops(g, diagnostics), center: try unitPoint(g, "center") ?? Point(x: 0.5, y: 0.5),
                                   startRadius: try g.number("startRadius") ?? 0, endRadius: try g.number("endRadius") ?? 0,
                                   opacity: opacity)
        }
        if let base = r.value("colorGradient") {
            return .colorGradient(try decode(base, path: path + ".colorGradient", diagnostics: diagnostics), opacity: opacity)
        }
        if let material = try r.string("material") { return .material(material, opacity: opacity) }
        diagnostics.warn("unrecognized color or shape style at \(path); drawn magenta")
        return .unrecognized
    }

    private static func stops(_ g: PropReader, _ diagnostics: Diagnostics) throws(PropError) -> [StyleStop] {
        guard let v = g.value("stops") else { return [] }
        guard case .array(let items) = v else { throw PropError(message: "\(g.path).stops must be an array, got \(v.typeName)") }
        var out: [StyleStop] = []
        for (i, item) in items.enumerated() {
            let s = try PropReader(item, path: "\(g.path).stops[\(i)]", diagnostics: diagnostics)
            guard let color = s.value("color") else { throw PropError(message: "\(s.path).color is missing") }
            out.append(StyleStop(color: try decode(color, path: s.path + ".color", diagnostics: diagnostics),
                                 location: try s.number("location") ?? Double(i) / Double(max(1, items.count - 1))))
        }
        return out
    }

    private static func unitPoint(_ r: PropReader, _ key: String) throws(PropError) -> Point? {
        guard let p = try r.object(key) else { return nil }
        return Point(x: try p.number("x") ?? 0, y: try p.number("y") ?? 0)
    }
}
