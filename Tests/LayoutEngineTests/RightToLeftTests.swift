import TestSupport
import Testing
import Drawing
import LayoutEngine
import LayoutModel

/// Right-to-left layout (`--layout-direction rtl`): every frame, part and text line reflected
/// across the screen, directional symbols flagged `mirrored`. Fake measurer: every character
/// is 8.5 pt wide at 17 pt.
@Suite("Right-to-left layout") struct RightToLeftTests {
    static let rtlPlain: RenderEnvironment = {
        var env = plainScreen
        env.layoutDirection = .rtl
        return env
    }()
    static let rtlPhone = RenderEnvironment(layoutDirection: .rtl)

    static func paint(_ layout: LayoutResult, _ tree: ElementTree) -> [DisplayItem] {
        Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
    }

    /// The open polylines painted (chevrons), in order.
    static func polylines(_ items: [DisplayItem]) -> [[Point]] {
        items.compactMap { if case .stroke(.polygon(let points, closed: false), _, _, _, _) = $0 { points } else { nil } }
    }

    @Test func anHStackRunsRightToLeft() throws {
        var b = StreamBuilder()
        let hi = b.text("Hi"), abcd = b.text("Abcd")
        let stack = b.hstack(spacing: 9, [hi, abcd])
        // 17 + 9 + 34 = 60 wide, centered in 400 x 800: x 170...230, y (800 - 22) / 2 = 389.
        let (ltr, _) = try layOut(b, root: stack, environment: plainScreen)
        #expect(ltr.frames[hi] == rect(170, 389, 17, 22))
        #expect(ltr.frames[abcd] == rect(196, 389, 34, 22))
        let (rtl, _) = try layOut(b, root: stack, environment: Self.rtlPlain)
        #expect(rtl.frames[stack] == rect(170, 389, 60, 22))
        // The first child at the right end: 400 - 187 = 213; the second from 400 - 230 = 170.
        #expect(rtl.frames[hi] == rect(213, 389, 17, 22))
        #expect(rtl.frames[abcd] == rect(170, 389, 34, 22))
    }

    @Test func leadingPaddingIsOnTheRight() throws {
        var b = StreamBuilder()
        let hi = b.text("Hi")
        let padded = b.styled(["padding": .object(["leading": .n(11), "trailing": .n(30)])], hi)
        // 11 + 17 + 30 = 58 wide at x 171; left to right the text starts at 171 + 11 = 182.
        let (ltr, _) = try layOut(b, root: padded, environment: plainScreen)
        #expect(ltr.frames[hi] == rect(182, 389, 17, 22))
        let (rtl, _) = try layOut(b, root: padded, environment: Self.rtlPlain)
        #expect(rtl.frames[padded] == rect(171, 389, 58, 22))
        // 30 on the left (171 + 30 = 201), 11 on the right (201 + 17 + 11 = 229).
        #expect(rtl.frames[hi] == rect(201, 389, 17, 22))
    }

    @Test func aLeadingMultilineTextIsRightAligned() throws {
        var b = StreamBuilder()
        let text = b.text("Abcdefgh Abcd")
        let box = b.styled(["frame": .object(["width": .n(100)])], text)
        // 110.5 does not fit 100: "Abcdefgh" (68) over "Abcd" (34); the text is 68 x 44,
        // centered in the 100 pt box at x 150: 166...234, y (800 - 44) / 2 = 378.
        let (ltr, _) = try layOut(b, root: box, environment: plainScreen)
        #expect(ltr.placedText(of: text)?.lines.map(\.origin) == [Point(x: 166, y: 378), Point(x: 166, y: 400)])
        let (rtl, _) = try layOut(b, root: box, environment: Self.rtlPlain)
        #expect(rtl.frames[text] == rect(166, 378, 68, 44))
        // The short line ends at the frame's right edge: 234 - 34 = 200.
        #expect(rtl.placedText(of: text)?.lines.map(\.origin) == [Point(x: 166, y: 378), Point(x: 200, y: 400)])
    }

    @Test func aListRowsChevronIsOnTheLeftPointingLeft() throws {
        var b = StreamBuilder()
        let label = b.styled(ListTests.fill, b.text("Wi-Fi"))
        let link = b.node("navlink", [:], [label])
        let list = b.node("list", [:], [link])
        // Left to right (ListTests): label 32...348, chevron 360...368, row 16...384.
        let (layout, tree) = try layOut(b, root: list, environment: Self.rtlPlain)
        #expect(layout.frames[link] == rect(32, 46, 336, 22))
        #expect(layout.frames[label] == rect(52, 46, 316, 22))
        #expect(layout.chrome[link]?["chevron"] == rect(32, 50, 8, 14))
        #expect(layout.chrome[link]?["row"] == rect(16, 35, 368, 44))
        // The chevron points left: its tip 1 pt inside the box's left edge, at mid height.
        let chevron = try #require(Self.polylines(Self.paint(layout, tree)).first)
        #expect(chevron == [Point(x: 39, y: 51), Point(x: 33, y: 57), Point(x: 39, y: 63)])
    }

    @Test func aSwitchIsOnTheLeftWithItsOnThumbOnTheLeft() throws {
        var b = StreamBuilder()
        let label = b.text("Wi-Fi")
        let toggle = b.node("toggle", ["isOn": .bool(true)], [label])
        // Left to right the switch is 349...400 (ControlTests); mirrored 0...51.
        let (layout, tree) = try layOut(b, root: toggle, environment: Self.rtlPlain)
        #expect(layout.chrome[toggle]?["switch"] == rect(0, 384.5, 51, 31))
        // "Wi-Fi" (42.5, 43 snapped) at the right edge: 400 - 43 = 357.
        #expect(layout.frames[label] == rect(357, 389, 43, 22))
        // On: the 27 pt thumb 2 pt inside the track's left end (iOS mirrors UISwitch).
        let thumb = Self.paint(layout, tree).compactMap { item -> Rect? in
            if case .fill(.ellipse, let r, .solid(Palette(.light).thumb)) = item { r } else { nil }
        }
        #expect(thumb == [rect(2, 386.5, 27, 27)])
    }

    @Test func theBackButtonIsOnTheRightPointingRightAndTrailingItemsOnTheLeft() throws {
        var b = StreamBuilder()
        let root = b.text("Root")
        let first = NavigationTests.screen(&b, "Todos", [root])
        let edit = b.text("Edit"), add = b.text("Add")
        let t1 = NavigationTests.toolbar(&b, "trailing", [edit])
        let t2 = NavigationTests.toolbar(&b, "trailing", [add])
        let detail = b.text("Hello")
        let second = NavigationTests.screen(&b, "Detail", mode: "inline", depth: 1, [detail, t1, t2])
        let stack = b.node("navstack", [:], [first, second])
        let (layout, tree) = try layOut(b, root: stack, environment: Self.rtlPhone)
        let chrome = try #require(layout.chrome[second])
        // Left to right the back button is 8...73.5 (chevron 17 + 6 + "Todos" 42.5); on the
        // 393 pt screen it is 319.5...385.
        #expect(chrome["back"] == rect(319.5, 59, 65.5, 44))
        #expect(chrome["title"] == rect(171, 59, 51, 44))
        // Trailing items stack rightwards from the left edge: 393 - 377 = 16, 393 - 327 = 66.
        #expect(layout.frames[t1] == rect(16, 70, 34, 22))
        #expect(layout.frames[t2] == rect(66, 70, 26, 22))
        let items = Self.paint(layout, tree)
        // "Todos" starts at the button's left edge, the chevron at its right end points right.
        let label = try #require(items.compactMap { if case .text(let r) = $0, r.text == "Todos" { r } else { nil } }.first)
        #expect(label.origin.x == 319.5)
        let chevron = try #require(Self.polylines(items).first)
        #expect(chevron.map(\.x) == [372.5, 382.5, 372.5])
    }

    @Test func directionalSymbolsAreMirroredAndOthersAreNot() throws {
        var b = StreamBuilder()
        let names = ["chevron.right", "arrow.left.circle.fill", "arrowshape.turn.up.left", "checkmark", "play.fill",
                     "chevron.left.forwardslash.chevron.right"]
        let images = names.map { b.node("image", ["systemName": .s($0)]) }
        let stack = b.hstack(images)
        func flags(_ environment: RenderEnvironment) throws -> [Bool] {
            let (layout, tree) = try layOut(b, root: stack, environment: environment)
            return Self.paint(layout, tree).compactMap { if case .symbol(_, _, _, _, let mirrored) = $0 { mirrored } else { nil } }
        }
        #expect(try flags(Self.rtlPlain) == [true, true, true, false, false, false])
        #expect(try flags(plainScreen) == [false, false, false, false, false, false])
    }
}
