import TestSupport
import Testing
import LayoutEngine
import Drawing
import LayoutModel

/// Lists on a 400 x 800 screen without safe areas: a root `list` is proposed the whole screen,
/// so inset-grouped cards are x 16...384 (368 wide) and row content is proposed 336.
@Suite("Lists: styles, sections, row geometry, row hints, edit mode") struct ListTests {
    static let fill: [String: JSON] = ["frame": .object(["maxWidth": .s("infinity")])]

    static func paint(_ layout: LayoutResult, _ tree: ElementTree) -> [DisplayItem] {
        Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
    }

    static func runs(_ items: [DisplayItem]) -> [TextRun] {
        items.compactMap { if case .text(let r) = $0 { r } else { nil } }
    }

    @Test func rowsAre44TallWithContentInset16AndCentered() throws {
        var b = StreamBuilder()
        let one = b.text("Hello"), two = b.text("World")
        let list = b.node("list", [:], [one, two])
        let (layout, _) = try layOut(b, root: list, environment: plainScreen)
        #expect(layout.frames[list] == rect(0, 0, 400, 800))
        // No header: a 35 pt top gap, then the card.
        #expect(layout.chrome[list]?["rows"] == rect(16, 35, 368, 88))
        #expect(layout.chrome[one]?["row"] == rect(16, 35, 368, 44))
        #expect(layout.chrome[two]?["row"] == rect(16, 79, 368, 44))
        #expect(layout.frames[one] == rect(32, 46, 43, 22))
        #expect(layout.frames[two] == rect(32, 90, 43, 22))
    }

    @Test func rowContentIsProposedTheCardWidthLessTheInsetsAndTallContentGrowsTheRow() throws {
        var b = StreamBuilder()
        let wide = b.styled(Self.fill, b.text("Hi"))
        let tall = b.styled(["frame": .object(["height": .n(60)])], b.text("Tall"))
        let list = b.node("list", [:], [wide, tall])
        let (layout, _) = try layOut(b, root: list, environment: plainScreen)
        #expect(layout.frames[wide] == rect(32, 46, 336, 22))
        // 60 + 2 x 11 = 82.
        #expect(layout.chrome[tall]?["row"] == rect(16, 79, 368, 82))
        #expect(layout.frames[tall] == rect(32, 90, 34, 60))
    }

    @Test func sectionsHaveUppercasedHeadersFootersAnd35Between() throws {
        var b = StreamBuilder()
        let r1 = b.text("One"), r2 = b.text("Two")
        let first = b.node("section", ["footer": .s("Note")], [r1])
        let second = b.node("section", ["header": .s("Second")], [r2])
        let list = b.node("list", [:], [first, second])
        let (layout, tree) = try layOut(b, root: list, environment: plainScreen)
        // First: top gap 35, card 35...79, footer 6 below it (footnote line 18).
        #expect(layout.chrome[first]?["rows"] == rect(16, 35, 368, 44))
        #expect(layout.chrome[first]?["footer"] == rect(32, 85, 336, 18))
        #expect(layout.frames[first] == rect(0, 35, 400, 68))
        // Second: 35 after 103, header 16 down, card after 18 + 6.
        #expect(layout.frames[second] == rect(0, 138, 400, 84))
        #expect(layout.chrome[second]?["header"] == rect(32, 154, 336, 18))
        #expect(layout.chrome[second]?["rows"] == rect(16, 178, 368, 44))
        #expect(layout.frames[r2] == rect(32, 189, 26, 22))

        let runs = Self.runs(Self.paint(layout, tree))
        let secondary = Palette(.light).secondaryLabel
        #expect(runs.contains { $0.text == "SECOND" && $0.color == secondary && $0.font.size == 13 && $0.origin == Point(x: 32, y: 154) })
        #expect(runs.contains { $0.text == "Note" && $0.color == secondary && $0.origin == Point(x: 32, y: 85) })
    }

    @Test func firstSectionWithAHeaderStartsWithTheHeaderPadding() throws {
        var b = StreamBuilder()
        let row = b.text("Milk")
        let section = b.node("section", ["header": .s("Today")], [row])
        let list = b.node("list", [:], [section])
        let (layout, _) = try layOut(b, root: list, environment: plainScreen)
        #expect(layout.chrome[section]?["header"] == rect(32, 16, 336, 18))
        #expect(layout.chrome[section]?["rows"] == rect(16, 40, 368, 44))
    }

    @Test func separatorsAreInset16AndOnlyBetweenRows() throws {
        var b = StreamBuilder()
        let list = b.node("list", [:], [b.text("A"), b.text("B"), b.text("C")])
        let (layout, tree) = try layOut(b, root: list, environment: plainScreen)
        let separator = Palette(.light).separator
        let lines = Self.paint(layout, tree).compactMap { item -> Rect? in
            if case .fill(.rect, let r, .solid(let c)) = item, c == separator { return r }
            return nil
        }
        #expect(lines == [rect(32, 78, 352, 1), rect(32, 122, 352, 1)])
    }

    @Test func groupedSectionsAreFullWidthWithHairlinesAndPlainDropsTheGaps() throws {
        var b = StreamBuilder()
        let row = b.text("Name")
        let list = b.node("list", ["style": .s("grouped")], [row])
        let (layout, tree) = try layOut(b, root: list, environment: plainScreen)
        #expect(layout.chrome[row]?["row"] == rect(0, 35, 400, 44))
        #expect(layout.frames[row] == rect(16, 46, 34, 22))
        let items = Self.paint(layout, tree)
        let palette = Palette(.light)
        #expect(items.contains(.fill(.rect, rect(0, 35, 400, 44), .solid(palette.secondarySystemGroupedBackground))))
        #expect(items.contains(.fill(.rect, rect(0, 35, 400, 1), .solid(palette.separator))))
        #expect(items.contains(.fill(.rect, rect(0, 78, 400, 1), .solid(palette.separator))))

        var c = StreamBuilder()
        let p1 = c.text("A"), p2 = c.text("B")
        let s1 = c.node("section", [:], [p1])
        let s2 = c.node("section", [:], [p2])
        let plain = c.node("list", ["style": .s("plain")], [s1, s2])
        let (layout2, tree2) = try layOut(c, root: plain, environment: plainScreen)
        #expect(layout2.chrome[p1]?["row"] == rect(0, 0, 400, 44))
        #expect(layout2.chrome[p2]?["row"] == rect(0, 44, 400, 44))
        #expect(layout2.frames[p2] == rect(16, 55, 9, 22))
        let plainItems = Self.paint(layout2, tree2)
        #expect(!plainItems.contains(.fill(.rect, rect(0, 0, 400, 800), .solid(palette.systemGroupedBackground))))
        #expect(items.contains(.fill(.rect, rect(0, 0, 400, 800), .solid(palette.systemGroupedBackground))))
        #expect(!plainItems.contains { if case .fill(.roundedRect, _, _) = $0 { true } else { false } })
    }

    @Test func insetGroupedCardsAreWhiteOnGrayInLightAndDarkGrayOnBlackInDark() throws {
        for (scheme, background, card) in [(ColorScheme.light, RGBA(hex: 0xF2F2F7), RGBA.white),
                                           (ColorScheme.dark, RGBA.black, RGBA(hex: 0x1C1C1E))] {
            var b = StreamBuilder()
            let list = b.node("list", [:], [b.text("Row")])
            let (layout, tree) = try layOut(b, root: list, environment: RenderEnvironment(device: plainScreen.device, colorScheme: scheme))
            let items = Self.paint(layout, tree)
            #expect(items.contains(.fill(.rect, rect(0, 0, 400, 800), .solid(background))))
            #expect(items.contains(.fill(.roundedRect(cornerRadius: 10), rect(16, 35, 368, 44), .solid(card))))
            #expect(Self.runs(items).first { $0.text == "Row" }?.color == (scheme == .light ? RGBA.black : RGBA.white))
        }
    }

    @Test func badgeReservesItsWidthPlus8AndIsDrawnSecondaryAtTheTrailingInset() throws {
        var b = StreamBuilder()
        let content = b.styled(Self.fill, b.text("Messages"))
        let row = b.styled(["badge": .s("12")], content)
        let empty = b.styled(["badge": .s("")], b.styled(Self.fill, b.text("Mail")))
        let list = b.node("list", [:], [row, empty])
        let (layout, tree) = try layOut(b, root: list, environment: plainScreen)
        // "12" is 17 wide: content proposed 336 - 25.
        #expect(layout.frames[content] == rect(32, 46, 311, 22))
        #expect(layout.chrome[row]?["badge"] == rect(351, 35, 17, 44))
        #expect(layout.chrome[empty]?["badge"] == nil)
        #expect(layout.frames[empty] == rect(32, 90, 336, 22))
        let badge = Self.runs(Self.paint(layout, tree)).first { $0.text == "12" }
        #expect(badge?.color == Palette(.light).secondaryLabel)
        #expect(badge?.origin == Point(x: 351, y: 46))
    }

    @Test func listRowInsetsReplaceTheDefaultInsets() throws {
        var b = StreamBuilder()
        let content = b.styled(Self.fill, b.text("Inset"))
        let insets: JSON = .object(["top": .n(4), "leading": .n(40), "bottom": .n(4), "trailing": .n(10)])
        let row = b.styled(["listRowInsets": insets], content)
        let tallContent = b.styled(["frame": .object(["height": .n(60)])], b.text("Tall"))
        let tall = b.styled(["listRowInsets": .object(["top": .n(0), "leading": .n(0), "bottom": .n(0), "trailing": .n(0)])], tallContent)
        let list = b.node("list", [:], [row, tall])
        let (layout, _) = try layOut(b, root: list, environment: plainScreen)
        // 368 - 40 - 10 = 318 wide; max(44, 22 + 8) = 44 tall; centered between the insets.
        #expect(layout.frames[content] == rect(56, 46, 318, 22))
        #expect(layout.chrome[row]?["row"] == rect(16, 35, 368, 44))
        // Zero insets: the content is the row, max(44, 60) = 60.
        #expect(layout.chrome[tall]?["row"] == rect(16, 79, 368, 60))
        #expect(layout.frames[tallContent] == rect(16, 79, 34, 60))
    }

    @Test func navlinkRowTakesTheRowWidthWithATrailingChevron() throws {
        var b = StreamBuilder()
        let label = b.styled(Self.fill, b.text("Wi-Fi"))
        let link = b.node("navlink", [:], [label])
        let list = b.node("list", [:], [link])
        let (layout, tree) = try layOut(b, root: list, environment: plainScreen)
        #expect(layout.frames[link] == rect(32, 46, 336, 22))
        // The label is proposed the width less the chevron (8) and its 12 pt gap.
        #expect(layout.frames[label] == rect(32, 46, 316, 22))
        #expect(layout.chrome[link]?["chevron"] == rect(360, 50, 8, 14))
        #expect(layout.chrome[link]?["row"] == rect(16, 35, 368, 44))
        let runs = Self.runs(Self.paint(layout, tree))
        #expect(runs.first { $0.text == "Wi-Fi" }?.color == Palette(.light).label)
    }

    @Test func labelIconTakesTheTintInAListUnlessAForegroundIsSet() throws {
        var b = StreamBuilder()
        let icon = b.node("image", ["systemName": .s("star")])
        let tinted = b.styled(["labelIcon": .bool(true)], icon)
        let redIcon = b.node("image", ["systemName": .s("star")])
        let red = b.styled(["labelIcon": .bool(true), "foreground": .object(["name": .s("red")])], redIcon)
        let row = b.hstack([tinted, b.text("Favorites")])
        let link = b.node("navlink", [:], [b.hstack([red, b.text("Alerts")])])
        let list = b.node("list", [:], [row, link])
        let (layout, tree) = try layOut(b, root: list, environment: plainScreen)
        let palette = Palette(.light)
        let symbols = Self.paint(layout, tree).compactMap { item -> RGBA? in
            if case .symbol(_, _, let color, _, _) = item { return color }
            return nil
        }
        #expect(symbols == [palette.accent, palette.red])

        var c = StreamBuilder()
        let outsideIcon = c.node("image", ["systemName": .s("star")])
        let outside = c.styled(["labelIcon": .bool(true)], outsideIcon)
        let (layout2, tree2) = try layOut(c, root: outside, environment: plainScreen)
        let outsideColors = Self.paint(layout2, tree2).compactMap { item -> RGBA? in
            if case .symbol(_, _, let color, _, _) = item { return color }
            return nil
        }
        #expect(outsideColors == [palette.label])
    }

    @Test func editingListShiftsListRowsBy44AndReportsTheControl() throws {
        var b = StreamBuilder()
        let content = b.styled(Self.fill, b.text("Milk"))
        let row = b.node("listrow", ["selectable": .bool(true), "selected": .bool(true)], [content])
        let deletableText = b.text("Bread")
        let deletable = b.node("listrow", ["deletable": .bool(true)], [deletableText])
        let bare = b.text("Plain")
        let list = b.node("list", ["editing": .bool(true)], [row, deletable, bare])
        let (layout, tree) = try layOut(b, root: list, environment: plainScreen)
        // Content proposed 336 - 44 = 292, placed 44 further right.
        #expect(layout.frames[row] == rect(76, 46, 292, 22))
        #expect(layout.frames[content] == rect(76, 46, 292, 22))
        #expect(layout.chrome[row]?["editControl"] == rect(16, 35, 44, 44))
        #expect(layout.chrome[deletable]?["editControl"] == rect(16, 79, 44, 44))
        #expect(layout.frames[deletableText] == rect(76, 90, 43, 22))
        // A bare row is neither selectable nor deletable: no control, no shift.
        #expect(layout.chrome[bare]?["editControl"] == nil)
        #expect(layout.frames[bare] == rect(32, 134, 43, 22))

        let items = Self.paint(layout, tree)
        let palette = Palette(.light)
        // Selected: the row fill and a filled accent circle 16 from the card edge; deletable: a red circle.
        #expect(items.contains(.fill(.rect, rect(16, 35, 368, 44), .solid(palette.tertiarySystemFill))))
        #expect(items.contains(.fill(.ellipse, rect(32, 46, 22, 22), .solid(palette.accent))))
        #expect(items.contains(.fill(.ellipse, rect(32, 90, 22, 22), .solid(palette.red))))
        // The separator under an edited row starts at the shifted content.
        #expect(items.contains(.fill(.rect, rect(76, 78, 308, 1), .solid(palette.separator))))
    }

    @Test func notEditingListRowsKeepTheirPlaceAndSelectedRowsAreFilledInBothSchemes() throws {
        for scheme in ColorScheme.allCases {
            var b = StreamBuilder()
            let text = b.text("Inbox")
            let row = b.node("listrow", ["selectable": .bool(true), "selected": .bool(true)], [text])
            let list = b.node("list", [:], [row])
            let env = RenderEnvironment(device: plainScreen.device, colorScheme: scheme)
            let (layout, tree) = try layOut(b, root: list, environment: env)
            #expect(layout.frames[text] == rect(32, 46, 43, 22))
            #expect(layout.chrome[row]?["editControl"] == nil)
            let items = Self.paint(layout, tree)
            #expect(items.contains(.fill(.rect, rect(16, 35, 368, 44), .solid(Palette(scheme).tertiarySystemFill))))
            #expect(!items.contains { if case .fill(.ellipse, _, _) = $0 { true } else { false } })
        }
    }

    @Test func wrappersShowOnlyTheirContent() throws {
        var b = StreamBuilder()
        let swipeContent = b.text("Lunch")
        let delete = b.node("button", ["style": .s("automatic"), "role": .s("destructive")], [b.text("Delete")])
        let swipe = b.node("swipeactions", ["trailing": .n(1), "leading": .n(0)], [swipeContent, delete])
        let menuContent = b.text("Notes")
        let copy = b.node("button", [:], [b.text("Copy")])
        let menu = b.node("contextmenu", [:], [menuContent, copy])
        let tapContent = b.text("Tap")
        let tap = b.node("tapgesture", [:], [tapContent])
        let dragContent = b.text("Drag")
        let drag = b.node("gesture", ["drag": .bool(true)], [dragContent])
        let list = b.node("list", [:], [swipe, menu, tap, drag])
        let (layout, tree) = try layOut(b, root: list, environment: plainScreen)
        // In a row the swipe host spans the content width; the others are their content's size.
        #expect(layout.frames[swipe] == rect(32, 46, 336, 22))
        #expect(layout.frames[swipeContent] == rect(32, 46, 43, 22))
        #expect(layout.frames[delete] == nil)
        #expect(layout.frames[menu] == rect(32, 90, 43, 22))
        #expect(layout.frames[copy] == nil)
        #expect(layout.frames[tap] == rect(32, 134, 26, 22))
        #expect(layout.frames[dragContent] == rect(32, 178, 34, 22))
        let texts = Self.runs(Self.paint(layout, tree)).map(\.text)
        #expect(texts.contains("Lunch") && texts.contains("Notes"))
        #expect(!texts.contains("Delete") && !texts.contains("Copy"))

        var c = StreamBuilder()
        let outsideContent = c.text("Hello")
        let outside = c.node("swipeactions", ["trailing": .n(0)], [outsideContent])
        let (layout2, _) = try layOut(c, root: outside, environment: plainScreen)
        #expect(layout2.frames[outside] == rect(178, 389, 43, 22))
    }

    @Test func refreshingListShowsA40PointSpinnerRowAboveTheContent() throws {
        var b = StreamBuilder()
        let row = b.text("Row")
        let list = b.node("list", ["refreshable": .bool(true), "refreshing": .bool(true)], [row])
        let (layout, tree) = try layOut(b, root: list, environment: plainScreen)
        #expect(layout.chrome[list]?["refresh"] == rect(0, 0, 400, 40))
        #expect(layout.chrome[row]?["row"] == rect(16, 75, 368, 44))
        let spokes = Self.paint(layout, tree).filter { if case .stroke(.polygon, _, _, _, _) = $0 { true } else { false } }
        #expect(spokes.count == 8)

        var c = StreamBuilder()
        let idle = c.node("list", ["refreshable": .bool(true)], [c.text("Row")])
        let (layout2, _) = try layOut(c, root: idle, environment: plainScreen)
        #expect(layout2.chrome[idle]?["refresh"] == nil)
        #expect(layout2.chrome[idle]?["rows"] == rect(16, 35, 368, 44))
    }

    @Test func listReachingTheScreenBottomGetsTheHomeIndicatorAsContentInset() throws {
        var b = StreamBuilder()
        let rowText = b.text("Row")
        let list = b.node("list", [:], [rowText])
        let screen = b.node("navscreen", ["title": .s("Todos")], [list])
        let stack = b.node("navstack", [:], [screen])
        let (layout, _) = try layOut(b, root: stack)
        // Content: 35 + 44 + 35 = 114, plus the 34 pt bottom safe area.
        #expect(layout.chrome[list]?["content"] == rect(0, 155, 393, 148))
        #expect(layout.chrome[list]?["bottomInset"] == rect(0, 818, 393, 34))
    }

    @Test func navscreenShowsTheGroupedBackgroundBehindItsBarOverAGroupedList() throws {
        for scheme in ColorScheme.allCases {
            var b = StreamBuilder()
            let rowText = b.text("Row")
            let list = b.node("list", [:], [rowText])
            let screen = b.node("navscreen", ["title": .s("Settings")], [list])
            let stack = b.node("navstack", [:], [screen])
            let (layout, tree) = try layOut(b, root: stack, environment: RenderEnvironment(colorScheme: scheme))
            let items = Self.paint(layout, tree)
            #expect(items.contains(.fill(.rect, rect(0, 0, 393, 852), .solid(Palette(scheme).systemGroupedBackground))))
        }
    }
    @Test func rootListBackgroundRunsUnderTheStatusBarAndHomeIndicator() throws {
        var b = StreamBuilder()
        let list = b.node("list", [:], [b.text("Row")])
        let (layout, tree) = try layOut(b, root: list)
        // Laid out in the safe area (59...818), painted to the screen edges.
        #expect(layout.frames[list] == rect(0, 59, 393, 759))
        #expect(Self.paint(layout, tree).contains(.fill(.rect, rect(0, 0, 393, 852), .solid(RGBA(hex: 0xF2F2F7)))))
    }

    @Test func rowsKeepAForegroundSetAroundTheList() throws {
        var b = StreamBuilder()
        let list = b.node("list", [:], [b.text("Row")])
        let red = b.styled(["foreground": .object(["name": .s("red")])], list)
        let (layout, tree) = try layOut(b, root: red, environment: plainScreen)
        #expect(Self.runs(Self.paint(layout, tree)).first?.color == Palette(.light).red)
    }
    @Test func pickerRowsHaveNoVerticalPadding() throws {
        var b = StreamBuilder()
        // Until the picker family lands a picker is a flexible placeholder; the frame fixes its height.
        let picker = b.node("picker", [:])
        let framedPicker = b.styled(["frame": .object(["height": .n(40)])], picker)
        let other = b.styled(["frame": .object(["height": .n(40)])], b.text("Text"))
        let list = b.node("list", [:], [framedPicker, other])
        let (layout, _) = try layOut(b, root: list, environment: plainScreen)
        // max(44, 40 + 0) = 44, content centered; a text row gets 40 + 2 x 11 = 62.
        #expect(layout.chrome[framedPicker]?["row"] == rect(16, 35, 368, 44))
        #expect(layout.frames[framedPicker] == rect(32, 37, 336, 40))
        #expect(layout.chrome[other]?["row"] == rect(16, 79, 368, 62))
    }
}
