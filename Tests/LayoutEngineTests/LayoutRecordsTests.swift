import TestSupport
import Testing
import LayoutEngine
import Drawing
import LayoutModel

/// Layout records: every chrome text is laid out during layout, shows up in `shotter layout`
/// under `labels` (lines, `truncated`), and paint draws exactly those lines. iPhone 15 Pro,
/// fake measurer (0.5 em per character: 8.5 pt at 17 pt).
@Suite("Layout records: chrome labels laid out once") struct LayoutRecordsTests {
    /// The `labels` object of element `id` in the layout report.
    static func labels(_ layout: LayoutResult, _ tree: ElementTree, _ id: Int) throws -> [String: JSON] {
        let report = LayoutReport(tree: tree, layout: layout, commit: 1).json
        guard case .array(let elements)? = report["elements"],
              let element = elements.first(where: { $0["id"] == .number(Double(id)) }),
              case .object(let labels)? = element["labels"] else { return [:] }
        return labels
    }

    static func pushed(title: String, previous: String) -> (StreamBuilder, stack: Int, screen: Int) {
        var b = StreamBuilder()
        let root = b.text("Root")
        let first = b.node("navscreen", ["title": .s(previous)], [root])
        let detail = b.text("Hello")
        let second = b.node("navscreen", ["title": .s(title), "displayMode": .s("inline"), "depth": .n(1)], [detail])
        let stack = b.node("navstack", [:], [first, second])
        return (b, stack, second)
    }

    /// `accessibilityIdentifier` is recorded for the placed `styled` element that carries it
    /// (its frame is the modified view's) and printed by the layout report; a screen a push
    /// covers is not placed, so its identifiers are not on screen.
    @Test func accessibilityIdentifiersAreRecordedWhereTheElementIsPlaced() throws {
        var b = StreamBuilder()
        let covered = b.text("Root")
        let coveredRow = b.styled(["accessibilityIdentifier": .s("row")], covered)
        let first = b.node("navscreen", ["title": .s("Todos")], [coveredRow])
        let label = b.text("Save")
        let save = b.styled(["accessibilityIdentifier": .s("save"), "padding": .object(["top": .n(10), "leading": .n(20),
                                                                                      "bottom": .n(10), "trailing": .n(20)])], label)
        let x = b.text("x")
        let unnamed = b.styled(["accessibilityIdentifier": .s("")], x)
        let content = b.vstack([save, unnamed])
        let second = b.node("navscreen", ["title": .s("Detail"), "displayMode": .s("inline"), "depth": .n(1)], [content])
        let stack = b.node("navstack", [:], [first, second])
        let (layout, tree) = try layOut(b, root: stack)
        #expect(layout.identifiers == [save: "save"])
        #expect(layout.elements(identifiedBy: "save") == [save])
        #expect(layout.elements(identifiedBy: "row").isEmpty)
        // "Save" is 34 x 22 at body with 0.5 em per character; the padding makes it 74 x 42.
        #expect(layout.frames[save]?.size == Size(width: 74, height: 42))
        #expect(layout.frames[label]?.size == Size(width: 34, height: 22))
        let report = LayoutReport(tree: tree, layout: layout, commit: 1)
        let element = try #require(report.elements.first { $0.id == save })
        #expect(element.identifier == "save")
        #expect(report.serialized().contains(#""id":\#(save),"identifier":"save","kind":"styled""#))
        #expect(report.elements.first { $0.id == coveredRow }?.identifier == nil)
        #expect(LayoutReport.parse(Array(report.serialized().utf8)) == report)
    }

    @Test func inlineTitleCutAtItsRoomIsTruncatedInTheReport() throws {
        // 29 characters (246.5 pt) against the 56 % cap (220.08): cut with an ellipsis.
        let (b, stack, screen) = Self.pushed(title: "An extremely long detail name", previous: "Todos")
        let (layout, tree) = try layOut(b, root: stack)
        let labels = try Self.labels(layout, tree, screen)
        #expect(labels["title"] == .object(["lines": .array([.string("An extremely long detail…")]), "truncated": .bool(true)]))
        #expect(labels["back"] == .object(["lines": .array([.string("Todos")])]))
        #expect(layout.chrome[screen]?["title"] == rect(86.46, 59, 220.08, 44))
    }

    @Test func backButtonLabelIsTheOneLayoutChoseAndPaintDrawsItThere() throws {
        // "Todos" fits beside the short title: the button is 17 + 6 + 42.5 wide, its label at x 31.
        let (b, stack, screen) = Self.pushed(title: "Detail", previous: "Todos")
        let (layout, tree) = try layOut(b, root: stack)
        #expect(try Self.labels(layout, tree, screen)["back"] == .object(["lines": .array([.string("Todos")])]))
        let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
        let runs = items.compactMap { item -> TextRun? in if case .text(let run) = item { return run } else { return nil } }
        let back = try #require(runs.first { $0.text == "Todos" })
        #expect(back.origin == Point(x: 31, y: 70))
        #expect(back.width == 42.5)
        let title = try #require(runs.first { $0.text == "Detail" })
        #expect(title.origin == Point(x: 196.5 - 25.5, y: 70))
    }

    @Test func longPreviousTitleFallsBackToBackInTheReport() throws {
        // "A previous screen with a long name" (289 pt) leaves the centered title no room: "Back".
        let (b, stack, screen) = Self.pushed(title: "Detail", previous: "A previous screen with a long name")
        let (layout, tree) = try layOut(b, root: stack)
        #expect(try Self.labels(layout, tree, screen)["back"] == .object(["lines": .array([.string("Back")])]))
        #expect(layout.chrome[screen]?["back"] == rect(8, 59, 57, 44))
    }

    @Test func segmentTitleTooWideForItsSegmentIsTruncatedInLayoutAndDrawnAsLaidOut() throws {
        // Four 100 pt segments on a 400 pt screen; a title gets 88 (6 inset each side) at 6.5 pt
        // a character: "Strawberries and cream" is cut to "Strawberries…" (84.5), centered.
        var b = StreamBuilder()
        let picker = b.node("picker", ["style": .s("segmented"), "label": .s("Dessert"), "selected": .n(1),
                                       "options": .array(["Strawberries and cream", "Pie", "Cake", "Tart"].map(JSON.s))])
        let (layout, tree) = try layOut(b, root: picker, environment: plainScreen)
        let labels = try Self.labels(layout, tree, picker)
        #expect(labels["segment0"] == .object(["lines": .array([.string("Strawberries…")]), "truncated": .bool(true)]))
        #expect(labels["segment1"] == .object(["lines": .array([.string("Pie")])]))
        let segment = try #require(layout.labels[picker]?["segment0"])
        let centered: Double = 6 + (88 - 84.5) / 2
        #expect(segment.lines.map(\.origin.x) == [centered])
        let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
        let runs = items.compactMap { item -> TextRun? in if case .text(let run) = item { return run } else { return nil } }
        #expect(runs.filter { $0.text.hasPrefix("Straw") }.map(\.text) == ["Strawberries…"])
        #expect(runs.first { $0.text == "Strawberries…" }?.origin == segment.lines[0].origin)
    }

    @Test func alertTitleWrapsAndAButtonTitleTooWideForItsRowIsTruncated() throws {
        // A 270 pt alert: the title wraps at 238 (28 characters of 8.5), a button title gets its
        // row less 8 at each side, 254: 32 characters (272) are cut at the last word that fits.
        var b = StreamBuilder()
        let under = b.text("Under")
        let label = b.text("Delete all of the selected items")
        let button = b.node("button", ["style": .s("automatic")], [label])
        let alert = b.node("alert", ["title": .s("Delete these items from every device now"), "style": .s("alert")], [button])
        b.insert(alert, into: 0, at: 0)
        let (layout, tree) = try layOut(b, root: under)
        let labels = try Self.labels(layout, tree, alert)
        #expect(labels["title"] == .object(["lines": .array([.string("Delete these items from"), .string("every device now")])]))
        #expect(labels["button0"] == .object(["lines": .array([.string("Delete all of the selected…")]), "truncated": .bool(true)]))
        #expect(labels["ok"] == nil)
        let title = try #require(layout.labels[alert]?["title"])
        let lineTops = title.lines.map(\.origin.y)
        #expect(lineTops.count == 2 && lineTops[1] - lineTops[0] == 22)
    }

    @Test func chartAxisLabelHiddenByACollisionIsLeftOutOfTheLabelsAndNotDrawn() throws {
        // Two x labels 3 pt apart on a 300 pt plot (18 pt wide each): the second collides with
        // the first, so layout keeps its box in chrome but gives it no text. The legend's label
        // follows its 10 pt glyph and the 4 pt gap.
        var b = StreamBuilder()
        let chart = b.node("chart", [
            "marks": .array([]),
            "xAxis": .object(["position": .s("bottom"), "labels": .array([.object(["at": .n(0.5), "text": .s("Mon")]),
                                                                           .object(["at": .n(0.51), "text": .s("Tue")])])]),
            "legend": .object(["position": .s("bottom"), "items": .array([.object(["label": .s("A"), "symbol": .s("circle")])])]),
        ])
        let root = b.styled(["frame": .object(["width": .n(300), "height": .n(200)])], chart)
        let (layout, tree) = try layOut(b, root: root, environment: plainScreen)
        let labels = try Self.labels(layout, tree, chart)
        #expect(labels["xlabel0"] == .object(["lines": .array([.string("Mon")])]))
        #expect(labels["xlabel1"] == nil)
        #expect(layout.chrome[chart]?["xlabel1"] != nil)
        #expect(labels["legend0"] == .object(["lines": .array([.string("A")])]))
        let legend = try #require(layout.chrome[chart]?["legend0"])
        #expect(layout.labels[chart]?["legend0"]?.lines.first?.origin == Point(x: legend.x + 14, y: legend.y))
        let items = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).items
        let texts = items.compactMap { item -> String? in if case .text(let run) = item { return run.text } else { return nil } }
        #expect(texts.filter { ["Mon", "Tue", "A"].contains($0) } == ["Mon", "A"])
    }

    @Test func aRowKeepsTheListsDecorationWhenItsOwnKindRecordsItsPartsAgain() throws {
        // A menu picker as a row records its parts while placed and again when its texts are
        // laid out; the list's decoration (`row`) recorded in between stays beside them.
        var b = StreamBuilder()
        let picker = b.node("picker", ["style": .s("menu"), "label": .s("Flavor"), "options": .array([.s("Vanilla")]),
                                       "selected": .n(0)])
        let list = b.node("list", [:], [picker])
        let (layout, tree) = try layOut(b, root: list, environment: plainScreen)
        #expect(layout.chrome[picker]?["row"] == rect(16, 35, 368, 44))
        #expect(layout.chrome[picker]?["value"] != nil && layout.chrome[picker]?["label"] != nil)
        let labels = try Self.labels(layout, tree, picker)
        #expect(labels["value"] == .object(["lines": .array([.string("Vanilla")])]))
        #expect(labels["label"] == .object(["lines": .array([.string("Flavor")])]))
    }

    @Test func aPlaceholdersKindIsALabelOnlyWhenItsBoxHasRoom() throws {
        var b = StreamBuilder()
        let roomy = b.node("mystery")
        let tiny = b.styled(["frame": .object(["width": .n(6), "height": .n(6)])], b.node("mystery"))
        let root = b.vstack([b.styled(["frame": .object(["width": .n(100), "height": .n(40)])], roomy), tiny])
        let (layout, tree) = try layOut(b, root: root, environment: plainScreen)
        #expect(try Self.labels(layout, tree, roomy)["kind"] == .object(["lines": .array([.string("mystery")])]))
        let small = try #require(tree[tiny]?.children.first)
        #expect(layout.labels[small]?["kind"] == nil)
    }
}
