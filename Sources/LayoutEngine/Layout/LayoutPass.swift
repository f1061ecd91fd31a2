import LayoutModel

/// The result of laying out one commit: every attached element's frame in screen points
/// (snapped: origins floored, sizes rounded, shared edges agreeing), plus what painting and
/// reports need.
public struct LayoutResult: Sendable {
    public var environment: RenderEnvironment
    public var frames: [Int: Rect] = [:]
    /// Laid-out lines of every `text`, at its final width.
    public var texts: [Int: TextLayout] = [:]
    /// Resolved font of every `text` and `image`.
    public var fonts: [Int: ResolvedFont] = [:]
    /// Named parts of compound kinds (a bar, a switch, a grabber...), in screen points:
    /// the rects of `parts` and `decorations`, by name.
    public var chrome: [Int: [String: Rect]] = [:]
    /// Texts of compound kinds (a bar's title, a segment's label...), laid out where paint
    /// draws them, by name: the texts of `parts` and `decorations`.
    public var labels: [Int: [String: PlacedText]] = [:]
    /// The status bar's clock, laid out like any chrome text.
    public var statusBarTime: PlacedText?
    /// Typed parts of compound kinds, recorded by the element's own family.
    public var parts: [Int: any LayoutParts] = [:]
    /// Typed parts one family adds to another's element (a list row's `row`, `badge` and
    /// edit control), kept beside that element's own `parts`.
    public var decorations: [Int: any LayoutParts] = [:]
    public var contexts: [Int: InheritedContext] = [:]
    /// The proposal each element was placed with.
    public var proposals: [Int: ProposedSize] = [:]
    /// What a renderer reports back to Swift after this pass (`geometry`, `layout`), by element.
    public var measurements: [Int: LayoutMeasurement] = [:]
    /// The `accessibilityIdentifier` of every placed `styled` element that has one.
    public var identifiers: [Int: String] = [:]

    /// The placed elements whose `accessibilityIdentifier` is `identifier`, by id.
    public func elements(identifiedBy identifier: String) -> [Int] {
        identifiers.filter { $0.value == identifier }.keys.sorted()
    }
}

extension LayoutResult {
    /// Right-to-left layout (docs/decisions.md "Right-to-left layout"): the tree is laid out
    /// left to right, then every frame, part and laid-out line is reflected across the screen,
    /// which is what SwiftUI's flipped coordinate space gives (stacks run right to left,
    /// leading padding and alignment land on the right, natural text aligns right). Texts,
    /// images and symbols keep their own drawing; a directional symbol flips (`SymbolTable`).
    /// The status bar is the system's and stays as it is.
    mutating func mirror() {
        let m = HorizontalMirror(width: environment.device.size.width)
        frames = frames.mapValues(m.rect)
        parts = parts.mapValues { $0.mirrored(m) }
        decorations = decorations.mapValues { $0.mirrored(m) }
        chrome = chrome.mapValues { $0.mapValues(m.rect) }
        labels = labels.mapValues { $0.mapValues(m.text) }
    }

    /// Whether `symbol` is drawn mirrored: a directional symbol in right-to-left layout.
    public func mirrors(symbol: String) -> Bool {
        environment.layoutDirection == .rtl && SymbolTable.mirrorsInRightToLeft(symbol)
    }
}

/// What one pass knows of an element: the element, read from the tree once, the answers it
/// gave, and what its props say that layout asks for again and again. A class, so a lookup
/// neither copies the element nor hashes more than its id.
final class LayoutNode {
    let element: Element
    /// The sizes it reported, by proposal: an element is asked a handful of questions, so a
    /// short list searched in order costs less than hashing each proposal.
    var sizes: [(proposal: ProposedSize, size: Size)] = []
    /// A `text`'s layouts by proposal: placing reuses what sizing measured.
    var textLayouts: [(proposal: ProposedSize, layout: TextLayout)] = []
    /// What it inherits (`LayoutPass.context(_:)`).
    let context: InheritedContext
    /// Its style's `ignoresSafeArea` edges, nil when it ignores none (or is not `styled`).
    let ignoresSafeArea: SafeAreaEdges?
    /// Its stack priority (`StackLayout.layoutPriority`), once asked.
    var layoutPriority: Double?
    /// A `styled` box's layout modifiers, outermost first, once asked.
    var styleLayers: [StyledFamily.Layer]?
    /// Its resolved font (`LayoutPass.font(for:)`), once asked.
    var font: ResolvedFont?

    init(_ element: Element, context: InheritedContext) {
        self.element = element
        self.context = context
        // Only `styled` props are a Style: other kinds skip the cast, which is slow when it fails.
        let style = element.family == StyledFamily.self ? element.props as? Style : nil
        ignoresSafeArea = style.flatMap { $0.ignoresSafeArea.isEmpty ? nil : $0.ignoresSafeArea }
    }
}

/// A pass's nodes, one for every element of the tree, made before layout starts: looking one
/// up then changes nothing, so it needs no exclusivity check. Stream ids are small numbers in
/// practice, so ids up to a few times the element count index an array (no hashing); any
/// other id is found in a dictionary.
struct NodeTable {
    private var dense: [LayoutNode?]
    private var sparse: [Int: LayoutNode] = [:]
    /// What each element of the screen's subtree inherits, by id (`LayoutResult.contexts`).
    private(set) var contexts: [Int: InheritedContext] = [:]

    /// Walks the tree from the screen down, working out what each element inherits
    /// (`ElementFamily.childContext`); elements outside it inherit the defaults.
    init(_ tree: ElementTree) {
        dense = Array(repeating: nil, count: 4 * tree.elements.count + 64)
        contexts.reserveCapacity(tree.elements.count)
        var stack: [(Int, InheritedContext)] = [(ElementTree.rootID, InheritedContext())]
        while let (id, inherited) = stack.popLast() {
            guard let element = tree[id] else { continue }
            contexts[id] = inherited
            insert(LayoutNode(element, context: inherited))
            let childContext = element.family.childContext(element, inherited)
            for child in element.children { stack.append((child, childContext)) }
        }
        for (id, element) in tree.elements where self[id] == nil {
            insert(LayoutNode(element, context: InheritedContext()))
        }
    }

    private mutating func insert(_ node: LayoutNode) {
        let id = node.element.id
        if dense.indices.contains(id) { dense[id] = node } else { sparse[id] = node }
    }

    subscript(id: Int) -> LayoutNode? { dense.indices.contains(id) ? dense[id] : sparse[id] }
}

/// One layout pass over a tree: the single dispatch point, with a cache per (node, proposal).
public final class LayoutPass {
    public let tree: ElementTree
    public let environment: RenderEnvironment
    let measurer: TextMeasuring
    private(set) var result: LayoutResult
    /// Every element of the tree, by id (`node(_:)`).
    private let nodes: NodeTable

    public init(tree: ElementTree, environment: RenderEnvironment, measurer: TextMeasuring) {
        self.tree = tree
        self.environment = environment
        // The app's texts in the environment's pseudolanguage and weight; the status bar
        // (system chrome) is laid out with `measurer` itself.
        self.measurer = EnvironmentMeasurer.wrapping(measurer, for: environment)
        nodes = NodeTable(tree)
        result = LayoutResult(environment: environment)
        result.contexts = nodes.contexts
        // Each placed element gets a frame and a proposal, at most one per element: room made
        // once, not by doubling.
        result.frames.reserveCapacity(tree.elements.count)
        result.proposals.reserveCapacity(tree.elements.count)
    }

    /// Lays out the whole tree: each child of the screen is proposed the safe area and
    /// centered in it, except families that fill the screen.
    public static func run(tree: ElementTree, environment: RenderEnvironment, measurer: TextMeasuring) -> LayoutResult {
        let pass = LayoutPass(tree: tree, environment: environment, measurer: measurer)
        pass.placeRoot()
        pass.snapFrames()
        pass.layOutTexts()
        pass.result.statusBarTime = StatusBar.layOutTime(for: environment.device, measurer)
        if environment.layoutDirection == .rtl { pass.result.mirror() }
        return pass.result
    }

    private func placeRoot() {
        let device = environment.device
        let safe = safeRect
        result.frames[ElementTree.rootID] = Rect(origin: .zero, size: device.size)
        for child in tree.root.children {
            if tree[child]?.family.fillsScreen == true {
                // Bottom-anchored: full-height kinds sit at the origin, a sheet's card at the bottom.
                let size = sizeThatFits(child, ProposedSize(device.size))
                place(child, at: Point(x: 0, y: device.size.height - size.height), proposal: ProposedSize(device.size))
                continue
            }
            let proposal = ProposedSize(safe.size)
            let size = sizeThatFits(child, proposal)
            let origin = Point(x: safe.x + (safe.width - size.width) / 2, y: safe.y + (safe.height - size.height) / 2)
            place(child, at: origin, proposal: proposal)
        }
    }

    // MARK: - Dispatch

    /// The node of `id`; nil for an id not in the tree.
    func node(_ id: Int) -> LayoutNode? { nodes[id] }

    /// The size `id` reports for `proposal`. Cached: stacks ask the same question repeatedly.
    public func sizeThatFits(_ id: Int, _ proposal: ProposedSize) -> Size {
        guard let node = node(id) else { return .zero }
        if let cached = node.sizes.first(where: { $0.proposal == proposal }) { return cached.size }
        let size = node.element.family.sizeThatFits(node.element, proposal, self)
        if node.sizes.isEmpty { node.sizes.reserveCapacity(4) }
        node.sizes.append((proposal, size))
        return size
    }

    /// Places `id` at `origin` with the size it reports for `proposal`, then its children.
    @discardableResult
    public func place(_ id: Int, at origin: Point, proposal: ProposedSize) -> Rect {
        let size = sizeThatFits(id, proposal)
        var frame = Rect(origin: origin, size: size)
        guard let node = node(id) else { return frame }
        let element = node.element
        var proposal = proposal
        if let edges = node.ignoresSafeArea {
            let bled = bleed(frame, edges)
            if bled != frame { frame = bled; proposal = ProposedSize(bled.size) }
        }
        result.frames[id] = frame
        result.proposals[id] = proposal
        element.family.place(element, in: frame, proposal: proposal, self)
        return frame
    }

    /// SwiftUI's `.ignoresSafeArea`: a box that reaches the safe area's edge extends to the
    /// screen's edge along the ignored edges, and its content is laid out in the larger box.
    private func bleed(_ frame: Rect, _ edges: SafeAreaEdges) -> Rect {
        let device = environment.device
        let insets = device.safeArea
        var minX = frame.minX, minY = frame.minY, maxX = frame.maxX, maxY = frame.maxY
        let tolerance = 0.5
        if edges.top, minY <= insets.top + tolerance { minY = min(minY, 0) }
        if edges.bottom, maxY >= device.size.height - insets.bottom - tolerance { maxY = max(maxY, device.size.height) }
        if edges.leading, minX <= insets.leading + tolerance { minX = min(minX, 0) }
        if edges.trailing, maxX >= device.size.width - insets.trailing - tolerance { maxX = max(maxX, device.size.width) }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Places `id` with exactly `frame`, whatever it reports (a custom layout's answered
    /// frames, a grid row, a split view's columns), then its children.
    public func place(_ id: Int, in frame: Rect, proposal: ProposedSize) {
        guard let element = node(id)?.element else { return }
        result.frames[id] = frame
        result.proposals[id] = proposal
        element.family.place(element, in: frame, proposal: proposal, self)
    }

    // MARK: - Shared state for kinds

    public func context(_ id: Int) -> InheritedContext { node(id)?.context ?? InheritedContext() }

    /// Resolved once a pass per element, and recorded in `result.fonts`.
    func font(for id: Int) -> ResolvedFont {
        let node = node(id)
        if let known = node?.font { return known }
        let font = context(id).resolvedFont(environment.dynamicTypeSize)
        result.fonts[id] = font
        node?.font = font
        return font
    }

    func record(text layout: TextLayout, for id: Int) { result.texts[id] = layout }
    /// Stores the typed parts of `id`'s own family and copies their rects and texts into
    /// `chrome` and `labels`.
    func record(parts: some LayoutParts, for id: Int) {
        copy(parts, replacing: result.parts[id], for: id)
        result.parts[id] = parts
    }

    /// Stores what another family adds to `id` (a list row's decorations) beside its parts.
    func record(decoration: some LayoutParts, for id: Int) {
        copy(decoration, replacing: result.decorations[id], for: id)
        result.decorations[id] = decoration
    }

    /// Copies a record's rects and texts into `chrome` and `labels`, removing only the names
    /// the record it replaces gave: the element's parts and decorations share the names.
    private func copy(_ record: some LayoutParts, replacing old: (any LayoutParts)?, for id: Int) {
        if let old {
            for name in old.chrome.keys { result.chrome[id]?[name] = nil }
            for name in old.labels.keys { result.labels[id]?[name] = nil }
        }
        result.chrome[id, default: [:]].merge(record.chrome) { $1 }
        result.labels[id, default: [:]].merge(record.labels) { $1 }
    }
    func record(measurement: LayoutMeasurement, for id: Int) { result.measurements[id] = measurement }
    func record(identifier: String, for id: Int) { result.identifiers[id] = identifier }

    /// Each family lays out the texts it draws inside its element's final (snapped) frame.
    private func layOutTexts() {
        for (id, frame) in result.frames {
            guard let element = node(id)?.element else { continue }
            element.family.layOutTexts(element, in: frame, self)
        }
    }

    /// Device pixel snapping, after placement (the spec's numbers): origins floor, sizes
    /// round. Where those disagree at an edge two frames share, the edge wins: a frame whose
    /// far edge lies where another frame begins (siblings placed edge to edge, spacing 0)
    /// ends at that origin's pixel, so they touch instead of leaving a 1 pt gap or overlap.
    private func snapFrames() {
        func pixel(_ v: Double) -> Double { (v + 1e-6).rounded(.down) }
        /// Coordinates compared with a tolerance far below a pixel: sums of the same terms
        /// in another order may differ in the last bits.
        func key(_ v: Double) -> Double { (v * 1e4).rounded() }
        let originsX = Set(result.frames.values.map { key($0.x) })
        let originsY = Set(result.frames.values.map { key($0.y) })
        for (id, f) in result.frames {
            let x = pixel(f.x), y = pixel(f.y)
            let width = originsX.contains(key(f.maxX)) ? pixel(f.maxX) - x : f.width.rounded()
            let height = originsY.contains(key(f.maxY)) ? pixel(f.maxY) - y : f.height.rounded()
            result.frames[id] = Rect(x: x, y: y, width: width, height: height)
        }
    }
}

