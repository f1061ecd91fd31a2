import Assets
import Drawing
import LayoutModel

/// iOS semantic colors for both schemes (`shared/design/ios-metrics.md`) and both contrasts
/// (Increase Contrast, docs/decisions.md "Increase Contrast"), and ShapeStyle resolution to
/// paint. Both the layout-side painter and audits (contrast) read colors here.
public struct Palette: Sendable {
    public let scheme: ColorScheme
    /// iOS's Increase Contrast: `.increased` picks each color's high-contrast value.
    public let contrast: ColorSchemeContrast
    /// Where `Color("name")` is looked up.
    public let catalog: AssetCatalog
    public init(_ scheme: ColorScheme) { self.init(scheme, catalog: .empty) }
    public init(_ scheme: ColorScheme, contrast: ColorSchemeContrast = .standard, catalog: AssetCatalog) {
        self.scheme = scheme; self.contrast = contrast; self.catalog = catalog
    }
    /// The palette of `environment`: its scheme, contrast and catalog.
    public init(_ environment: RenderEnvironment) {
        self.init(environment.colorScheme, contrast: environment.contrast, catalog: environment.catalog)
    }
    /// The same contrast and catalog in another scheme (the status bar over a dark backdrop).
    public func inScheme(_ other: ColorScheme) -> Palette { Palette(other, contrast: contrast, catalog: catalog) }

    /// The light or dark value; under increased contrast the high-contrast pair when the
    /// color has one.
    private func pick(_ light: RGBA, _ dark: RGBA, increased: (light: RGBA, dark: RGBA)? = nil) -> RGBA {
        let pair = contrast == .increased ? increased ?? (light, dark) : (light, dark)
        return scheme == .light ? pair.0 : pair.1
    }

    public var label: RGBA { pick(.black, .white) }
    public var secondaryLabel: RGBA {
        pick(RGBA(rgb255: 60, 60, 67, 0.6), RGBA(rgb255: 235, 235, 245, 0.6),
             increased: (RGBA(rgb255: 60, 60, 67, 173.0 / 255), RGBA(rgb255: 235, 235, 245, 173.0 / 255)))
    }
    public var tertiaryLabel: RGBA {
        pick(RGBA(rgb255: 60, 60, 67, 0.3), RGBA(rgb255: 235, 235, 245, 0.3),
             increased: (RGBA(rgb255: 60, 60, 67, 96.0 / 255), RGBA(rgb255: 235, 235, 245, 96.0 / 255)))
    }
    public var quaternaryLabel: RGBA {
        pick(RGBA(rgb255: 60, 60, 67, 0.18), RGBA(rgb255: 235, 235, 245, 0.16),
             increased: (RGBA(rgb255: 60, 60, 67, 66.0 / 255), RGBA(rgb255: 235, 235, 245, 61.0 / 255)))
    }
    public var systemFill: RGBA {
        pick(RGBA(rgb255: 120, 120, 128, 0.2), RGBA(rgb255: 120, 120, 128, 0.36),
             increased: (RGBA(rgb255: 120, 120, 128, 71.0 / 255), RGBA(rgb255: 120, 120, 128, 112.0 / 255)))
    }
    public var secondarySystemFill: RGBA {
        pick(RGBA(rgb255: 120, 120, 128, 0.16), RGBA(rgb255: 120, 120, 128, 0.32),
             increased: (RGBA(rgb255: 120, 120, 128, 61.0 / 255), RGBA(rgb255: 120, 120, 128, 102.0 / 255)))
    }
    public var tertiarySystemFill: RGBA {
        pick(RGBA(rgb255: 118, 118, 128, 0.12), RGBA(rgb255: 118, 118, 128, 0.24),
             increased: (RGBA(rgb255: 118, 118, 128, 51.0 / 255), RGBA(rgb255: 118, 118, 128, 81.0 / 255)))
    }
    public var quaternarySystemFill: RGBA {
        pick(RGBA(rgb255: 116, 116, 128, 0.08), RGBA(rgb255: 118, 118, 128, 0.18),
             increased: (RGBA(rgb255: 116, 116, 128, 40.0 / 255), RGBA(rgb255: 118, 118, 128, 66.0 / 255)))
    }
    public var systemBackground: RGBA { pick(.white, .black) }
    public var secondarySystemBackground: RGBA {
        pick(RGBA(hex: 0xF2F2F7), RGBA(hex: 0x1C1C1E), increased: (RGBA(hex: 0xEBEBF0), RGBA(hex: 0x242426)))
    }
    public var tertiarySystemBackground: RGBA { pick(.white, RGBA(hex: 0x2C2C2E), increased: (.white, RGBA(hex: 0x363638))) }
    public var systemGroupedBackground: RGBA { pick(RGBA(hex: 0xF2F2F7), .black, increased: (RGBA(hex: 0xEBEBF0), .black)) }
    public var secondarySystemGroupedBackground: RGBA { pick(.white, RGBA(hex: 0x1C1C1E), increased: (.white, RGBA(hex: 0x242426))) }
    public var separator: RGBA {
        pick(RGBA(rgb255: 60, 60, 67, 0.29), RGBA(rgb255: 84, 84, 88, 0.6),
             increased: (RGBA(rgb255: 60, 60, 67, 94.0 / 255), RGBA(rgb255: 84, 84, 88, 173.0 / 255)))
    }
    public var opaqueSeparator: RGBA { pick(RGBA(hex: 0xC6C6C8), RGBA(hex: 0x38383A)) }
    public var accent: RGBA { pick(RGBA(hex: 0x007AFF), RGBA(hex: 0x0A84FF), increased: (RGBA(hex: 0x0040DD), RGBA(hex: 0x409CFF))) }
    public var red: RGBA { pick(RGBA(hex: 0xFF3B30), RGBA(hex: 0xFF453A), increased: (RGBA(hex: 0xD70015), RGBA(hex: 0xFF6961))) }
    public var green: RGBA { pick(RGBA(hex: 0x34C759), RGBA(hex: 0x30D158), increased: (RGBA(hex: 0x248A3D), RGBA(hex: 0x30DB5B))) }
    public var gray: RGBA { pick(RGBA(hex: 0x8E8E93), RGBA(hex: 0x8E8E93), increased: (RGBA(hex: 0x6C6C70), RGBA(hex: 0xAEAEB2))) }

    // MARK: Chrome colors the families draw with (no family or paint file spells an RGBA).

    /// SwiftUI's default `.shadow` color: black at a third (`Color(.sRGBLinear, white: 0, opacity: 0.33)`).
    public static let defaultShadow = RGBA(0, 0, 0, 0.33)
    /// A mask that keeps `opacity` of what it covers: only its alpha counts.
    public static func maskAlpha(_ opacity: Double) -> RGBA { RGBA(0, 0, 0, opacity) }

    /// Sheets and cards over the app: white, and the elevated #1C1C1E in dark.
    public var elevatedBackground: RGBA { pick(.white, RGBA(hex: 0x1C1C1E), increased: (.white, RGBA(hex: 0x242426))) }
    /// The translucent material of tab bars and bottom toolbars.
    public var barMaterial: RGBA { materialAlpha(pick(RGBA(rgb255: 249, 249, 249, 0.94), RGBA(rgb255: 29, 29, 29, 0.94))) }
    /// A material under increased contrast: halfway to opaque, so less of what is behind
    /// shows through (docs/decisions.md, "Increase Contrast").
    private func materialAlpha(_ material: RGBA) -> RGBA {
        contrast == .increased ? RGBA(material.r, material.g, material.b, (1 + material.a) / 2) : material
    }

    /// Alert and action-sheet cards, opaque: without a blur, content showing through reads as a glitch.
    public var alertMaterial: RGBA { pick(RGBA(hex: 0xF2F2F2), RGBA(hex: 0x2C2C2E)) }
    /// An action sheet's separate cancel card.
    public var dialogCancelBackground: RGBA { pick(.white, RGBA(hex: 0x2C2C2E)) }
    /// The scrim under an alert or dialog.
    public var alertScrim: RGBA { RGBA.black.withAlpha(0.3) }
    /// The scrim over the tree a sheet presents.
    public var sheetScrim: RGBA { RGBA.black.withAlpha(0.4) }
    /// What a large sheet's shrunken presenting tree sits on, and the Dynamic Island.
    public var backdrop: RGBA { .black }
    /// A switch's track when off.
    public var switchOffTrack: RGBA { pick(RGBA(hex: 0xE9E9EA), RGBA(hex: 0x39393D)) }
    /// The selected segment's pill in a segmented picker.
    public var segmentPill: RGBA { pick(.white, RGBA(hex: 0x636366)) }
    /// The soft shadow under a segment pill and the outer ring of a thumb's shadow.
    public var softShadow: RGBA { RGBA.black.withAlpha(0.06) }
    /// The inner ring of a thumb's shadow.
    public var thumbShadow: RGBA { RGBA.black.withAlpha(0.1) }
    /// Switch and slider thumbs, and the glyphs on a filled edit control (check, minus).
    public var thumb: RGBA { .white }
    /// The label of a `.borderedProminent` button, on its tint.
    public var prominentButtonLabel: RGBA { .white }

    /// Named palette colors in both schemes and contrasts, for semantic names the Swift side
    /// may send (Apple HIG, Color, "Specifications").
    private var named: [String: RGBA] {
        [
            "red": red, "orange": pick(RGBA(hex: 0xFF9500), RGBA(hex: 0xFF9F0A), increased: (RGBA(hex: 0xC93400), RGBA(hex: 0xFFB340))),
            "yellow": pick(RGBA(hex: 0xFFCC00), RGBA(hex: 0xFFD60A), increased: (RGBA(hex: 0xB25000), RGBA(hex: 0xFFD426))),
            "green": green,
            "mint": pick(RGBA(hex: 0x00C7BE), RGBA(hex: 0x63E6E2), increased: (RGBA(hex: 0x0C817B), RGBA(hex: 0x66D4CF))),
            "teal": pick(RGBA(hex: 0x30B0C7), RGBA(hex: 0x40C8E0), increased: (RGBA(hex: 0x008299), RGBA(hex: 0x5DE6FF))),
            "cyan": pick(RGBA(hex: 0x32ADE6), RGBA(hex: 0x64D2FF), increased: (RGBA(hex: 0x0071A4), RGBA(hex: 0x70D7FF))),
            "blue": accent,
            "indigo": pick(RGBA(hex: 0x5856D6), RGBA(hex: 0x5E5CE6), increased: (RGBA(hex: 0x3634A3), RGBA(hex: 0x7D7AFF))),
            "purple": pick(RGBA(hex: 0xAF52DE), RGBA(hex: 0xBF5AF2), increased: (RGBA(hex: 0x8944AB), RGBA(hex: 0xDA8FFF))),
            "pink": pick(RGBA(hex: 0xFF2D55), RGBA(hex: 0xFF375F), increased: (RGBA(hex: 0xD30F45), RGBA(hex: 0xFF6482))),
            "brown": pick(RGBA(hex: 0xA2845E), RGBA(hex: 0xAC8E68), increased: (RGBA(hex: 0x7F6545), RGBA(hex: 0xB59469))),
            "gray": gray, "black": .black, "white": .white,
        ]
    }

    /// A semantic token by the names the protocol and the browser renderer use.
    public func token(_ name: String) -> RGBA? {
        switch name {
        case "primary", "label": label
        case "secondary", "secondaryLabel": secondaryLabel
        case "tertiary", "tertiaryLabel", "placeholder": tertiaryLabel
        case "quaternary", "quaternaryLabel": quaternaryLabel
        case "accent", "accentColor", "tint": accent
        case "clear": .clear
        case "systemBackground", "background": systemBackground
        case "secondarySystemBackground": secondarySystemBackground
        case "tertiarySystemBackground": tertiarySystemBackground
        case "systemGroupedBackground": systemGroupedBackground
        case "secondarySystemGroupedBackground": secondarySystemGroupedBackground
        case "fill", "systemFill": systemFill
        case "secondaryFill", "secondarySystemFill": secondarySystemFill
        case "tertiaryFill", "tertiarySystemFill": tertiarySystemFill
        case "quaternaryFill", "quaternarySystemFill": quaternarySystemFill
        case "separator": separator
        case "opaqueSeparator": opaqueSeparator
        default: named[name]
        }
    }

    /// Resolves a style to paint over `rect` (gradients are laid out in it). `foreground` is
    /// what hierarchical levels are derived from.
    public func paint(_ style: ShapeStyle, in rect: Rect, foreground: RGBA, diagnostics: Diagnostics? = nil) -> Paint {
        switch style {
        case .linearGradient(let stops, let start, let end, let opacity):
            return .linearGradient(stops: resolve(stops, opacity, foreground),
                                   start: Point(x: rect.x + start.x * rect.width, y: rect.y + start.y * rect.height),
                                   end: Point(x: rect.x + end.x * rect.width, y: rect.y + end.y * rect.height))
        case .radialGradient(let stops, let center, let startRadius, let endRadius, let opacity):
            return .radialGradient(stops: resolve(stops, opacity, foreground),
                                   center: Point(x: rect.x + center.x * rect.width, y: rect.y + center.y * rect.height),
                                   startRadius: startRadius, endRadius: endRadius > 0 ? endRadius : max(rect.width, rect.height) / 2)
        case .colorGradient(let base, let opacity):
            // Color.gradient: the color, lightened at the top and darkened at the bottom.
            let c = color(base, foreground: foreground, diagnostics: diagnostics).withAlpha(opacity)
            let top = RGBA(c.r + (1 - c.r) * 0.12, c.g + (1 - c.g) * 0.12, c.b + (1 - c.b) * 0.12, c.a)
            let bottom = RGBA(c.r * 0.88, c.g * 0.88, c.b * 0.88, c.a)
            return .linearGradient(stops: [GradientStop(color: top, location: 0), GradientStop(color: bottom, location: 1)],
                                   start: Point(x: rect.midX, y: rect.minY), end: Point(x: rect.midX, y: rect.maxY))
        default:
            return .solid(color(style, foreground: foreground, diagnostics: diagnostics))
        }
    }

    private func resolve(_ stops: [StyleStop], _ opacity: Double, _ foreground: RGBA) -> [GradientStop] {
        stops.map { GradientStop(color: color($0.color, foreground: foreground).withAlpha(opacity), location: $0.location) }
    }

    /// One color for a style: gradients give their first stop, materials a translucent fill.
    public func color(_ style: ShapeStyle, foreground: RGBA, diagnostics: Diagnostics? = nil) -> RGBA {
        switch style {
        case .rgba(let c): return c
        case .semantic(let name, let opacity):
            guard let c = token(name) else {
                diagnostics?.warn("unknown color name \(MessageText.quoted(name)); drawn magenta")
                return .magenta
            }
            return c.withAlpha(opacity)
        case .named(let name, let opacity):
            guard let entry = catalog.colors[name] else {
                let line = diagnostics.map { $0.line > 0 ? "stream line \($0.line): " : "" } ?? ""
                diagnostics?.warn(once: "color " + name, "\(line)the asset catalog has no color \(MessageText.quoted(name)); drawn magenta")
                return RGBA.magenta.withAlpha(opacity)
            }
            let c = entry.value(dark: scheme == .dark, highContrast: contrast == .increased)
            return RGBA(c.red, c.green, c.blue, c.alpha * opacity)
        case .hierarchical(let level, let opacity):
            return hierarchical(level, of: foreground).withAlpha(opacity)
        case .linearGradient(let stops, _, _, let opacity), .radialGradient(let stops, _, _, _, let opacity):
            return (stops.first.map { color($0.color, foreground: foreground) } ?? .clear).withAlpha(opacity)
        case .colorGradient(let base, let opacity):
            return color(base, foreground: foreground).withAlpha(opacity)
        case .material(let name, let opacity):
            let alpha = ["ultraThin": 0.55, "thin": 0.7, "regular": 0.82, "thick": 0.9, "ultraThick": 0.96][name] ?? 0.82
            let base = pick(.white, RGBA(rgb255: 30, 30, 30)) // the spec's --sb-color-material-base
            return materialAlpha(base.withAlpha(alpha)).withAlpha(opacity)
        case .unrecognized:
            return .magenta
        }
    }
}
