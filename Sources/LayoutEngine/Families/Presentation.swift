import Drawing
import LayoutModel

public enum SheetDetent: String, Sendable { case large, medium, full }

public struct SheetProps: ElementProps {
    /// Only the first detent matters for a still screen.
    public var detent: SheetDetent
}

/// `sheet`: a root-level card over the presenting tree. Its frame is the card: `large` starts
/// 10 pt below the status bar (the safe-area top), `medium` is half the screen, `full` (a
/// full-screen cover) is the whole screen. The content is proposed the card minus the
/// grabber row (8 + 5 + 8) and the home indicator's safe area, and centered in it; lists,
/// scroll views, navigation stacks and tab views run to the card's bottom edge. Behind a large sheet the presenting
/// tree is scaled to 0.92 over black; every sheet but a full cover dims it with a 40 % scrim.
public enum SheetFamily: ElementFamily {
    public static let kindNames = ["sheet"]
    public static var fillsScreen: Bool { true }
    public static let grabberRow = 21.0
    public static let cornerRadius = 10.0
    /// A large sheet's card starts this far below the status bar.
    static let largeTopGap = 10.0
    /// The grabber, centered this far below the card's top.
    static let grabberSize = Size(width: 36, height: 5)
    static let grabberTop = 8.0
    /// Behind a large sheet the presenting tree shrinks to this scale.
    static let presentingScale = 0.92

    public static func knownProps(kind: String) -> Set<String> { ["detents"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        let first = try r.strings("detents")?.first ?? "large"
        guard let detent = SheetDetent(rawValue: first) else {
            throw PropError(message: "\(r.path).detents: unknown detent \(MessageText.quoted(first))")
        }
        return SheetProps(detent: detent)
    }

    static func detent(_ e: Element) -> SheetDetent { (e.props as? SheetProps)?.detent ?? .large }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let screen = pass.environment.device.size
        switch detent(e) {
        case .full: return screen
        case .medium: return Size(width: screen.width, height: screen.height / 2)
        case .large: return Size(width: screen.width, height: screen.height - pass.environment.device.safeArea.top - largeTopGap)
        }
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let device = pass.environment.device
        let full = detent(e) == .full
        let top = full ? frame.y + device.safeArea.top : frame.y + grabberRow
        if !full {
            let grabber = Rect(x: frame.midX - grabberSize.width / 2, y: frame.y + grabberTop, width: grabberSize.width, height: grabberSize.height)
            pass.record(parts: SheetParts(grabber: grabber), for: e.id)
        }
        let filling = Rect(x: frame.x, y: top, width: frame.width, height: frame.maxY - top)
        let area = Rect(x: frame.x + device.safeArea.leading, y: top, width: frame.width - device.safeArea.horizontal,
                        height: max(0, frame.maxY - device.safeArea.bottom - top))
        for child in e.children {
            let content = pass.unwrapStyled(child)
            if let content, content.family.fillsScreen || ["navstack", "list", "scrollview"].contains(content.kind) {
                // A full cover's stack or tab view fills it, reserving the status bar itself.
                let rect = full && (content.family.fillsScreen || content.kind == "navstack") ? frame : filling
                pass.place(child, at: rect.origin, proposal: ProposedSize(rect.size))
            } else {
                let size = pass.sizeThatFits(child, ProposedSize(area.size))
                pass.place(child, at: Point(x: area.midX - size.width / 2, y: area.midY - size.height / 2),
                           proposal: ProposedSize(area.size))
            }
        }
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        let screen = Rect(origin: .zero, size: painter.layout.environment.device.size)
        let detent = detent(e)
        if detent == .large {
            // The presenting tree (everything drawn so far) shrinks onto black with rounded corners.
            let scale = presentingScale
            painter.insert([.fill(.rect, screen, .solid(painter.palette.backdrop)),
                            .pushTransform(scale: scale, center: Point(x: screen.midX, y: screen.midY)),
                            .pushClip(.roundedRect(cornerRadius: cornerRadius / scale), screen)], at: 0)
            painter.append(.popClip)
            painter.append(.popTransform)
            painter.statusBarScheme = .dark
        }
        if detent != .full {
            painter.append(.fill(.rect, screen, .solid(painter.palette.sheetScrim)))
        }
        let background = detent == .full ? painter.palette.systemBackground : painter.palette.elevatedBackground
        painter.append(.fill(detent == .full ? .rect : .topRoundedRect(cornerRadius: cornerRadius), frame, .solid(background)))
        if let grabber = (painter.layout.parts[e.id] as? SheetParts)?.grabber {
            painter.append(.fill(.capsule, grabber, .solid(painter.palette.tertiaryLabel)))
        }
        if detent == .full { painter.statusBarScheme = nil }
        painter.paintChildren(of: e, state)
    }
}

public enum AlertStyle: String, Sendable { case alert, dialog }

public struct AlertProps: ElementProps {
    public var title: String
    public var message: String?
    public var style: AlertStyle
}

/// The iOS numbers of alerts (`.alert`) and confirmation dialogs (`.confirmationDialog`), in points.
enum AlertMetrics {
    /// An alert's card, unless the screen is narrower than it plus its margins.
    static let alertWidth = 270.0
    static let screenMargin = 8.0
    static let alertRowHeight = 44.0
    /// A button row grows with its font: line height plus this.
    static let alertRowPadding = 22.0
    /// Above the title and below the message.
    static let alertCaptionInset = 20.0
    /// Title and message, at each side of the card.
    static let textInset = 16.0
    static let titleMessageGap = 4.0
    /// A button title, at each side of its row.
    static let buttonTitleInset = 8.0
    /// A dialog's cards from the screen sides, from the bottom safe area and from each other.
    static let dialogMargin = 8.0
    static let dialogRowHeight = 57.0
    static let dialogRowPadding = 32.0
    static let dialogCaptionInset = 14.0
    static let cornerRadius = 14.0
}

/// `alert`: a root-level layer over everything (a 30 % scrim) that never scales with the tree.
/// `alert` style: a 270 pt card centered on the screen, the headline title and footnote message
/// centered (20 top and bottom, 16 at the sides, 4 apart), then 44 pt button rows: two buttons
/// share one row (stacked when a label does not fit its half), one or three and more stack,
/// none gets an "OK" row. `dialog` style: an action
/// sheet inset 8 from the sides, a 57 pt cancel card 8 above the bottom safe area, the other
/// buttons in 57 pt rows in a card 8 above it under a secondary caption (14 top and bottom).
/// Each button child gets its row as its frame (chrome `button<i>`), its label centered.
/// The numbers are `AlertMetrics`.
public enum AlertFamily: ElementFamily {
    public static let kindNames = ["alert"]
    public static var fillsScreen: Bool { true }

    public static func knownProps(kind: String) -> Set<String> { ["title", "message", "style"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        AlertProps(title: try r.string("title") ?? "", message: try r.string("message"),
                   style: try r.choice("style", AlertStyle.self) ?? .alert)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        pass.environment.device.size
    }

    /// Button labels: body (17) in an alert, title3 (20) in a dialog.
    public static func childContext(_ e: Element, _ context: InheritedContext) -> InheritedContext {
        var c = context
        c.stackAxis = nil
        c.font = FontSpec()
        c.font.textStyle = (e.props as? AlertProps)?.style == .dialog ? .title3 : .body
        return c
    }

    static func isCancel(_ id: Int, _ tree: ElementTree) -> Bool {
        var current = tree[id]
        while let e = current, e.kind == "styled", let child = e.children.first { current = tree[child] }
        return (current?.props as? ButtonProps)?.cancel ?? false
    }

    static func font(_ style: TextStyle, _ pass: LayoutPass, weight: FontWeight? = nil) -> ResolvedFont {
        let m = DynamicTypeTable.metrics(style, pass.environment.dynamicTypeSize)
        return ResolvedFont(size: m.size, lineHeight: m.lineHeight, weight: weight ?? (style == .headline ? .semibold : .regular))
    }

    /// Title and message rects from `y`, centered texts in `width`; returns the bottom edge.
    private static func caption(_ props: AlertProps, x: Double, y: Double, width: Double, inset: Double,
                                titleFont: ResolvedFont, messageFont: ResolvedFont, _ pass: LayoutPass,
                                into chrome: inout [String: Rect]) -> Double {
        let message = props.message ?? ""
        guard !props.title.isEmpty || !message.isEmpty else { return y }
        var cursor = y + inset
        if !props.title.isEmpty {
            let h = pass.measurer.layout(props.title, font: titleFont, width: width, lineLimit: nil).size.height
            chrome["title"] = Rect(x: x, y: cursor, width: width, height: h)
            cursor += h
        }
        if !message.isEmpty {
            if !props.title.isEmpty { cursor += AlertMetrics.titleMessageGap }
            let h = pass.measurer.layout(message, font: messageFont, width: width, lineLimit: nil).size.height
            chrome["message"] = Rect(x: x, y: cursor, width: width, height: h)
            cursor += h
        }
        return cursor + inset
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        guard let props = e.props as? AlertProps else { return }
        var card = Rect.zero, cancelCard: Rect?, ok: Rect?
        var text: [String: Rect] = [:]
        var rows: [(child: Int, rect: Rect)] = []
        let device = pass.environment.device
        switch props.style {
        case .alert:
            let width = frame.width < AlertMetrics.alertWidth + 2 * AlertMetrics.screenMargin
                ? max(0, frame.width - 2 * AlertMetrics.screenMargin) : AlertMetrics.alertWidth
            let x = frame.midX - width / 2
            let rowHeight = max(AlertMetrics.alertRowHeight, font(.body, pass).lineHeight + AlertMetrics.alertRowPadding)
            let textBottom = caption(props, x: x + AlertMetrics.textInset, y: 0, width: max(0, width - 2 * AlertMetrics.textInset),
                                     inset: AlertMetrics.alertCaptionInset,
                                     titleFont: font(.headline, pass), messageFont: font(.footnote, pass), pass, into: &text)
            let count = e.children.count
            // Two buttons share a row only while both labels fit their half, as UIKit does at
            // large Dynamic Type sizes.
            let sideBySide = count == 2 && e.children.allSatisfy { child in
                let label = font(.body, pass, weight: isCancel(child, pass.tree) ? .semibold : .regular)
                return pass.width(of: pass.tree.text(under: child), label) <= width / 2 - 2 * AlertMetrics.buttonTitleInset
            }
            let rowCount = sideBySide ? 1 : max(1, count)
            let height = textBottom + Double(rowCount) * rowHeight
            let y = max(device.safeArea.top, frame.midY - height / 2)
            card = Rect(x: x, y: y, width: width, height: height)
            text = text.mapValues { $0.offsetBy(dx: 0, dy: y) }
            let rowsTop = y + textBottom
            if count == 0 {
                ok = Rect(x: x, y: rowsTop, width: width, height: rowHeight)
            } else if sideBySide {
                for (i, child) in e.children.enumerated() {
                    rows.append((child, Rect(x: x + Double(i) * width / 2, y: rowsTop, width: width / 2, height: rowHeight)))
                }
            } else {
                for (i, child) in e.children.enumerated() {
                    rows.append((child, Rect(x: x, y: rowsTop + Double(i) * rowHeight, width: width, height: rowHeight)))
                }
            }
        case .dialog:
            let x = frame.x + AlertMetrics.dialogMargin, width = max(0, frame.width - 2 * AlertMetrics.dialogMargin)
            let rowHeight = max(AlertMetrics.dialogRowHeight, font(.title3, pass).lineHeight + AlertMetrics.dialogRowPadding)
            var bottom = frame.maxY - device.safeArea.bottom - AlertMetrics.dialogMargin
            if let cancel = e.children.first(where: { isCancel($0, pass.tree) }) {
                let cancelRow = Rect(x: x, y: bottom - rowHeight, width: width, height: rowHeight)
                cancelCard = cancelRow
                rows.append((cancel, cancelRow))
                bottom = cancelRow.y - AlertMetrics.dialogMargin
            }
            let others = e.children.filter { !isCancel($0, pass.tree) }
            let textBottom = caption(props, x: x + AlertMetrics.textInset, y: 0, width: max(0, width - 2 * AlertMetrics.textInset),
                                     inset: AlertMetrics.dialogCaptionInset,
                                     titleFont: font(.footnote, pass, weight: .semibold),
                                     messageFont: font(.footnote, pass), pass, into: &text)
            let height = textBottom + Double(others.count) * rowHeight
            let y = bottom - height
            card = Rect(x: x, y: y, width: width, height: height)
            text = text.mapValues { $0.offsetBy(dx: 0, dy: y) }
            for (i, child) in others.enumerated() {
                rows.append((child, Rect(x: x, y: y + textBottom + Double(i) * rowHeight, width: width, height: rowHeight)))
            }
        }
        for (child, row) in rows { pass.place(child, in: row, proposal: ProposedSize(row.size)) }
        // Buttons in document order, drawn that way; the implicit "OK" when there are none.
        let rowOf = Dictionary(rows.map { ($0.child, $0.rect) }, uniquingKeysWith: { first, _ in first })
        var buttons = e.children.enumerated().compactMap { i, child in
            rowOf[child].map { AlertParts.Button(child: child, index: i, row: $0) }
        }
        if let ok { buttons.append(AlertParts.Button(child: nil, index: nil, row: ok)) }
        var parts = AlertParts(card: card, cancelCard: cancelCard, title: text["title"], message: text["message"], buttons: buttons)
        layOutTexts(&parts, props, pass)
        pass.record(parts: parts, for: e.id)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        guard let props = e.props as? AlertProps, let parts = painter.layout.parts[e.id] as? AlertParts else { return }
        let card = parts.card
        let palette = painter.palette
        let env = painter.layout.environment
        let hairline = 1 / env.device.scale
        painter.append(.fill(.rect, Rect(origin: .zero, size: env.device.size), .solid(palette.alertScrim)))
        painter.append(.fill(.roundedRect(cornerRadius: AlertMetrics.cornerRadius), card, .solid(palette.alertMaterial)))
        if let cancelCard = parts.cancelCard {
            painter.append(.fill(.roundedRect(cornerRadius: AlertMetrics.cornerRadius), cancelCard, .solid(palette.dialogCancelBackground)))
        }
        let captionColor = props.style == .dialog ? palette.secondaryLabel : palette.label
        painter.draw(parts.titleText, color: captionColor)
        painter.draw(parts.messageText, color: captionColor)
        for button in parts.buttons {
            let (child, row) = (button.child, button.row)
            if row.y > card.y + 0.5 && row.y < card.maxY {
                painter.append(.fill(.rect, Rect(x: row.x, y: row.y, width: row.width, height: hairline), .solid(palette.separator)))
            }
            if row.x > card.x + 0.5 {
                painter.append(.fill(.rect, Rect(x: row.x, y: row.y, width: hairline, height: row.height), .solid(palette.separator)))
            }
            let destructive = child.map { isDestructive($0, painter.tree) } ?? false
            let disabled = child.map { isDisabled($0, painter.tree) } ?? false
            var color = destructive ? palette.red : palette.accent
            if disabled { color = palette.tertiaryLabel }
            painter.draw(button.title, color: color)
        }
    }

    /// Title and message wrapped and centered; each button's title on one line in its row
    /// (the cancel button's semibold), the implicit one "OK".
    private static func layOutTexts(_ parts: inout AlertParts, _ props: AlertProps, _ pass: LayoutPass) {
        let dialog = props.style == .dialog
        func resolved(_ style: TextStyle, _ weight: FontWeight) -> ResolvedFont {
            let m = DynamicTypeTable.metrics(style, pass.environment.dynamicTypeSize)
            return ResolvedFont(size: m.size, lineHeight: m.lineHeight, weight: weight)
        }
        parts.titleText = parts.title.map {
            pass.lines(props.title, font: dialog ? resolved(.footnote, .semibold) : resolved(.headline, .semibold), in: $0, alignment: 0.5)
        }
        if let rect = parts.message, let message = props.message {
            parts.messageText = pass.lines(message, font: resolved(.footnote, .regular), in: rect, alignment: 0.5)
        }
        let labelStyle: TextStyle = dialog ? .title3 : .body
        for i in parts.buttons.indices {
            let child = parts.buttons[i].child
            let cancel = child.map { isCancel($0, pass.tree) } ?? false
            let title = child.map { pass.tree.text(under: $0) } ?? "OK"
            parts.buttons[i].title = pass.line(title, font: resolved(labelStyle, cancel ? .semibold : .regular),
                                               in: parts.buttons[i].row.insetBy(dx: AlertMetrics.buttonTitleInset, dy: 0),
                                               alignment: 0.5)
        }
    }

    static func isDestructive(_ id: Int, _ tree: ElementTree) -> Bool {
        var current = tree[id]
        while let e = current, e.kind == "styled", let child = e.children.first { current = tree[child] }
        return (current?.props as? ButtonProps)?.destructive ?? false
    }

    static func isDisabled(_ id: Int, _ tree: ElementTree) -> Bool {
        var current = tree[id]
        while let e = current, e.kind == "styled" {
            if (e.props as? Style)?.disabled == true { return true }
            current = e.children.first.flatMap { tree[$0] }
        }
        return false
    }
}

/// An alert or confirmation dialog as layout decided it: its card(s), the title and message
/// with their wrapped lines, and one row per button with its title.
struct AlertParts: LayoutParts {
    struct Button: Sendable {
        /// The button element; nil for the implicit "OK" of an alert without buttons.
        var child: Int?
        /// Its index among the alert's children, which names its chrome (`button<i>`).
        var index: Int?
        var row: Rect
        var title: PlacedText?
    }
    var card: Rect
    /// A dialog's separate cancel button card.
    var cancelCard: Rect?
    var title: Rect?
    var titleText: PlacedText?
    var message: Rect?
    var messageText: PlacedText?
    var buttons: [Button]

    private func name(_ button: Button) -> String { button.index.map { "button\($0)" } ?? "ok" }

    var chrome: [String: Rect] {
        var rects = ["card": card]
        rects["cancelCard"] = cancelCard
        rects["title"] = title
        rects["message"] = message
        for button in buttons { rects[name(button)] = button.row }
        return rects
    }

    var labels: [String: PlacedText] {
        var texts: [String: PlacedText] = [:]
        texts["title"] = titleText
        texts["message"] = messageText
        for button in buttons { texts[name(button)] = button.title }
        return texts
    }
}

/// A sheet short of full height: the grabber centered at its top.
struct SheetParts: LayoutParts {
    var grabber: Rect
    var chrome: [String: Rect] { ["grabber": grabber] }
    func mirrored(_ m: HorizontalMirror) -> Self { Self(grabber: m.rect(grabber)) }
}

extension AlertParts {
    func mirrored(_ m: HorizontalMirror) -> Self {
        var p = self
        p.card = m.rect(card); p.cancelCard = m.rect(cancelCard); p.title = m.rect(title); p.titleText = m.text(titleText)
        p.message = m.rect(message); p.messageText = m.text(messageText)
        p.buttons = buttons.map { Button(child: $0.child, index: $0.index, row: m.rect($0.row), title: m.text($0.title)) }
        return p
    }
}
