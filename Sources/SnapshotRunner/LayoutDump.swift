import Foundation
import LayoutEngine
import LayoutModel

/// The compact frame dump stored next to each golden (`NAME.layout.json`): one element per
/// line, so a changed golden reads well in a code review, and enough to name what moved.
public struct LayoutDump: Equatable, Sendable {
    public struct Element: Equatable, Sendable {
        public var id: Int
        public var kind: String
        /// What a person would call it: a text's string, an image's symbol, the text inside a
        /// button. Containers with several children have none.
        public var label: String?
        public var frame: Rect?
        public var chrome: [String: Rect]
        /// A text's number of laid-out lines (nil for other kinds).
        public var lines: Int?
        /// A text that a line limit or its width cut off.
        public var truncated: Bool
        /// The laid-out lines of a compound kind's texts (a bar's title, a back button's
        /// label...), by name, and the names of those cut off.
        public var labels: [String: [String]]
        public var truncatedLabels: Set<String>

        public init(id: Int, kind: String, label: String? = nil, frame: Rect?, chrome: [String: Rect] = [:],
                    lines: Int? = nil, truncated: Bool = false, labels: [String: [String]] = [:],
                    truncatedLabels: Set<String> = []) {
            self.id = id; self.kind = kind; self.label = label; self.frame = frame; self.chrome = chrome
            self.lines = lines; self.truncated = truncated; self.labels = labels; self.truncatedLabels = truncatedLabels
        }
    }

    public var elements: [Element]

    public init(elements: [Element]) { self.elements = elements }

    /// The attached elements in document order.
    public init(tree: ElementTree, layout: LayoutResult) {
        elements = tree.documentOrder().compactMap { id in
            guard let element = tree[id] else { return nil }
            var label: String?
            if id != ElementTree.rootID, element.children.count <= 1, let text = tree.firstText(under: id) {
                label = text.count > 40 ? String(text.prefix(39)) + "…" : text
            }
            let text = layout.texts[id]
            let placed = layout.labels[id] ?? [:]
            return Element(id: id, kind: element.kind, label: label, frame: layout.frames[id], chrome: layout.chrome[id] ?? [:],
                           lines: text?.lines.count, truncated: text?.truncated ?? false,
                           labels: placed.mapValues { $0.lines.map(\.text) },
                           truncatedLabels: Set(placed.filter { $0.value.truncated }.keys))
        }
    }

    // MARK: - File format

    public func serialized() -> String {
        var out = "{\"elements\":[\n"
        for (i, e) in elements.enumerated() {
            // Written by hand to keep id and kind first on every line.
            var line = "{\"id\":\(e.id),\"kind\":\(JSON.string(e.kind).serialized())"
            if let label = e.label { line += ",\"label\":\(JSON.string(label).serialized())" }
            line += ",\"frame\":\((e.frame.map(Self.rectJSON) ?? .null).serialized())"
            if !e.chrome.isEmpty { line += ",\"chrome\":\(JSON.object(e.chrome.mapValues(Self.rectJSON)).serialized())" }
            // Only what differs from the common case, to keep lines short: one line, not cut off.
            if let lines = e.lines, lines != 1 { line += ",\"lines\":\(lines)" }
            if e.truncated { line += ",\"truncated\":true" }
            if !e.labels.isEmpty {
                line += ",\"labels\":\(JSON.object(e.labels.mapValues { .array($0.map(JSON.string)) }).serialized())"
            }
            if !e.truncatedLabels.isEmpty {
                line += ",\"truncatedLabels\":\(JSON.array(e.truncatedLabels.sorted().map(JSON.string)).serialized())"
            }
            out += line + (i == elements.count - 1 ? "}\n" : "},\n")
        }
        return out + "]}\n"
    }

    /// nil when the text is not a dump (an older or hand-edited file): then no change is named.
    public static func parse(_ bytes: [UInt8]) -> LayoutDump? {
        var parser = JSONParser(bytes)
        guard let json = try? parser.parseDocument(), case .array(let items)? = json["elements"] else { return nil }
        var elements: [Element] = []
        for item in items {
            guard case .number(let number)? = item["id"], let id = Int(exactly: number), case .string(let kind)? = item["kind"] else {
                return nil
            }
            var label: String?
            if case .string(let s)? = item["label"] { label = s }
            var chrome: [String: Rect] = [:]
            if case .object(let fields)? = item["chrome"] {
                for (name, value) in fields { if let r = rect(value) { chrome[name] = r } }
            }
            var lines: Int?
            if case .number(let n)? = item["lines"] { lines = Int(exactly: n) } else if kind == "text" { lines = 1 }
            var truncated = false
            if case .bool(true)? = item["truncated"] { truncated = true }
            var labels: [String: [String]] = [:]
            if case .object(let fields)? = item["labels"] {
                for (name, value) in fields { if let texts = strings(value) { labels[name] = texts } }
            }
            let truncatedLabels = Set(item["truncatedLabels"].flatMap(strings) ?? [])
            elements.append(Element(id: id, kind: kind, label: label, frame: item["frame"].flatMap(rect), chrome: chrome,
                                    lines: lines, truncated: truncated, labels: labels, truncatedLabels: truncatedLabels))
        }
        return LayoutDump(elements: elements)
    }

    static func rectJSON(_ r: Rect) -> JSON {
        .array([r.x, r.y, r.width, r.height].map { .number($0) })
    }

    static func strings(_ json: JSON) -> [String]? {
        guard case .array(let items) = json else { return nil }
        let texts = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
        return texts.count == items.count ? texts : nil
    }

    static func rect(_ json: JSON) -> Rect? {
        guard case .array(let items) = json, items.count == 4 else { return nil }
        let numbers = items.compactMap { if case .number(let n) = $0 { n } else { nil } }
        guard numbers.count == 4 else { return nil }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    // MARK: - Changes

    /// One line per changed element, in the new document order, then the removed ones:
    /// `#12 text 'Add': y 521 -> 529, height 22 -> 26`.
    public static func changes(from old: LayoutDump, to new: LayoutDump) -> [String] {
        var oldByID: [Int: Element] = [:]
        for e in old.elements { oldByID[e.id] = e }
        let newIDs = Set(new.elements.map(\.id))
        var lines: [String] = []
        for (index, e) in new.elements.enumerated() {
            guard let before = oldByID[e.id], before.kind == e.kind else {
                if let before = oldByID[e.id] { lines.append("\(name(before)): removed") }
                lines.append("\(name(e)): added" + (e.frame.map { " at \(describe($0))" } ?? ""))
                continue
            }
            var parts: [String] = []
            // Other kinds take their label from the text or image inside, which reports the change.
            if before.label != e.label, e.kind == "text" || e.kind == "image" {
                parts.append("text \(quoted(before.label ?? "")) -> \(quoted(e.label ?? ""))")
            }
            // A wrapper (a modifier, a button around its label) that moved exactly with the next
            // element in document order, its first child, is left to the child to report.
            let child = new.elements.dropFirst(index + 1).first
            let movedWithChild = child.map { $0.frame == e.frame && oldByID[$0.id]?.frame == before.frame } ?? false
            switch (before.frame, e.frame) {
            case (let a?, let b?) where !movedWithChild: parts += rectChanges(a, b, prefix: "")
            case (nil, let b?): parts.append("laid out at \(describe(b))")
            case (_?, nil): parts.append("no longer laid out")
            case (nil, nil), (_?, _?): break
            }
            for key in Set(before.chrome.keys).union(e.chrome.keys).sorted() {
                switch (before.chrome[key], e.chrome[key]) {
                case (let a?, let b?): parts += rectChanges(a, b, prefix: "\(key).")
                case (nil, _?): parts.append("\(key) added")
                case (_?, nil): parts.append("\(key) removed")
                case (nil, nil): break
                }
            }
            parts += textChanges(before, e)
            if !parts.isEmpty { lines.append("\(name(e)): " + parts.joined(separator: ", ")) }
        }
        for e in old.elements where !newIDs.contains(e.id) {
            lines.append("\(name(e)): removed")
        }
        return lines
    }

    /// Where the changes are, to outline on the images: the old frames of changed and removed
    /// elements, the new frames of changed and added ones. A rect that contains another is left
    /// out, so a stack that grew because its text did is not outlined around the text.
    public static func changedRects(from old: LayoutDump, to new: LayoutDump) -> (before: [Rect], after: [Rect]) {
        var oldByID: [Int: Element] = [:]
        for e in old.elements { oldByID[e.id] = e }
        var newByID: [Int: Element] = [:]
        for e in new.elements { newByID[e.id] = e }
        var before: [Rect] = [], after: [Rect] = []
        for e in new.elements where oldByID[e.id] != e {
            if let frame = e.frame { after.append(frame) }
            if let frame = oldByID[e.id]?.frame { before.append(frame) }
        }
        for e in old.elements where newByID[e.id] == nil {
            if let frame = e.frame { before.append(frame) }
        }
        return (innermost(before), innermost(after))
    }

    static func innermost(_ rects: [Rect]) -> [Rect] {
        func contains(_ a: Rect, _ b: Rect) -> Bool {
            a != b && a.x <= b.x && a.y <= b.y && a.maxX >= b.maxX && a.maxY >= b.maxY
        }
        var seen: Set<Rect> = []
        return rects.filter { r in !rects.contains { contains(r, $0) } && seen.insert(r).inserted }
    }

    /// A text's line count and truncation, and its compound kind's labels:
    /// `lines 1 -> 2, truncated`, `backButton 'Settings' -> 'Back'`, `title truncated`.
    static func textChanges(_ before: Element, _ after: Element) -> [String] {
        var parts: [String] = []
        if let a = before.lines, let b = after.lines, a != b { parts.append("lines \(a) -> \(b)") }
        if before.truncated != after.truncated { parts.append(after.truncated ? "truncated" : "no longer truncated") }
        for name in Set(before.labels.keys).union(after.labels.keys).sorted() {
            switch (before.labels[name], after.labels[name]) {
            case (let a?, let b?) where a != b: parts.append("\(name) \(quoted(a)) -> \(quoted(b))")
            case (nil, let b?): parts.append("\(name) \(quoted(b)) added")
            case (let a?, nil): parts.append("\(name) \(quoted(a)) removed")
            default: break
            }
            let (a, b) = (before.truncatedLabels.contains(name), after.truncatedLabels.contains(name))
            if a != b, after.labels[name] != nil { parts.append(b ? "\(name) truncated" : "\(name) no longer truncated") }
        }
        return parts
    }

    /// A label's lines, one after the other: `'Pay' / 'now'` reads as `'Pay / now'`.
    static func quoted(_ lines: [String]) -> String { quoted(lines.joined(separator: " / ")) }

    static func name(_ e: Element) -> String {
        "#\(e.id) \(e.kind)" + (e.label.map { " \(quoted($0))" } ?? "")
    }

    static func quoted(_ s: String) -> String { "'\(s)'" }

    static func rectChanges(_ a: Rect, _ b: Rect, prefix: String) -> [String] {
        let fields: [(String, Double, Double)] = [("x", a.x, b.x), ("y", a.y, b.y),
                                                  ("width", a.width, b.width), ("height", a.height, b.height)]
        return fields.filter { $0.1 != $0.2 }.map { "\(prefix)\($0.0) \(number($0.1)) -> \(number($0.2))" }
    }

    /// `16,521 361x22`
    static func describe(_ r: Rect) -> String {
        "\(number(r.x)),\(number(r.y)) \(number(r.width))x\(number(r.height))"
    }

    /// Whole numbers without a fraction, others to two decimals.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int(v)) }
        var s = String(format: "%.2f", v)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }
}
