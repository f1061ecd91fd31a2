import Drawing
import LayoutModel

extension LayoutPass {
    /// Width of `text` on one line in `font`.
    func width(of text: String, _ font: ResolvedFont) -> Double {
        measurer.layout(text, font: font, width: nil, lineLimit: 1).size.width
    }
}

/// The iOS numbers of switches, text fields, steppers, sliders, text editors and gauges, in points.
enum ControlMetrics {
    /// A switch's thumb, inset this much in its 51 x 31 track.
    static let thumbInset = 2.0
    static let switchThumb = 27.0
    /// A thumb's two shadow rings: how far each spreads past the thumb and how far it drops.
    static let thumbOuterShadow = (spread: 1.0, drop: 1.5)
    static let thumbInnerShadow = (spread: 0.5, drop: 0.5)
    /// A rounded-border text field, a menu picker outside a list and a date picker's
    /// capsules: at least this tall, else the line height plus the padding.
    static let controlMinHeight = 34.0
    static let controlPadding = 12.0
    static func controlHeight(_ font: ResolvedFont) -> Double { max(controlMinHeight, font.lineHeight + controlPadding) }
    /// A plain text field is at least a body line tall.
    static let plainFieldMinHeight = 22.0
    /// A rounded-border field's text, from each side.
    static let fieldTextInset = 7.0
    static let fieldCornerRadius = 5.0
    static let fieldBorderWidth = 0.5
    static let stepperCornerRadius = 8.0
    /// The divider between a stepper's halves, and its glyphs.
    static let stepperDividerHeight = 18.0
    static let stepperSymbol = 20.0
    /// A stepper half that cannot step is drawn at this opacity.
    static let stepperDisabledOpacity = 0.35
    /// A slider or gauge without a proposed width.
    static let sliderIdealWidth = 200.0
    static let gaugeIdealWidth = 100.0
    /// Slider and gauge tracks.
    static let trackHeight = 4.0
    /// A slider's min / max label from its track; a gauge's label row from its track.
    static let sliderLabelGap = 8.0
    static let gaugeLabelGap = 4.0
    /// A text editor without a proposal, and UITextView's text insets.
    static let editorIdealSize = Size(width: 200, height: 100)
    static let editorInsets = EdgeInsets(top: 8, leading: 5, bottom: 0, trailing: 5)
}

public struct ToggleProps: ElementProps {
    public var isOn: Bool
}

/// `toggle`: the label leads and a 51 x 31 switch trails (chrome `switch`); the label is
/// proposed the width minus the switch and 8. Width = the proposal, height = max(label, 31).
/// On: a green (or `.tint`) track with the white thumb at the trailing end.
public enum ToggleFamily: ElementFamily {
    public static let kindNames = ["toggle"]
    public static let switchSize = Size(width: 51, height: 31)

    public static func knownProps(kind: String) -> Set<String> { ["isOn"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        ToggleProps(isOn: try r.bool("isOn") ?? false)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        TrailingControl.size(label: e.children.first, control: switchSize, p, pass)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let control = TrailingControl.place(label: e.children.first, control: switchSize, in: frame, proposal: proposal, pass)
        let isOn = (e.props as? ToggleProps)?.isOn ?? false
        let (inset, side) = (ControlMetrics.thumbInset, ControlMetrics.switchThumb)
        let thumb = Rect(x: isOn ? control.maxX - inset - side : control.x + inset, y: control.y + inset, width: side, height: side)
        pass.record(parts: ToggleParts(track: control, thumb: thumb), for: e.id)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        painter.paintChildren(of: e, state)
        guard let parts = painter.layout.parts[e.id] as? ToggleParts else { return }
        let isOn = (e.props as? ToggleProps)?.isOn ?? false
        painter.append(.fill(.capsule, parts.track, .solid(isOn ? state.tint ?? painter.palette.green : painter.palette.switchOffTrack)))
        painter.drawThumb(parts.thumb)
    }
}

public enum TextFieldStyleKind: String, Sendable { case plain, roundedBorder }

public struct TextFieldProps: ElementProps {
    public var text: String
    public var placeholder: String
    public var style: TextFieldStyleKind
    public var secure: Bool
}

/// `textfield`: width = the proposal (the longer of text and placeholder when none); 34 tall
/// with `roundedBorder` (a 5 pt rounded box, text inset 7) and 22 when `plain`, growing with
/// the font's line height at large Dynamic Type sizes. Empty text shows the placeholder in the
/// placeholder color; `secure` shows one dot per character.
public enum TextFieldFamily: ElementFamily {
    public static let kindNames = ["textfield"]

    public static func knownProps(kind: String) -> Set<String> { ["text", "placeholder", "style", "secure"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        TextFieldProps(text: try r.string("text") ?? "", placeholder: try r.string("placeholder") ?? "",
                       style: try r.choice("style", TextFieldStyleKind.self) ?? .plain, secure: try r.bool("secure") ?? false)
    }

    static func inset(_ props: TextFieldProps?) -> Double { props?.style == .roundedBorder ? ControlMetrics.fieldTextInset : 0 }

    static func shown(_ props: TextFieldProps) -> String {
        props.secure ? String(repeating: "\u{2022}", count: props.text.count) : props.text
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let props = e.props as? TextFieldProps
        let font = pass.font(for: e.id)
        let height = props?.style == .roundedBorder ? ControlMetrics.controlHeight(font)
            : max(ControlMetrics.plainFieldMinHeight, font.lineHeight)
        let ideal = props.map { max(pass.width(of: shown($0), font), pass.width(of: $0.placeholder, font)) + 2 * inset($0) } ?? 0
        return Size(width: p.width ?? ideal, height: height)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        guard let props = e.props as? TextFieldProps, painter.layout.fonts[e.id] != nil else { return }
        let palette = painter.palette
        if props.style == .roundedBorder {
            // The system background, which is the elevated one in a sheet.
            let background = painter.isInSheet(e.id) ? palette.elevatedBackground : palette.systemBackground
            let (radius, border) = (ControlMetrics.fieldCornerRadius, ControlMetrics.fieldBorderWidth)
            painter.append(.fill(.roundedRect(cornerRadius: radius), frame, .solid(background)))
            painter.append(.stroke(.roundedRect(cornerRadius: radius), frame.insetBy(dx: border / 2, dy: border / 2),
                                   .solid(palette.separator), lineWidth: border, dash: []))
        }
        painter.draw((painter.layout.parts[e.id] as? FieldTextParts)?.text, color: props.text.isEmpty ? palette.tertiaryLabel : state.foreground)
    }

    /// The text, or the placeholder when empty, on one line inside the insets.
    public static func layOutTexts(_ e: Element, in frame: Rect, _ pass: LayoutPass) {
        guard let props = e.props as? TextFieldProps, let font = pass.result.fonts[e.id] else { return }
        let box = frame.insetBy(dx: inset(props), dy: 0)
        pass.record(parts: FieldTextParts(text: pass.line(props.text.isEmpty ? props.placeholder : shown(props), font: font, in: box)),
                    for: e.id)
    }
}

public struct StepperProps: ElementProps {
    public var canIncrement: Bool
    public var canDecrement: Bool
}

/// `stepper`: the label leads, a 94 x 32 minus/plus control trails (chrome `label`, `control`,
/// `decrement`, `increment`); a half that cannot step is dimmed to 35 %.
public enum StepperFamily: ElementFamily {
    public static let kindNames = ["stepper"]
    public static let controlSize = Size(width: 94, height: 32)

    public static func knownProps(kind: String) -> Set<String> { ["canIncrement", "canDecrement"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        StepperProps(canIncrement: try r.bool("canIncrement") ?? true, canDecrement: try r.bool("canDecrement") ?? true)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        TrailingControl.size(label: e.children.first, control: controlSize, p, pass)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let control = TrailingControl.place(label: e.children.first, control: controlSize, in: frame, proposal: proposal, pass)
        pass.record(parts: StepperParts(control: control, label: e.children.first.flatMap { pass.result.frames[$0] }), for: e.id)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        painter.paintChildren(of: e, state)
        guard let parts = painter.layout.parts[e.id] as? StepperParts else { return }
        let (control, minus, plus) = (parts.control, parts.decrement, parts.increment)
        let props = e.props as? StepperProps
        let palette = painter.palette
        painter.append(.fill(.roundedRect(cornerRadius: ControlMetrics.stepperCornerRadius), control, .solid(palette.tertiarySystemFill)))
        let hairline = 1 / painter.layout.environment.device.scale
        let divider = ControlMetrics.stepperDividerHeight
        painter.append(.fill(.rect, Rect(x: control.midX - hairline / 2, y: control.midY - divider / 2, width: hairline, height: divider),
                             .solid(palette.separator)))
        let dim = ControlMetrics.stepperDisabledOpacity
        painter.drawSymbol("minus", centeredIn: minus, side: ControlMetrics.stepperSymbol,
                           color: palette.label.withAlpha(props?.canDecrement == false ? dim : 1))
        painter.drawSymbol("plus", centeredIn: plus, side: ControlMetrics.stepperSymbol,
                           color: palette.label.withAlpha(props?.canIncrement == false ? dim : 1))
    }
}

public struct SliderProps: ElementProps {
    public var value: Double
    public var minimum: Double
    public var maximum: Double
    /// What each child is, in order: "label", "min", "max". Empty: every child is ignored.
    public var labels: [String]

    /// The value's share of the range, 0...1.
    var fraction: Double {
        guard maximum > minimum, value.isFinite else { return 0 }
        return min(1, max(0, (value - minimum) / (maximum - minimum)))
    }
}

/// `slider`: width = the proposal (200 when none); a 44 pt row holding a 4 pt track and a
/// 27 pt thumb whose center travels from 13.5 after the track start to 13.5 before its end,
/// the accent fill up to the thumb; a label child sits in a row of its own height above; min /
/// max labels sit at the row's ends, 8 from the track (chrome `track`, `fill`, `thumb`).
public enum SliderFamily: ElementFamily {
    public static let kindNames = ["slider"]
    public static let rowHeight = 44.0
    public static let thumb = 27.0

    public static func knownProps(kind: String) -> Set<String> { ["value", "min", "max", "step", "labels"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        _ = try r.number("step") // type-checked only: a still screen shows the value as sent
        return SliderProps(value: try r.number("value") ?? 0, minimum: try r.number("min") ?? 0,
                           maximum: try r.number("max") ?? 1, labels: try r.strings("labels") ?? [])
    }

    static func child(_ role: String, _ e: Element) -> Int? {
        guard let labels = (e.props as? SliderProps)?.labels, let i = labels.firstIndex(of: role), i < e.children.count
        else { return nil }
        return e.children[i]
    }

    static func labelHeight(_ e: Element, width: Double?, _ pass: LayoutPass) -> Double {
        guard let label = child("label", e) else { return 0 }
        return pass.sizeThatFits(label, ProposedSize(width: width, height: nil)).height
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let width = p.width ?? ControlMetrics.sliderIdealWidth
        return Size(width: width, height: rowHeight + labelHeight(e, width: width.isFinite ? width : nil, pass))
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let labelH = labelHeight(e, width: frame.width, pass)
        if let label = child("label", e) {
            pass.place(label, at: frame.origin, proposal: ProposedSize(width: frame.width, height: nil))
        }
        let row = Rect(x: frame.x, y: frame.y + labelH, width: frame.width, height: rowHeight)
        var trackStart = row.x, trackEnd = row.maxX
        if let minLabel = child("min", e) {
            let s = pass.sizeThatFits(minLabel, .unspecified)
            pass.place(minLabel, at: Point(x: row.x, y: row.midY - s.height / 2), proposal: .unspecified)
            trackStart = row.x + s.width + ControlMetrics.sliderLabelGap
        }
        if let maxLabel = child("max", e) {
            let s = pass.sizeThatFits(maxLabel, .unspecified)
            pass.place(maxLabel, at: Point(x: row.maxX - s.width, y: row.midY - s.height / 2), proposal: .unspecified)
            trackEnd = row.maxX - s.width - ControlMetrics.sliderLabelGap
        }
        let trackHeight = ControlMetrics.trackHeight
        let track = Rect(x: trackStart, y: row.midY - trackHeight / 2, width: max(0, trackEnd - trackStart), height: trackHeight)
        let fraction = (e.props as? SliderProps)?.fraction ?? 0
        let center = track.x + thumb / 2 + fraction * max(0, track.width - thumb)
        pass.record(parts: TrackParts(track: track, fill: Rect(x: track.x, y: track.y, width: max(0, center - track.x), height: trackHeight),
                                      thumb: Rect(x: center - thumb / 2, y: row.midY - thumb / 2, width: thumb, height: thumb)),
                    for: e.id)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        painter.paintChildren(of: e, state)
        guard let parts = painter.layout.parts[e.id] as? TrackParts, let knob = parts.thumb else { return }
        painter.append(.fill(.capsule, parts.track, .solid(painter.palette.tertiarySystemFill)))
        painter.append(.fill(.capsule, parts.fill, .solid(painter.tint(state))))
        painter.drawThumb(knob)
    }
}

public struct TextEditorProps: ElementProps {
    public var text: String
}

/// `texteditor`: fills the proposal (200 x 100 where unspecified); the text wraps in the body
/// font inside UITextView's insets (8 top, 5 at the sides) and is clipped to the frame.
public enum TextEditorFamily: ElementFamily {
    public static let kindNames = ["texteditor"]
    public static func knownProps(kind: String) -> Set<String> { ["text"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        TextEditorProps(text: try r.string("text") ?? "")
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        _ = pass.font(for: e.id) // records the body font the painter wraps the text in
        return p.replacingUnspecified(by: ControlMetrics.editorIdealSize)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        guard let text = (painter.layout.parts[e.id] as? FieldTextParts)?.text else { return }
        painter.append(.pushClip(.rect, frame))
        painter.draw(text, color: state.foreground)
        painter.append(.popClip)
    }

    /// The text wrapped inside UITextView's insets.
    public static func layOutTexts(_ e: Element, in frame: Rect, _ pass: LayoutPass) {
        guard let text = (e.props as? TextEditorProps)?.text, let font = pass.result.fonts[e.id] else { return }
        let insets = ControlMetrics.editorInsets
        let inset = Rect(x: frame.x + insets.leading, y: frame.y + insets.top, width: max(0, frame.width - insets.horizontal), height: frame.height)
        pass.record(parts: FieldTextParts(text: pass.lines(text, font: font, in: inset, alignment: 0)), for: e.id)
    }
}

public struct GaugeProps: ElementProps {
    public var value: Double
    public var style: String
    public var hasLabel: Bool
    public var hasCurrentValueLabel: Bool
}

/// `gauge`: width = the proposal (100 when none); a 4 pt rounded track with the leading
/// `value` share filled in the accent color, under a row holding the label (leading) and the
/// current value label (trailing) in the caption style: height = 4 (+ row + 4 with labels).
/// The circular styles draw as linear, as the spec says for now.
public enum GaugeFamily: ElementFamily {
    public static let kindNames = ["gauge"]
    public static func knownProps(kind: String) -> Set<String> { ["value", "style", "hasLabel", "hasCurrentValueLabel"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        GaugeProps(value: try r.number("value") ?? 0, style: try r.string("style") ?? "automatic",
                   hasLabel: try r.bool("hasLabel") ?? false, hasCurrentValueLabel: try r.bool("hasCurrentValueLabel") ?? false)
    }

    public static func childContext(_ e: Element, _ context: InheritedContext) -> InheritedContext {
        var c = context
        c.stackAxis = nil
        c.font.textStyle = .caption
        c.font.size = nil
        c.font.relativeTo = nil
        return c
    }

    /// The label and current value label children, as far as the props say they exist.
    static func labels(_ e: Element) -> (label: Int?, value: Int?) {
        guard let props = e.props as? GaugeProps else { return (nil, nil) }
        var rest = e.children[...]
        let label = props.hasLabel ? rest.popFirst() : nil
        let value = props.hasCurrentValueLabel ? rest.popFirst() : nil
        return (label, value)
    }

    static func rowHeight(_ e: Element, width: Double?, _ pass: LayoutPass) -> Double? {
        let (label, value) = labels(e)
        let heights = [label, value].compactMap { $0 }.map { pass.sizeThatFits($0, ProposedSize(width: width, height: nil)).height }
        return heights.max()
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let width = p.width ?? ControlMetrics.gaugeIdealWidth
        let row = rowHeight(e, width: width.isFinite ? width : nil, pass)
        return Size(width: width, height: ControlMetrics.trackHeight + (row.map { $0 + ControlMetrics.gaugeLabelGap } ?? 0))
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let row = rowHeight(e, width: frame.width, pass)
        let p = ProposedSize(width: frame.width, height: nil)
        let (label, value) = labels(e)
        if let label {
            let s = pass.sizeThatFits(label, p)
            pass.place(label, at: Point(x: frame.x, y: frame.y + ((row ?? 0) - s.height) / 2), proposal: p)
        }
        if let value {
            let s = pass.sizeThatFits(value, p)
            pass.place(value, at: Point(x: frame.maxX - s.width, y: frame.y + ((row ?? 0) - s.height) / 2), proposal: p)
        }
        let track = Rect(x: frame.x, y: frame.y + (row.map { $0 + ControlMetrics.gaugeLabelGap } ?? 0), width: frame.width,
                         height: ControlMetrics.trackHeight)
        let amount = (e.props as? GaugeProps)?.value ?? 0
        let fraction = amount.isFinite ? min(1, max(0, amount)) : 0
        pass.record(parts: TrackParts(track: track, fill: Rect(x: track.x, y: track.y, width: track.width * fraction, height: track.height)),
                    for: e.id)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        painter.paintChildren(of: e, state)
        guard let parts = painter.layout.parts[e.id] as? TrackParts else { return }
        let fill = parts.fill
        painter.append(.fill(.capsule, parts.track, .solid(painter.palette.systemFill)))
        if fill.width > 0 { painter.append(.fill(.capsule, fill, .solid(painter.tint(state)))) }
    }
}

/// A switch as layout placed it: its 51 x 31 track (chrome `switch`) and the thumb, at the
/// trailing end when on (the left one in right-to-left layout, as iOS mirrors UISwitch).
struct ToggleParts: LayoutParts {
    var track: Rect
    var thumb: Rect
    var chrome: [String: Rect] { ["switch": track] }
}

/// A stepper's control split into its two buttons, and where its label went.
struct StepperParts: LayoutParts {
    var control: Rect
    var label: Rect?
    /// Right to left: the decrement half on the right (UIStepper mirrors like its row).
    var mirrored = false
    private var left: Rect { Rect(x: control.x, y: control.y, width: control.width / 2, height: control.height) }
    private var right: Rect { Rect(x: control.midX, y: control.y, width: control.width / 2, height: control.height) }
    var decrement: Rect { mirrored ? right : left }
    var increment: Rect { mirrored ? left : right }

    var chrome: [String: Rect] {
        var rects = ["control": control, "decrement": decrement, "increment": increment]
        rects["label"] = label
        return rects
    }
}

/// A slider's or gauge's track, the filled share of it and, for a slider, the thumb.
struct TrackParts: LayoutParts {
    var track: Rect
    var fill: Rect
    var thumb: Rect?

    var chrome: [String: Rect] {
        var rects = ["track": track, "fill": fill]
        rects["thumb"] = thumb
        return rects
    }
}

extension ToggleParts {
    func mirrored(_ m: HorizontalMirror) -> Self { Self(track: m.rect(track), thumb: m.rect(thumb)) }
}

extension StepperParts {
    func mirrored(_ m: HorizontalMirror) -> Self { Self(control: m.rect(control), label: m.rect(label), mirrored: !mirrored) }
}

extension TrackParts {
    func mirrored(_ m: HorizontalMirror) -> Self { Self(track: m.rect(track), fill: m.rect(fill), thumb: m.rect(thumb)) }
}
