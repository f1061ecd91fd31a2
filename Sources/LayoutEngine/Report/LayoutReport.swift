import LayoutModel

/// The frames of one commit in one environment: what `shotter layout` prints and what
/// `shotter test` stores beside each golden (`NAME.layout.json`) to name what moved. Every
/// element's frame, chrome rects, laid-out texts and labels, and the `geometry` / `layout`
/// records a renderer would send back (`events`), so a test or a script can check geometry
/// without looking at pixels. One model, one serializer, one parser for both.
public struct LayoutReport: Hashable, Sendable {
    public var commit: Int
    public var device: String
    public var dynamicTypeSize: String
    public var colorScheme: String
    /// `rtl` when laid out right to left; nil (and no key in the file) for the default.
    public var layoutDirection: String?
    /// The attached elements in document order, then the detached ones by id (no frame).
    public var elements: [Element]
    /// What a renderer sends back (`LayoutEvents`), as JSON records.
    public var events: [JSON]

    public struct Element: Hashable, Sendable {
        public var id: Int
        public var kind: String
        /// What a person would call it: a text's string, an image's symbol, the text inside a
        /// button (cut to 40 characters). Containers with several children have none.
        public var label: String?
        /// The `accessibilityIdentifier` of a `styled` element (`--crop @identifier` finds it).
        public var identifier: String?
        public var frame: Rect?
        public var chrome: [String: Rect]
        /// A text element's laid-out lines (nil for other kinds).
        public var text: LaidOutText?
        /// A compound kind's texts (a bar's title, a back button's label...), by name.
        public var labels: [String: LaidOutText]

        public init(id: Int, kind: String, label: String? = nil, identifier: String? = nil, frame: Rect?,
                    chrome: [String: Rect] = [:], text: LaidOutText? = nil, labels: [String: LaidOutText] = [:]) {
            self.id = id; self.kind = kind; self.label = label; self.identifier = identifier; self.frame = frame; self.chrome = chrome
            self.text = text; self.labels = labels
        }
    }

    /// Lines as laid out, and whether an ellipsis or a line limit cut the text.
    public struct LaidOutText: Hashable, Sendable {
        public var lines: [String]
        public var truncated: Bool

        public init(lines: [String], truncated: Bool = false) { self.lines = lines; self.truncated = truncated }
        init(_ placed: PlacedText) { self.init(lines: placed.lines.map(\.text), truncated: placed.truncated) }
    }

    public init(commit: Int = 1, device: String = "iphone15pro", dynamicTypeSize: String = "large",
                colorScheme: String = "light", layoutDirection: String? = nil, elements: [Element], events: [JSON] = []) {
        self.commit = commit; self.device = device; self.dynamicTypeSize = dynamicTypeSize
        self.colorScheme = colorScheme; self.layoutDirection = layoutDirection; self.elements = elements; self.events = events
    }

    public init(tree: ElementTree, layout: LayoutResult, commit: Int) {
        let env = layout.environment
        let attached = tree.documentOrder()
        let attachedSet = Set(attached)
        let detached = tree.elements.keys.filter { !attachedSet.contains($0) }.sorted()
        // Remembered across elements: asking each one anew walks a deep chain once per element.
        var firstTexts = FirstTextIndex()
        let elements = (attached + detached).compactMap { id -> Element? in
            guard let element = tree[id] else { return nil }
            var label: String?
            if id != ElementTree.rootID, element.children.count <= 1, let text = firstTexts.firstText(under: id, in: tree) {
                label = text.count > 40 ? String(text.prefix(39)) + "…" : text
            }
            return Element(id: id, kind: element.kind, label: label, identifier: layout.identifiers[id], frame: layout.frames[id],
                           chrome: layout.chrome[id] ?? [:],
                           text: layout.texts[id].map { LaidOutText(lines: $0.lines.map(\.text), truncated: $0.truncated) },
                           labels: (layout.labels[id] ?? [:]).mapValues(LaidOutText.init))
        }
        self.init(commit: commit, device: env.device.name, dynamicTypeSize: env.dynamicTypeSize.rawValue,
                  colorScheme: env.colorScheme.rawValue,
                  layoutDirection: env.layoutDirection == .ltr ? nil : env.layoutDirection.rawValue, elements: elements,
                  events: LayoutEvents.records(tree: tree, layout: layout).map(\.json))
    }

    // MARK: - File format

    /// The report as one JSON value (keys as the file has them).
    public var json: JSON {
        var fields: [String: JSON] = ["commit": .number(Double(commit)), "device": .string(device),
                                      "dynamicTypeSize": .string(dynamicTypeSize), "colorScheme": .string(colorScheme),
                                      "elements": .array(elements.map(\.json)), "events": .array(events)]
        if let layoutDirection { fields["layoutDirection"] = .string(layoutDirection) }
        return .object(fields)
    }

    /// `json` with keys sorted, one element and one event per line, so a changed golden reads
    /// well in a code review; ends with a newline.
    public func serialized() -> String {
        func list(_ items: [JSON]) -> String {
            items.isEmpty ? "[]" : "[\n" + items.map { $0.serialized() }.joined(separator: ",\n") + "\n]"
        }
        return "{\"colorScheme\":\(JSON.quoted(colorScheme)),\"commit\":\(commit),\"device\":\(JSON.quoted(device)),"
            + "\"dynamicTypeSize\":\(JSON.quoted(dynamicTypeSize)),\"elements\":\(list(elements.map(\.json))),"
            + "\"events\":\(list(events))"
            + (layoutDirection.map { ",\"layoutDirection\":\(JSON.quoted($0))" } ?? "") + "}\n"
    }

    /// nil when the bytes are not a report (an older dump or a hand-edited file).
    public static func parse(_ bytes: [UInt8]) -> LayoutReport? {
        var parser = JSONParser(bytes)
        guard let json = try? parser.parseDocument(),
              case .number(let commit)? = json["commit"], let commitNumber = Int(exactly: commit),
              case .string(let device)? = json["device"], case .string(let size)? = json["dynamicTypeSize"],
              case .string(let scheme)? = json["colorScheme"],
              case .array(let items)? = json["elements"], case .array(let events)? = json["events"] else { return nil }
        var elements: [Element] = []
        for item in items {
            guard let element = Element(json: item) else { return nil }
            elements.append(element)
        }
        var direction: String?
        if case .string(let d)? = json["layoutDirection"] { direction = d }
        return LayoutReport(commit: commitNumber, device: device, dynamicTypeSize: size, colorScheme: scheme,
                            layoutDirection: direction, elements: elements, events: events)
    }
}

extension LayoutReport.Element {
    var json: JSON {
        var fields: [String: JSON] = ["id": .number(Double(id)), "kind": .string(kind), "frame": frame.map(Self.rectJSON) ?? .null]
        if let label { fields["label"] = .string(label) }
        if let identifier { fields["identifier"] = .string(identifier) }
        if !chrome.isEmpty { fields["chrome"] = .object(chrome.mapValues(Self.rectJSON)) }
        if !labels.isEmpty { fields["labels"] = .object(labels.mapValues(\.json)) }
        if let text {
            fields["lines"] = .array(text.lines.map(JSON.string))
            if text.truncated { fields["truncated"] = .bool(true) }
        }
        return .object(fields)
    }

    init?(json: JSON) {
        guard case .number(let number)? = json["id"], let id = Int(exactly: number), case .string(let kind)? = json["kind"] else {
            return nil
        }
        var label: String?
        if case .string(let s)? = json["label"] { label = s }
        var identifier: String?
        if case .string(let s)? = json["identifier"] { identifier = s }
        var chrome: [String: Rect] = [:]
        if case .object(let fields)? = json["chrome"] {
            for (name, value) in fields {
                guard let rect = Self.rect(value) else { return nil }
                chrome[name] = rect
            }
        }
        var labels: [String: LayoutReport.LaidOutText] = [:]
        if case .object(let fields)? = json["labels"] {
            for (name, value) in fields {
                guard let text = LayoutReport.LaidOutText(json: value) else { return nil }
                labels[name] = text
            }
        }
        let text = json["lines"] == nil ? nil : LayoutReport.LaidOutText(json: json)
        if json["lines"] != nil && text == nil { return nil }
        self.init(id: id, kind: kind, label: label, identifier: identifier, frame: json["frame"].flatMap(Self.rect), chrome: chrome,
                  text: text, labels: labels)
    }

    static func rectJSON(_ r: Rect) -> JSON {
        .object(["x": .number(r.x), "y": .number(r.y), "width": .number(r.width), "height": .number(r.height)])
    }

    static func rect(_ json: JSON) -> Rect? {
        guard case .number(let x)? = json["x"], case .number(let y)? = json["y"],
              case .number(let width)? = json["width"], case .number(let height)? = json["height"] else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }
}

extension LayoutReport.LaidOutText {
    /// `{"lines":[...],"truncated":true}`: `truncated` only when set.
    var json: JSON {
        var fields: [String: JSON] = ["lines": .array(lines.map(JSON.string))]
        if truncated { fields["truncated"] = .bool(true) }
        return .object(fields)
    }

    init?(json: JSON) {
        guard case .array(let items)? = json["lines"] else { return nil }
        let lines = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
        guard lines.count == items.count else { return nil }
        self.init(lines: lines, truncated: json["truncated"] == .bool(true))
    }
}
