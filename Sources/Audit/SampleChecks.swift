import Drawing
import LayoutEngine
import LayoutModel

/// The checks that need one configuration only: clipping, overlap, contrast, targets, names
/// and (at large) small text.
struct SampleChecks {
    let screen: ScreenTree
    let sample: ScreenSample
    /// Rendered pixels for texts over gradients, images and materials (nil: gradient stops).
    let pixels: (any PixelSampler)?
    private(set) var observations: [Observation] = []
    private(set) var unmeasured = 0
    private let boxes: [TextBox]

    /// Tolerances and thresholds, in points (docs/audit.md).
    static let clipTolerance = 0.5
    static let overlapArea = 1.0
    static let minimumTarget = 24.0
    static let comfortableTarget = 44.0
    static let smallText = 11.0
    static let obscuredShare = 0.5
    /// WCAG 1.4.11 Non-text Contrast.
    static let nonTextContrast = 3.0

    init(screen: ScreenTree, sample: ScreenSample, pixels: (any PixelSampler)? = nil) {
        self.screen = screen
        self.sample = sample
        self.pixels = pixels
        self.boxes = sample.textBoxes(screen)
    }

    mutating func run() throws {
        for box in boxes { checkClipping(box) }
        checkOverlaps()
        for box in boxes { try checkContrast(box) }
        try checkNonTextContrast()
        checkTargets()
        checkNames()
        if sample.configuration.size == Audit.referenceSize { checkSmallText() }
    }

    private mutating func add(_ check: Check, _ severity: Severity, _ id: Int, part: String? = nil, related: Int? = nil,
                              frame: Rect?, _ measurement: Measurement?, _ detail: String, review: Bool = false) {
        var element = screen.ref(id)
        // A compound kind's label is quoted by its own text.
        if let part, let label = boxes.first(where: { $0.element == id && $0.part == part }) { element.text = label.string }
        observations.append(Observation(check: check, severity: severity, element: element, part: part,
                                        related: related.map(screen.ref), frame: frame, measurement: measurement,
                                        detail: detail, review: review, configuration: sample.configuration))
    }

    // MARK: text.clipped

    /// How far `lines` reach past `bounds` (the largest of the four sides, or of the top and
    /// bottom; 0 inside).
    private static func overflow(_ lines: [Rect], past bounds: Rect, vertically: Bool = false) -> Double {
        lines.reduce(0) { worst, line in
            var sides = [bounds.minY - line.minY, line.maxY - bounds.maxY]
            if !vertically { sides += [bounds.minX - line.minX, line.maxX - bounds.maxX] }
            return max(worst, sides.max()!)
        }
    }

    private mutating func checkClipping(_ box: TextBox) {
        let lines = box.lineRects.filter { $0.width > 0 }
        guard !lines.isEmpty else { return }
        var worst: (amount: Double, what: String, frame: Rect)?
        func consider(_ amount: Double, _ what: String, _ frame: Rect) {
            if amount > Self.clipTolerance && amount > (worst?.amount ?? 0) { worst = (amount, what, frame) }
        }
        let layout = sample.layout
        if box.part == nil, let frame = layout.frames[box.element] {
            consider(Self.overflow(lines, past: frame), "its frame", frame)
        }
        for ancestor in [box.element] + screen.ancestors(of: box.element) where screen.clips(ancestor) {
            if let frame = layout.frames[ancestor] {
                consider(Self.overflow(lines, past: frame), "the clipping #\(ancestor) \(screen.tree[ancestor]?.kind ?? "")", frame)
            }
        }
        // Past the top or bottom of a screen that does not scroll. (Past a side edge is
        // `layout.offscreen`; content in a scroll view scrolls into view.)
        if !screen.hasAncestor(of: box.element, kindIn: ["scrollview", "list"]) {
            consider(Self.overflow(lines, past: sample.screenRect, vertically: true), "the screen", sample.screenRect)
        }
        for bar in bars(over: box.element) {
            consider(Self.depth(lines, under: bar.rect), "the \(bar.name) of #\(bar.owner) \(screen.tree[bar.owner]?.kind ?? "")", bar.rect)
        }
        guard let worst else { return }
        add(.textClipped, .error, box.element, part: box.part, frame: worst.frame,
            Measurement(value: worst.amount, threshold: Self.clipTolerance, unit: "pt"),
            "lines extend \(fmt(worst.amount)) pt past \(worst.what)")
    }

    /// How deep `lines` reach under `bar`: the most any line shares with it vertically, where
    /// it also shares some width.
    private static func depth(_ lines: [Rect], under bar: Rect) -> Double {
        lines.reduce(0) { worst, line in
            guard let shared = intersection(line, bar) else { return worst }
            return max(worst, shared.height)
        }
    }

    /// The bars drawn over the content that holds `id`: a navigation screen's bar (with its
    /// large title and search field) and bottom toolbar, a tab view's tab bar. Not the bars
    /// the text is part of (a title, a toolbar item) or is presented over (a sheet), and not a
    /// bottom bar over a scroll view or list, whose content inset lets the text scroll clear.
    private func bars(over id: Int) -> [(name: String, owner: Int, rect: Rect)] {
        let ancestors = screen.ancestors(of: id)
        var result: [(name: String, owner: Int, rect: Rect)] = []
        for (depth, owner) in ancestors.enumerated() {
            // The owner's child holding the text: content, not a bar item.
            let child = depth == 0 ? id : ancestors[depth - 1]
            // A sheet or alert presented from the owner is drawn over its bars.
            guard let kind = screen.tree[owner]?.kind, kind == "navscreen" || kind == "tabview",
                  !["toolbar", "searchfield"].contains(screen.tree[child]?.kind ?? ""),
                  screen.presentation(of: id) == screen.presentation(of: owner) else { continue }
            let chrome = sample.layout.chrome[owner] ?? [:]
            let scrolls = ancestors[..<depth].contains { ["scrollview", "list"].contains(screen.tree[$0]?.kind ?? "") }
            if kind == "navscreen", let bar = chrome["bar"] {
                let top = [chrome["largeTitle"], chrome["searchField"]].compactMap { $0 }.reduce(bar) { $0.union($1) }
                result.append(("navigation bar", owner, top))
            }
            let bottom = kind == "navscreen" ? chrome["bottomBar"].map { ("toolbar", $0) } : chrome["bar"].map { ("tab bar", $0) }
            if let (name, rect) = bottom, !scrolls { result.append((name, owner, rect)) }
        }
        return result
    }

    // MARK: text.overlap

    /// Two elements drawn over each other on purpose: one contains the other, they meet in a
    /// `zstack` or an overlay / background (`decorated`), or one is presented over the other.
    private func layeredOnPurpose(_ a: Int, _ b: Int) -> Bool {
        if a == b || screen.presentation(of: a) != screen.presentation(of: b) { return true }
        let aUp = [a] + screen.ancestors(of: a)
        let bUp = Set([b] + screen.ancestors(of: b))
        guard let common = aUp.first(where: bUp.contains) else { return false }
        if common == a || common == b { return true }
        return ["zstack", "decorated"].contains(screen.tree[common]?.kind ?? "")
    }

    private mutating func checkOverlaps() {
        let layout = sample.layout
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] where !layeredOnPurpose(a.element, b.element) {
                let shared = a.visibleLineRects.reduce(0) { sum, la in sum + b.visibleLineRects.reduce(0) { $0 + area(la, $1) } }
                guard shared > Self.overlapArea else { continue }
                // Named on the text created first, so the pair is one finding at every size.
                let aFirst = (screen.ref(a.element).line, a.element) <= (screen.ref(b.element).line, b.element)
                let (main, other) = aFirst ? (a, b) : (b, a)
                add(.textOverlap, .error, main.element, part: main.part, related: other.element,
                    frame: main.lineRects.reduce(main.lineRects[0]) { $0.union($1) },
                    Measurement(value: shared, threshold: Self.overlapArea, unit: "pt²"),
                    "lines drawn over \(screen.ref(other.element).description)" + (other.part.map { " (\($0))" } ?? ""))
            }
        }
        for control in layout.frames.keys.sorted() where ScreenTree.controlKinds.contains(screen.tree[control]?.kind ?? "")
            && !screen.isHidden(control) {
            guard let frame = layout.frames[control] else { continue }
            for box in boxes where !layeredOnPurpose(box.element, control) {
                let shared = box.visibleLineRects.reduce(0) { $0 + area($1, frame) }
                guard shared > Self.overlapArea else { continue }
                add(.textOverlap, .error, box.element, part: box.part, related: control, frame: frame,
                    Measurement(value: shared, threshold: Self.overlapArea, unit: "pt²"),
                    "lines drawn over the control \(screen.ref(control).description)")
            }
        }
    }

    // MARK: contrast.text

    /// WCAG's large text: 18 pt and up, or bold 14 pt and up (in iOS points).
    static func isLarge(_ font: ResolvedFont) -> Bool {
        font.size >= 18 || (font.size >= 14 && font.drawnWeight.numericWeight >= FontWeight.bold.numericWeight)
    }

    private mutating func checkContrast(_ box: TextBox) throws {
        guard sample.layout.contexts[box.element]?.disabled != true,
              let first = box.text.lines.first(where: { !$0.text.isEmpty && $0.width > 0 }),
              case .text(let run) = sample.displayList.items[box.run] else { return }
        let center = Point(x: first.origin.x + first.width / 2, y: first.origin.y + box.text.font.lineHeight / 2)
        // A line off the screen is not seen (and has no backdrop).
        guard holds(sample.screenRect, center) else { return }
        let backdrop = sample.displayList.backdrop(under: center, item: box.run)
        guard backdrop.measurable else {
            unmeasured += 1
            return
        }
        let ratio = try worstRatio(of: run.color, over: backdrop, in: box.visibleLineRects, item: box.run)
        let threshold = Self.isLarge(run.font) ? 3.0 : 4.5
        let rounded = (ratio * 100).rounded(.down) / 100
        guard rounded < threshold else { return }
        // Normal text between 3 and 4.5 is "nearly": iOS's own system blue on white is 4.0.
        let severity: Severity = threshold == 4.5 && ratio >= 3 ? .warning : .error
        add(.contrastText, severity, box.element, part: box.part, frame: sample.layout.frames[box.element],
            Measurement(value: rounded, threshold: threshold, unit: ":1"),
            "contrast \(fmt(rounded)):1 (needs \(fmt(threshold)):1) for \(run.color)", review: backdrop.review)
    }

    /// The lowest ratio of `color` (drawn by item `item`) over what lies beneath it: the
    /// backdrop's colors, or, over a gradient, an image or a material, every rendered pixel
    /// under `rects` when there is a sampler.
    private func worstRatio(of color: RGBA, over backdrop: Backdrop, in rects: [Rect], item: Int) throws -> Double {
        var beneath = backdrop.colors
        if backdrop.review, let pixels {
            let visible = rects.compactMap { intersection($0, sample.screenRect) }
            let rendered = try visible.flatMap { try pixels.colors(of: sample.displayList, before: item, in: $0) }
            if !rendered.isEmpty { beneath = rendered }
        }
        return beneath.map { WCAG.ratio(WCAG.over(color.withAlpha(backdrop.opacity), $0), $0) }.min() ?? 21
    }

    // MARK: contrast.nontext

    /// A non-text part whose colors the author chose, and the display-list item that drew it.
    struct NonTextPart {
        var element: Int
        var name: String
        var rect: Rect
        var color: RGBA
        var item: Int
    }

    /// The parts WCAG 1.4.11 asks 3:1 of where the author chose the color: a toggle's switch
    /// when on, a slider's or gauge's filled track, under a `.tint`; an SF Symbol that is
    /// what identifies its control (no text in it) or that has an `accessibilityLabel`.
    /// iOS's default control colors are the platform's (docs/audit.md): not checked.
    func nonTextParts() -> [NonTextPart] {
        let list = sample.displayList, layout = sample.layout
        var drawn: [Int: [Int]] = [:]
        for index in list.items.indices { drawn[list.line(ofItem: index), default: []].append(index) }
        var parts: [NonTextPart] = []
        for id in layout.frames.keys.sorted() {
            guard let element = screen.tree[id], !screen.isHidden(id), layout.contexts[id]?.disabled != true else { continue }
            let items = drawn[element.line] ?? []
            switch element.kind {
            case "toggle", "slider", "gauge":
                let tinted = screen.ancestors(of: id).contains { (screen.tree[$0]?.props as? Style)?.tint != nil }
                let name = element.kind == "toggle" ? "switch" : "fill"
                guard tinted, element.kind != "toggle" || (element.props as? ToggleProps)?.isOn == true,
                      let rect = layout.chrome[id]?[name], rect.width > 0 else { continue }
                for index in items.reversed() {
                    if case .fill(_, rect, let paint) = list.items[index] {
                        parts.append(NonTextPart(element: id, name: name, rect: rect, color: paint.solidColor, item: index))
                        break
                    }
                }
            case "image":
                let labelled = screen.wrappers(of: id).contains { screen.facts.styleString($0, "accessibilityLabel") != nil }
                let control = screen.tree.nearestAncestor(of: id, kindIn: ScreenTree.interactiveKinds)
                guard labelled || control.map({ screen.textBelow($0.id) == nil }) == true else { continue }
                for index in items {
                    if case .symbol(_, let rect, let color, _, _) = list.items[index] {
                        parts.append(NonTextPart(element: id, name: "icon", rect: rect, color: color, item: index))
                        break
                    }
                }
            default: continue
            }
        }
        return parts
    }

    private mutating func checkNonTextContrast() throws {
        for part in nonTextParts() {
            let center = Point(x: part.rect.midX, y: part.rect.midY)
            guard holds(sample.screenRect, center) else { continue }
            let backdrop = sample.displayList.backdrop(under: center, item: part.item)
            guard backdrop.measurable else {
                unmeasured += 1
                continue
            }
            let ratio = try worstRatio(of: part.color, over: backdrop, in: [part.rect], item: part.item)
            let rounded = (ratio * 100).rounded(.down) / 100
            guard rounded < Self.nonTextContrast else { continue }
            add(.contrastNonText, .error, part.element, part: part.name, frame: part.rect,
                Measurement(value: rounded, threshold: Self.nonTextContrast, unit: ":1"),
                "\(part.name) contrast \(fmt(rounded)):1 (needs 3:1) for \(part.color)", review: backdrop.review)
        }
    }

    // MARK: target.size, target.overlap

    struct Target {
        var element: Int
        var part: String?
        var rect: Rect
    }

    /// Every hit region: controls' frames, a toggle's switch, a stepper's halves, a segmented
    /// picker's segments. A target in a list row is the whole row (iOS highlights the row);
    /// one in a bar or toolbar gets the 44 x 44 pt region UIKit gives bar items.
    func targets() -> [Target] {
        let layout = sample.layout
        var result: [Target] = []
        for id in layout.frames.keys.sorted() {
            guard let element = screen.tree[id], ScreenTree.interactiveKinds.contains(element.kind), element.kind != "texteditor",
                  let frame = layout.frames[id], frame.width > 0, frame.height > 0,
                  !screen.isHidden(id), layout.contexts[id]?.disabled != true else { continue }
            let chrome = layout.chrome[id] ?? [:]
            var regions: [(String?, Rect)]
            switch element.kind {
            case "toggle": regions = [(nil, chrome["switch"] ?? frame)]
            case "stepper": regions = ["decrement", "increment"].compactMap { name in chrome[name].map { (name, $0) } }
            case "picker":
                let segments = chrome.keys.filter { $0.hasPrefix("segment") }.sorted()
                regions = segments.isEmpty ? [(nil, frame)] : segments.map { ($0, chrome[$0]!) }
            default: regions = [(nil, frame)]
            }
            if let row = screen.tree.nearestAncestor(of: id, kindIn: ["listrow"]),
               let rowFrame = layout.chrome[row.id]?["row"] ?? layout.frames[row.id], regions.count == 1 {
                regions = [(regions[0].0, rowFrame)]
            } else if screen.hasAncestor(of: id, kindIn: ["toolbar"]) {
                regions = regions.map { ($0.0, Self.atLeast(Self.comfortableTarget, $0.1)) }
            }
            result += regions.map { Target(element: id, part: $0.0, rect: $0.1) }
        }
        return result
    }

    /// `rect` grown about its center to at least `side` on each axis.
    static func atLeast(_ side: Double, _ rect: Rect) -> Rect {
        let w = max(side, rect.width), h = max(side, rect.height)
        return Rect(x: rect.midX - w / 2, y: rect.midY - h / 2, width: w, height: h)
    }

    /// WCAG 2.5.8's spacing exception: a 24 pt circle centered on the target meets no other
    /// target and no other undersized target's circle.
    static func spaced(_ target: Rect, among others: [Rect]) -> Bool {
        let radius = minimumTarget / 2
        return others.allSatisfy { other in
            let undersized = other.width < minimumTarget || other.height < minimumTarget
            let dx = max(other.minX - target.midX, 0, target.midX - other.maxX)
            let dy = max(other.minY - target.midY, 0, target.midY - other.maxY)
            let toRect = (dx * dx + dy * dy).squareRoot()
            let toCircle = ((other.midX - target.midX) * (other.midX - target.midX)
                + (other.midY - target.midY) * (other.midY - target.midY)).squareRoot()
            return toRect >= radius && (!undersized || toCircle >= minimumTarget)
        }
    }

    private mutating func checkTargets() {
        let all = targets()
        for (i, target) in all.enumerated() {
            let side = min(target.rect.width, target.rect.height)
            let size = "\(fmt(target.rect.width)) x \(fmt(target.rect.height)) pt"
            if side < Self.minimumTarget {
                let others = all.enumerated().filter { $0.offset != i }.map(\.element.rect)
                if !Self.spaced(target.rect, among: others) {
                    add(.targetSize, .error, target.element, part: target.part, frame: target.rect,
                        Measurement(value: side, threshold: Self.minimumTarget, unit: "pt"), "target \(size), under 24 x 24 pt and not spaced")
                    continue
                }
            }
            if side < Self.comfortableTarget {
                add(.targetSize, .warning, target.element, part: target.part, frame: target.rect,
                    Measurement(value: side, threshold: Self.comfortableTarget, unit: "pt"), "target \(size), under 44 x 44 pt")
            }
            if let covered = coverage(of: target), covered.share > Self.obscuredShare {
                add(.targetObscured, .error, target.element, part: target.part, related: covered.by, frame: target.rect,
                    Measurement(value: (covered.share * 100).rounded(), threshold: Self.obscuredShare * 100, unit: "%"),
                    "\(fmt((covered.share * 100).rounded()))% covered by \(screen.ref(covered.by).description)")
            }
            for other in all[(i + 1)...] where other.element != target.element
                && !screen.isAncestor(other.element, of: target.element) && !screen.isAncestor(target.element, of: other.element) {
                let shared = area(target.rect, other.rect)
                guard shared > Self.overlapArea else { continue }
                add(.targetOverlap, .warning, target.element, part: target.part, related: other.element, frame: target.rect,
                    Measurement(value: shared, threshold: Self.overlapArea, unit: "pt²"),
                    "hit region overlaps \(screen.ref(other.element).description)")
            }
        }
    }

    /// How much of a target fills drawn after it by elements outside its subtree cover (at
    /// least half opaque), sampled at 10 x 10 points, and the element covering the most; nil
    /// when nothing covers it.
    private func coverage(of target: Target) -> (share: Double, by: Int)? {
        let list = sample.displayList
        let mine = Set(([target.element] + descendants(of: target.element)).compactMap { screen.tree[$0]?.line })
        guard let last = list.items.indices.last(where: { mine.contains(list.line(ofItem: $0)) }) else { return nil }
        let drawers = Dictionary(screen.tree.elements.values.map { ($0.line, $0.id) }, uniquingKeysWith: min)
        var covers: [(ShapeOutline, Rect, Int)] = []
        for i in (last + 1)..<list.items.count {
            guard case .fill(let outline, let rect, let paint) = list.items[i], paint.solidColor.a >= 0.5,
                  !mine.contains(list.line(ofItem: i)), let by = drawers[list.line(ofItem: i)], by != ElementTree.rootID else { continue }
            covers.append((outline, rect, by))
        }
        var counts: [Int: Int] = [:]
        var covered = 0
        let r = target.rect
        for row in 0..<10 {
            for column in 0..<10 {
                let p = Point(x: r.x + (Double(column) + 0.5) * r.width / 10, y: r.y + (Double(row) + 0.5) * r.height / 10)
                guard let cover = covers.last(where: { list.contains($0.0, $0.1, p) }) else { continue }
                covered += 1
                counts[cover.2, default: 0] += 1
            }
        }
        guard let by = counts.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key else { return nil }
        return (Double(covered) / 100, by)
    }

    private func descendants(of id: Int) -> [Int] {
        (screen.tree[id]?.children ?? []).flatMap { [$0] + descendants(of: $0) }
    }

    // MARK: name.missing, name.symbol

    /// Looks like an SF Symbol or asset name: lowercase words joined by dots or underscores.
    static func isSymbolName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        return parts.count > 1 && parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    private mutating func checkNames() {
        for id in sample.layout.frames.keys.sorted() {
            guard let element = screen.tree[id], ScreenTree.interactiveKinds.contains(element.kind), !screen.isHidden(id),
                  let frame = sample.layout.frames[id] else { continue }
            if let name = screen.accessibleName(id) {
                if Self.isSymbolName(name) {
                    add(.nameSymbol, .warning, id, frame: frame, nil, "accessible name \(MessageText.quoted(name)) is a symbol or asset name")
                }
            } else {
                let image = screen.imageBelow(id)
                add(.nameMissing, .error, id, frame: frame, nil,
                    "no accessible name" + (image.map { " (only the image \(MessageText.quoted($0)))" } ?? ""))
            }
        }
    }

    // MARK: type.small

    private mutating func checkSmallText() {
        for box in boxes where box.part == nil && box.text.font.size < Self.smallText {
            add(.typeSmall, .warning, box.element, frame: sample.layout.frames[box.element],
                Measurement(value: box.text.font.size, threshold: Self.smallText, unit: "pt"),
                "\(fmt(box.text.font.size)) pt text at large (under 11 pt)")
        }
    }
}
