import TestSupport
import Testing
import LayoutEngine
import LayoutModel

/// Grid and LazyVGrid frames, hand-computed with the fake measurer (body: 8.5 pt a character,
/// 22 pt lines) on the 400 x 800 plain screen, where the root child is centered.
@Suite("Grid and LazyVGrid") struct GridTests {
    func row(_ b: inout StreamBuilder, _ cells: [Int], alignment: String? = nil) -> Int {
        b.node("gridrow", ["alignment": alignment.map(JSON.s) ?? .null], cells)
    }
    func color(_ b: inout StreamBuilder) -> Int { b.node("color", ["color": .object(["name": .s("accent")])]) }

    @Test func noFlexibleColumnKeepsTheIdealWidths() throws {
        var b = StreamBuilder()
        let a = b.text("A"), hello = b.text("Hello"), longer = b.text("Longer"), x = b.text("X")
        let r1 = row(&b, [a, hello]), r2 = row(&b, [longer, x])
        let grid = b.node("grid", [:], [r1, r2])
        let (layout, _) = try layOut(b, root: grid, environment: plainScreen)
        // Columns: max(8.5, 51) = 51 and max(42.5, 8.5) = 42.5; 51 + 8 + 42.5 = 101.5 wide,
        // 22 + 8 + 22 = 52 tall, centered: x = 149.25, y = 374. The grid does not fill 400.
        #expect(layout.frames[grid] == rect(149, 374, 102, 52))
        #expect(layout.frames[r1] == rect(149, 374, 102, 22))
        #expect(layout.frames[r2] == rect(149, 404, 102, 22))
        // Centered in their boxes: "A" at 149.25 + (51 - 8.5) / 2 = 170.5; "X" at 208.25 + 17.
        #expect(layout.frames[a] == rect(170, 374, 9, 22))
        #expect(layout.frames[hello] == rect(208, 374, 43, 22))
        #expect(layout.frames[longer] == rect(149, 404, 51, 22))
        #expect(layout.frames[x] == rect(225, 404, 9, 22))
    }

    @Test func flexibleColumnsShareWhatFixedColumnsLeave() throws {
        var b = StreamBuilder()
        let c1 = color(&b), hi = b.text("Hi"), c2 = color(&b), c3 = color(&b)
        let grid = b.node("grid", [:], [row(&b, [c1, hi]), row(&b, [c2, c3])])
        let (layout, _) = try layOut(b, root: grid, environment: plainScreen)
        // Column 0 holds only colors (flexible); column 1 is fixed at max(17, 10) = 17,
        // so column 0 gets 400 - 17 - 8 = 375. Rows: max(10, 22) = 22 and 10.
        #expect(layout.frames[grid] == rect(0, 380, 400, 40))
        #expect(layout.frames[c1] == rect(0, 386, 375, 10))
        #expect(layout.frames[hi] == rect(383, 380, 17, 22))
        #expect(layout.frames[c2] == rect(0, 410, 375, 10))
        #expect(layout.frames[c3] == rect(383, 410, 17, 10))
    }

    @Test func nilProposalWidthGivesFlexibleColumnsTheirIdealWidth() throws {
        var b = StreamBuilder()
        let c = color(&b), hi = b.text("Hi")
        let grid = b.node("grid", [:], [row(&b, [c, hi])])
        let fixed = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(false)])], grid)
        let (layout, _) = try layOut(b, root: fixed, environment: plainScreen)
        // Column 0 is flexible (a color fills an infinite probe) and takes its ideal 10.
        #expect(layout.frames[grid]?.width == 35) // 10 + 8 + 17
        #expect(layout.frames[c]?.width == 10)
    }

    @Test func spansFullSpanRowsAnchorsAndRowAlignment() throws {
        var b = StreamBuilder()
        let ab = b.text("AB"), cd = b.text("CD"), ef = b.text("EF")
        let wide = b.text("Wide title")
        let spanning = b.styled(["gridCellColumns": .n(2)], wide)
        let x = b.text("X")
        let anchored = b.styled(["gridCellAnchor": .object(["x": .n(1), "y": .n(0)])], x)
        let footer = b.text("Footer")
        let one = b.text("1")
        let tall = b.styled(["frame": .object(["height": .n(40)])], one)
        let two = b.text("2")
        let r1 = row(&b, [ab, cd, ef]), r2 = row(&b, [spanning, anchored]), r4 = row(&b, [tall, two], alignment: "bottom")
        let grid = b.node("grid", ["horizontalSpacing": .n(10), "verticalSpacing": .n(4), "alignment": .s("leading")],
                          [r1, r2, footer, r4])
        let (layout, _) = try layOut(b, root: grid, environment: plainScreen)
        // Three columns of 17 (spanning cells do not size columns): 51 + 2 x 10 = 71 wide.
        // Row 2: the span is 17 + 10 + 17 = 44 wide, so "Wide title" wraps to 2 lines (44 tall).
        // Heights 22 + 4 + 44 + 4 + 22 + 4 + 40 = 140: x = 164.5, y = 330.
        #expect(layout.frames[grid] == rect(164, 330, 71, 140))
        #expect(layout.frames[r1] == rect(164, 330, 71, 22))
        #expect(layout.frames[r2] == rect(164, 356, 71, 44))
        #expect(layout.frames[r4] == rect(164, 430, 71, 40))
        #expect(layout.frames[ab] == rect(164, 330, 17, 22))
        #expect(layout.frames[ef] == rect(218, 330, 17, 22)) // 164.5 + 54
        #expect(layout.frames[spanning] == rect(164, 356, 43, 44))
        #expect(layout.texts[wide]?.lines.map(\.text) == ["Wide", "title"])
        // Anchor (1, 0): trailing and top in the 17 x 44 box at 218.5.
        #expect(layout.frames[anchored] == rect(227, 356, 9, 22))
        // The full-span footer gets the whole width; leading.
        #expect(layout.frames[footer] == rect(164, 404, 51, 22))
        // Row alignment bottom: "2" at 430 + 40 - 22; leading in column 1 (164.5 + 27).
        #expect(layout.frames[two] == rect(191, 448, 9, 22))
    }

    @Test func adaptiveColumnCountFromTheWidth() throws {
        var b = StreamBuilder()
        let cells = (0..<5).map { _ in b.styled(["frame": .object(["height": .n(50)])], color(&b)) }
        let grid = b.node("lazyvgrid", ["columns": .array([.object(["size": .object(["kind": .s("adaptive"), "minimum": .n(100)])])])],
                          cells)
        let (layout, _) = try layOut(b, root: grid, environment: plainScreen)
        // n = floor((400 + 8) / (100 + 8)) = 3 columns of (400 - 2 x 8) / 3 = 128; 2 rows.
        #expect(layout.frames[grid] == rect(0, 346, 400, 108))
        #expect(layout.frames[cells[0]] == rect(0, 346, 128, 50))
        #expect(layout.frames[cells[2]] == rect(272, 346, 128, 50))
        #expect(layout.frames[cells[3]] == rect(0, 404, 128, 50))
        #expect(layout.frames[cells[4]] == rect(136, 404, 128, 50))
    }

    @Test func adaptiveMaximumLeavesRoomThatTheAlignmentOffsets() throws {
        var b = StreamBuilder()
        let cells = (0..<3).map { _ in color(&b) }
        let item = JSON.object(["size": .object(["kind": .s("adaptive"), "minimum": .n(100), "maximum": .n(110)])])
        let grid = b.node("lazyvgrid", ["columns": .array([item])], cells)
        let (layout, _) = try layOut(b, root: grid, environment: plainScreen)
        // 3 columns clamped to 110: 330 + 16 = 346 of 400, offset (400 - 346) / 2 = 27.
        #expect(layout.frames[cells[0]] == rect(27, 395, 110, 10))
        #expect(layout.frames[cells[1]] == rect(145, 395, 110, 10))
        #expect(layout.frames[cells[2]] == rect(263, 395, 110, 10))
    }

    @Test func fixedAndFlexibleItemsWithSpacingAndColumnAlignment() throws {
        var b = StreamBuilder()
        let a = b.text("A"), bb = b.text("B"), c = b.text("C")
        let columns: [JSON] = [
            .object(["size": .object(["kind": .s("fixed"), "value": .n(50)]), "spacing": .n(10)]),
            .object(["size": .object(["kind": .s("flexible"), "minimum": .n(10), "maximum": .s("infinity")])]),
            .object(["size": .object(["kind": .s("flexible"), "minimum": .n(10), "maximum": .n(100)]),
                     "alignment": .s("trailing")]),
        ]
        let grid = b.node("lazyvgrid", ["columns": .array(columns)], [a, bb, c])
        let (layout, _) = try layOut(b, root: grid, environment: plainScreen)
        // R = 400 - 50 - (10 + 8) = 332, share 166; the second flexible item is capped at 100.
        // Columns 50 + 10 + 166 + 8 + 100 = 334, offset 33: x = 33, 93, 267.
        #expect(layout.frames[grid] == rect(0, 389, 400, 22))
        #expect(layout.frames[a] == rect(53, 389, 9, 22))   // 33 + (50 - 8.5) / 2 = 53.75
        #expect(layout.frames[bb] == rect(171, 389, 9, 22)) // 93 + (166 - 8.5) / 2 = 171.75
        #expect(layout.frames[c] == rect(358, 389, 9, 22))  // 267 + 100 - 8.5 = 358.5
    }

    @Test func nilWidthUsesTheWidestCellOfEachColumn() throws {
        var b = StreamBuilder()
        let hello = b.text("Hello"), x = b.text("X"), hi = b.text("Hi"), y = b.text("Y")
        let columns: [JSON] = [.object(["size": .object(["kind": .s("flexible"), "minimum": .n(10)])]),
                               .object(["size": .object(["kind": .s("fixed"), "value": .n(30)])])]
        let grid = b.node("lazyvgrid", ["columns": .array(columns), "alignment": .s("leading")], [hello, x, hi, y])
        let fixed = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(true)])], grid)
        let (layout, _) = try layOut(b, root: fixed, environment: plainScreen)
        // max(42.5, 17) + 8 + 30 = 80.5 wide; 22 + 8 + 22 = 52 tall; x = 159.75, y = 374.
        #expect(layout.frames[grid] == rect(159, 374, 81, 52))
        #expect(layout.frames[hi] == rect(159, 404, 17, 22))
        #expect(layout.frames[y] == rect(210, 404, 9, 22)) // 159.75 + 50.5
    }

    @Test func emptyColumnsAreOneFlexibleColumn() throws {
        var b = StreamBuilder()
        let a = b.text("A"), bb = b.text("B")
        let grid = b.node("lazyvgrid", ["columns": .array([]), "spacing": .n(4)], [a, bb])
        let (layout, _) = try layOut(b, root: grid, environment: plainScreen)
        #expect(layout.frames[grid] == rect(0, 376, 400, 48)) // 22 + 4 + 22
        #expect(layout.frames[a] == rect(195, 376, 9, 22))   // (400 - 8.5) / 2 = 195.75
        #expect(layout.frames[bb] == rect(195, 402, 9, 22))
    }
}

@Suite("Grid input that could overflow") struct GridInputTests {
    @Test func degenerateAdaptiveItemsAndHugeSpansDoNotTrap() throws {
        var b = StreamBuilder()
        let a = b.text("A")
        let item = JSON.object(["size": .object(["kind": .s("adaptive"), "minimum": .n(0)]), "spacing": .n(0)])
        let lazy = b.node("lazyvgrid", ["columns": .array([item])], [a])
        let huge = b.styled(["gridCellColumns": .n(1e9)], b.text("B"))
        // Spans are capped (1000 columns), so a billion allocates nothing large.
        let grid = b.node("grid", [:], [b.node("gridrow", [:], [huge])])
        let stack = b.vstack([lazy, grid])
        let (layout, _) = try layOut(b, root: stack, environment: plainScreen)
        // 400 / 0 is infinite: one column of the whole width.
        #expect(layout.frames[lazy]?.width == 400)
        #expect(layout.frames[grid] != nil)
    }
}
