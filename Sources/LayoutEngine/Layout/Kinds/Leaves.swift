import TextMeasure

/// `spacer`: along its stack's axis at least `minLength` (default 8) and at most the
/// proposal; 0 across. Outside a stack it fills both axes.
enum SpacerLayout: ElementLayout {
    static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let minimum: Double = if case .spacer(let m) = e.props, let m { m } else { 8 }
        guard let axis = pass.context(e.id).stackAxis else {
            return Size(width: max(minimum, p.width ?? 0), height: max(minimum, p.height ?? 0))
        }
        return axis.size(along: max(minimum, axis.along(p) ?? minimum), across: 0)
    }
}

/// `divider`: 1 point thick across its stack's axis (drawn as a hairline), as long as proposed.
enum DividerLayout: ElementLayout {
    static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let thickness = pass.environment.device.scale >= 3 ? 1 : 0.5
        if pass.context(e.id).stackAxis == .horizontal {
            return Size(width: thickness, height: p.height ?? 0)
        }
        return Size(width: p.width ?? 0, height: thickness)
    }
}

/// `color` and `shape`: exactly the proposal; an unspecified axis is 10, as in SwiftUI.
enum FillingLayout: ElementLayout {
    static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        p.replacingUnspecified(by: Size(width: 10, height: 10))
    }
}

/// `image(systemName:)`: a square of the font's line height.
enum ImageLayout: ElementLayout {
    static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let side = pass.font(for: e.id).lineHeight
        return Size(width: side, height: side)
    }
}

/// An element kind shotter does not draw yet: a flexible box (the proposal, 10 where
/// unspecified) that the painter fills with a labelled placeholder. Its children are not laid out.
enum PlaceholderLayout: ElementLayout {
    static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let s = p.replacingUnspecified(by: Size(width: 10, height: 10))
        return Size(width: s.width.isFinite ? s.width : 10, height: s.height.isFinite ? s.height : 10)
    }
}
