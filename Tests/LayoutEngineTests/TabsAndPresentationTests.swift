import TestSupport
import Testing
import LayoutEngine
import Drawing
import LayoutModel

/// Paints a laid-out stream with the fake measurer.
func displayList(_ layout: LayoutResult, _ tree: ElementTree) -> DisplayList {
    Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics())
}

func textColor(_ list: DisplayList, _ text: String) -> RGBA? {
    for case .text(let run) in list.items where run.text == text { return run.color }
    return nil
}

let light = RenderEnvironment(colorScheme: .light)
let dark = RenderEnvironment(colorScheme: .dark)

@Suite("Tabs") struct TabTests {
    /// A tab view with "Home" (a text) and "Settings" (a scroll view) tabs.
    private func tabs(selected: Int) -> (StreamBuilder, root: Int, home: Int, scroll: Int, tabs: [Int]) {
        var b = StreamBuilder()
        let hi = b.text("Hi")
        let home = b.node("tab", ["title": .s("Home"), "systemImage": .s("house")], [hi])
        let inner = b.text("Row")
        let scroll = b.node("scrollview", ["axes": .s("vertical")], [inner])
        let settings = b.node("tab", ["title": .s("Settings"), "systemImage": .s("gear")], [scroll])
        let view = b.node("tabview", ["selected": .n(Double(selected))], [home, settings])
        return (b, view, hi, scroll, [home, settings])
    }

    @Test func barIs49PlusTheBottomSafeAreaWithEqualItems() throws {
        let t = tabs(selected: 0)
        let (layout, _) = try layOut(t.0, root: t.root)
        #expect(layout.frames[t.root] == rect(0, 0, 393, 852))
        let chrome = layout.chrome[t.root] ?? [:]
        #expect(chrome["bar"] == rect(0, 769, 393, 83)) // 852 - 49 - 34
        #expect(chrome["item0"] == rect(0, 769, 196.5, 49))
        #expect(chrome["item1"] == rect(196.5, 769, 196.5, 49))
    }

    @Test func onlyTheSelectedTabIsLaidOutAndOtherContentIsCenteredAboveTheBar() throws {
        let t = tabs(selected: 0)
        let (layout, _) = try layOut(t.0, root: t.root)
        #expect(layout.frames[t.tabs[0]] == rect(0, 0, 393, 852))
        #expect(layout.frames[t.tabs[1]] == nil)
        #expect(layout.frames[t.scroll] == nil)
        // "Hi" is 17 x 22, centered between the status bar (59) and the bar (769): y = 59 + 344.
        #expect(layout.frames[t.home] == rect(188, 403, 17, 22))
    }

    @Test func aScrollViewRunsUnderTheBarWithTheBarAsItsBottomInset() throws {
        let t = tabs(selected: 1)
        let (layout, _) = try layOut(t.0, root: t.root)
        #expect(layout.frames[t.home] == nil)
        #expect(layout.frames[t.scroll] == rect(0, 59, 393, 793))
        #expect(layout.chrome[t.scroll]?["bottomInset"] == rect(0, 769, 393, 83))
    }

    @Test func aScrollViewInsideOtherContentGetsOnlyThePartTheBarCovers() throws {
        var b = StreamBuilder()
        let scroll = b.node("scrollview", ["axes": .s("vertical")], [b.text("Row")])
        // A 400 pt scroll view is centered between 59 and 769: 59 + 155 = 214 to 614, clear of the bar.
        let short = b.styled(["frame": .object(["height": .n(400)])], scroll)
        let tall = b.node("scrollview", ["axes": .s("vertical")], [b.text("Row")])
        let tallFrame = b.styled(["frame": .object(["height": .n(760)])], tall) // 59 + (710 - 760) / 2 = 34 to 794
        // In a vstack they are "other content", centered; a bare (or styled) one would start at 59.
        let one = b.node("tab", ["title": .s("A")], [b.vstack([short])])
        let two = b.node("tab", ["title": .s("B")], [b.vstack([tallFrame])])
        let view = b.node("tabview", ["selected": .n(0)], [one, two])
        let (layout, _) = try layOut(b, root: view)
        #expect(layout.frames[scroll] == rect(0, 214, 393, 400))
        #expect(layout.chrome[scroll]?["bottomInset"] == nil)

        var b2 = b
        b2.raw(#"{"id":\#(view),"op":"update","props":{"selected":1}}"#)
        let (layout2, _) = try layOut(b2, root: view)
        #expect(layout2.frames[tall] == rect(0, 34, 393, 760))
        #expect(layout2.chrome[tall]?["bottomInset"] == rect(0, 769, 393, 25))
    }

    @Test func aNavigationStackFillsTheTabAndItsListGetsTheBarAsBottomInset() throws {
        var b = StreamBuilder()
        let row = b.text("Row")
        let list = b.node("list", [:], [row])
        let screen = b.node("navscreen", ["title": .s("Home"), "displayMode": .s("large"), "depth": .n(0)], [list])
        let stack = b.node("navstack", [:], [screen])
        let tab = b.node("tab", ["title": .s("Home"), "systemImage": .s("house")], [stack])
        let view = b.node("tabview", ["selected": .n(0)], [tab])
        let (layout, _) = try layOut(b, root: view)
        #expect(layout.frames[stack] == rect(0, 0, 393, 852))
        // The large-title screen's list starts at 155 and runs under the bar (769...852).
        #expect(layout.frames[list] == rect(0, 155, 393, 697))
        #expect(layout.chrome[list]?["bottomInset"] == rect(0, 769, 393, 83))
    }

    @Test func aTabSelectionNamesItsCommitByTheTabItSelects() throws {
        let t = tabs(selected: 0)
        var b = t.0
        b.insert(t.root, into: 0, at: 0)
        b.commit()
        b.raw(#"{"id":\#(t.root),"op":"event","type":"select","value":1}"#)
        b.raw(#"{"id":\#(t.root),"op":"update","props":{"selected":1}}"#)
        b.commit()
        b.raw(#"{"id":\#(t.root),"op":"event","type":"select","value":7}"#) // no such tab: the usual label
        b.commit()
        let (commits, _) = try OpStream(file: "f", bytes: Array(b.text.utf8)).validate()
        #expect(commits.map(\.label) == [nil, "select-Settings", "select-Hi-7"])
    }

    @Test func selectedItemIsAccentAndTheOthersSecondaryInBothSchemes() throws {
        let t = tabs(selected: 1)
        for env in [light, dark] {
            let (layout, tree) = try layOut(t.0, root: t.root, environment: env)
            let list = displayList(layout, tree)
            let palette = Palette(env.colorScheme)
            #expect(textColor(list, "Settings") == palette.accent)
            #expect(textColor(list, "Home") == palette.secondaryLabel)
            let symbols = list.items.compactMap { item -> (String, RGBA)? in
                if case .symbol(let name, _, let color, _, _) = item { return (name, color) } else { return nil }
            }
            // Tab bar items draw their .fill variants (gear.fill, house.fill).
            #expect(symbols.first { $0.0 == "settings.fill" }?.1 == palette.accent)
            #expect(symbols.first { $0.0 == "house.fill" }?.1 == palette.secondaryLabel)
        }
        #expect(Palette(.light).accent == RGBA(hex: 0x007AFF) && Palette(.dark).accent == RGBA(hex: 0x0A84FF))
    }
}

@Suite("Sheets") struct SheetTests {
    private func sheet(_ detents: [String]) -> (StreamBuilder, root: Int, sheet: Int, text: Int) {
        var b = StreamBuilder()
        let under = b.text("Under")
        let hi = b.text("Hi")
        let sheet = b.node("sheet", ["detents": .array(detents.map(JSON.s))], [hi])
        b.insert(sheet, into: 0, at: 0) // layOut inserts the presenting tree before it
        return (b, under, sheet, hi)
    }

    @Test func largeSheetStarts10BelowTheStatusBar() throws {
        let s = sheet(["large", "medium"])
        let (layout, _) = try layOut(s.0, root: s.root)
        // The status bar is the 59 pt safe-area top: 852 - 59 - 10 = 783 tall, from y 69.
        #expect(layout.frames[s.sheet] == rect(0, 69, 393, 783))
        #expect(layout.chrome[s.sheet]?["grabber"] == rect(178.5, 77, 36, 5))
        // Content: below the 21 pt grabber row (90) and above the home indicator (818), centered.
        #expect(layout.frames[s.text] == rect(188, 443, 17, 22))
    }

    @Test func mediumSheetIsHalfTheScreenAndFullCoversIt() throws {
        let medium = sheet(["medium"])
        let (m, _) = try layOut(medium.0, root: medium.root)
        #expect(m.frames[medium.sheet] == rect(0, 426, 393, 426))
        let full = sheet(["full"])
        let (f, _) = try layOut(full.0, root: full.root)
        #expect(f.frames[full.sheet] == rect(0, 0, 393, 852))
        #expect(f.chrome[full.sheet]?["grabber"] == nil)
    }

    @Test func fullScreenCoverContentIsCenteredInTheSafeArea() throws {
        let full = sheet(["full"])
        let (layout, tree) = try layOut(full.0, root: full.root)
        // 59...818: "Hi" (22 tall) at 59 + (759 - 22) / 2 = 427.5, floored.
        #expect(layout.frames[full.text] == rect(188, 427, 17, 22))
        let items = displayList(layout, tree).items
        #expect(!items.contains(.popTransform))
        #expect(!items.contains(.fill(.rect, rect(0, 0, 393, 852), .solid(RGBA.black.withAlpha(0.4)))))
        // The cover's own square card, over the screen's background: two white screens.
        #expect(items.filter { $0 == .fill(.rect, rect(0, 0, 393, 852), .solid(.white)) }.count == 2)
    }

    @Test func onlyALargeSheetScalesThePresentingTree() throws {
        let large = sheet(["large"])
        let (layout, tree) = try layOut(large.0, root: large.root)
        let items = displayList(layout, tree).items
        #expect(items.first == .fill(.rect, rect(0, 0, 393, 852), .solid(.black)))
        #expect(items.dropFirst().first == .pushTransform(scale: 0.92, center: Point(x: 196.5, y: 426)))
        let pop = try #require(items.firstIndex(of: .popTransform))
        // The presenting tree ("Under") is inside the transform, the sheet's text after it.
        let under = try #require(items.firstIndex { if case .text(let r) = $0 { r.text == "Under" } else { false } })
        let hi = try #require(items.firstIndex { if case .text(let r) = $0 { r.text == "Hi" } else { false } })
        #expect(under < pop && pop < hi)
        #expect(items.contains(.fill(.rect, rect(0, 0, 393, 852), .solid(RGBA.black.withAlpha(0.4)))))

        let medium = sheet(["medium"])
        let (m, mt) = try layOut(medium.0, root: medium.root)
        #expect(!displayList(m, mt).items.contains(.popTransform))
    }

    @Test func aLargeSheetTurnsTheStatusBarWhiteOverTheBlackBackdrop() throws {
        let large = sheet(["large"])
        let (layout, tree) = try layOut(large.0, root: large.root, environment: light)
        #expect(textColor(displayList(layout, tree), "9:41") == .white)
        let medium = sheet(["medium"])
        let (m, mt) = try layOut(medium.0, root: medium.root, environment: light)
        #expect(textColor(displayList(m, mt), "9:41") == .black)
    }

    @Test func stackedLargeSheetsScaleEverythingBelowThem() throws {
        var b = StreamBuilder()
        let under = b.text("Under")
        let first = b.node("sheet", ["detents": .array([.s("large")])], [b.text("One")])
        let second = b.node("sheet", ["detents": .array([.s("large")])], [b.text("Two")])
        b.insert(first, into: 0, at: 0)
        b.insert(second, into: 0, at: 1)
        let (layout, tree) = try layOut(b, root: under)
        let items = displayList(layout, tree).items
        let pushes = items.indices.filter { if case .pushTransform = items[$0] { true } else { false } }
        let pops = items.indices.filter { items[$0] == .popTransform }
        let one = try #require(items.firstIndex { if case .text(let r) = $0 { r.text == "One" } else { false } })
        let two = try #require(items.firstIndex { if case .text(let r) = $0 { r.text == "Two" } else { false } })
        #expect(pushes.count == 2 && pops.count == 2)
        // The first sheet is inside the outer transform only; the top sheet is outside both.
        #expect(one < pops.max()! && one > pops.min()! && two > pops.max()!)
    }

    @Test func aTextFieldInASheetTakesTheElevatedBackground() throws {
        var b = StreamBuilder()
        let under = b.node("textfield", ["text": .s(""), "placeholder": .s("A"), "style": .s("roundedBorder")])
        let field = b.node("textfield", ["text": .s(""), "placeholder": .s("B"), "style": .s("roundedBorder")])
        let sheet = b.node("sheet", ["detents": .array([.s("medium")])], [field])
        b.insert(sheet, into: 0, at: 0)
        let (layout, tree) = try layOut(b, root: under, environment: dark)
        let items = displayList(layout, tree).items
        let inSheet = try #require(layout.frames[field]), outside = try #require(layout.frames[under])
        #expect(items.contains(.fill(.roundedRect(cornerRadius: 5), inSheet, .solid(RGBA(hex: 0x1C1C1E)))))
        #expect(items.contains(.fill(.roundedRect(cornerRadius: 5), outside, .solid(.black))))
    }

    @Test func cardIsWhiteInLightAndElevatedInDark() throws {
        let s = sheet(["medium"])
        for (env, color) in [(light, RGBA.white), (dark, RGBA(hex: 0x1C1C1E))] {
            let (layout, tree) = try layOut(s.0, root: s.root, environment: env)
            #expect(displayList(layout, tree).items.contains(.fill(.topRoundedRect(cornerRadius: 10), rect(0, 426, 393, 426),
                                                                  .solid(color))))
        }
    }
}

@Suite("Alerts") struct AlertTests {
    private func alert(style: String, title: String, message: String?, buttons: [(String, String?)])
        -> (StreamBuilder, root: Int, alert: Int, buttons: [Int]) {
        var b = StreamBuilder()
        let under = b.text("Under")
        let ids = buttons.map { title, role in
            let label = b.text(title)
            return b.node("button", ["style": .s("automatic"), "role": role.map(JSON.s) ?? .null], [label])
        }
        let alert = b.node("alert", ["title": .s(title), "message": message.map(JSON.s) ?? .null, "style": .s(style)], ids)
        b.insert(alert, into: 0, at: 0)
        return (b, under, alert, ids)
    }

    @Test func twoButtonAlertIs270WideCenteredWithButtonsSideBySide() throws {
        let a = alert(style: "alert", title: "Delete?", message: "Gone", buttons: [("Cancel", "cancel"), ("Delete", "destructive")])
        let (layout, _) = try layOut(a.0, root: a.root)
        let c = layout.chrome[a.alert] ?? [:]
        // Text: 20 + title 22 + 4 + message 18 + 20 = 84; one 44 row: 128 tall, centered at 426.
        #expect(c["card"] == rect(61.5, 362, 270, 128))
        #expect(c["title"] == rect(77.5, 382, 238, 22))
        #expect(c["message"] == rect(77.5, 408, 238, 18))
        #expect(c["button0"] == rect(61.5, 446, 135, 44))
        #expect(c["button1"] == rect(196.5, 446, 135, 44))
        #expect(c["ok"] == nil)
        // Each button's frame is its row (snapped), its label centered: "Cancel" is 51 wide.
        #expect(layout.frames[a.buttons[0]] == rect(61, 446, 135, 44))
        #expect(layout.frames[a.buttons[1]] == rect(196, 446, 135, 44))
        #expect(layout.frames[a.buttons[0] - 1] == rect(103, 457, 51, 22)) // the label, created just before
    }

    @Test func twoButtonsStackWhenALabelDoesNotFitItsHalf() throws {
        // Half of 270 minus 8 at each side: 119 pt, 14 characters of 8.5.
        let fits = alert(style: "alert", title: "T", message: nil, buttons: [("Cancel", "cancel"), ("Fourteen chars", nil)])
        let (f, _) = try layOut(fits.0, root: fits.root)
        #expect(f.chrome[fits.alert]?["button1"] == rect(196.5, 435, 135, 44)) // 106 tall from 373: the row at 373 + 62
        let long = alert(style: "alert", title: "T", message: nil, buttons: [("Cancel", "cancel"), ("Fifteen chars!!", nil)])
        let (l, _) = try layOut(long.0, root: long.root)
        let c = l.chrome[long.alert] ?? [:]
        // 62 + 2 x 44 = 150 tall, from 426 - 75 = 351.
        #expect(c["card"] == rect(61.5, 351, 270, 150))
        #expect(c["button0"] == rect(61.5, 413, 270, 44))
        #expect(c["button1"] == rect(61.5, 457, 270, 44))
    }

    @Test func oneOrThreeButtonsStackAndNoneGetsAnOKRow() throws {
        let three = alert(style: "alert", title: "Pick", message: nil, buttons: [("A", nil), ("B", nil), ("C", nil)])
        let (layout, _) = try layOut(three.0, root: three.root)
        let c = layout.chrome[three.alert] ?? [:]
        // 20 + 22 + 20 = 62 of text, 3 x 44 rows: 194 tall, y = 426 - 97 = 329.
        #expect(c["card"] == rect(61.5, 329, 270, 194))
        #expect(c["button0"] == rect(61.5, 391, 270, 44))
        #expect(c["button2"] == rect(61.5, 479, 270, 44))
        let none = alert(style: "alert", title: "Done", message: nil, buttons: [])
        let (n, tree) = try layOut(none.0, root: none.root)
        // 62 of text + the 44 OK row = 106 tall, from y = 426 - 53 = 373: the row starts at 435.
        #expect(n.chrome[none.alert]?["ok"] == rect(61.5, 435, 270, 44))
        #expect(textColor(displayList(n, tree), "OK") == Palette(.light).accent)
    }

    @Test func dialogHasACancelCardAboveTheSafeAreaAndTheButtonCardAboveIt() throws {
        let d = alert(style: "dialog", title: "", message: nil, buttons: [("Archive", nil), ("Delete", "destructive"), ("Cancel", "cancel")])
        let (layout, _) = try layOut(d.0, root: d.root)
        let c = layout.chrome[d.alert] ?? [:]
        #expect(c["cancelCard"] == rect(8, 753, 377, 57)) // ends 8 above the 34 pt safe area
        #expect(c["button2"] == c["cancelCard"])
        #expect(c["card"] == rect(8, 631, 377, 114))    // 8 above the cancel card, no caption
        #expect(c["button0"] == rect(8, 631, 377, 57))
        #expect(c["button1"] == rect(8, 688, 377, 57))
        #expect(c["title"] == nil)
    }

    @Test func dialogCaptionIsInset14AndWithoutCancelTheCardSitsAtTheBottom() throws {
        let d = alert(style: "dialog", title: "Pick", message: nil, buttons: [("One", nil)])
        let (layout, tree) = try layOut(d.0, root: d.root)
        let c = layout.chrome[d.alert] ?? [:]
        // 14 + 18 (footnote) + 14 = 46 of caption + one 57 row, ending at 852 - 34 - 8 = 810.
        #expect(c["card"] == rect(8, 707, 377, 103))
        #expect(c["title"] == rect(24, 721, 345, 18))
        #expect(c["button0"] == rect(8, 753, 377, 57))
        #expect(c["cancelCard"] == nil)
        #expect(textColor(displayList(layout, tree), "Pick") == Palette(.light).secondaryLabel)
    }

    @Test func cancelIsSemiboldAndDestructiveRed() throws {
        let a = alert(style: "alert", title: "T", message: nil, buttons: [("Cancel", "cancel"), ("Delete", "destructive")])
        for env in [light, dark] {
            let (layout, tree) = try layOut(a.0, root: a.root, environment: env)
            let runs = displayList(layout, tree).items.compactMap { if case .text(let r) = $0 { r } else { nil } }
            #expect(runs.first { $0.text == "Cancel" }?.font.weight == .semibold)
            #expect(runs.first { $0.text == "Cancel" }?.color == Palette(env.colorScheme).accent)
            #expect(runs.first { $0.text == "Delete" }?.font.weight == .regular)
            #expect(runs.first { $0.text == "Delete" }?.color == Palette(env.colorScheme).red)
        }
    }
}

@Suite("Bottom content inset") struct BottomContentInsetTests {
    /// web-renderer.md: a scrolling view that reaches the bottom of the screen gets the bottom
    /// safe area (34) as content inset, unless it is inside a sheet.
    @Test func aListReachingTheBottomGetsTheHomeIndicatorInsetOutsideASheetOnly() throws {
        // A list in a navigation screen runs to the bottom of the screen.
        var b = StreamBuilder()
        let rootList = b.node("list", [:], [b.text("Row")])
        let screen = b.node("navscreen", ["title": .s("Inbox"), "displayMode": .s("inline"), "depth": .n(0)], [rootList])
        let stack = b.node("navstack", [:], [screen])
        let (root, _) = try layOut(b, root: stack)
        #expect(root.frames[rootList].map { $0.maxY } == 852)
        #expect(root.chrome[rootList]?["bottomInset"] == rect(0, 818, 393, 34))

        var s = StreamBuilder()
        let under = s.text("Behind")
        let sheetList = s.node("list", [:], [s.text("Row")])
        let sheet = s.node("sheet", ["detents": .array([.s("large")])], [sheetList])
        s.insert(sheet, into: 0, at: 0)
        let (inSheet, _) = try layOut(s, root: under)
        // The large sheet's card runs to the bottom of the screen (y 69 + 783 = 852)...
        #expect(inSheet.frames[sheetList].map { $0.maxY } == 852)
        // ...but a list in a sheet gets no home-indicator inset.
        #expect(inSheet.chrome[sheetList]?["bottomInset"] == nil)
    }
}
