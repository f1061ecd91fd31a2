import Drawing
import LayoutModel

public enum ShapeKind: String, Hashable, Sendable {
    case rectangle, roundedRectangle, circle, capsule, ellipse, containerRelative
}

public struct ShapeProps: ElementProps {
    public var shape: ShapeKind
    public var cornerRadius: Double
    public var fill: ShapeStyle?
    public var stroke: StrokeSpec?
}

/// `shape`: fills its proposal (10 where unspecified). `fill: null` paints the foreground,
/// unless there is a stroke (`Shape.stroke(_:)` paints only the outline). A stroke is centered
/// on the outline as SwiftUI's `stroke`; `inset` keeps it inside (`strokeBorder`).
public enum ShapeFamily: ElementFamily {
    public static let kindNames = ["shape"]
    public static let mayDrawPictures = false
    public static func knownProps(kind: String) -> Set<String> { ["shape", "cornerRadius", "fill", "stroke"] }

    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        var stroke: StrokeSpec? = nil
        if let s = try r.object("stroke") {
            s.warnUnknown(["color", "lineWidth", "inset"], what: "stroke field")
            let color = try s.value("color").map { (c: JSON) throws(PropError) in
                try ShapeStyle.decode(c, path: s.path + ".color", diagnostics: r.diagnostics)
            } ?? .semantic("primary", opacity: 1)
            stroke = StrokeSpec(style: color, lineWidth: try s.number("lineWidth") ?? 1, inset: try s.bool("inset") ?? false)
        }
        return ShapeProps(
            shape: try r.choice("shape", ShapeKind.self) ?? .rectangle,
            cornerRadius: try r.number("cornerRadius") ?? 0,
            fill: try r.value("fill").map { (f: JSON) throws(PropError) in
                try ShapeStyle.decode(f, path: r.path + ".fill", diagnostics: r.diagnostics)
            },
            stroke: stroke)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size { fillingSize(p) }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        guard let props = e.props as? ShapeProps else { return }
        let (outline, rect) = outline(props.shape, cornerRadius: props.cornerRadius, in: frame)
        if let fill = props.fill {
            painter.fill(outline, rect, with: fill, state)
        } else if props.stroke == nil {
            painter.fill(outline, rect, with: state.foregroundGradient ?? .rgba(state.foreground), state)
        }
        guard let stroke = props.stroke, stroke.lineWidth > 0 else { return }
        let half = stroke.lineWidth / 2
        var strokeOutline = outline
        if stroke.inset, case .roundedRect(let r) = outline { strokeOutline = .roundedRect(cornerRadius: max(0, r - half)) }
        painter.append(.stroke(strokeOutline, stroke.inset ? rect.insetBy(dx: half, dy: half) : rect,
                               painter.paint(stroke.style, in: rect, state), lineWidth: stroke.lineWidth, dash: []))
    }

    /// The outline of a shape kind and the rect it is drawn in: a circle is the largest circle
    /// centered in the frame; an ellipse fills it.
    static func outline(_ kind: ShapeKind, cornerRadius: Double, in frame: Rect) -> (ShapeOutline, Rect) {
        let outline: ShapeOutline = switch kind {
        case .rectangle: .rect
        case .roundedRectangle, .containerRelative: .roundedRect(cornerRadius: cornerRadius)
        case .circle, .ellipse: .ellipse
        case .capsule: .capsule
        }
        let side = min(frame.width, frame.height)
        let rect = kind == .circle ? Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side) : frame
        return (outline, rect)
    }
}
