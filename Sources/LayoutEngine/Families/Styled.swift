import Drawing
import LayoutModel

extension Style: ElementProps {}

/// `styled`: the layout modifiers of one style, nested as containerRelativeFrame > frame >
/// padding > fixedSize > aspectRatio > position > child.
/// Every other field (font, colors, opacity, ...) is pass-through for layout: it changes what
/// the subtree inherits, and how the box is painted.
public enum StyledFamily: ElementFamily {
    public static let kindNames = ["styled"]
    public static let mayDrawPictures = false
    public static func knownProps(kind: String) -> Set<String> { ["style"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        guard let style = try r.object("style") else { return Style() }
        return try Style.decode(style)
    }

    public static func childContext(_ e: Element, _ context: InheritedContext) -> InheritedContext {
        var c = context
        if let style = e.props as? Style {
            c.apply(style)
            if let scale = style.imageScale { c.imageScale = scale.factor }
        }
        return c // a styled box is transparent to the stack axis: a wrapped Spacer still stretches
    }
    enum Layer {
        case frame(FrameSpec)
        case padding(EdgeInsets)
        case fixedSize(horizontal: Bool, vertical: Bool)
        /// The child is centered, or aligned like the frame of the same box.
        case aspectRatio(AspectRatioSpec, Alignment)
        case position(Point)
    }

    /// Worked out once a pass per element (`LayoutNode.styleLayers`): stacks ask a styled
    /// box for its size several times.
    private static func layers(_ e: Element, _ pass: LayoutPass) -> [Layer] {
        guard let node = pass.node(e.id) else { return makeLayers(e, pass) }
        if let known = node.styleLayers { return known }
        let layers = makeLayers(e, pass)
        node.styleLayers = layers
        return layers
    }

    private static func makeLayers(_ e: Element, _ pass: LayoutPass) -> [Layer] {
        guard let style = e.props as? Style else { return [] }
        var layers: [Layer] = []
        if let relative = style.containerRelativeFrame {
            // The container is the screen's safe area (docs/decisions.md).
            let device = pass.environment.device
            let container = Size(width: device.size.width - device.safeArea.horizontal,
                                 height: device.size.height - device.safeArea.vertical)
            layers.append(.frame(StyleLayerMath.frame(relative, container: container)))
        }
        if let frame = style.frame { layers.append(.frame(frame)) }
        if let padding = style.padding { layers.append(.padding(padding)) }
        if style.fixedHorizontal || style.fixedVertical {
            layers.append(.fixedSize(horizontal: style.fixedHorizontal, vertical: style.fixedVertical))
        }
        if let aspect = style.aspectRatio { layers.append(.aspectRatio(aspect, style.frame?.alignment ?? .center)) }
        if let position = style.position { layers.append(.position(position)) }
        return layers
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        size(layers(e, pass)[...], e.children.first, p, pass)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        if let identifier = (e.props as? Style)?.accessibilityIdentifier { pass.record(identifier: identifier, for: e.id) }
        place(layers(e, pass)[...], e.children.first, in: frame, proposal: proposal, pass)
    }

    private static func size(_ layers: ArraySlice<Layer>, _ child: Int?, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        guard let layer = layers.first else { return child.map { pass.sizeThatFits($0, p) } ?? .zero }
        let rest = layers.dropFirst()
        switch layer {
        case .frame(let f):
            let childSize = size(rest, child, childProposal(f, p), pass)
            return frameSize(f, p, childSize)
        case .padding(let insets):
            let inner = size(rest, child, inset(p, insets), pass)
            return Size(width: inner.width + insets.horizontal, height: inner.height + insets.vertical)
        case .fixedSize(let h, let v):
            return size(rest, child, ProposedSize(width: h ? nil : p.width, height: v ? nil : p.height), pass)
        case .aspectRatio(let spec, _):
            let cp = StyleLayerMath.aspectProposal(spec, p) { size(rest, child, .unspecified, pass) }
            return size(rest, child, cp, pass)
        case .position:
            return StyleLayerMath.positionedSize(p, ideal: size(rest, child, .unspecified, pass))
        }
    }

    private static func place(_ layers: ArraySlice<Layer>, _ child: Int?, in rect: Rect, proposal p: ProposedSize,
                              _ pass: LayoutPass) {
        guard let layer = layers.first else {
            if let child { pass.place(child, at: rect.origin, proposal: p) }
            return
        }
        let rest = layers.dropFirst()
        switch layer {
        case .frame(let f):
            let cp = childProposal(f, p)
            let childSize = size(rest, child, cp, pass)
            place(rest, child, in: Rect(origin: aligned(childSize, in: rect, f.alignment), size: childSize), proposal: cp, pass)
        case .padding(let insets):
            let inner = Rect(x: rect.x + insets.leading, y: rect.y + insets.top,
                             width: max(0, rect.width - insets.horizontal), height: max(0, rect.height - insets.vertical))
            place(rest, child, in: inner, proposal: inset(p, insets), pass)
        case .fixedSize(let h, let v):
            place(rest, child, in: rect, proposal: ProposedSize(width: h ? nil : p.width, height: v ? nil : p.height), pass)
        case .aspectRatio(let spec, let alignment):
            let cp = StyleLayerMath.aspectProposal(spec, p) { size(rest, child, .unspecified, pass) }
            let childSize = size(rest, child, cp, pass)
            place(rest, child, in: Rect(origin: aligned(childSize, in: rect, alignment), size: childSize), proposal: cp, pass)
        case .position(let center):
            let childSize = size(rest, child, .unspecified, pass)
            let origin = Point(x: rect.x + center.x - childSize.width / 2, y: rect.y + center.y - childSize.height / 2)
            place(rest, child, in: Rect(origin: origin, size: childSize), proposal: .unspecified, pass)
        }
    }

    private static func inset(_ p: ProposedSize, _ insets: EdgeInsets) -> ProposedSize {
        ProposedSize(width: p.width.map { max(0, $0 - insets.horizontal) },
                     height: p.height.map { max(0, $0 - insets.vertical) })
    }

    /// Fixed sizes are proposed as they are; flexible bounds clamp the proposal, and an
    /// unspecified proposal asks for the ideal size when one is given.
    static func childProposal(_ f: FrameSpec, _ p: ProposedSize) -> ProposedSize {
        func axis(_ fixed: Double?, _ minimum: Double?, _ ideal: Double?, _ maximum: Double?, _ proposed: Double?) -> Double? {
            if let fixed { return fixed }
            guard let proposed else { return ideal }
            var v = proposed
            if let minimum { v = max(v, minimum) }
            if let maximum { v = min(v, maximum) }
            return v
        }
        return ProposedSize(width: axis(f.width, f.minWidth, f.idealWidth, f.maxWidth, p.width),
                            height: axis(f.height, f.minHeight, f.idealHeight, f.maxHeight, p.height))
    }

    /// SwiftUI's flexible frame: with a minimum, max(min, min(child, proposal)); with a
    /// maximum, min(max, max(child, proposal)); a nil proposal leaves the child's size to clamp.
    static func frameSize(_ f: FrameSpec, _ p: ProposedSize, _ child: Size) -> Size {
        func axis(_ fixed: Double?, _ minimum: Double?, _ maximum: Double?, _ proposed: Double?, _ childValue: Double) -> Double {
            if let fixed { return fixed }
            var v = childValue
            if let minimum { v = max(minimum, min(v, proposed ?? v)) }
            if let maximum { v = min(maximum, max(v, proposed ?? v)) }
            return v
        }
        return Size(width: axis(f.width, f.minWidth, f.maxWidth, p.width, child.width),
                    height: axis(f.height, f.minHeight, f.maxHeight, p.height, child.height))
    }
}

extension StyledFamily {
    /// What `.disabled(true)` dims a subtree to.
    static let disabledOpacity = 0.4

    /// `opacity` times `disabled`'s 0.4.
    static func groupOpacity(_ style: Style) -> Double { (style.opacity ?? 1) * (style.disabled == true ? disabledOpacity : 1) }

    /// Whether the box paints its subtree as a transparency group (a canvas-sized surface while
    /// it is open, which is why `Limits.maxNestedGroups` counts them).
    static func opensGroup(_ style: Style) -> Bool { groupOpacity(style) < 1 || style.effects.mask != nil }

    /// Opacity (and disabled's 0.4) as a group, the corner clip, the background, then the
    /// subtree with the new foreground. A hidden box draws nothing.
    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ inherited: Painter.State) {
        guard let style = e.props as? Style, !style.hidden else { return }
        var state = inherited
        var pops: [DisplayItem] = []
        if opensGroup(style) {
            painter.append(.pushGroup(opacity: max(0, groupOpacity(style))))
            pops.append(.popGroup)
        }
        pops += openEffects(e, style, in: frame, &painter, state)
        if let radius = style.cornerRadius, radius > 0 {
            painter.append(.pushClip(.roundedRect(cornerRadius: radius), frame))
            pops.append(.popClip)
        } else if style.clipped {
            painter.append(.pushClip(.rect, frame))
            pops.append(.popClip)
        }
        if let background = style.background {
            painter.fill(.rect, frame, with: background, state)
        }
        if style.labelIcon, style.foreground == nil, !state.explicitForeground, ListLayout.isInsideList(e.id, painter.tree) {
            state.foreground = painter.palette.accent // a Label's icon in a list row takes the tint
        }
        if let foreground = style.foreground {
            state.foregroundGradient = foreground.isGradient ? foreground : nil
            state.foreground = painter.palette.color(foreground, foreground: state.foreground, diagnostics: painter.diagnostics)
            state.explicitForeground = true
        }
        if let tint = style.tint {
            state.tint = painter.palette.color(tint, foreground: state.foreground, diagnostics: painter.diagnostics)
        }
        painter.paintChildren(of: e, state)
        for pop in pops.reversed() { painter.append(pop) }
    }
}
