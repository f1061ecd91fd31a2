import Drawing
import LayoutEngine
import LayoutModel

/// One commit of one stream laid out and painted in one configuration: what every check reads.
public struct ScreenSample: Sendable {
    public var layout: LayoutResult
    public var displayList: DisplayList
    public var configuration: Configuration { Configuration(layout.environment) }

    public init(layout: LayoutResult, displayList: DisplayList) {
        self.layout = layout; self.displayList = displayList
    }
}

/// A laid-out text as audits see it: a `text` element's lines, or a compound kind's label
/// (`part` names it), each line a box one line height tall, and the display-list item that
/// drew its first line.
struct TextBox {
    var element: Int
    var part: String?
    var text: PlacedText
    var run: Int
    /// The clips paint had open around that item, intersected (nil: none).
    var clip: Rect?
    var lineRects: [Rect] {
        text.lines.map { Rect(x: $0.origin.x, y: $0.origin.y, width: $0.width, height: text.font.lineHeight) }
    }
    /// The parts of the lines the clips let through.
    var visibleLineRects: [Rect] {
        guard let clip else { return lineRects }
        return lineRects.compactMap { intersection($0, clip) }
    }
    var string: String { text.lines.map(\.text).joined(separator: " ") }
}

/// The tree and stream facts of one commit, with what several checks ask of them.
struct ScreenTree {
    let tree: ElementTree
    let facts: StreamFacts

    /// Kinds a person acts on (WCAG 2.5.8's targets, and what needs an accessible name).
    static let interactiveKinds: Set<String> = ["button", "navlink", "tapgesture", "toggle", "textfield", "searchfield",
                                                "stepper", "slider", "picker", "menu", "datepicker", "texteditor"]
    /// Controls a text's lines may be drawn over (`text.overlap`).
    static let controlKinds: Set<String> = ["button", "toggle", "textfield", "searchfield", "stepper", "slider",
                                            "picker", "datepicker", "texteditor"]

    func ancestors(of id: Int) -> [Int] {
        var result: [Int] = []
        var current = tree[id]?.parent
        while let a = current { result.append(a); current = tree[a]?.parent }
        return result
    }

    func isAncestor(_ a: Int, of id: Int) -> Bool { ancestors(of: id).contains(a) }

    /// `.hidden()` on the element or above: laid out, never drawn.
    func isHidden(_ id: Int) -> Bool {
        ([id] + ancestors(of: id)).contains { (tree[$0]?.props as? Style)?.hidden == true }
    }

    /// A `styled` that clips its subtree to its frame: `.clipped()` or a corner radius.
    func clips(_ id: Int) -> Bool {
        guard let style = tree[id]?.props as? Style else { return false }
        return style.clipped || (style.cornerRadius ?? 0) > 0
    }

    /// The sheet or alert the element is presented in, if any: presentations are drawn over
    /// the screen on purpose.
    func presentation(of id: Int) -> Int? {
        ([id] + ancestors(of: id)).first { ["sheet", "alert"].contains(tree[$0]?.kind ?? "") }
    }

    func hasAncestor(of id: Int, kindIn kinds: Set<String>) -> Bool {
        tree.nearestAncestor(of: id, kindIn: kinds) != nil
    }

    /// The text a finding quotes: the element's own, else its first text below.
    func firstText(_ id: Int) -> String? {
        guard let element = tree[id] else { return nil }
        if element.kind == "text" { return facts.string(id, "text") }
        for kind in ["label", "title", "placeholder", "systemName", "name"] {
            if let s = facts.string(id, kind) { return s }
        }
        for child in element.children { if let s = firstText(child) { return s } }
        return nil
    }

    func ref(_ id: Int) -> ElementRef {
        let element = tree[id]
        return ElementRef(id: id, kind: element?.kind ?? "?", text: firstText(id), line: facts.createLines[id] ?? element?.line ?? 0,
                          selector: selector(id))
    }

    /// The element and the `styled` elements wrapping it directly: where its modifiers are.
    func wrappers(of id: Int) -> [Int] {
        var chain = [id]
        var parent = tree[id]?.parent
        while let p = parent, tree[p]?.kind == "styled" { chain.append(p); parent = tree[p]?.parent }
        return chain
    }

    /// What VoiceOver reads for an element: an `accessibilityLabel` on it, its wrappers or a
    /// `styled` inside it, else the control's own title prop, else its texts.
    func accessibleName(_ id: Int) -> String? {
        for wrapper in wrappers(of: id) {
            if let label = facts.styleString(wrapper, "accessibilityLabel") { return label }
        }
        for prop in ["label", "title", "placeholder"] {
            if let s = facts.string(id, prop) { return s }
        }
        return textBelow(id)
    }

    func textBelow(_ id: Int) -> String? {
        for child in tree[id]?.children ?? [] {
            if let label = facts.styleString(child, "accessibilityLabel") { return label }
            if tree[child]?.kind == "text", let s = facts.string(child, "text"), !s.allSatisfy(\.isWhitespace) { return s }
            if let s = textBelow(child) { return s }
        }
        return nil
    }

    func imageBelow(_ id: Int) -> String? {
        for child in tree[id]?.children ?? [] {
            if tree[child]?.kind == "image", let name = facts.string(child, "systemName") ?? facts.string(child, "name") {
                return name
            }
            if let s = imageBelow(child) { return s }
        }
        return nil
    }

    /// `accessibilityIdentifier` on the element or a `styled` wrapping it, else the kind path.
    func selector(_ id: Int) -> String {
        if let identifier = wrappers(of: id).lazy.compactMap({ facts.styleString($0, "accessibilityIdentifier") }).first {
            return "#" + identifier
        }
        var current: Int? = id
        var steps: [String] = []
        while let c = current, c != ElementTree.rootID, let element = tree[c] {
            let siblings = element.parent.flatMap { tree[$0]?.children } ?? []
            let index = siblings.filter { tree[$0]?.kind == element.kind }.firstIndex(of: c) ?? 0
            steps.append("\(element.kind)[\(index)]")
            current = element.parent
        }
        return steps.reversed().joined(separator: "/") + (firstText(id).map { " " + MessageText.quoted($0) } ?? "")
    }
}

extension ScreenSample {
    /// Every text drawn on screen: `text` elements and compound kinds' labels that paint drew
    /// (a run with the element's line, text and origin), not hidden.
    func textBoxes(_ screen: ScreenTree) -> [TextBox] {
        struct RunKey: Hashable {
            var line: Int, text: String, x: Double, y: Double
            init(_ line: Int, _ text: String, _ origin: Point) {
                self.line = line; self.text = text
                x = (origin.x * 100).rounded(); y = (origin.y * 100).rounded()
            }
        }
        var runs: [RunKey: (index: Int, clip: Rect?)] = [:]
        var clips: [Rect] = []
        for (i, item) in displayList.items.enumerated() {
            switch item {
            case .pushClip(_, let rect):
                // Nested clips that share nothing leave an empty rect: nothing shows.
                clips.append(clips.last.map { intersection($0, rect) ?? Rect(origin: rect.origin, size: .zero) } ?? rect)
            case .popClip: _ = clips.popLast()
            case .text(let run):
                let key = RunKey(displayList.line(ofItem: i), run.text, run.origin)
                if runs[key] == nil { runs[key] = (i, clips.last) }
            default: break
            }
        }
        var boxes: [TextBox] = []
        for id in layout.frames.keys.sorted() where id != ElementTree.rootID && !screen.isHidden(id) {
            var texts: [(String?, PlacedText)] = layout.placedText(of: id).map { [(nil, $0)] } ?? []
            texts += (layout.labels[id] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            let drawnLine = screen.tree[id]?.line ?? 0
            for (part, text) in texts {
                guard let first = text.lines.first(where: { !$0.text.isEmpty && $0.width > 0 }),
                      let run = runs[RunKey(drawnLine, first.text, first.origin)] else { continue }
                boxes.append(TextBox(element: id, part: part, text: text, run: run.index, clip: run.clip))
            }
        }
        return boxes
    }

    var screenRect: Rect { Rect(origin: .zero, size: layout.environment.device.size) }
}

func area(_ a: Rect, _ b: Rect) -> Double {
    intersection(a, b).map { $0.width * $0.height } ?? 0
}

/// The rect two rects share, nil when they share no area.
func intersection(_ a: Rect, _ b: Rect) -> Rect? {
    let x = max(a.minX, b.minX), y = max(a.minY, b.minY)
    let w = min(a.maxX, b.maxX) - x, h = min(a.maxY, b.maxY) - y
    return w > 0 && h > 0 ? Rect(x: x, y: y, width: w, height: h) : nil
}

/// Whether `rect` (edges included) holds `p`.
func holds(_ rect: Rect, _ p: Point) -> Bool {
    p.x >= rect.minX && p.x <= rect.maxX && p.y >= rect.minY && p.y <= rect.maxY
}
