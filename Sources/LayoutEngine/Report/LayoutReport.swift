import LayoutModel

/// What `shotter layout` prints: one JSON object with every element's frame, chrome rects
/// and labels, and text lines, and the `geometry` / `layout` records a renderer would send back (`events`),
/// so a test or a script can check geometry without looking at pixels.
public enum LayoutReport {
    public static func json(tree: ElementTree, layout: LayoutResult, commit: Int) -> JSON {
        let env = layout.environment
        let attached = tree.documentOrder()
        let attachedSet = Set(attached)
        let detached = tree.elements.keys.filter { !attachedSet.contains($0) }.sorted()
        let elements: [JSON] = (attached + detached).compactMap { id in
            guard let element = tree[id] else { return nil }
            var fields: [String: JSON] = [
                "id": .number(Double(id)),
                "kind": .string("\(element.kind)"),
                "frame": layout.frames[id].map(rectJSON) ?? .null,
            ]
            if let chrome = layout.chrome[id], !chrome.isEmpty {
                fields["chrome"] = .object(chrome.mapValues(rectJSON))
            }
            if let labels = layout.labels[id], !labels.isEmpty {
                fields["labels"] = .object(labels.mapValues(labelJSON))
            }
            if let text = layout.texts[id] {
                fields["lines"] = .array(text.lines.map { .string($0.text) })
                if text.truncated { fields["truncated"] = .bool(true) }
            }
            return .object(fields)
        }
        return .object([
            "commit": .number(Double(commit)),
            "device": .string(env.device.name),
            "dynamicTypeSize": .string(env.dynamicTypeSize.rawValue),
            "colorScheme": .string(env.colorScheme.rawValue),
            "elements": .array(elements),
            "events": .array(LayoutEvents.records(tree: tree, layout: layout).map(\.json)),
        ])
    }

    /// A chrome label's lines, and `truncated` when an ellipsis or a line limit cut it.
    static func labelJSON(_ text: PlacedText) -> JSON {
        var fields: [String: JSON] = ["lines": .array(text.lines.map { .string($0.text) })]
        if text.truncated { fields["truncated"] = .bool(true) }
        return .object(fields)
    }

    static func rectJSON(_ r: Rect) -> JSON {
        .object(["x": .number(r.x), "y": .number(r.y), "width": .number(r.width), "height": .number(r.height)])
    }
}
