import Foundation
import Drawing
import LayoutModel

public enum PickerStyleKind: String, Sendable { case segmented, menu, inline }

public struct PickerProps: ElementProps {
    public var style: PickerStyleKind
    public var label: String
    public var options: [String]
    public var selected: Int

    var selectedOption: String? { options.indices.contains(selected) ? options[selected] : nil }
}

/// A picker's parts as layout decided them: the rects of its style and their laid-out texts.
struct PickerParts: LayoutParts {
    /// Segmented: one equal segment per option, and its title (the selected one semibold).
    var segments: [Rect] = []
    var segmentTitles: [PlacedText] = []
    /// Menu and inline: the label (none when empty).
    var label: Rect?
    var labelText: PlacedText?
    /// Menu: the selected option and its chevron, trailing; the text left of the chevron.
    var value: Rect?
    var valueText: PlacedText?
    /// Menu: the chevron's box at the value's trailing end.
    var valueChevron: Rect?
    /// Inline: one row per option, and its title left of the checkmark's room.
    var options: [Rect] = []
    var optionTitles: [PlacedText] = []
    /// Inline: each option's checkmark box at the row's trailing end (drawn for the selected one).
    var optionChecks: [Rect] = []

    var chrome: [String: Rect] {
        var rects: [String: Rect] = [:]
        for (i, segment) in segments.enumerated() { rects["segment\(i)"] = segment }
        for (i, option) in options.enumerated() { rects["option\(i)"] = option }
        rects["label"] = label
        rects["value"] = value
        return rects
    }

    var labels: [String: PlacedText] {
        var texts: [String: PlacedText] = [:]
        for (i, title) in segmentTitles.enumerated() { texts["segment\(i)"] = title }
        for (i, title) in optionTitles.enumerated() { texts["option\(i)"] = title }
        texts["label"] = labelText
        texts["value"] = valueText
        return texts
    }
}

/// `picker`:
/// - `segmented`: 32 high, width = the proposal (every segment the widest label + 20 when
///   none), equal segments (chrome `segment<i>`), the selected one on a raised pill, 13 pt
///   labels (measured semibold; the unselected ones drawn regular, as UIKit does).
/// - `menu`: the label leading, the selected option and a chevron.up.chevron.down trailing in
///   the secondary color (chrome `label`, `value`); 44 high in a list row, 34 elsewhere.
/// - `inline`: one 44 pt row per option (plus a caption row for a non-empty label), a
///   checkmark on the selected one (chrome `label`, `option<i>`).
/// Rows and the menu control grow with the font's line height at large Dynamic Type sizes.
public enum PickerFamily: ElementFamily {
    public static let kindNames = ["picker"]
    typealias Metrics = PickerMetrics
    public static let segmentedHeight = 32.0
    static let segmentFont = ResolvedFont(size: 13, lineHeight: DynamicTypeTable.lineHeight(forPointSize: 13), weight: .semibold)

    public static func knownProps(kind: String) -> Set<String> { ["style", "label", "options", "selected"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        PickerProps(style: try r.choice("style", PickerStyleKind.self) ?? .menu, label: try r.string("label") ?? "",
                    options: try r.strings("options") ?? [], selected: try r.index("selected"))
    }

    static func rowHeight(_ font: ResolvedFont) -> Double { max(Metrics.rowHeight, font.lineHeight + Metrics.rowPadding) }

    /// The menu control's trailing part: the value text, 4, the chevrons glyph.
    static func chevronSide(_ font: ResolvedFont) -> Double { (font.size * Metrics.chevronScale).rounded() }
    static func valueWidth(_ props: PickerProps, _ font: ResolvedFont, _ pass: LayoutPass) -> Double {
        pass.width(of: props.selectedOption ?? "", font) + Metrics.chevronGap + chevronSide(font)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        guard let props = e.props as? PickerProps else { return .zero }
        let font = pass.font(for: e.id)
        switch props.style {
        case .segmented:
            let widest = props.options.map { pass.width(of: $0, segmentFont) }.max() ?? 0
            return Size(width: p.width ?? Double(props.options.count) * (widest + Metrics.segmentPadding), height: segmentedHeight)
        case .menu:
            let height = pass.isInList(e.id) ? rowHeight(font) : ControlMetrics.controlHeight(font)
            let ideal = (props.label.isEmpty ? 0 : pass.width(of: props.label, font) + Metrics.labelGap) + valueWidth(props, font, pass)
            return Size(width: p.width ?? ideal, height: height)
        case .inline:
            let rows = props.options.count + (props.label.isEmpty ? 0 : 1)
            let widest = max(pass.width(of: props.label, font), (props.options.map { pass.width(of: $0, font) }.max() ?? 0) + Metrics.checkmarkReserve)
            return Size(width: p.width ?? widest, height: Double(rows) * rowHeight(font))
        }
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        guard let props = e.props as? PickerProps else { return }
        let font = pass.font(for: e.id)
        var parts = PickerParts()
        switch props.style {
        case .segmented:
            let count = max(1, props.options.count)
            let width = frame.width / Double(count)
            parts.segments = props.options.indices.map {
                Rect(x: frame.x + Double($0) * width, y: frame.y, width: width, height: frame.height)
            }
        case .menu:
            let value = min(frame.width, valueWidth(props, font, pass))
            parts.value = Rect(x: frame.maxX - value, y: frame.y, width: value, height: frame.height)
            if !props.label.isEmpty {
                let label = min(pass.width(of: props.label, font), max(0, frame.width - value - Metrics.labelGap))
                parts.label = Rect(x: frame.x, y: frame.y, width: label, height: frame.height)
            }
        case .inline:
            let h = rowHeight(font)
            var y = frame.y
            if !props.label.isEmpty {
                parts.label = Rect(x: frame.x, y: y, width: frame.width, height: h)
                y += h
            }
            for _ in props.options.indices {
                parts.options.append(Rect(x: frame.x, y: y, width: frame.width, height: h))
                y += h
            }
        }
        pass.record(parts: parts, for: e.id)
    }

    /// Segment titles (the selected one semibold), the menu's label and value, the inline
    /// picker's label and option titles, each on one line in its part.
    public static func layOutTexts(_ e: Element, in frame: Rect, _ pass: LayoutPass) {
        guard let props = e.props as? PickerProps, let font = pass.result.fonts[e.id],
              var parts = pass.result.parts[e.id] as? PickerParts else { return }
        parts.segmentTitles = parts.segments.enumerated().map { i, segment in
            // UISegmentedControl sets the selected title semibold and the others regular.
            var font = segmentFont
            if i != props.selected { font.weight = .regular }
            return pass.line(props.options[i], font: font, in: segment.insetBy(dx: Metrics.segmentTitleInset, dy: 0), alignment: 0.5)
        }
        parts.labelText = parts.label.map { pass.line(props.label, font: font, in: $0) }
        parts.valueText = parts.value.map { value in
            let text = Rect(x: value.x, y: value.y, width: max(0, value.width - Metrics.chevronGap - chevronSide(font)), height: value.height)
            return pass.line(props.selectedOption ?? "", font: font, in: text, alignment: 1)
        }
        parts.optionTitles = parts.options.enumerated().map { i, row in
            pass.line(props.options[i], font: font, in: Rect(x: row.x, y: row.y, width: max(0, row.width - Metrics.checkmarkReserve), height: row.height))
        }
        let chevron = chevronSide(font), check = (font.size * Metrics.checkmarkScale).rounded()
        parts.valueChevron = parts.value.map { Rect(x: $0.maxX - chevron, y: $0.y, width: chevron, height: $0.height) }
        parts.optionChecks = parts.options.map { Rect(x: $0.maxX - check, y: $0.y, width: check, height: $0.height) }
        pass.record(parts: parts, for: e.id)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        guard let props = e.props as? PickerProps, let parts = painter.layout.parts[e.id] as? PickerParts else { return }
        let palette = painter.palette
        switch props.style {
        case .segmented:
            painter.append(.fill(.roundedRect(cornerRadius: Metrics.segmentedCornerRadius), frame, .solid(palette.tertiarySystemFill)))
            let segments = parts.segments
            // Hairlines between two unselected neighbours, as UISegmentedControl draws them.
            for i in segments.indices.dropFirst() where i != props.selected && i - 1 != props.selected {
                // Halfway between the two centers: the edge they share, in either direction.
                let (s, x) = (segments[i], (segments[i - 1].midX + segments[i].midX) / 2)
                let (width, height) = (Metrics.segmentDividerWidth, Metrics.segmentDividerHeight)
                painter.append(.fill(.rect, Rect(x: x - width / 2, y: s.midY - height / 2, width: width, height: height),
                                     .solid(palette.separator)))
            }
            if segments.indices.contains(props.selected) {
                let pill = segments[props.selected].insetBy(dx: Metrics.pillInset, dy: Metrics.pillInset)
                let shape = ShapeOutline.roundedRect(cornerRadius: Metrics.pillCornerRadius)
                painter.append(.fill(shape, pill.offsetBy(dx: 0, dy: Metrics.pillShadowOffset), .solid(palette.softShadow)))
                painter.append(.fill(shape, pill, .solid(palette.segmentPill)))
            }
            for title in parts.segmentTitles { painter.draw(title, color: state.foreground) }
        case .menu:
            painter.draw(parts.labelText, color: state.foreground)
            if let chevron = parts.valueChevron {
                painter.draw(parts.valueText, color: palette.secondaryLabel)
                painter.drawSymbol("chevron.up.chevron.down", centeredIn: chevron, side: chevron.width,
                                   color: palette.secondaryLabel, strokeWidth: Metrics.glyphStrokeWidth)
            }
        case .inline:
            let hairline = 1 / painter.layout.environment.device.scale
            painter.draw(parts.labelText, color: palette.secondaryLabel)
            for (i, row) in parts.options.enumerated() {
                if row.y > frame.y + 0.5 {
                    painter.append(.fill(.rect, Rect(x: row.x, y: row.y, width: row.width, height: hairline), .solid(palette.separator)))
                }
                if parts.optionTitles.indices.contains(i) { painter.draw(parts.optionTitles[i], color: state.foreground) }
                if i == props.selected, parts.optionChecks.indices.contains(i) {
                    let check = parts.optionChecks[i]
                    painter.drawSymbol("checkmark", centeredIn: check, side: check.width, color: painter.tint(state),
                                       strokeWidth: Metrics.glyphStrokeWidth)
                }
            }
        }
    }
}

/// The iOS numbers of pickers and date pickers, in points.
enum PickerMetrics {
    /// A menu or inline row in a list: at least this tall, else the line height plus the padding.
    static let rowHeight = 44.0
    static let rowPadding = 22.0
    /// A menu picker's label from its value.
    static let labelGap = 8.0
    /// The up-down chevrons after a menu's value: this far from it, the font size times this.
    static let chevronGap = 4.0
    static let chevronScale = 0.8
    /// An inline option's checkmark: the font size times this, and the room kept for it.
    static let checkmarkScale = 1.15
    static let checkmarkReserve = 28.0
    static let glyphStrokeWidth = 2.5
    /// A segment's ideal width is its widest title plus this; a title keeps this from its sides.
    static let segmentPadding = 20.0
    static let segmentTitleInset = 6.0
    static let segmentedCornerRadius = 8.0
    static let segmentDividerWidth = 1.0
    static let segmentDividerHeight = 16.0
    /// The selected segment's pill: inset in its segment, its radius, its shadow's drop.
    static let pillInset = 2.0
    static let pillCornerRadius = 7.0
    static let pillShadowOffset = 1.0
    /// A date picker capsule is its text plus this wide.
    static let capsulePadding = 22.0
    static let capsuleCornerRadius = 8.0
}

/// `menu`: only its label (the first child) is laid out and drawn, in the accent color like a
/// plain button; the items open in a popover on tap, so on a still screen they are hidden.
public enum MenuFamily: ElementFamily {
    public static let kindNames = ["menu"]
    public static func knownProps(kind: String) -> Set<String> { [] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps { NoProps() }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        e.children.first.map { pass.sizeThatFits($0, p) } ?? .zero
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        if let label = e.children.first { pass.place(label, at: frame.origin, proposal: proposal) }
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ inherited: Painter.State) {
        guard let label = e.children.first else { return }
        var state = inherited
        if !state.explicitForeground { state.foreground = painter.tint(state) }
        painter.paint(label, state)
    }
}

public enum DatePickerComponents: String, Sendable { case date, hourAndMinute, dateAndTime }

public struct DatePickerProps: ElementProps {
    public var seconds: Double
    public var components: DatePickerComponents
    public var labelsHidden: Bool
}

/// `datepicker`, compact: the label leads, one or two capsules trail (the date "Oct 3, 2026",
/// the time "7:00 AM", 8 apart), each its body text + 11 at each side and 34 high, on the
/// tertiary fill with 8 pt corners (chrome `label`, `date`, `time`). The text is formatted in
/// US English from `seconds` in UTC, never the machine's time zone.
public enum DatePickerFamily: ElementFamily {
    public static let kindNames = ["datepicker"]

    public static func knownProps(kind: String) -> Set<String> { ["seconds", "components", "min", "max", "labelsHidden"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        // Type-checked only: the bounds limit the native pickers, not what a still screen shows.
        _ = try r.number("min")
        _ = try r.number("max")
        return DatePickerProps(seconds: try r.number("seconds") ?? 0,
                               components: try r.choice("components", DatePickerComponents.self) ?? .date,
                               labelsHidden: try r.bool("labelsHidden") ?? false)
    }

    /// "Oct 3, 2026" and "7:00 AM" for a time in seconds since 1970, in UTC.
    public static func format(seconds: Double) -> (date: String, time: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let safe = seconds.isFinite ? max(-1e12, min(1e12, seconds)) : 0
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: safe))
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[min(11, max(0, (c.month ?? 1) - 1))]
        let hour = c.hour ?? 0, minute = c.minute ?? 0
        let hour12 = hour % 12 == 0 ? 12 : hour % 12
        let minutes = minute < 10 ? "0\(minute)" : "\(minute)"
        return ("\(month) \(c.day ?? 1), \(c.year ?? 1970)", "\(hour12):\(minutes) \(hour < 12 ? "AM" : "PM")")
    }

    static func label(_ e: Element) -> Int? {
        (e.props as? DatePickerProps)?.labelsHidden == true ? nil : e.children.first
    }

    /// The capsules' texts and widths, in order (date, then time).
    static func capsules(_ e: Element, _ font: ResolvedFont, _ pass: LayoutPass) -> [(key: String, text: String, width: Double)] {
        guard let props = e.props as? DatePickerProps else { return [] }
        let texts = format(seconds: props.seconds)
        var out: [(String, String)] = []
        if props.components != .hourAndMinute { out.append(("date", texts.date)) }
        if props.components != .date { out.append(("time", texts.time)) }
        return out.map { ($0.0, $0.1, pass.width(of: $0.1, font) + PickerMetrics.capsulePadding) }
    }

    static func controlSize(_ e: Element, _ pass: LayoutPass) -> Size {
        let font = pass.font(for: e.id)
        let caps = capsules(e, font, pass)
        let width = caps.map(\.width).reduce(0, +) + TrailingControl.gap * Double(max(0, caps.count - 1))
        return Size(width: width, height: ControlMetrics.controlHeight(font))
    }

    /// At accessibility text sizes, when the label's one line and the capsules do not fit side
    /// by side, iOS puts the label on top and the capsules below it, leading, each on a line
    /// of its own when they do not fit one.
    static func stacks(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Bool {
        guard pass.environment.dynamicTypeSize.rawValue.hasPrefix("accessibility"), let label = label(e),
              let width = p.width, width.isFinite else { return false }
        return pass.sizeThatFits(label, .unspecified).width + TrailingControl.gap + controlSize(e, pass).width > width
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let control = controlSize(e, pass)
        if stacks(e, p, pass), let label = label(e), let width = p.width {
            let labelHeight = pass.sizeThatFits(label, ProposedSize(width: width, height: nil)).height
            let rects = flow(capsules(e, pass.font(for: e.id), pass), at: .zero, height: control.height, maxX: width)
            let capsulesHeight = rects.map(\.1.maxY).max() ?? control.height
            return Size(width: width, height: labelHeight + TrailingControl.gap + capsulesHeight)
        }
        return TrailingControl.size(label: label(e), control: control, p, pass)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let size = controlSize(e, pass)
        let control: Rect
        if stacks(e, proposal, pass), let l = label(e) {
            let lp = ProposedSize(width: frame.width, height: nil)
            let labelHeight = pass.sizeThatFits(l, lp).height
            pass.place(l, at: frame.origin, proposal: lp)
            control = Rect(x: frame.x, y: frame.y + labelHeight + TrailingControl.gap, width: size.width, height: size.height)
        } else {
            control = TrailingControl.place(label: label(e), control: size, in: frame, proposal: proposal, pass)
        }
        let font = pass.font(for: e.id)
        let capsules = capsules(e, font, pass)
        let rects = flow(capsules, at: control.origin, height: size.height, maxX: stacks(e, proposal, pass) ? frame.maxX : .infinity)
        // The date and the time, each centered in its capsule.
        let placed = zip(capsules, rects).map { capsule, placed in
            DatePickerParts.Capsule(name: placed.0, rect: placed.1, text: pass.line(capsule.text, font: font, in: placed.1, alignment: 0.5))
        }
        pass.record(parts: DatePickerParts(label: label(e).flatMap { pass.result.frames[$0] }, capsules: placed), for: e.id)
    }

    /// Capsules left to right, 8 apart, starting a new line 8 below when one would pass `maxX`.
    static func flow(_ capsules: [(key: String, text: String, width: Double)], at origin: Point, height: Double,
                     maxX: Double) -> [(String, Rect)] {
        var x = origin.x, y = origin.y
        return capsules.map { capsule in
            if x > origin.x, x + capsule.width > maxX {
                x = origin.x
                y += height + TrailingControl.gap
            }
            defer { x += capsule.width + TrailingControl.gap }
            return (capsule.key, Rect(x: x, y: y, width: capsule.width, height: height))
        }
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        if let l = label(e) { painter.paint(l, state) }
        guard let parts = painter.layout.parts[e.id] as? DatePickerParts else { return }
        for capsule in parts.capsules {
            painter.append(.fill(.roundedRect(cornerRadius: PickerMetrics.capsuleCornerRadius), capsule.rect,
                                 .solid(painter.palette.tertiarySystemFill)))
            painter.draw(capsule.text, color: painter.palette.label)
        }
    }
}

/// A date picker as layout decided it: where its label went and its date and time capsules
/// (chrome `date`, `time`) with their centered texts.
struct DatePickerParts: LayoutParts {
    struct Capsule: Sendable {
        var name: String
        var rect: Rect
        var text: PlacedText
    }
    var label: Rect?
    var capsules: [Capsule]

    var chrome: [String: Rect] {
        var rects: [String: Rect] = [:]
        rects["label"] = label
        for capsule in capsules { rects[capsule.name] = capsule.rect }
        return rects
    }

    var labels: [String: PlacedText] {
        Dictionary(capsules.map { ($0.name, $0.text) }, uniquingKeysWith: { first, _ in first })
    }
}

extension PickerParts {
    func mirrored(_ m: HorizontalMirror) -> Self {
        var p = self
        p.segments = segments.map(m.rect); p.segmentTitles = segmentTitles.map(m.text)
        p.label = m.rect(label); p.labelText = m.text(labelText); p.value = m.rect(value); p.valueText = m.text(valueText)
        p.valueChevron = m.rect(valueChevron)
        p.options = options.map(m.rect); p.optionTitles = optionTitles.map(m.text); p.optionChecks = optionChecks.map(m.rect)
        return p
    }
}

extension DatePickerParts {
    func mirrored(_ m: HorizontalMirror) -> Self {
        Self(label: m.rect(label), capsules: capsules.map { Capsule(name: $0.name, rect: m.rect($0.rect), text: m.text($0.text)) })
    }
}
