import Drawing
import LayoutModel

extension SymbolTable {
    /// The glyph name `DisplayItem.symbol` draws for `systemName` resolved to `glyph`: its
    /// filled form when the name asks for one (a `fill` part) and the icon has one.
    static func drawnName(_ systemName: String, glyph: String) -> String {
        let wantsFill = systemName.split(separator: ".").contains("fill")
        return wantsFill && FilledGlyphs.recipes[glyph] != nil ? glyph + FilledGlyphs.suffix : glyph
    }

    /// `name` in its `.fill` form, as iOS shows tab bar items (SwiftUI applies
    /// `symbolVariant(.fill)` to them); names that already have it stay.
    public static func fillVariant(_ name: String) -> String {
        name.split(separator: ".").contains("fill") ? name : name + ".fill"
    }

    /// The badge a `NAME.badge.KIND` symbol adds when the table has no glyph for the whole
    /// name: the base glyph is drawn with this filled circle glyph at its bottom trailing corner.
    static func badgeGlyph(_ systemName: String) -> String? {
        guard table[systemName] == nil else { return nil }
        let parts = systemName.split(separator: ".")
        guard let badge = parts.firstIndex(of: "badge"), badge + 1 < parts.count else { return nil }
        return switch parts[badge + 1] {
        case "plus": "circle-plus"
        case "minus": "circle-minus"
        case "checkmark": "circle-check"
        case "xmark": "circle-x"
        case "exclamationmark": "circle-alert"
        default: nil
        }
    }
}

extension Painter {
    /// Appends the glyph of `systemName` (resolved to `glyph`) in `rect`: filled for `.fill`
    /// names, with a composed badge for `.badge.plus`-style names (docs/decisions.md).
    public mutating func appendSymbol(_ systemName: String, glyph: String, rect: Rect, color: RGBA, strokeWidth: Double) {
        append(.symbol(name: SymbolTable.drawnName(systemName, glyph: glyph), rect: rect, color: color, strokeWidth: strokeWidth,
                       mirrored: layout.mirrors(symbol: systemName)))
        guard let badge = SymbolTable.badgeGlyph(systemName) else { return }
        let side = min(rect.width, rect.height) * 0.55
        let badgeRect = Rect(x: rect.maxX - side * 0.8, y: rect.maxY - side * 0.8, width: side, height: side)
        append(.symbol(name: badge + FilledGlyphs.suffix, rect: badgeRect, color: color, strokeWidth: strokeWidth))
    }
}
