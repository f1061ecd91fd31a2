import TestSupport
import Testing
import LayoutEngine
import Drawing
import LayoutModel

/// Frames of the Phase 4-7 containers and style layers, hand-computed with the fake measurer
/// on the 400 x 800 plain screen (the root child is proposed 400 x 800 and centered).
@Suite("Containers and style layers") struct ContainerTests {
    func color(_ b: inout StreamBuilder, _ name: String = "accent") -> Int {
        b.node("color", ["color": .object(["name": .s(name)])])
    }
    func sized(_ b: inout StreamBuilder, _ w: Double, _ h: Double, _ child: Int) -> Int {
        b.styled(["frame": .object(["width": .n(w), "height": .n(h)])], child)
    }
    func paint(_ b: StreamBuilder, root: Int, environment: RenderEnvironment = plainScreen) throws -> (DisplayList, LayoutResult) {
        let (layout, tree) = try layOut(b, root: root, environment: environment)
        return (Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()), layout)
    }

    // MARK: layout

    @Test func unansweredLayoutFillsAndCentersLikeAZStack() throws {
        var b = StreamBuilder()
        let hello = b.text("Hello"), c = sized(&b, 100, 50, color(&b))
        let layoutID = b.node("layout", [:], [hello, c])
        let (layout, _) = try layOut(b, root: layoutID, environment: plainScreen)
        #expect(layout.frames[layoutID] == rect(0, 0, 400, 800))
        #expect(layout.frames[hello] == rect(178, 389, 43, 22)) // (400 - 42.5) / 2 = 178.75
        #expect(layout.frames[c] == rect(150, 375, 100, 50))
    }

    @Test func unansweredLayoutTakesTheChildrensIdealUnionOnNilAxes() throws {
        var b = StreamBuilder()
        let hello = b.text("Hello"), c = sized(&b, 20, 50, color(&b))
        let layoutID = b.node("layout", [:], [hello, c])
        let fixed = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(false)])], layoutID)
        let (layout, _) = try layOut(b, root: fixed, environment: plainScreen)
        // Width nil: max(42.5, 20); height 800 is finite, so it fills it.
        #expect(layout.frames[layoutID] == rect(178, 0, 43, 800))
    }

    func answeredLayout(_ b: inout StreamBuilder, proposalWidth: Double, children: [Int]) -> Int {
        b.node("layout", [
            "proposal": .object(["width": .n(proposalWidth), "height": .n(800)]),
            "size": .object(["width": .n(200), "height": .n(100)]),
            "frames": .array([.object(["x": .n(10), "y": .n(20), "width": .n(50), "height": .n(30)]),
                              .object(["x": .n(100), "y": .n(0), "width": .n(100), "height": .n(100)])]),
            "sizes": .object(["min": .object(["width": .n(100), "height": .n(20)]),
                              "ideal": .object(["width": .n(150), "height": .n(40)]),
                              "max": .object(["width": .s("infinity"), "height": .n(60)])]),
        ], children)
    }

    @Test func answeredLayoutUsesSwiftsSizeAndExactFrames() throws {
        var b = StreamBuilder()
        let hello = b.text("Hello"), c = color(&b)
        // 399.996 rounds to 400.00: the answer matches the 400 x 800 root proposal.
        let layoutID = answeredLayout(&b, proposalWidth: 399.996, children: [hello, c])
        let (layout, _) = try layOut(b, root: layoutID, environment: plainScreen)
        #expect(layout.frames[layoutID] == rect(100, 350, 200, 100))
        // Exactly Swift's frames, relative to the element, even where the text is narrower.
        #expect(layout.frames[hello] == rect(110, 370, 50, 30))
        #expect(layout.frames[c] == rect(200, 350, 100, 100))
    }

    @Test func otherProposalsAreAnsweredFromSizes() throws {
        var b = StreamBuilder()
        let l1 = answeredLayout(&b, proposalWidth: 393, children: [])
        let framed = b.styled(["frame": .object(["width": .n(50), "height": .n(500)])], l1)
        let l2 = answeredLayout(&b, proposalWidth: 393, children: [])
        let ideal = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(true)])], l2)
        let l3 = answeredLayout(&b, proposalWidth: 393, children: [])
        let stack = b.vstack(spacing: 0, [framed, ideal, l3])
        let (layout, _) = try layOut(b, root: stack, environment: plainScreen)
        // (50, 500) clamps to min 100 and max 60; nil gives ideal; a 400 width stays under max infinity.
        #expect(layout.frames[l1]?.size == Size(width: 100, height: 60))
        #expect(layout.frames[l2]?.size == Size(width: 150, height: 40))
        #expect(layout.frames[l3]?.width == 400)
    }

    @Test func framesOfTheWrongCountCenterTheChildren() throws {
        var b = StreamBuilder()
        let hello = b.text("Hello")
        let layoutID = answeredLayout(&b, proposalWidth: 400, children: [hello])
        let (layout, _) = try layOut(b, root: layoutID, environment: plainScreen)
        #expect(layout.frames[layoutID] == rect(100, 350, 200, 100))
        #expect(layout.frames[hello] == rect(178, 389, 43, 22)) // 100 + (200 - 42.5) / 2
    }

    // MARK: geometry, decorated, position

    @Test func geometryFillsItsProposalAndPlacesTheChildTopLeading() throws {
        var b = StreamBuilder()
        let hi = b.text("Hi")
        let geometry = b.node("geometry", [:], [hi])
        let framed = b.styled(["frame": .object(["height": .n(120)])], geometry)
        let (layout, _) = try layOut(b, root: framed, environment: plainScreen)
        #expect(layout.frames[geometry] == rect(0, 340, 400, 120))
        #expect(layout.frames[hi] == rect(0, 340, 17, 22))
    }

    @Test func decoratedTakesTheContentSizeAndAlignsTheDecoration() throws {
        var b = StreamBuilder()
        let hello = b.text("Hello")
        let badge = sized(&b, 10, 10, color(&b, "red"))
        let overlay = b.node("decorated", ["role": .s("overlay"), "alignment": .s("topTrailing")], [hello, badge])
        let (list, layout) = try paint(b, root: overlay)
        #expect(layout.frames[overlay] == rect(178, 389, 43, 22))
        #expect(layout.frames[badge] == rect(211, 389, 10, 10)) // 178.75 + 42.5 - 10
        // Overlay: the decoration draws after (above) the content.
        let textIndex = list.items.firstIndex { if case .text = $0 { return true }; return false }
        let fillIndex = list.items.lastIndex { if case .fill(_, _, .solid(Palette(.light).red)) = $0 { return true }; return false }
        #expect(textIndex != nil && fillIndex != nil && textIndex! < fillIndex!)
    }

    @Test func backgroundDecorationDrawsBelowTheContent() throws {
        var b = StreamBuilder()
        let hello = b.text("Hello")
        let back = color(&b, "red")
        let decorated = b.node("decorated", ["role": .s("background"), "alignment": .s("center")], [hello, back])
        let (list, layout) = try paint(b, root: decorated)
        #expect(layout.frames[back] == layout.frames[hello])
        let textIndex = list.items.firstIndex { if case .text = $0 { return true }; return false }
        let fillIndex = list.items.lastIndex { if case .fill(_, _, .solid(Palette(.light).red)) = $0 { return true }; return false }
        #expect(textIndex != nil && fillIndex != nil && fillIndex! < textIndex!)
    }

    @Test func positionTakesTheProposalAndCentersTheChildAtThePoint() throws {
        var b = StreamBuilder()
        let hi = b.text("Hi")
        let positioned = b.styled(["position": .object(["x": .n(50), "y": .n(30)])], hi)
        let (layout, _) = try layOut(b, root: positioned, environment: plainScreen)
        #expect(layout.frames[positioned] == rect(0, 0, 400, 800))
        #expect(layout.frames[hi] == rect(41, 19, 17, 22)) // 50 - 8.5, 30 - 11
    }

    @Test func positionOnNilAxesTakesTheChildsIdealSize() throws {
        var b = StreamBuilder()
        let hi = b.text("Hi")
        let positioned = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(true)]),
                                   "position": .object(["x": .n(0), "y": .n(0)])], hi)
        let (layout, _) = try layOut(b, root: positioned, environment: plainScreen)
        #expect(layout.frames[positioned] == rect(191, 389, 17, 22)) // (400 - 17) / 2 = 191.5
        #expect(layout.frames[hi] == rect(183, 378, 17, 22))        // centered on the box origin
    }

    // MARK: aspectRatio

    @Test func aspectRatioFitAndFill() throws {
        var b = StreamBuilder()
        let c = color(&b)
        let fit = b.styled(["aspectRatio": .object(["ratio": .n(2), "contentMode": .s("fit")])], c)
        let (layout, _) = try layOut(b, root: fit, environment: plainScreen)
        #expect(layout.frames[fit] == rect(0, 300, 400, 200)) // min(400, 800 x 2) = 400

        var b2 = StreamBuilder()
        let c2 = color(&b2)
        let fill = b2.styled(["aspectRatio": .object(["ratio": .n(2), "contentMode": .s("fill")])], c2)
        let (layout2, _) = try layOut(b2, root: fill, environment: plainScreen)
        #expect(layout2.frames[fill] == rect(-600, 0, 1600, 800)) // max(400, 1600) wide, reported as is
    }

    @Test func nilRatioUsesTheChildsIdealSize() throws {
        var b = StreamBuilder()
        let c = color(&b)
        let flexible = b.styled(["frame": .object(["idealWidth": .n(30), "idealHeight": .n(10),
                                                   "maxWidth": .s("infinity"), "maxHeight": .s("infinity")])], c)
        let fit = b.styled(["aspectRatio": .object(["ratio": .null, "contentMode": .s("fit")])], flexible)
        let (layout, _) = try layOut(b, root: fit, environment: plainScreen)
        // Ideal 30 x 10, ratio 3: 400 x 133.33, y = 333.33.
        #expect(layout.frames[fit] == rect(0, 333, 400, 133))
    }

    @Test func aspectRatioNestsInsideFrameAndPadding() throws {
        var b = StreamBuilder()
        let c = color(&b)
        let box = b.styled(["frame": .object(["width": .n(300), "height": .n(300)]),
                            "padding": .object(["top": .n(10), "leading": .n(10), "bottom": .n(10), "trailing": .n(10)]),
                            "aspectRatio": .object(["ratio": .n(2), "contentMode": .s("fit")])], c)
        let (layout, _) = try layOut(b, root: box, environment: plainScreen)
        // frame 300 -> padding 280 x 280 -> fit 280 x 140; padded 300 x 160 centered in 300 x 300.
        #expect(layout.frames[box] == rect(50, 250, 300, 300))
        #expect(layout.frames[c] == rect(60, 330, 280, 140))
    }

    @Test func aspectRatioWithOneFiniteAxisDerivesTheOther() throws {
        var b = StreamBuilder()
        let c = color(&b)
        let box = b.styled(["aspectRatio": .object(["ratio": .n(0.5), "contentMode": .s("fit")])], c)
        let fixed = b.styled(["fixedSize": .object(["horizontal": .bool(false), "vertical": .bool(true)])], box)
        let (layout, _) = try layOut(b, root: fixed, environment: plainScreen)
        #expect(layout.frames[c]?.size == Size(width: 400, height: 800)) // 400 / 0.5
    }

    // MARK: ViewThatFits, hidden

    func fits(width: Double, axes: String = "both") throws -> (LayoutResult, wide: Int, narrow: Int, vtf: Int) {
        var b = StreamBuilder()
        let wide = b.text("A wide form that is long") // 24 characters: 204 pt
        let narrow = b.text("Narrow")
        let vtf = b.node("viewthatfits", ["axes": .s(axes)], [wide, narrow])
        let framed = b.styled(["frame": .object(["width": .n(width)])], vtf)
        let (layout, _) = try layOut(b, root: framed, environment: plainScreen)
        return (layout, wide, narrow, vtf)
    }

    @Test func viewThatFitsShowsTheFirstCandidateThatFits() throws {
        let w = try fits(width: 300)
        #expect(w.0.frames[w.wide] == rect(98, 389, 204, 22))
        #expect(w.0.frames[w.narrow] == nil)
        let n = try fits(width: 100)
        #expect(n.0.frames[n.wide] == nil)
        #expect(n.0.frames[n.narrow] == rect(174, 389, 51, 22)) // 150 + (100 - 51) / 2 = 174.5
        // Only the vertical axis is restricted: the wide form fits and wraps to 100.
        let v = try fits(width: 100, axes: "vertical")
        #expect(v.0.frames[v.wide]?.width == 94) // "A wide form" = 11 characters
        #expect(v.0.frames[v.narrow] == nil)
        // Nothing fits in 20: the last candidate.
        let none = try fits(width: 20)
        #expect(none.0.frames[none.narrow] != nil && none.0.frames[none.wide] == nil)
    }

    @Test func hiddenKeepsItsLayoutButDrawsNothing() throws {
        var b = StreamBuilder()
        let red = sized(&b, 50, 50, color(&b, "red"))
        let hidden = b.styled(["hidden": .bool(true)], red)
        let hi = b.text("Hi")
        let stack = b.vstack(spacing: 0, [hidden, hi])
        let (list, layout) = try paint(b, root: stack)
        #expect(layout.frames[hidden] == rect(175, 364, 50, 50))
        #expect(layout.frames[hi] == rect(191, 414, 17, 22))
        #expect(!list.items.contains { if case .fill(_, _, .solid(Palette(.light).red)) = $0 { return true }; return false })
    }

    // MARK: navsplit

    @Test func navSplitColumnsOnIPad() throws {
        var b = StreamBuilder()
        let sidebar = b.node("navstack", [:], [])
        let detail = b.node("navstack", [:], [])
        let split = b.node("navsplit", [:], [sidebar, detail])
        let (list, layout) = try paint(b, root: split, environment: RenderEnvironment(device: Device.named("ipadpro11")!))
        // 834 wide: min(320, 0.4 x 834) = 320, a 1 pt hairline, the detail takes 834 - 321.
        #expect(layout.frames[split] == rect(0, 0, 834, 1194))
        #expect(layout.frames[sidebar] == rect(0, 0, 320, 1194))
        #expect(layout.frames[detail] == rect(321, 0, 513, 1194))
        #expect(layout.chrome[split]?["separator"] == rect(320, 0, 1, 1194))
        #expect(list.items.contains(.fill(.rect, rect(320, 0, 1, 1194), .solid(Palette(.light).separator))))
    }

    @Test func navSplitSidebarIsCappedAtFortyPercent() throws {
        var b = StreamBuilder()
        let sidebar = b.node("navstack", [:], []), detail = b.node("navstack", [:], [])
        let split = b.node("navsplit", [:], [sidebar, detail])
        let (layout, _) = try layOut(b, root: split, environment: RenderEnvironment(device: Device.named("700x500@1")!))
        #expect(layout.frames[sidebar] == rect(0, 0, 280, 500))
        #expect(layout.frames[detail] == rect(281, 0, 419, 500))
    }

    @Test func navSplitGivesTheLeadingInsetToTheSidebarAndTheTrailingOneToTheDetail() throws {
        var device = try #require(Device.named("ipadpro11"))
        device.safeArea = EdgeInsets(top: 24, leading: 40, bottom: 20, trailing: 30)
        var b = StreamBuilder()
        let sidebar = b.node("navstack", [:], []), detail = b.node("navstack", [:], [])
        let split = b.node("navsplit", [:], [sidebar, detail])
        let (layout, _) = try layOut(b, root: split, environment: RenderEnvironment(device: device))
        // 40 % of 834 - 70 = 305.6 < 320. The columns include the insets, the stacks do not.
        // Chrome rects are exact; element frames are snapped (origins floor, sizes round).
        #expect(layout.chrome[split]?["sidebar"] == rect(0, 0, 345.6, 1194))   // 40 + 305.6
        #expect(layout.chrome[split]?["separator"] == rect(345.6, 0, 1, 1194))
        #expect(layout.chrome[split]?["detail"] == rect(346.6, 0, 487.4, 1194)) // ... 834
        #expect(layout.frames[sidebar] == rect(40, 0, 306, 1194))
        #expect(layout.frames[detail] == rect(346, 0, 457, 1194))              // 457.4 ... 834 - 30
    }

    // MARK: tint, imageScale, containerRelativeFrame

    @Test func tintColorsAProminentButton() throws {
        var b = StreamBuilder()
        let label = b.text("Order")
        let button = b.node("button", ["style": .s("borderedProminent")], [label])
        let tinted = b.styled(["tint": .object(["r": .n(1), "g": .n(0.5), "b": .n(0), "a": .n(1)])], button)
        let (list, layout) = try paint(b, root: tinted)
        let frame = try #require(layout.frames[button])
        #expect(list.items.contains(.fill(.capsule, frame, .solid(RGBA(1, 0.5, 0)))))
        #expect(!list.items.contains { if case .fill(.capsule, _, .solid(Palette(.light).accent)) = $0 { return true }; return false })
    }

    @Test func imageScaleScalesSymbols() throws {
        var b = StreamBuilder()
        let large = b.node("image", ["systemName": .s("star")])
        let small = b.node("image", ["systemName": .s("star")])
        let stack = b.hstack(spacing: 0, [b.styled(["imageScale": .s("large")], large), b.styled(["imageScale": .s("small")], small)])
        let (layout, _) = try layOut(b, root: stack, environment: plainScreen)
        // 22 x 1.25 = 27.5 from x 177.45: it ends where the small one begins (204.95, pixel 204).
        #expect(layout.frames[large]?.size == Size(width: 27, height: 28))
        #expect(layout.frames[small]?.size == Size(width: 18, height: 18)) // 22 x 0.8 = 17.6
    }

    @Test func imageScaleScalesTheGlyph() throws {
        var b = StreamBuilder()
        let star = b.node("image", ["systemName": .s("star")])
        let scaled = b.styled(["imageScale": .s("large")], star)
        let (list, _) = try paint(b, root: scaled)
        let sizes = list.items.compactMap { item -> Double? in
            if case .symbol(_, let rect, _, _, _) = item { return rect.width }
            return nil
        }
        #expect(sizes == [21.25]) // the body's 17 pt em x 1.25
    }

    @Test func containerRelativeFrameIsAFixedFrameFromTheScreen() throws {
        var b = StreamBuilder()
        let hi = b.text("Hi")
        let box = b.styled(["containerRelativeFrame": .object(["horizontal": .bool(true), "a": .n(0.5), "b": .n(-10),
                                                               "alignment": .s("leading")])], hi)
        let (layout, _) = try layOut(b, root: box, environment: plainScreen)
        #expect(layout.frames[box] == rect(105, 389, 190, 22)) // 0.5 x 400 - 10
        #expect(layout.frames[hi] == rect(105, 389, 17, 22))
    }
}
