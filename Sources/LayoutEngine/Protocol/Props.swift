import TextMeasure

/// The element kinds shotter knows. Anything else is kept by name and drawn as a placeholder.
public enum ElementKind: Hashable, Sendable, CustomStringConvertible {
    case screen, text, vstack, hstack, zstack, spacer, divider, button, styled, color, shape, image
    case unknown(String)

    static let byName: [String: ElementKind] = [
        "text": .text, "vstack": .vstack, "hstack": .hstack, "zstack": .zstack, "spacer": .spacer,
        "divider": .divider, "button": .button, "styled": .styled, "color": .color, "shape": .shape, "image": .image,
    ]
    public init(name: String) { self = Self.byName[name] ?? .unknown(name) }

    public var description: String {
        switch self {
        case .screen: "screen"
        case .unknown(let name): name
        default: Self.byName.first { $0.value == self }?.key ?? "?"
        }
    }
}

public enum ButtonStyleKind: String, Hashable, Sendable { case automatic, plain, bordered, borderedProminent, borderless }
public enum ShapeKind: String, Hashable, Sendable {
    case rectangle, roundedRectangle, circle, capsule, ellipse, containerRelative
}
public enum StackAlignment: String, Hashable, Sendable { case leading, center, trailing, top, bottom }

public struct StackProps: Hashable, Sendable {
    public var spacing: Double?
    public var alignment: StackAlignment
}

public struct ShapeProps: Hashable, Sendable {
    public var shape: ShapeKind
    public var cornerRadius: Double
    public var fill: ShapeStyle?
    public var stroke: StrokeSpec?
}

/// Props decoded once, when the op is applied; layout and painting never see raw JSON.
public enum Props: Hashable, Sendable {
    case none
    case text(String)
    case stack(StackProps)
    case zstack(Alignment)
    case spacer(minLength: Double?)
    case button(style: ButtonStyleKind, destructive: Bool)
    case styled(Style)
    case color(ShapeStyle)
    case shape(ShapeProps)
    case image(systemName: String?)
    /// Root (id 0) props: the Phase 12 `colorScheme` override.
    case screen(colorScheme: String?)
    case unknown

    static func decode(kind: ElementKind, json: JSON, diagnostics: Diagnostics) throws(PropError) -> Props {
        let r = try PropReader(json, path: "\(kind)", diagnostics: diagnostics)
        func known(_ keys: Set<String>) { r.warnUnknown(keys, what: "\(kind) prop") }
        switch kind {
        case .screen:
            known(["colorScheme"])
            return .screen(colorScheme: try r.string("colorScheme"))
        case .text:
            known(["text"])
            return .text(try r.string("text") ?? "")
        case .vstack, .hstack:
            known(["spacing", "alignment"])
            return .stack(StackProps(spacing: try r.number("spacing"),
                                     alignment: try r.choice("alignment", StackAlignment.self) ?? .center))
        case .zstack:
            known(["alignment"])
            return .zstack(try r.choice("alignment", Alignment.self) ?? .center)
        case .spacer:
            known(["minLength"])
            return .spacer(minLength: try r.number("minLength"))
        case .divider:
            known([])
            return .none
        case .button:
            known(["style", "role"])
            return .button(style: try r.choice("style", ButtonStyleKind.self) ?? .automatic,
                           destructive: try r.string("role") == "destructive")
        case .styled:
            known(["style"])
            guard let style = try r.object("style") else { return .styled(Style()) }
            return .styled(try Style.decode(style))
        case .color:
            known(["color"])
            guard let c = r.value("color") else { return .color(.semantic("clear", opacity: 1)) }
            return .color(try ShapeStyle.decode(c, path: r.path + ".color", diagnostics: diagnostics))
        case .shape:
            known(["shape", "cornerRadius", "fill", "stroke"])
            var stroke: StrokeSpec? = nil
            if let s = try r.object("stroke") {
                let color = try s.value("color").map { (c: JSON) throws(PropError) in
                    try ShapeStyle.decode(c, path: s.path + ".color", diagnostics: diagnostics)
                } ?? .semantic("primary", opacity: 1)
                stroke = StrokeSpec(style: color, lineWidth: try s.number("lineWidth") ?? 1, inset: try s.bool("inset") ?? false)
            }
            return .shape(ShapeProps(
                shape: try r.choice("shape", ShapeKind.self) ?? .rectangle,
                cornerRadius: try r.number("cornerRadius") ?? 0,
                fill: try r.value("fill").map { (f: JSON) throws(PropError) in
                    try ShapeStyle.decode(f, path: r.path + ".fill", diagnostics: diagnostics)
                },
                stroke: stroke))
        case .image:
            known(["systemName", "name"])
            return .image(systemName: try r.string("systemName"))
        case .unknown:
            return .unknown
        }
    }
}
