import TextMeasure

/// Turns a laid-out tree into a display list in the iOS look, for one color scheme.
/// Walks the tree in document order (later siblings draw on top), carrying the inherited
/// foreground, and pairs every push with its pop.
public struct Painter {
    let tree: ElementTree
    let layout: LayoutResult
    let palette: Palette
    let measurer: TextMeasuring
    let diagnostics: Diagnostics
    private var items: [DisplayItem] = []

    /// What a subtree inherits while painting.
    struct PaintState {
        var foreground: RGBA
        /// True once a `styled` above set a foreground: it then beats a button's tint.
        var explicitForeground = false
    }

    public static func paint(tree: ElementTree, layout: LayoutResult, measurer: TextMeasuring,
                             diagnostics: Diagnostics) -> DisplayList {
        let env = layout.environment
        var painter = Painter(tree: tree, layout: layout, palette: Palette(env.colorScheme),
                              measurer: measurer, diagnostics: diagnostics)
        let screen = Rect(origin: .zero, size: env.device.size)
        painter.items.append(.fill(.rect, screen, .solid(painter.palette.systemBackground)))
        let state = PaintState(foreground: painter.palette.label)
        for child in tree.root.children { painter.paint(child, state) }
        painter.items += StatusBar.items(for: env.device, palette: painter.palette, measurer: measurer)
        return DisplayList(size: env.device.size, items: painter.items)
    }

    private mutating func paint(_ id: Int, _ inherited: PaintState) {
        guard let element = tree[id], let frame = layout.frames[id] else { return }
        var state = inherited
        switch element.props {
        case .styled(let style):
            paintStyled(element, style, frame, &state)
            return
        case .text:
            paintText(id, frame, state)
        case .image(let systemName):
            paintSymbol(id, systemName, frame, state)
        case .color(let style):
            items.append(.fill(.rect, frame, palette.paint(style, in: frame, foreground: state.foreground, diagnostics: diagnostics)))
        case .shape(let props):
            paintShape(props, frame, state)
        case .button(let style, let destructive):
            paintButton(element, style, destructive, frame, state)
            return
        case .none where element.kind == .divider:
            // A hairline: one device pixel of separator color along the divider.
            let hairline = 1 / layout.environment.device.scale
            let line = frame.width < frame.height
                ? Rect(x: frame.x, y: frame.y, width: hairline, height: frame.height)
                : Rect(x: frame.x, y: frame.y, width: frame.width, height: hairline)
            items.append(.fill(.rect, line, .solid(palette.separator)))
        case .unknown:
            paintPlaceholder(label: "\(element.kind)", frame, state)
            return
        default:
            break
        }
        for child in element.children { paint(child, state) }
    }

    private mutating func paintStyled(_ element: Element, _ style: Style, _ frame: Rect, _ state: inout PaintState) {
        if style.hidden { return }
        var pops: [DisplayItem] = []
        let opacity = (style.opacity ?? 1) * (style.disabled == true ? 0.4 : 1)
        if opacity < 1 {
            items.append(.pushGroup(opacity: max(0, opacity)))
            pops.append(.popGroup)
        }
        if let radius = style.cornerRadius, radius > 0 {
            items.append(.pushClip(.roundedRect(cornerRadius: radius), frame))
            pops.append(.popClip)
        } else if style.clipped {
            items.append(.pushClip(.rect, frame))
            pops.append(.popClip)
        }
        if let background = style.background {
            items.append(.fill(.rect, frame, palette.paint(background, in: frame, foreground: state.foreground,
                                                           diagnostics: diagnostics)))
        }
        if let foreground = style.foreground {
            state.foreground = palette.color(foreground, foreground: state.foreground, diagnostics: diagnostics)
            state.explicitForeground = true
        }
        for child in element.children { paint(child, state) }
        items += pops.reversed()
    }

    private mutating func paintText(_ id: Int, _ frame: Rect, _ state: PaintState) {
        guard let text = layout.texts[id], let font = layout.fonts[id] else { return }
        let fraction: Double = switch layout.contexts[id]?.textAlignment ?? .leading {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
        for (i, line) in text.lines.enumerated() {
            let origin = Point(x: frame.x + (frame.width - line.width) * fraction, y: frame.y + Double(i) * font.lineHeight)
            items.append(.text(TextRun(text: line.text, font: font, color: state.foreground, origin: origin, width: line.width)))
        }
    }

    private mutating func paintSymbol(_ id: Int, _ systemName: String?, _ frame: Rect, _ state: PaintState) {
        guard let systemName, let glyph = SymbolTable.lucideName(for: systemName) else {
            diagnostics.warn("no symbol for image \"\(systemName ?? "")\": drawn as a placeholder")
            paintPlaceholder(label: nil, frame, state)
            return
        }
        // The glyph is 1 em of the font, centered in the line-height square.
        let em = layout.fonts[id]?.size ?? frame.height
        let rect = Rect(x: frame.midX - em / 2, y: frame.midY - em / 2, width: em, height: em)
        items.append(.symbol(name: glyph, rect: rect, color: state.foreground, strokeWidth: 2))
    }

    private mutating func paintShape(_ props: ShapeProps, _ frame: Rect, _ state: PaintState) {
        let outline: ShapeOutline = switch props.shape {
        case .rectangle: .rect
        case .roundedRectangle, .containerRelative: .roundedRect(cornerRadius: props.cornerRadius)
        case .circle, .ellipse: .ellipse
        case .capsule: .capsule
        }
        // A circle is the largest circle centered in the frame; an ellipse fills it.
        let rect = props.shape == .circle
            ? Rect(x: frame.midX - min(frame.width, frame.height) / 2, y: frame.midY - min(frame.width, frame.height) / 2,
                   width: min(frame.width, frame.height), height: min(frame.width, frame.height))
            : frame
        if let fill = props.fill {
            items.append(.fill(outline, rect, palette.paint(fill, in: rect, foreground: state.foreground, diagnostics: diagnostics)))
        } else if props.stroke == nil {
            items.append(.fill(outline, rect, .solid(state.foreground)))
        }
        if let stroke = props.stroke, stroke.lineWidth > 0 {
            // SwiftUI's stroke is centered on the outline; strokeBorder (inset) stays inside it.
            let strokeRect = stroke.inset ? rect.insetBy(dx: stroke.lineWidth / 2, dy: stroke.lineWidth / 2) : rect
            let insetOutline: ShapeOutline = if case .roundedRect(let r) = outline, stroke.inset {
                .roundedRect(cornerRadius: max(0, r - stroke.lineWidth / 2))
            } else { outline }
            items.append(.stroke(insetOutline, strokeRect,
                                 palette.paint(stroke.style, in: rect, foreground: state.foreground, diagnostics: diagnostics),
                                 lineWidth: stroke.lineWidth, dash: []))
        }
    }

    private mutating func paintButton(_ element: Element, _ style: ButtonStyleKind, _ destructive: Bool, _ frame: Rect,
                                      _ inherited: PaintState) {
        var state = inherited
        let tint = destructive ? palette.red : palette.accent
        switch style {
        case .bordered:
            items.append(.fill(.capsule, frame, .solid(palette.tertiarySystemFill)))
            if !state.explicitForeground { state.foreground = tint }
        case .borderedProminent:
            items.append(.fill(.capsule, frame, .solid(tint)))
            if !state.explicitForeground { state.foreground = .white }
        case .plain:
            if destructive && !state.explicitForeground { state.foreground = tint }
        case .automatic, .borderless:
            if !state.explicitForeground { state.foreground = tint }
        }
        for child in element.children { paint(child, state) }
    }

    /// A visible stand-in: a dashed outline, a faint fill and, when given, the kind's name.
    private mutating func paintPlaceholder(label: String?, _ frame: Rect, _ state: PaintState) {
        let color = palette.secondaryLabel
        items.append(.fill(.roundedRect(cornerRadius: 4), frame, .solid(palette.quaternarySystemFill)))
        items.append(.stroke(.roundedRect(cornerRadius: 4), frame.insetBy(dx: 0.5, dy: 0.5), .solid(color),
                             lineWidth: 1, dash: [4, 3]))
        guard let label, frame.width > 8, frame.height > 8 else { return }
        let font = ResolvedFont(size: 11, lineHeight: 13, weight: .medium, design: .monospaced)
        let text = measurer.layout(label, font: font, width: max(0, frame.width - 8), lineLimit: 1)
        guard let line = text.lines.first, frame.height >= font.lineHeight else { return }
        items.append(.text(TextRun(text: line.text, font: font, color: color,
                                   origin: Point(x: frame.midX - line.width / 2, y: frame.midY - font.lineHeight / 2),
                                   width: line.width)))
    }
}
