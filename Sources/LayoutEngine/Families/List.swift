import Foundation
import Drawing
import LayoutModel

public enum ListStyleKind: String, Hashable, Sendable { case insetGrouped, grouped, plain }

public struct ListProps: ElementProps {
    public var style: ListStyleKind = .insetGrouped
    public var editing = false
    public var refreshable = false
    public var refreshing = false
}

public struct SectionProps: ElementProps {
    public var header: String?
    public var footer: String?
}

/// Row geometry shared by `list` and `section` (Phase 2 and the Phase 6 row hints): cards,
/// rows, separators, headers and footers, in the list's three styles.
enum ListLayout {
    static let rowInsets = EdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    static let minimumRowHeight = 44.0
    static let cardInset = 16.0
    static let cornerRadius = 10.0
    static let sectionGap = 35.0
    static let headerPadding = (top: 16.0, bottom: 6.0)
    static let footerPaddingTop = 6.0
    static let textInset = 16.0
    static let refreshRowHeight = 40.0
    static let editControlWidth = 44.0
    static let badgeGap = 8.0
    /// The edit control's circle (its center 27 from the card's edge) and what it holds: a
    /// check of this width in a selected ring, a ring of this width, a minus of this size.
    static let editCircle = 22.0
    static let editCheckWidth = 2.0
    /// The check's three points from the circle's center.
    static let editCheckPoints = [Point(x: -5, y: 0.5), Point(x: -1.5, y: 4), Point(x: 5, y: -4)]
    static let editRingWidth = 1.5
    static let editMinus = Size(width: 12, height: 2)
    /// The refresh spinner: 8 spokes from radius 4.5 to 9, 2.5 wide, each 10 % fainter.
    static let spinnerSpokes = 8
    static let spinnerRadii = (inner: 4.5, outer: 9.0)
    static let spinnerSpokeWidth = 2.5
    static let spinnerFade = 0.1

    /// Wrappers a row's content may sit in; they keep the list-row context.
    static let wrapperKinds: Set<String> = ["styled", "listrow", "swipeactions", "contextmenu", "gesture", "tapgesture"]

    /// The `list` a row element belongs to (as a direct child of the list or of one of its
    /// sections), looking up through the row wrappers; nil outside a list.
    static func enclosingList(ofRowContent id: Int, _ tree: ElementTree) -> Element? {
        var current = tree[id]
        while let element = current, let parentID = element.parent, let parent = tree[parentID] {
            if parent.kind == "list" { return parent }
            if parent.kind == "section" { return parent.parent.flatMap { tree[$0] }.flatMap { $0.kind == "list" ? $0 : nil } }
            guard wrapperKinds.contains(parent.kind) else { return nil }
            current = parent
        }
        return nil
    }

    /// True when `id` is a list row or sits inside one only through row wrappers.
    static func isInListRow(_ id: Int, _ tree: ElementTree) -> Bool { enclosingList(ofRowContent: id, tree) != nil }

    /// True when a `list` encloses `id` at any depth (a Label's icon takes the tint there).
    static func isInsideList(_ id: Int, _ tree: ElementTree) -> Bool {
        tree.nearestAncestor(of: id, kindIn: ["list"]) != nil
    }

    /// The row's own kind, looking through the wrappers (a `picker` under a `styled` is a picker row).
    static func contentKind(_ id: Int, _ tree: ElementTree) -> String {
        var current = tree[id]
        while let element = current, wrapperKinds.contains(element.kind), let child = element.children.first {
            current = tree[child]
        }
        return current?.kind ?? ""
    }

    /// A style field read through the row's `styled` / `listrow` chain; the outermost wins.
    static func rowStyle<T>(_ id: Int, _ tree: ElementTree, _ field: (Style) -> T?) -> T? {
        var current = tree[id]
        while let element = current, element.kind == "styled" || element.kind == "listrow" {
            if let style = element.props as? Style, let value = field(style) { return value }
            current = element.children.first.flatMap { tree[$0] }
        }
        return nil
    }

    static func listProps(_ e: Element?) -> ListProps { (e?.props as? ListProps) ?? ListProps() }

    struct Row {
        var id: Int
        /// The full-width row (the cell), in the card.
        var row: Rect
        var content: Rect
        var proposal: ProposedSize
        var badge: Rect?
        var editControl: Rect?
    }

    struct Block {
        /// The section element, or nil for rows placed straight in a list.
        var section: Int?
        var frame: Rect
        var header: Rect?
        var card: Rect
        var footer: Rect?
        var rows: [Row]
    }

    /// Footnote text, wrapped to the card's text width: headers upper-cased, footers as sent.
    static func caption(_ text: String, upper: Bool, width: Double, _ env: RenderEnvironment, _ measurer: TextMeasuring) -> TextLayout {
        measurer.layout(upper ? text.uppercased() : text, font: captionFont(env), width: max(0, width), lineLimit: nil)
    }

    static func captionFont(_ env: RenderEnvironment) -> ResolvedFont {
        let m = DynamicTypeTable.metrics(.footnote, env.dynamicTypeSize)
        return ResolvedFont(size: m.size, lineHeight: m.lineHeight)
    }

    /// One section (or group of loose rows) laid out from `origin` at `width`: the header,
    /// the card of rows and the footer, relative to nothing but the origin.
    static func block(section: Int?, rows ids: [Int], header: String?, footer: String?, origin: Point, width: Double,
                      list: ListProps, _ pass: LayoutPass) -> Block {
        let style = list.style
        let cardX = style == .insetGrouped ? origin.x + cardInset : origin.x
        let cardWidth = style == .insetGrouped ? max(0, width - 2 * cardInset) : width
        let textWidth = cardWidth - 2 * textInset
        var y = origin.y
        var headerRect: Rect?
        if let header, !header.isEmpty {
            let text = caption(header, upper: true, width: textWidth, pass.environment, pass.measurer)
            headerRect = Rect(x: cardX + textInset, y: y + headerPadding.top, width: textWidth, height: text.size.height)
            y += headerPadding.top + text.size.height + headerPadding.bottom
        }
        let cardTop = y
        var rows: [Row] = []
        for id in ids {
            let row = self.row(id, y: y, cardX: cardX, cardWidth: cardWidth, list: list, pass)
            rows.append(row)
            y += row.row.height
        }
        let card = Rect(x: cardX, y: cardTop, width: cardWidth, height: y - cardTop)
        var footerRect: Rect?
        if let footer, !footer.isEmpty {
            let text = caption(footer, upper: false, width: textWidth, pass.environment, pass.measurer)
            footerRect = Rect(x: cardX + textInset, y: y + footerPaddingTop, width: textWidth, height: text.size.height)
            y += footerPaddingTop + text.size.height
        }
        return Block(section: section, frame: Rect(x: origin.x, y: origin.y, width: width, height: y - origin.y),
                     header: headerRect, card: card, footer: footerRect, rows: rows)
    }

    /// Row content is proposed the card width minus the insets (and the badge and edit
    /// control); the row is max(44, content + top + bottom) tall, the content centered in it.
    static func row(_ id: Int, y: Double, cardX: Double, cardWidth: Double, list: ListProps, _ pass: LayoutPass) -> Row {
        let tree = pass.tree
        var insets = rowStyle(id, tree, \.listRowInsets) ?? rowInsets
        if rowStyle(id, tree, \.listRowInsets) == nil, contentKind(id, tree) == "picker" {
            insets.top = 0
            insets.bottom = 0
        }
        let shift = list.editing && tree[id]?.kind == "listrow" ? editControlWidth : 0
        var badge: Rect?
        var badgeReserve = 0.0
        if let text = rowStyle(id, tree, \.badge), !text.isEmpty {
            let font = pass.context(id).resolvedFont(pass.environment.dynamicTypeSize)
            let w = pass.measurer.layout(text, font: font, width: nil, lineLimit: 1).size.width
            badgeReserve = w + badgeGap
            badge = Rect(x: cardX + cardWidth - insets.trailing - w, y: y, width: w, height: 0)
        }
        let contentWidth = max(0, cardWidth - insets.leading - insets.trailing - badgeReserve - shift)
        let proposal = ProposedSize(width: contentWidth, height: nil)
        let size = pass.sizeThatFits(id, proposal)
        if rowStyle(id, tree, \.listRowInsets) == nil, contentKind(id, tree) == "toggle",
           size.height <= ToggleFamily.switchSize.height {
            // A switch row is 44 like a text row (the switch 6.5 from the edges), as in iOS
            // and the spec's Todos geometry; a label taller than the switch pads as usual.
            insets.top = (minimumRowHeight - ToggleFamily.switchSize.height) / 2
            insets.bottom = insets.top
        }
        let height = max(minimumRowHeight, size.height + insets.top + insets.bottom)
        let content = Rect(x: cardX + insets.leading + shift,
                           y: y + insets.top + (height - insets.top - insets.bottom - size.height) / 2,
                           width: size.width, height: size.height)
        badge?.height = height
        return Row(id: id, row: Rect(x: cardX, y: y, width: cardWidth, height: height), content: content,
                   proposal: proposal, badge: badge,
                   editControl: shift > 0 ? Rect(x: cardX, y: y, width: editControlWidth, height: height) : nil)
    }

    /// Places a block's rows and records each row's chrome (`row`, and `badge` / `editControl`
    /// when present) next to whatever chrome the row's own kind records.
    static func place(_ block: Block, _ pass: LayoutPass) {
        for row in block.rows {
            pass.place(row.id, at: row.content.origin, proposal: row.proposal)
            var decoration = ListRowParts(row: row.row, badge: row.badge, editControl: row.editControl)
            // The separator under the row starts after the leading inset (and the edit control).
            let hairline = 1 / pass.environment.device.scale, inset = rowInsets.leading + (row.editControl?.width ?? 0)
            decoration.separator = Rect(x: row.row.x + inset, y: row.row.maxY - hairline, width: row.row.width - inset, height: hairline)
            decoration.editCircle = row.editControl.map {
                Rect(x: $0.x + rowInsets.leading, y: $0.midY - editCircle / 2, width: editCircle, height: editCircle)
            }
            if let badge = row.badge {
                // The badge's text, right-aligned in its rect, in the row's inherited font.
                let text = rowStyle(row.id, pass.tree, \.badge) ?? ""
                let font = pass.context(row.id).resolvedFont(pass.environment.dynamicTypeSize)
                let laid = pass.measurer.layout(text, font: font, width: nil, lineLimit: 1)
                decoration.badgeText = PlacedText(laid, font: font, x: badge.maxX, width: 0,
                                                  top: badge.midY - font.lineHeight / 2, alignment: 1)
            }
            pass.record(decoration: decoration, for: row.id)
        }
    }

    // MARK: - Painting

    static func groupedBackground(_ style: ListStyleKind, _ palette: Palette) -> RGBA {
        style == .plain ? palette.systemBackground : palette.systemGroupedBackground
    }

    /// Header, card, selected-row fills, rows, separators, badges, edit controls and footer of
    /// one section whose geometry was recorded as chrome (`header`, `rows`, `footer`).
    static func paintBlock(rows ids: [Int], card: Rect?, header: PlacedText?, footer: PlacedText?, list: ListProps,
                           _ painter: inout Painter, _ inherited: Painter.State) {
        let palette = painter.palette
        let hairline = 1 / painter.layout.environment.device.scale
        painter.draw(header, color: palette.secondaryLabel)
        painter.draw(footer, color: palette.secondaryLabel)
        guard let card, !ids.isEmpty else { return }
        switch list.style {
        case .insetGrouped:
            painter.append(.fill(.roundedRect(cornerRadius: cornerRadius), card, .solid(palette.secondarySystemGroupedBackground)))
            painter.append(.pushClip(.roundedRect(cornerRadius: cornerRadius), card))
        case .grouped:
            painter.append(.fill(.rect, card, .solid(palette.secondarySystemGroupedBackground)))
            painter.append(.fill(.rect, Rect(x: card.x, y: card.y, width: card.width, height: hairline), .solid(palette.separator)))
            painter.append(.fill(.rect, Rect(x: card.x, y: card.maxY - hairline, width: card.width, height: hairline),
                                 .solid(palette.separator)))
            painter.append(.pushClip(.rect, card))
        case .plain:
            painter.append(.pushClip(.rect, card))
        }
        let state = inherited
        for (index, id) in ids.enumerated() {
            guard let decoration = painter.layout.decorations[id] as? ListRowParts else { continue }
            let row = decoration.row
            let listRow = painter.tree[id].flatMap { $0.props as? ListRowProps }
            if listRow?.selected == true {
                painter.append(.fill(.rect, row, .solid(palette.tertiarySystemFill)))
            }
            painter.paint(id, state)
            painter.draw(decoration.badgeText, color: palette.secondaryLabel)
            if let circle = decoration.editCircle, let props = listRow {
                paintEditControl(circle, props, &painter)
            }
            if index < ids.count - 1 {
                painter.append(.fill(.rect, decoration.separator, .solid(palette.separator)))
            }
        }
        painter.append(.popClip)
    }

    /// The edit control's 22 pt circle (centered 27 pt from the card's leading edge): a
    /// selection ring (accent with a white check when selected) or a red minus for deletable rows.
    static func paintEditControl(_ circle: Rect, _ props: ListRowProps, _ painter: inout Painter) {
        let palette = painter.palette
        if props.selectable {
            if props.selected {
                painter.append(.fill(.ellipse, circle, .solid(palette.accent)))
                let c = Point(x: circle.midX, y: circle.midY)
                let check = editCheckPoints.map { Point(x: c.x + $0.x, y: c.y + $0.y) }
                painter.append(.stroke(.polygon(check, closed: false), circle, .solid(palette.thumb), lineWidth: editCheckWidth, dash: []))
            } else {
                painter.append(.stroke(.ellipse, circle.insetBy(dx: editRingWidth / 2, dy: editRingWidth / 2), .solid(palette.tertiaryLabel),
                                       lineWidth: editRingWidth, dash: []))
            }
        } else if props.deletable {
            painter.append(.fill(.ellipse, circle, .solid(palette.red)))
            painter.append(.fill(.capsule, Rect(x: circle.midX - editMinus.width / 2, y: circle.midY - editMinus.height / 2,
                                                width: editMinus.width, height: editMinus.height), .solid(palette.thumb)))
        }
    }

    /// An activity indicator: eight spokes fading around a circle, centered in `rect`.
    static func spinner(in rect: Rect, color: RGBA) -> [DisplayItem] {
        let c = Point(x: rect.midX, y: rect.midY)
        let (inner, outer) = spinnerRadii
        return (0..<spinnerSpokes).map { i in
            let angle = Double(i) * 2 * .pi / Double(spinnerSpokes) - .pi / 2
            let (dx, dy) = (cos(angle), sin(angle))
            let spoke = [Point(x: c.x + dx * inner, y: c.y + dy * inner), Point(x: c.x + dx * outer, y: c.y + dy * outer)]
            return .stroke(.polygon(spoke, closed: false), rect, .solid(color.withAlpha(1 - Double(i) * spinnerFade)),
                           lineWidth: spinnerSpokeWidth, dash: [])
        }
    }
}

/// `list`: fills its proposal and scrolls; content at offset 0, clipped to the frame.
/// Sections (and runs of loose rows) are stacked with 35 pt between them (none in `plain`),
/// from a 35 pt top gap when the first has no header, under a 40 pt spinner row while refreshing.
public enum ListFamily: ElementFamily {
    public static let kindNames = ["list"]
    public static func knownProps(kind: String) -> Set<String> { ["style", "editing", "refreshable", "refreshing"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        ListProps(style: try r.choice("style", ListStyleKind.self) ?? .insetGrouped, editing: try r.bool("editing") ?? false,
                  refreshable: try r.bool("refreshable") ?? false, refreshing: try r.bool("refreshing") ?? false)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let width = p.width.flatMap { $0.isFinite ? $0 : nil } ?? pass.environment.device.size.width
        if let h = p.height, h.isFinite { return Size(width: width, height: h) }
        return Size(width: width, height: contentHeight(e, width: width, pass))
    }

    /// Groups the children into sections: a `section` is one, consecutive other children one.
    static func groups(_ e: Element, _ tree: ElementTree) -> [(section: Int?, rows: [Int])] {
        var groups: [(section: Int?, rows: [Int])] = []
        for id in e.children {
            if tree[id]?.kind == "section" {
                groups.append((id, tree[id]?.children ?? []))
            } else if let last = groups.last, last.section == nil {
                groups[groups.count - 1].rows.append(id)
            } else {
                groups.append((nil, [id]))
            }
        }
        return groups
    }

    static func blocks(_ e: Element, origin: Point, width: Double, _ pass: LayoutPass) -> [ListLayout.Block] {
        let props = ListLayout.listProps(e)
        var y = origin.y + (props.refreshing ? ListLayout.refreshRowHeight : 0)
        var blocks: [ListLayout.Block] = []
        for (index, group) in groups(e, pass.tree).enumerated() {
            let section = group.section.flatMap { pass.tree[$0]?.props as? SectionProps }
            let hasHeader = !(section?.header ?? "").isEmpty
            if props.style != .plain, index > 0 || !hasHeader { y += ListLayout.sectionGap }
            let block = ListLayout.block(section: group.section, rows: group.rows, header: section?.header, footer: section?.footer,
                                         origin: Point(x: origin.x, y: y), width: width, list: props, pass)
            blocks.append(block)
            y = block.frame.maxY
        }
        return blocks
    }

    static func contentHeight(_ e: Element, width: Double, _ pass: LayoutPass) -> Double {
        let blocks = self.blocks(e, origin: .zero, width: width, pass)
        let refresh = ListLayout.listProps(e).refreshing ? ListLayout.refreshRowHeight : 0
        return max(refresh, blocks.last.map(\.frame.maxY) ?? 0) + (ListLayout.listProps(e).style == .plain ? 0 : ListLayout.sectionGap)
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        var parts = ScrollLayout.parts(e.id, frame, contentHeight: contentHeight(e, width: frame.width, pass), pass)
        for block in blocks(e, origin: frame.origin, width: frame.width, pass) {
            if let section = block.section {
                pass.place(section, at: block.frame.origin, proposal: ProposedSize(width: frame.width, height: nil))
            } else {
                ListLayout.place(block, pass)
                if parts.rows == nil { parts.rows = block.card }
            }
        }
        if ListLayout.listProps(e).refreshing { parts.refresh = ScrollLayout.refreshRow(frame) }
        pass.record(parts: parts, for: e.id)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        let props = ListLayout.listProps(e)
        // Like SwiftUI's, the background runs on under the bars when the list meets a safe-area edge.
        let device = painter.layout.environment.device
        var background = frame
        if abs(frame.minY - device.safeArea.top) < 0.5 { background.y = 0; background.height += device.safeArea.top }
        if abs(frame.maxY - (device.size.height - device.safeArea.bottom)) < 0.5 { background.height += device.safeArea.bottom }
        painter.append(.fill(.rect, background, .solid(ListLayout.groupedBackground(props.style, painter.palette))))
        painter.append(.pushClip(.rect, frame))
        let parts = painter.layout.parts[e.id] as? ScrollingParts
        if let refresh = parts?.refresh {
            for item in ListLayout.spinner(in: refresh, color: painter.palette.secondaryLabel) { painter.append(item) }
        }
        for group in groups(e, painter.tree) {
            if let section = group.section {
                painter.paint(section, state)
            } else {
                ListLayout.paintBlock(rows: group.rows, card: parts?.rows, header: nil, footer: nil, list: props, &painter, state)
            }
        }
        painter.append(.popClip)
    }
}

/// `section`: an upper-cased footnote header, a card of rows and a footnote footer (chrome
/// `header`, `rows`, `footer`). Laid out by its list; outside one it uses the inset-grouped geometry.
public enum SectionFamily: ElementFamily {
    public static let kindNames = ["section"]
    public static func knownProps(kind: String) -> Set<String> { ["header", "footer"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        SectionProps(header: try r.string("header"), footer: try r.string("footer"))
    }

    static func list(_ e: Element, _ tree: ElementTree) -> ListProps {
        ListLayout.listProps(e.parent.flatMap { tree[$0] }.flatMap { $0.kind == "list" ? $0 : nil })
    }

    static func block(_ e: Element, origin: Point, width: Double, _ pass: LayoutPass) -> ListLayout.Block {
        let props = e.props as? SectionProps
        return ListLayout.block(section: e.id, rows: e.children, header: props?.header, footer: props?.footer,
                                origin: origin, width: width, list: list(e, pass.tree), pass)
    }

    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        let width = p.width.flatMap { $0.isFinite ? $0 : nil } ?? pass.environment.device.size.width
        return block(e, origin: .zero, width: width, pass).frame.size
    }

    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        let block = self.block(e, origin: frame.origin, width: frame.width, pass)
        ListLayout.place(block, pass)
        // The header upper-cased and the footer as sent, wrapped in their rects.
        let props = e.props as? SectionProps
        let font = ListLayout.captionFont(pass.environment)
        func caption(_ text: String?, in rect: Rect?) -> PlacedText? {
            guard let text, let rect else { return nil }
            let laid = pass.measurer.layout(text, font: font, width: rect.width, lineLimit: nil)
            return PlacedText(laid, font: font, x: rect.x, width: rect.width, top: rect.y)
        }
        pass.record(parts: SectionParts(card: block.card, header: block.header, headerText: caption(props?.header?.uppercased(), in: block.header),
                                        footer: block.footer, footerText: caption(props?.footer, in: block.footer)), for: e.id)
    }

    public static func paint(_ e: Element, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        let parts = painter.layout.parts[e.id] as? SectionParts
        ListLayout.paintBlock(rows: e.children, card: parts?.card, header: parts?.headerText, footer: parts?.footerText,
                              list: list(e, painter.tree), &painter, state)
    }
}

public struct ListRowProps: ElementProps {
    public var selectable = false
    public var selected = false
    public var deletable = false
}

/// `listrow`: transparent for layout (its content's size, at its origin). Its list draws the
/// selected-row fill and, while editing, the leading selection or delete control.
public enum ListRowFamily: ElementFamily {
    public static let kindNames = ["listrow"]
    public static func knownProps(kind: String) -> Set<String> { ["selectable", "selected", "deletable"] }
    public static func decode(kind: String, _ r: PropReader) throws(PropError) -> any ElementProps {
        ListRowProps(selectable: try r.bool("selectable") ?? false, selected: try r.bool("selected") ?? false,
                     deletable: try r.bool("deletable") ?? false)
    }
    public static func sizeThatFits(_ e: Element, _ p: ProposedSize, _ pass: LayoutPass) -> Size {
        e.children.first.map { pass.sizeThatFits($0, p) } ?? .zero
    }
    public static func place(_ e: Element, in frame: Rect, proposal: ProposedSize, _ pass: LayoutPass) {
        if let child = e.children.first { pass.place(child, at: frame.origin, proposal: proposal) }
    }
    public static func childContext(_ e: Element, _ context: InheritedContext) -> InheritedContext { context }
}

/// A section as layout decided it: the card of its rows (chrome `rows`) and its header and
/// footer with their wrapped lines.
struct SectionParts: LayoutParts {
    var card: Rect
    var header: Rect?
    var headerText: PlacedText?
    var footer: Rect?
    var footerText: PlacedText?

    var chrome: [String: Rect] {
        var rects = ["rows": card]
        rects["header"] = header
        rects["footer"] = footer
        return rects
    }

    var labels: [String: PlacedText] {
        var texts: [String: PlacedText] = [:]
        texts["header"] = headerText
        texts["footer"] = footerText
        return texts
    }
}

/// What a list adds to each of its rows, whatever the row's own kind records: the full-width
/// row (the cell), the trailing badge with its text, and the edit control while editing.
struct ListRowParts: LayoutParts {
    var row: Rect
    var badge: Rect?
    var badgeText: PlacedText?
    var editControl: Rect?
    /// The hairline under the row (drawn under every row but the block's last).
    var separator = Rect.zero
    /// The edit control's circle.
    var editCircle: Rect?

    var chrome: [String: Rect] {
        var rects = ["row": row]
        rects["badge"] = badge
        rects["editControl"] = editControl
        return rects
    }

    var labels: [String: PlacedText] {
        var texts: [String: PlacedText] = [:]
        texts["badge"] = badgeText
        return texts
    }
}

extension SectionParts {
    func mirrored(_ m: HorizontalMirror) -> Self {
        Self(card: m.rect(card), header: m.rect(header), headerText: m.text(headerText), footer: m.rect(footer), footerText: m.text(footerText))
    }
}

extension ListRowParts {
    func mirrored(_ m: HorizontalMirror) -> Self {
        var p = self
        p.row = m.rect(row); p.badge = m.rect(badge); p.badgeText = m.text(badgeText); p.editControl = m.rect(editControl)
        p.separator = m.rect(separator); p.editCircle = m.rect(editCircle)
        return p
    }
}
