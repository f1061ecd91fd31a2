import TestSupport
import Testing
import LayoutEngine
import Drawing
import LayoutModel

/// Navigation on the iPhone 15 Pro (393 x 852, safe area 59 / 34), fake measurer: every
/// character is 0.5 em, so a 17 pt bar title is 8.5 pt per character.
@Suite("Navigation: navstack, navscreen, toolbars, search fields") struct NavigationTests {
    static func screen(_ b: inout StreamBuilder, _ title: String, mode: String = "automatic", depth: Int = 0,
                       _ children: [Int]) -> Int {
        b.node("navscreen", ["title": .s(title), "displayMode": .s(mode), "depth": .n(Double(depth))], children)
    }

    static func toolbar(_ b: inout StreamBuilder, _ placement: String, _ items: [Int]) -> Int {
        b.node("toolbar", ["placement": .s(placement)], items)
    }

    @Test func largeTitleScreenBarTitleAndListMatchTheSpec() throws {
        var b = StreamBuilder()
        let row = b.text("Milk")
        let section = b.node("section", ["header": .s("Today")], [row])
        let list = b.node("list", [:], [section])
        let screen = Self.screen(&b, "Todos", [list])
        let stack = b.node("navstack", [:], [screen])
        let (layout, _) = try layOut(b, root: stack)
        #expect(layout.frames[stack] == rect(0, 0, 393, 852))
        #expect(layout.frames[screen] == rect(0, 0, 393, 852))
        let chrome = try #require(layout.chrome[screen])
        #expect(chrome["bar"] == rect(0, 0, 393, 103))
        #expect(chrome["largeTitle"] == rect(0, 103, 393, 52))
        #expect(chrome["content"] == rect(0, 155, 393, 697))
        #expect(chrome["title"] == nil)
        #expect(chrome["back"] == nil)
        // The list starts at 155 and runs to the screen bottom; header 16 below its top, card after 18 + 6.
        #expect(layout.frames[list] == rect(0, 155, 393, 697))
        let card = try #require(layout.chrome[section]?["rows"])
        #expect(card == rect(16, 195, 361, 44))
        #expect(layout.chrome[row]?["row"] == rect(16, 195, 361, 44))
        #expect(layout.frames[row] == rect(32, 206, 34, 22))
    }

    @Test func onlyTheTopScreenIsLaidOut() throws {
        var b = StreamBuilder()
        let below = b.text("Below")
        let first = Self.screen(&b, "Todos", [below])
        let detail = b.text("Hello")
        let second = Self.screen(&b, "Detail", mode: "inline", depth: 1, [detail])
        let stack = b.node("navstack", [:], [first, second])
        let (layout, _) = try layOut(b, root: stack)
        #expect(layout.frames[first] == nil)
        #expect(layout.frames[below] == nil)
        #expect(layout.frames[second] == rect(0, 0, 393, 852))
    }

    @Test func pushedInlineScreenHasItsBarRowAt59To103AndABackButtonWithThePreviousTitle() throws {
        var b = StreamBuilder()
        let root = b.text("Root")
        let first = Self.screen(&b, "Todos", [root])
        let detail = b.text("Hello")
        let second = Self.screen(&b, "Detail", mode: "inline", depth: 1, [detail])
        let stack = b.node("navstack", [:], [first, second])
        let (layout, _) = try layOut(b, root: stack)
        let chrome = try #require(layout.chrome[second])
        #expect(chrome["bar"] == rect(0, 0, 393, 103))
        #expect(chrome["largeTitle"] == nil)
        // Back: 8 from the edge, chevron 17 + 6 + "Todos" (42.5).
        #expect(chrome["back"] == rect(8, 59, 65.5, 44))
        // "Detail" is 51 wide, centered in the 44 pt row.
        #expect(chrome["title"] == rect(171, 59, 51, 44))
        #expect(chrome["content"] == rect(0, 103, 393, 749))
        // Non-scrolling content is centered above the home indicator: (103 + 818) / 2 - 11.
        #expect(layout.frames[detail] == rect(175, 449, 43, 22))
    }

    @Test func backLabelFallsBackToBackThenToTheChevronAlone() throws {
        var b = StreamBuilder()
        let root = b.text("Root"), hello = b.text("Hello")
        let first = Self.screen(&b, "A very long previous screen title", [root])
        let second = Self.screen(&b, "Detail", mode: "inline", depth: 1, [hello])
        let stack = b.node("navstack", [:], [first, second])
        let (layout, _) = try layOut(b, root: stack)
        // 8 + 17 + 6 + 280.5 leaves no room beside the title: "Back" (34) fits.
        #expect(layout.chrome[second]?["back"] == rect(8, 59, 57, 44))

        var c = StreamBuilder()
        let rootText = c.text("Root"), filterText = c.text("Filter"), helloText = c.text("Hello")
        let mail = Self.screen(&c, "Mail", [rootText])
        let filter = Self.toolbar(&c, "leading", [filterText])
        let long = String(repeating: "x", count: 40)
        let pushed = Self.screen(&c, long, mode: "inline", depth: 1, [helloText, filter])
        let stack2 = c.node("navstack", [:], [mail, pushed])
        let (layout2, _) = try layOut(c, root: stack2)
        let chrome = try #require(layout2.chrome[pushed])
        // The title is capped at 56 % (220.08): "Back" plus the leading "Filter" (51) would need
        // 8 + 57 + 8 + 51 + 8 = 132 > (393 - 220.08) / 2, so only the chevron remains.
        #expect(chrome["back"] == rect(8, 59, 17, 44))
        #expect(layout2.frames[filter] == rect(33, 70, 51, 22))
        // The title keeps 8 from the occupied 84 on each side: 393 - 2 x 92 = 209 wide.
        #expect(chrome["title"] == rect(92, 59, 209, 44))
    }

    @Test func trailingToolbarsStackLeftwardsAndLeadingStartsAtTheEdge() throws {
        var b = StreamBuilder()
        let edit = b.text("Edit")
        let add = b.text("Add")
        let t1 = Self.toolbar(&b, "trailing", [edit])
        let t2 = Self.toolbar(&b, "trailing", [add])
        let a = b.text("A")
        let bb = b.text("B")
        let lead = Self.toolbar(&b, "leading", [a, bb])
        let hello = b.text("Hello")
        let screen = Self.screen(&b, "Inbox", mode: "inline", [hello, t1, t2, lead])
        let stack = b.node("navstack", [:], [screen])
        let (layout, _) = try layOut(b, root: stack)
        #expect(layout.frames[t1] == rect(343, 70, 34, 22))
        #expect(layout.frames[edit] == rect(343, 70, 34, 22))
        // 343 - 16 - 25.5 = 301.5.
        #expect(layout.frames[t2] == rect(301, 70, 26, 22))
        // Items 16 apart: 8.5 + 16 + 8.5.
        #expect(layout.frames[lead] == rect(16, 70, 33, 22))
        #expect(layout.frames[bb] == rect(40, 70, 9, 22))
        // Title "Inbox" (42.5) fits centered.
        #expect(layout.chrome[screen]?["title"] == rect(175.25, 59, 42.5, 44))
    }

    @Test func principalToolbarIsCenteredAndHidesTheInlineTitle() throws {
        var b = StreamBuilder()
        let label = b.text("Title")
        let principal = Self.toolbar(&b, "principal", [label])
        let hello = b.text("Hello")
        let screen = Self.screen(&b, "Inbox", mode: "inline", [hello, principal])
        let stack = b.node("navstack", [:], [screen])
        let (layout, _) = try layOut(b, root: stack)
        #expect(layout.frames[principal] == rect(175, 70, 43, 22))
        #expect(layout.chrome[screen]?["title"] == nil)
    }

    @Test func bottomToolbarIsABarOf49PlusTheHomeIndicatorWithItemsSpreadEvenly() throws {
        var b = StreamBuilder()
        let a = b.text("A"), mid = b.text("BB"), c = b.text("C")
        let bottom = Self.toolbar(&b, "bottom", [a, mid, c])
        let rowText = b.text("Row")
        let content = b.node("list", [:], [rowText])
        let screen = Self.screen(&b, "Inbox", mode: "inline", [content, bottom])
        let stack = b.node("navstack", [:], [screen])
        let (layout, _) = try layOut(b, root: stack)
        #expect(layout.frames[bottom] == rect(0, 769, 393, 83))
        #expect(layout.chrome[screen]?["bottomBar"] == rect(0, 769, 393, 83))
        // Gaps (361 - 34) / 2 = 163.5; centered in the 49 pt row: 769 + 24.5 - 11.
        #expect(layout.frames[a] == rect(16, 782, 9, 22))
        #expect(layout.frames[mid] == rect(188, 782, 17, 22))
        #expect(layout.frames[c] == rect(368, 782, 9, 22))
        // The content is proposed the area above the bar.
        #expect(layout.chrome[screen]?["content"] == rect(0, 103, 393, 666))
        #expect(layout.frames[content] == rect(0, 103, 393, 666))
    }

    @Test func singleBottomItemIsCentered() throws {
        var b = StreamBuilder()
        let a = b.text("A")
        let bottom = Self.toolbar(&b, "bottom", [a])
        let hello = b.text("Hello")
        let screen = Self.screen(&b, "Inbox", mode: "inline", [hello, bottom])
        let stack = b.node("navstack", [:], [screen])
        let (layout, _) = try layOut(b, root: stack)
        #expect(layout.frames[a] == rect(192, 782, 9, 22))
    }

    @Test func searchFieldAdds52UnderTheTitleArea() throws {
        var b = StreamBuilder()
        let search = b.node("searchfield", ["placeholder": .s("Search")])
        let rowText = b.text("Row")
        let list = b.node("list", [:], [rowText])
        let screen = Self.screen(&b, "Contacts", [list, search])
        let stack = b.node("navstack", [:], [screen])
        let (layout, _) = try layOut(b, root: stack)
        #expect(layout.frames[search] == rect(16, 163, 361, 36))
        #expect(layout.chrome[screen]?["searchField"] == rect(16, 163, 361, 36))
        #expect(layout.frames[list] == rect(0, 207, 393, 645))

        var c = StreamBuilder()
        let inlineSearch = c.node("searchfield", [:])
        let hello = c.text("Hello")
        let inline = Self.screen(&c, "Contacts", mode: "inline", [hello, inlineSearch])
        let stack2 = c.node("navstack", [:], [inline])
        let (layout2, _) = try layOut(c, root: stack2)
        #expect(layout2.frames[inlineSearch] == rect(16, 111, 361, 36))
        #expect(layout2.chrome[inline]?["content"] == rect(0, 155, 393, 697))
    }

    @Test func searchFieldOutsideAScreenIs36TallAndTakesTheProposedWidth() throws {
        var b = StreamBuilder()
        let search = b.node("searchfield", [:])
        let (layout, _) = try layOut(b, root: search, environment: plainScreen)
        #expect(layout.frames[search] == rect(0, 382, 400, 36))

        var c = StreamBuilder()
        let ideal = c.node("searchfield", [:])
        let fixed = c.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(true)])], ideal)
        let (layout2, _) = try layOut(c, root: fixed, environment: plainScreen)
        #expect(layout2.frames[ideal] == rect(100, 382, 200, 36))
    }

    @Test func toolbarOutsideAScreenIsAPlainVStack() throws {
        var b = StreamBuilder()
        let a = b.text("One"), c = b.text("Two")
        let toolbar = Self.toolbar(&b, "trailing", [a, c])
        let (layout, _) = try layOut(b, root: toolbar, environment: plainScreen)
        // 22 + 8 + 22 = 52 tall, 25.5 wide, centered.
        #expect(layout.frames[toolbar] == rect(187, 374, 26, 52))
        #expect(layout.frames[c] == rect(187, 404, 26, 22))
    }

    @Test func navlinkOutsideAListIsItsLabelInTheAccentColor() throws {
        var b = StreamBuilder()
        let label = b.text("More")
        let link = b.node("navlink", [:], [label])
        let (layout, tree) = try layOut(b, root: link, environment: plainScreen)
        #expect(layout.frames[link] == rect(183, 389, 34, 22))
        #expect(layout.chrome[link] == nil)
        let list = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics())
        let colors = list.items.compactMap { item -> RGBA? in
            if case .text(let run) = item, run.text == "More" { return run.color }
            return nil
        }
        #expect(colors == [Palette(.light).accent])
    }

    @Test func barPaintsTitleBackChevronAndHairlineInBothSchemes() throws {
        for scheme in ColorScheme.allCases {
            var b = StreamBuilder()
            let root = b.text("Root"), hello = b.text("Hello")
            let first = Self.screen(&b, "Todos", [root])
            let second = Self.screen(&b, "Detail", mode: "inline", depth: 1, [hello])
            let stack = b.node("navstack", [:], [first, second])
            let (layout, tree) = try layOut(b, root: stack, environment: RenderEnvironment(colorScheme: scheme))
            let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
            let palette = Palette(scheme)
            let runs = items.compactMap { item -> TextRun? in if case .text(let r) = item { return r } else { return nil } }
            #expect(runs.contains { $0.text == "Detail" && $0.color == palette.label && $0.font.weight == .semibold
                && $0.origin == Point(x: 171, y: 70) })
            #expect(runs.contains { $0.text == "Todos" && $0.color == palette.accent && $0.origin == Point(x: 31, y: 70) })
            #expect(!runs.contains { $0.text == "Root" })
            // The hairline under the bar: one device pixel at the bar's bottom.
            #expect(items.contains(.fill(.rect, Rect(x: 0, y: 103 - 1.0 / 3, width: 393, height: 1.0 / 3), .solid(palette.separator))))
        }
    }
    @Test func severalContentChildrenFormAnImplicitVStack() throws {
        var b = StreamBuilder()
        let one = b.text("One"), two = b.text("Two")
        let screen = Self.screen(&b, "Detail", mode: "inline", [one, two])
        let stack = b.node("navstack", [:], [screen])
        let (layout, _) = try layOut(b, root: stack)
        // 22 + 8 + 22 = 52 tall, centered in 103...818: y = 103 + (715 - 52) / 2 = 434.5.
        #expect(layout.frames[one] == rect(183, 434, 26, 22))
        #expect(layout.frames[two] == rect(183, 464, 26, 22))
    }

    @Test func largeDisplayModeAtDepthOneKeepsTheBackButtonAndTheLargeTitle() throws {
        var b = StreamBuilder()
        let root = b.text("Root"), hello = b.text("Hello")
        let first = Self.screen(&b, "Todos", [root])
        let second = Self.screen(&b, "Detail", mode: "large", depth: 1, [hello])
        let stack = b.node("navstack", [:], [first, second])
        let (layout, _) = try layOut(b, root: stack)
        let chrome = try #require(layout.chrome[second])
        #expect(chrome["largeTitle"] == rect(0, 103, 393, 52))
        #expect(chrome["title"] == nil)
        #expect(chrome["back"] == rect(8, 59, 65.5, 44))
    }

    @Test func wrongPropTypesAreErrors() {
        func error(_ line: String) -> String? {
            do {
                _ = try OpStream(file: "ops.jsonl", bytes: Array(line.utf8)).validate()
                return nil
            } catch { return error.description }
        }
        #expect(error(#"{"id":1,"kind":"navscreen","op":"create","props":{"depth":"1"}}"#)
                == "ops.jsonl:1: create: navscreen.depth must be a number, got a string")
        #expect(error(#"{"id":1,"kind":"list","op":"create","props":{"style":"sidebar"}}"#)
                == #"ops.jsonl:1: create: list.style: unknown value "sidebar""#)
        #expect(error(#"{"id":1,"kind":"toolbar","op":"create","props":{"placement":"top"}}"#)
                == #"ops.jsonl:1: create: toolbar.placement: unknown value "top""#)
        #expect(error(#"{"id":1,"kind":"listrow","op":"create","props":{"selected":1}}"#)
                == "ops.jsonl:1: create: listrow.selected must be a bool, got a number")
        #expect(error(#"{"id":1,"kind":"styled","op":"create","props":{"style":{"badge":3}}}"#)
                == "ops.jsonl:1: create: styled.style.badge must be a string, got a number")
    }
    @Test func bottomBarAndSearchFieldPaintInBothSchemes() throws {
        for (scheme, bar) in [(ColorScheme.light, RGBA(rgb255: 249, 249, 249, 0.94)), (.dark, RGBA(rgb255: 29, 29, 29, 0.94))] {
            var b = StreamBuilder()
            let item = b.text("A")
            let bottom = Self.toolbar(&b, "bottom", [item])
            let search = b.node("searchfield", ["placeholder": .s("Find")])
            let hello = b.text("Hello")
            let screen = Self.screen(&b, "Inbox", mode: "inline", [hello, bottom, search])
            let stack = b.node("navstack", [:], [screen])
            let (layout, tree) = try layOut(b, root: stack, environment: RenderEnvironment(colorScheme: scheme))
            let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
            let palette = Palette(scheme)
            #expect(items.contains(.fill(.rect, rect(0, 769, 393, 83), .solid(bar))))
            #expect(items.contains(.fill(.rect, Rect(x: 0, y: 769, width: 393, height: 1.0 / 3), .solid(palette.separator))))
            #expect(items.contains(.fill(.roundedRect(cornerRadius: 10), rect(16, 111, 361, 36), .solid(palette.systemFill))))
            let placeholder = items.compactMap { item -> TextRun? in
                if case .text(let run) = item, run.text == "Find" { return run }
                return nil
            }
            #expect(placeholder.map(\.color) == [palette.secondaryLabel])
            #expect(placeholder.first?.origin == Point(x: 47, y: 118))
        }
    }
    @Test func barItemsKeepTheLargeTextSizeAtAccessibilitySizes() throws {
        var b = StreamBuilder()
        let edit = b.text("Edit")
        let trailing = Self.toolbar(&b, "trailing", [edit])
        let body = b.text("Body")
        let screen = Self.screen(&b, "Inbox", mode: "inline", [body, trailing])
        let stack = b.node("navstack", [:], [screen])
        let (layout, _) = try layOut(b, root: stack, environment: RenderEnvironment(dynamicTypeSize: .accessibility3))
        // Body at accessibility3 is 40 / 48; the bar item stays 17 / 22.
        #expect(layout.frames[body]?.height == 48)
        #expect(layout.frames[edit] == rect(343, 70, 34, 22))
    }
}
