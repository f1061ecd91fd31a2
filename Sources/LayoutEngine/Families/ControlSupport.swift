import Drawing
import LayoutModel

/// Helpers shared by the control, tab and presentation families.

/// A label leading and a fixed-size control trailing, 8 apart (toggle, stepper, date picker):
/// the label is proposed the width minus the control and the gap; the width is the proposal
/// (label + 8 + control when none), the height the taller of the two.
enum TrailingControl {
    static let gap = 8.0

    static func labelProposal(_ p: ProposedSize, control: Size) -> ProposedSize {
        ProposedSize(width: p.width.map { max(0, $0 - control.width - gap) }, height: p.height)
    }

    static func size(label: Int?, control: Size, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let labelSize = label.map { pass.sizeThatFits($0, labelProposal(p, control: control)) } ?? .zero
        let ideal = label == nil ? control.width : labelSize.width + gap + control.width
        return Size(width: p.width ?? ideal, height: max(labelSize.height, control.height))
    }

    /// Places the label and returns the control's rect (trailing, vertically centered).
    @discardableResult
    static func place(label: Int?, control: Size, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) -> Rect {
        if let label {
            let lp = labelProposal(proposal, control: control)
            let s = pass.sizeThatFits(label, lp)
            pass.place(label, at: Point(x: frame.x, y: frame.midY - s.height / 2), proposal: lp)
        }
        return Rect(x: frame.maxX - control.width, y: frame.midY - control.height / 2,
                    width: control.width, height: control.height)
    }
}

extension LayoutPass {
    /// True when an ancestor of `id` is a `list`: controls take their list-row geometry.
    /// A sheet or alert between the control and a list ends the search.
    func isInList(_ id: Int) -> Bool {
        tree.nearestAncestor(of: id, kindIn: ["list", "sheet", "alert"])?.kind == "list"
    }

    /// The element itself, or the first non-`styled` element down a chain of `styled` wrappers.
    func unwrapStyled(_ id: Int) -> Element? {
        var current = tree[id]
        while let e = current, e.kind == "styled", let child = e.children.first { current = tree[child] }
        return current
    }

    /// The screen's safe area as a rect.
    var safeRect: Rect {
        let d = environment.device
        return Rect(x: d.safeArea.leading, y: d.safeArea.top, width: d.size.width - d.safeArea.horizontal,
                    height: d.size.height - d.safeArea.vertical)
    }
}

extension Painter {
    /// True inside a sheet, where iOS resolves the system background to the elevated one.
    func isInSheet(_ id: Int) -> Bool {
        tree.nearestAncestor(of: id, kindIn: ["sheet"]) != nil
    }

    /// A glyph through the symbol table, centered in `rect` at `side` points; nothing when unknown.
    mutating func drawSymbol(_ systemName: String, centeredIn rect: Rect, side: Double, color: RGBA, strokeWidth: Double = Painter.symbolStrokeWidth) {
        guard let glyph = SymbolTable.lucideName(for: systemName) else {
            diagnostics.warn("no symbol for \(MessageText.quoted(systemName)): drawn as a placeholder")
            paintPlaceholder(label: nil, Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
            return
        }
        appendSymbol(systemName, glyph: glyph, rect: Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side),
                     color: color, strokeWidth: strokeWidth)
    }

    /// The white thumb of a switch or slider: a soft two-ring shadow under a white circle.
    mutating func drawThumb(_ rect: Rect) {
        let (outer, inner) = (ControlMetrics.thumbOuterShadow, ControlMetrics.thumbInnerShadow)
        append(.fill(.ellipse, rect.insetBy(dx: -outer.spread, dy: -outer.spread).offsetBy(dx: 0, dy: outer.drop), .solid(palette.softShadow)))
        append(.fill(.ellipse, rect.insetBy(dx: -inner.spread, dy: -inner.spread).offsetBy(dx: 0, dy: inner.drop), .solid(palette.thumbShadow)))
        append(.fill(.ellipse, rect, .solid(palette.thumb)))
    }

}

extension ElementTree {
    /// The texts of a subtree joined with spaces (an alert button's label).
    func text(under id: Int) -> String {
        documentOrder(from: id).compactMap { (self[$0]?.props as? TextProps)?.text }.joined(separator: " ")
    }
}

extension PropReader {
    /// An array of strings (`detents`, `options`, `labels`); nil when missing or null.
    func strings(_ key: String) throws(PropError) -> [String]? {
        guard let v = value(key) else { return nil }
        guard case .array(let items) = v else {
            throw PropError(message: "\(path).\(key) must be an array of strings, got \(v.typeName)")
        }
        var out: [String] = []
        for item in items {
            guard case .string(let s) = item else {
                throw PropError(message: "\(path).\(key) must be an array of strings, got an element that is \(item.typeName)")
            }
            out.append(s)
        }
        return out
    }
}

extension PropReader {
    /// An index (`selected`): a number truncated toward zero, 0 when missing; NaN, infinities
    /// and numbers beyond ±1e9 become -1, out of range (a picker then shows no selection).
    func index(_ key: String) throws(PropError) -> Int {
        guard let n = try number(key) else { return 0 }
        guard n.isFinite, abs(n) < 1e9 else { return -1 }
        return Int(n)
    }
}
