import LayoutModel

/// Settings a subtree inherits from the `styled` elements above it. Computed once per pass,
/// top down, so a node's size depends only on the node and its proposal (what makes the
/// per-(node, proposal) cache valid).
public struct InheritedContext: Hashable, Sendable {
    public var font = FontSpec()
    /// An explicit foreground set by a `styled` above; nil means the kind's default.
    public var foreground: ShapeStyle?
    public var lineLimit: Int?
    public var textAlignment: TextAlignment = .leading
    /// The nearest enclosing stack's axis, which is what a Spacer or Divider stretches along.
    public var stackAxis: Axis?
    public var disabled = false
    /// Set where text keeps one size whatever the environment's (navigation bar items).
    public var pinnedDynamicTypeSize: DynamicTypeSize?
    /// `.imageScale`: the factor symbol images measure and draw at (0.8 / 1 / 1.25).
    public var imageScale = 1.0

    /// Applies one style's inheritable fields. Font fields change only themselves, except
    /// that `size` and `textStyle` replace each other (they are mutually exclusive).
    mutating func apply(_ style: Style) {
        if let f = style.font {
            if let textStyle = f.textStyle { font.textStyle = textStyle; font.size = nil; font.relativeTo = nil }
            if let size = f.size { font.size = size; font.textStyle = nil; font.relativeTo = f.relativeTo }
            if let weight = f.weight { font.weight = weight }
            if let design = f.design { font.design = design }
        }
        if let foreground = style.foreground { self.foreground = foreground }
        if let limit = style.lineLimit { lineLimit = limit }
        if let alignment = style.multilineTextAlignment { textAlignment = alignment }
        if style.disabled == true { disabled = true }
    }

    /// The concrete font for a Dynamic Type size.
    public func resolvedFont(_ environmentSize: DynamicTypeSize) -> ResolvedFont {
        let size = pinnedDynamicTypeSize ?? environmentSize
        var result: ResolvedFont
        if let points = font.size {
            let requested = font.relativeTo.map { points * DynamicTypeTable.scale($0, size) } ?? points
            let scaled = ResolvedFont.drawable(requested)
            result = ResolvedFont(size: scaled, lineHeight: DynamicTypeTable.lineHeight(forPointSize: scaled))
        } else {
            let style = font.textStyle ?? .body
            let m = DynamicTypeTable.metrics(style, size)
            result = ResolvedFont(size: m.size, lineHeight: m.lineHeight, weight: style == .headline ? .semibold : .regular)
        }
        if let weight = font.weight { result.weight = weight }
        result.design = font.design ?? .default
        return result
    }
}
