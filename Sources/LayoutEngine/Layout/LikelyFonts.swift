import LayoutModel

extension OpStream {
    /// The fonts the stream's texts are likely measured in, in `environment`, at most `limit`:
    /// the body font (a text's when no style names one), then each font a style names, resolved
    /// on its own, the most named first (the first named of equal counts). A guess, to set fonts
    /// up before layout needs them (`MeasurerWarming`): layout resolves each text's font from
    /// every style above it, so a font may be missed or never used, which costs only time.
    public func likelyFonts(in environment: RenderEnvironment, limit: Int) -> [ResolvedFont] {
        var counts: [FontSpec: Int] = [:]
        var order: [FontSpec] = []
        for located in ops {
            let props: JSON
            switch located.op {
            case .create(_, _, let p), .update(_, let p): props = p
            default: continue
            }
            // Read as validating reads it; its warnings are validating's to give.
            guard let font = props["style"]?["font"],
                  let spec = try? FontSpec.decode(PropReader(font, path: "font", diagnostics: Diagnostics())) else { continue }
            if counts[spec] == nil { order.append(spec) }
            counts[spec, default: 0] += 1
        }
        let named = order.enumerated().sorted { a, b in
            let (ca, cb) = (counts[a.element]!, counts[b.element]!)
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
        var fonts: [ResolvedFont] = []
        for spec in [FontSpec()] + named where fonts.count < limit {
            let font = Self.font(spec, in: environment)
            if !fonts.contains(font) { fonts.append(font) }
        }
        return fonts
    }

    /// A text's font in `environment` when no style names one.
    public static func bodyFont(in environment: RenderEnvironment) -> ResolvedFont { font(FontSpec(), in: environment) }

    private static func font(_ spec: FontSpec, in environment: RenderEnvironment) -> ResolvedFont {
        var context = InheritedContext()
        context.font = spec
        return environment.legibilityWeight.font(context.resolvedFont(environment.dynamicTypeSize))
    }
}
