import Foundation
import LayoutEngine
import LayoutModel

/// What moved between a stored layout report and this run's: the "changed elements" of a
/// failed snapshot, and the rects to outline on its images.
public enum LayoutChanges {
    typealias Element = LayoutReport.Element

    /// One line per changed element, in the new document order, then the removed ones:
    /// `#12 text 'Add': y 521 -> 529, height 22 -> 26`.
    public static func changes(from old: LayoutReport, to new: LayoutReport) -> [String] {
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
    public static func changedRects(from old: LayoutReport, to new: LayoutReport) -> (before: [Rect], after: [Rect]) {
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
    /// `lines 1 -> 2, truncated`, `lines 'Pay now / with' -> 'Pay / now with'`,
    /// `backButton 'Settings' -> 'Back'`, `title truncated`.
    static func textChanges(_ before: Element, _ after: Element) -> [String] {
        var parts: [String] = []
        if let a = before.text, let b = after.text {
            if a.lines.count != b.lines.count {
                parts.append("lines \(a.lines.count) -> \(b.lines.count)")
            } else if a.lines != b.lines, a.truncated == b.truncated, before.label == after.label {
                // The same text wrapped elsewhere (new content or a cut is named otherwise).
                parts.append("lines \(quoted(a.lines)) -> \(quoted(b.lines))")
            }
            if a.truncated != b.truncated { parts.append(b.truncated ? "truncated" : "no longer truncated") }
        }
        for name in Set(before.labels.keys).union(after.labels.keys).sorted() {
            switch (before.labels[name]?.lines, after.labels[name]?.lines) {
            case (let a?, let b?) where a != b: parts.append("\(name) \(quoted(a)) -> \(quoted(b))")
            case (nil, let b?): parts.append("\(name) \(quoted(b)) added")
            case (let a?, nil): parts.append("\(name) \(quoted(a)) removed")
            default: break
            }
            if let b = after.labels[name], b.truncated != (before.labels[name]?.truncated ?? false) {
                parts.append(b.truncated ? "\(name) truncated" : "\(name) no longer truncated")
            }
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
