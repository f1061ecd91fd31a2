import Drawing

extension Palette {
    /// `.primary` ... `.quaternary` (levels 1...4; others draw as 1) of the current foreground.
    /// Over the default foreground (the label color) iOS resolves them to the label colors
    /// (secondaryLabel is rgba(60,60,67,0.6), which shows as (138,138,142) on white); over any
    /// other foreground they are that color at the same levels' opacities (docs/decisions.md).
    func hierarchical(_ level: Int, of foreground: RGBA) -> RGBA {
        let level = (1...4).contains(level) ? level : 1
        if foreground == label {
            return [label, secondaryLabel, tertiaryLabel, quaternaryLabel][level - 1]
        }
        return foreground.withAlpha([1, 0.6, 0.3, 0.18][level - 1])
    }
}
