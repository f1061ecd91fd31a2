import LayoutEngine
import LayoutModel

/// The checks that compare a larger size with `large` in the same scheme and device:
/// truncation that appears, elements pushed off screen or lost, text that does not grow.
struct SizeChecks {
    let screen: ScreenTree
    let reference: ScreenSample
    let sample: ScreenSample

    /// Kinds whose frame a person reads or acts on (containers follow their content).
    static let contentKinds: Set<String> = ScreenTree.interactiveKinds.union(["text", "image"])
    /// Up to this size a new truncation is an error; above it, a warning.
    static let lastErrorSize = DynamicTypeSize.accessibility3

    func run() -> [Observation] {
        var observations: [Observation] = []
        func add(_ check: Check, _ severity: Severity, _ id: Int, part: String? = nil, frame: Rect?,
                 _ measurement: Measurement?, _ detail: String) {
            observations.append(Observation(check: check, severity: severity, element: screen.ref(id), part: part,
                                            frame: frame, measurement: measurement, detail: detail,
                                            configuration: sample.configuration))
        }
        let size = sample.configuration.size

        // text.truncated: cut here, whole at large.
        let wholeAtLarge = Set(reference.textBoxes(screen).filter { !$0.text.truncated }.map { "\($0.element) \($0.part ?? "")" })
        for box in sample.textBoxes(screen) where box.text.truncated && wholeAtLarge.contains("\(box.element) \(box.part ?? "")") {
            add(.textTruncated, size.index <= Self.lastErrorSize.index ? .error : .warning, box.element, part: box.part,
                frame: sample.layout.frames[box.element], nil, "truncated")
        }

        let width = sample.screenRect.width
        let tolerance = SampleChecks.clipTolerance
        func shown(_ frame: Rect?) -> Bool { frame.map { $0.width > 0 && $0.height > 0 } ?? false }
        func lost(_ id: Int) -> Bool { shown(reference.layout.frames[id]) && !shown(sample.layout.frames[id]) }
        var offscreen: [Int: (frame: Rect, past: Double)] = [:]
        for id in reference.layout.frames.keys.sorted() where id != ElementTree.rootID {
            guard let element = screen.tree[id], !screen.isHidden(id), let before = reference.layout.frames[id], shown(before) else { continue }
            let after = sample.layout.frames[id]

            // layout.lost: the outermost element that had an area and has none; a
            // ViewThatFits choosing another child is not a loss.
            if lost(id), element.kind != "styled", !screen.hasAncestor(of: id, kindIn: ["viewthatfits"]) {
                var parent = element.parent
                while let p = parent, screen.tree[p]?.kind == "styled" { parent = screen.tree[p]?.parent }
                if parent.map(lost) != true {
                    add(.layoutLost, .error, id, frame: before, nil,
                        after == nil ? "not laid out" : "laid out with no area")
                }
            }

            // layout.offscreen: content on screen at large, partly past a side edge here.
            if Self.contentKinds.contains(element.kind), let after, shown(after),
               before.minX >= -tolerance, before.maxX <= width + tolerance, !scrollsHorizontally(id) {
                let past = max(-after.minX, after.maxX - width)
                if past > tolerance { offscreen[id] = (after, past) }
            }
        }
        // Named on the outermost: a button's label goes where its button goes.
        for (id, (frame, past)) in offscreen.sorted(by: { $0.key < $1.key })
            where !screen.ancestors(of: id).contains(where: { offscreen[$0] != nil }) {
            add(.layoutOffscreen, .error, id, frame: frame, Measurement(value: past, threshold: tolerance, unit: "pt"),
                "\(fmt(past)) pt past the \(frame.minX < -tolerance ? "leading" : "trailing") screen edge")
        }

        // type.fixed: a fixed size without `relativeTo`, whose line height did not grow.
        if size == .accessibility3 {
            for id in reference.layout.texts.keys.sorted() {
                guard let spec = reference.layout.contexts[id]?.font, spec.size != nil, spec.relativeTo == nil,
                      let large = reference.layout.fonts[id], let here = sample.layout.fonts[id],
                      here.lineHeight == large.lineHeight, !screen.isHidden(id) else { continue }
                add(.typeFixed, .warning, id, frame: sample.layout.frames[id],
                    Measurement(value: here.size, threshold: large.size, unit: "pt"),
                    "fixed \(fmt(here.size)) pt with no relativeTo: the same line height (\(fmt(here.lineHeight)) pt) as at large")
            }
        }
        return observations
    }

    private func scrollsHorizontally(_ id: Int) -> Bool {
        var current = screen.tree[id]?.parent
        while let c = current, let element = screen.tree[c] {
            if let props = element.props as? ScrollViewProps, props.axes != .vertical { return true }
            current = element.parent
        }
        return false
    }
}
