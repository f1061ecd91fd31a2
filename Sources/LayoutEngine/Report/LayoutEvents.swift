import LayoutModel

/// A subview's sizes for the three probing proposals a custom `Layout` needs.
public struct ChildMeasurement: Hashable, Sendable {
    /// Measured with 0 × 0.
    public var min: Size
    /// Measured with nil × nil.
    public var ideal: Size
    /// Measured with Infinity × Infinity.
    public var max: Size
    public init(min: Size, ideal: Size, max: Size) { self.min = min; self.ideal = ideal; self.max = max }
}

/// What a `layout` element measured during a pass, for the record sent back to Swift.
public struct LayoutMeasurement: Hashable, Sendable {
    /// The proposal the element was placed with.
    public var proposal: ProposedSize
    public var children: [ChildMeasurement]
    public init(proposal: ProposedSize, children: [ChildMeasurement]) { self.proposal = proposal; self.children = children }
}

/// One record a renderer sends after a layout pass (Phases 4 and 6): a `geometry` size or a
/// custom layout's subview measurements.
public struct MeasurementRecord: Hashable, Sendable {
    public var id: Int
    /// The JSON event, keys sorted when serialized.
    public var json: JSON
    /// The form `SB_EVENTS` accepts: `geometry:7:393x120`, else the JSON event itself.
    public var compact: String
}

/// The `geometry` and `layout` records of a laid-out commit, in document order, for every
/// such element that has a frame (elements not laid out, such as hidden tabs, send nothing).
public enum LayoutEvents {
    public static func records(tree: ElementTree, layout: LayoutResult) -> [MeasurementRecord] {
        tree.documentOrder().compactMap { id -> MeasurementRecord? in
            guard let element = tree[id], let frame = layout.frames[id] else { return nil }
            switch element.kind {
            case "geometry":
                // Whole points: the snapped frame. An unbounded box has no size to report.
                guard max(abs(frame.width), abs(frame.height)) < 1e15 else { return nil }
                let w = Int(frame.width.rounded()), h = Int(frame.height.rounded())
                let json = JSON.object(["type": .string("geometry"), "id": .number(Double(id)),
                                        "width": .number(Double(w)), "height": .number(Double(h))])
                return MeasurementRecord(id: id, json: json, compact: "geometry:\(id):\(w)x\(h)")
            case "layout":
                guard let m = layout.measurements[id] else { return nil }
                let children: [JSON] = m.children.map {
                    .object(["min": sizeJSON($0.min), "ideal": sizeJSON($0.ideal), "max": sizeJSON($0.max)])
                }
                let json = JSON.object(["type": .string("layout"), "id": .number(Double(id)),
                                        "proposal": .object(["width": dimension(m.proposal.width),
                                                             "height": dimension(m.proposal.height)]),
                                        "children": .array(children)])
                return MeasurementRecord(id: id, json: json, compact: json.serialized())
            default:
                return nil
            }
        }
    }

    /// Rounded to 2 decimals; unbounded is the string "infinity", a nil axis null.
    static func dimension(_ v: Double?) -> JSON {
        guard let v else { return .null }
        if v.isInfinite { return v > 0 ? .string("infinity") : .number(0) }
        return .number(round2(v))
    }

    static func sizeJSON(_ s: Size) -> JSON {
        .object(["width": dimension(s.width), "height": dimension(s.height)])
    }

    /// The protocol's 2-decimal rounding, also used to match an answered proposal.
    static func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }
}
