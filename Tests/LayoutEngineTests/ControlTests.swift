import TestSupport
import Testing
import LayoutEngine
import Drawing
import LayoutModel

/// Controls as the screen's only child on the plain 400 x 800 screen: proposed 400 x 800 and
/// centered vertically. Body text is 8.5 pt per character and 22 tall.
@Suite("Controls") struct ControlTests {
    @Test func toggleSwitchSitsAtTheTrailingEdgeAndTheLabelLeads() throws {
        var b = StreamBuilder()
        let label = b.text("Wifi")
        let toggle = b.node("toggle", ["isOn": .bool(true)], [label])
        let (layout, _) = try layOut(b, root: toggle, environment: plainScreen)
        // Width = the proposal, height = max(22, 31); centered: y = (800 - 31) / 2 = 384.5.
        #expect(layout.frames[toggle] == rect(0, 384, 400, 31))
        #expect(layout.chrome[toggle]?["switch"] == rect(349, 384.5, 51, 31))
        #expect(layout.frames[label] == rect(0, 389, 34, 22))
    }

    @Test func toggleLabelIsProposedTheWidthMinusTheSwitchAndGap() throws {
        var b = StreamBuilder()
        // 9 words: 44 characters, 374 pt: one line in 400, two in 400 - 51 - 8 = 341.
        let label = b.text(Array(repeating: "abcd", count: 9).joined(separator: " "))
        let toggle = b.node("toggle", ["isOn": .bool(false)], [label])
        let (layout, _) = try layOut(b, root: toggle, environment: plainScreen)
        #expect(layout.frames[label]?.height == 44)
        #expect(layout.frames[toggle]?.height == 44)
    }

    @Test func switchIsGreenWhenOnInBothSchemes() throws {
        for (isOn, env) in [(true, light), (false, light), (true, dark), (false, dark)] {
            var b = StreamBuilder()
            let toggle = b.node("toggle", ["isOn": .bool(isOn)], [b.text("Wifi")])
            let (layout, tree) = try layOut(b, root: toggle, environment: env)
            let track = try #require(layout.chrome[toggle]?["switch"])
            let fill = displayList(layout, tree).items.compactMap { item -> RGBA? in
                if case .fill(.capsule, track, .solid(let c)) = item { c } else { nil }
            }.first
            let green = Palette(env.colorScheme).green
            #expect(isOn ? fill == green : fill != nil && fill != green)
        }
        #expect(Palette(.light).green == RGBA(hex: 0x34C759) && Palette(.dark).green == RGBA(hex: 0x30D158))
    }

    @Test func stepperControlIs94x32AtTheTrailingEdge() throws {
        var b = StreamBuilder()
        let label = b.text("Cups")
        let stepper = b.node("stepper", ["canIncrement": .bool(true), "canDecrement": .bool(false)], [label])
        let (layout, _) = try layOut(b, root: stepper, environment: plainScreen)
        let c = layout.chrome[stepper] ?? [:]
        #expect(layout.frames[stepper] == rect(0, 384, 400, 32))
        #expect(c["control"] == rect(306, 384, 94, 32))
        #expect(c["decrement"] == rect(306, 384, 47, 32))
        #expect(c["increment"] == rect(353, 384, 47, 32))
        #expect(c["label"] == rect(0, 389, 34, 22))
    }

    @Test func segmentedPickerSplitsItsWidthEqually() throws {
        var b = StreamBuilder()
        let picker = b.node("picker", ["style": .s("segmented"), "label": .s("X"), "selected": .n(1),
                                       "options": .array(["A", "B", "C", "D"].map(JSON.s))])
        let (layout, _) = try layOut(b, root: picker, environment: plainScreen)
        let c = layout.chrome[picker] ?? [:]
        #expect(layout.frames[picker] == rect(0, 384, 400, 32))
        #expect(c["segment0"] == rect(0, 384, 100, 32))
        #expect(c["segment3"] == rect(300, 384, 100, 32))
    }

    @Test func segmentedPickerIdealWidthIsTheWidestLabelPlus20PerSegment() throws {
        var b = StreamBuilder()
        let picker = b.node("picker", ["style": .s("segmented"), "label": .s(""), "selected": .n(0),
                                       "options": .array(["A", "BBBB"].map(JSON.s))])
        let fixed = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(true)])], picker)
        let (layout, _) = try layOut(b, root: fixed, environment: plainScreen)
        // 13 pt labels: "BBBB" is 26 wide; 2 x (26 + 20) = 92.
        #expect(layout.frames[picker]?.size == Size(width: 92, height: 32))
    }

    @Test func menuPickerOutsideAListIs34HighWithLabelAndValue() throws {
        var b = StreamBuilder()
        let picker = b.node("picker", ["style": .s("menu"), "label": .s("Units"), "selected": .n(1),
                                       "options": .array(["Metric", "Imperial"].map(JSON.s))])
        let (layout, _) = try layOut(b, root: picker, environment: plainScreen)
        let c = layout.chrome[picker] ?? [:]
        #expect(layout.frames[picker] == rect(0, 383, 400, 34))
        #expect(c["label"] == rect(0, 383, 42.5, 34))
        // "Imperial" 68 + 4 + a 14 pt chevron (17 x 0.8 rounded) = 86, trailing.
        #expect(c["value"] == rect(314, 383, 86, 34))
    }

    @Test func inlinePickerHasOneRowPerOptionAndALabelRow() throws {
        var b = StreamBuilder()
        let picker = b.node("picker", ["style": .s("inline"), "label": .s("Flavor"), "selected": .n(0),
                                       "options": .array(["Vanilla", "Chocolate"].map(JSON.s))])
        let (layout, _) = try layOut(b, root: picker, environment: plainScreen)
        let c = layout.chrome[picker] ?? [:]
        #expect(layout.frames[picker] == rect(0, 334, 400, 132))
        #expect(c["label"] == rect(0, 334, 400, 44))
        #expect(c["option1"] == rect(0, 422, 400, 44))
    }

    @Test func menuShowsOnlyItsLabelInTheAccentColor() throws {
        var b = StreamBuilder()
        let label = b.text("Sort")
        let item = b.node("button", ["style": .s("automatic")], [b.text("Name")])
        let menu = b.node("menu", [:], [label, item])
        let (layout, tree) = try layOut(b, root: menu, environment: plainScreen)
        #expect(layout.frames[menu] == rect(183, 389, 34, 22))
        #expect(layout.frames[item] == nil)
        let list = displayList(layout, tree)
        #expect(textColor(list, "Sort") == Palette(.light).accent)
        #expect(textColor(list, "Name") == nil)
    }

    @Test func sliderThumbTravelsInsideTheTrack() throws {
        var b = StreamBuilder()
        let slider = b.node("slider", ["value": .n(0.25), "min": .n(0), "max": .n(1), "labels": .array([])])
        let (layout, _) = try layOut(b, root: slider, environment: plainScreen)
        let c = layout.chrome[slider] ?? [:]
        #expect(layout.frames[slider] == rect(0, 378, 400, 44))
        #expect(c["track"] == rect(0, 398, 400, 4))
        // Center = 13.5 + 0.25 x (400 - 27) = 106.75.
        #expect(c["thumb"] == rect(93.25, 386.5, 27, 27))
        #expect(c["fill"] == rect(0, 398, 106.75, 4))
    }

    @Test func sliderLabelsTakeARowAboveAndTheTrackEnds() throws {
        var b = StreamBuilder()
        let label = b.text("Volume"), low = b.text("0"), high = b.text("10")
        let slider = b.node("slider", ["value": .n(5), "min": .n(0), "max": .n(10), "step": .n(1),
                                       "labels": .array(["label", "min", "max"].map(JSON.s))], [label, low, high])
        let (layout, _) = try layOut(b, root: slider, environment: plainScreen)
        let c = layout.chrome[slider] ?? [:]
        #expect(layout.frames[slider] == rect(0, 367, 400, 66)) // 22 label row + 44
        #expect(layout.frames[label] == rect(0, 367, 51, 22))
        // Track from 8.5 + 8 to 400 - 17 - 8; center = 16.5 + 13.5 + 0.5 x (358.5 - 27) = 195.75.
        #expect(c["track"] == rect(16.5, 409, 358.5, 4))
        #expect(c["thumb"] == rect(182.25, 397.5, 27, 27))
    }

    @Test func sliderWithoutLabelsIgnoresItsChildren() throws {
        var b = StreamBuilder()
        let stray = b.text("Stray")
        let slider = b.node("slider", ["value": .n(0), "min": .n(0), "max": .n(1)], [stray])
        let (layout, _) = try layOut(b, root: slider, environment: plainScreen)
        #expect(layout.frames[slider]?.height == 44)
        #expect(layout.frames[stray] == nil)
    }

    @Test func datePickerFormatsUTCInUSEnglish() {
        #expect(DatePickerFamily.format(seconds: 1_791_010_800) == ("Oct 3, 2026", "7:00 AM"))
        #expect(DatePickerFamily.format(seconds: 0) == ("Jan 1, 1970", "12:00 AM"))
        #expect(DatePickerFamily.format(seconds: 1_700_000_000) == ("Nov 14, 2023", "10:13 PM"))
        #expect(DatePickerFamily.format(seconds: 1_719_835_200) == ("Jul 1, 2024", "12:00 PM"))
    }

    @Test func datePickerCapsulesAreTheirTextPlus22() throws {
        var b = StreamBuilder()
        let label = b.text("When")
        let picker = b.node("datepicker", ["seconds": .n(1_791_010_800), "components": .s("dateAndTime")], [label])
        let (layout, _) = try layOut(b, root: picker, environment: plainScreen)
        let c = layout.chrome[picker] ?? [:]
        // "Oct 3, 2026" 93.5 + 22 = 115.5; "7:00 AM" 59.5 + 22 = 81.5; 8 apart: 205 trailing.
        #expect(layout.frames[picker] == rect(0, 383, 400, 34))
        #expect(c["date"] == rect(195, 383, 115.5, 34))
        #expect(c["time"] == rect(318.5, 383, 81.5, 34))
        #expect(c["label"] == rect(0, 389, 34, 22))
    }

    @Test func datePickerStacksAtAccessibilitySizesWhenItDoesNotFit() throws {
        var b = StreamBuilder()
        let label = b.text("When")
        let picker = b.node("datepicker", ["seconds": .n(1_791_010_800), "components": .s("dateAndTime")], [label])
        let env = RenderEnvironment(device: plainScreen.device, dynamicTypeSize: .accessibility3)
        let (layout, _) = try layOut(b, root: picker, environment: env)
        let c = layout.chrome[picker] ?? [:]
        // Body is 40/48 (20 pt per character): 80 + 8 + 242 + 8 + 162 = 500 > 400, so the label
        // goes on top and the capsules (60 high) below it, the time on a line of its own
        // (250 + 162 > 400): 48 + 8 + 60 + 8 + 60 = 184 tall, from y 308.
        #expect(layout.frames[picker] == rect(0, 308, 400, 184))
        #expect(layout.frames[label] == rect(0, 308, 80, 48))
        #expect(c["date"] == rect(0, 364, 242, 60))
        #expect(c["time"] == rect(0, 432, 162, 60))
    }

    @Test func datePickerWithHiddenLabelIsItsCapsule() throws {
        var b = StreamBuilder()
        let label = b.text("When")
        let picker = b.node("datepicker", ["seconds": .n(0), "components": .s("hourAndMinute"), "labelsHidden": .bool(true)],
                            [label])
        let fixed = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(true)])], picker)
        let (layout, _) = try layOut(b, root: fixed, environment: plainScreen)
        // "12:00 AM" is 68 + 22 = 90.
        #expect(layout.frames[picker]?.size == Size(width: 90, height: 34))
        #expect(layout.frames[label] == nil)
        #expect(layout.chrome[picker]?["date"] == nil)
    }

    @Test func textFieldHeightsFollowTheStyleAndGrowWithLargeText() throws {
        for (style, large, ax3) in [("roundedBorder", 34.0, 60.0), ("plain", 22.0, 48.0)] {
            for (env, height) in [(plainScreen, large), (RenderEnvironment(device: plainScreen.device, dynamicTypeSize: .accessibility3), ax3)] {
                var b = StreamBuilder()
                let field = b.node("textfield", ["text": .s(""), "placeholder": .s("Name"), "style": .s(style)])
                let (layout, _) = try layOut(b, root: field, environment: env)
                #expect(layout.frames[field]?.size == Size(width: 400, height: height))
            }
        }
    }

    @Test func textFieldShowsPlaceholderDimAndSecureTextAsDots() throws {
        var b = StreamBuilder()
        let empty = b.node("textfield", ["text": .s(""), "placeholder": .s("Name"), "style": .s("roundedBorder")])
        let secret = b.node("textfield", ["text": .s("abc"), "placeholder": .s("P"), "secure": .bool(true)])
        let stack = b.vstack([empty, secret])
        let (layout, tree) = try layOut(b, root: stack, environment: plainScreen)
        let list = displayList(layout, tree)
        #expect(textColor(list, "Name") == Palette(.light).tertiaryLabel)
        #expect(textColor(list, "\u{2022}\u{2022}\u{2022}") == Palette(.light).label)
        #expect(textColor(list, "abc") == nil)
    }

    @Test func gaugeTrackIsBelowTheLabelRowAndFilledByValue() throws {
        var b = StreamBuilder()
        let label = b.text("Storage"), value = b.text("62%")
        let gauge = b.node("gauge", ["value": .n(0.62), "style": .s("linearCapacity"), "hasLabel": .bool(true),
                                     "hasCurrentValueLabel": .bool(true)], [label, value])
        let (layout, _) = try layOut(b, root: gauge, environment: plainScreen)
        let c = layout.chrome[gauge] ?? [:]
        // Caption labels: 16 tall; height 4 + 16 + 4 = 24, centered at y 388.
        #expect(layout.frames[gauge] == rect(0, 388, 400, 24))
        #expect(c["track"] == rect(0, 408, 400, 4))
        #expect(c["fill"] == rect(0, 408, 248, 4))
        // "62%" in caption (12 pt): 18 wide, trailing.
        #expect(layout.frames[value] == rect(382, 388, 18, 16))
    }

    @Test func texteditorFillsItsProposalWithDefaultsWhereUnspecified() throws {
        var b = StreamBuilder()
        let editor = b.node("texteditor", ["text": .s("Notes")])
        let fixed = b.styled(["fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(true)])], editor)
        let (layout, _) = try layOut(b, root: fixed, environment: plainScreen)
        #expect(layout.frames[editor]?.size == Size(width: 200, height: 100))
    }
}

@Suite("Controls in lists") struct ControlsInListTests {
    /// Measures a picker under a `list` directly: the list family lays its rows out itself.
    @Test func menuPickerIs44HighInAListRow() throws {
        var b = StreamBuilder()
        let picker = b.node("picker", ["style": .s("menu"), "label": .s("Units"), "selected": .n(0),
                                       "options": .array(["Metric"].map(JSON.s))])
        let section = b.node("section", ["header": .null, "footer": .null], [picker])
        let list = b.node("list", [:], [section])
        b.insert(list, into: 0, at: 0)
        b.commit()
        let stream = try OpStream(file: "test.jsonl", bytes: Array(b.text.utf8))
        var tree = ElementTree()
        try stream.replay { _, t in tree = t }
        let pass = LayoutPass(tree: tree, environment: plainScreen, measurer: FixedAdvanceMeasurer(advance: 0.5))
        #expect(pass.sizeThatFits(picker, ProposedSize(width: 300, height: nil)) == Size(width: 300, height: 44))
    }
}

@Suite("Controls with bad input") struct ControlInputTests {
    @Test func hugeOrWrongValuesNeverCrash() throws {
        var b = StreamBuilder()
        let picker = b.node("picker", ["style": .s("segmented"), "selected": .n(1e300), "options": .array([.s("A")])])
        let gauge = b.node("gauge", ["value": .n(-1e308)])
        let slider = b.node("slider", ["value": .n(5), "min": .n(10), "max": .n(0)])
        let date = b.node("datepicker", ["seconds": .n(1e300)])
        let tab = b.node("tab", ["title": .s("Only")], [b.text("x")])
        let tabs = b.node("tabview", ["selected": .n(-1e300)], [tab])
        let stack = b.vstack([picker, gauge, slider, date])
        b.insert(stack, into: tab, at: 1)
        let (layout, tree) = try layOut(b, root: tabs, environment: plainScreen)
        #expect(layout.frames[tab] != nil) // out-of-range selections fall back to the first tab
        #expect(layout.chrome[gauge]?["fill"]?.width == 0)
        #expect(layout.chrome[slider]?["thumb"]?.x == 0)
        _ = displayList(layout, tree)
    }

    @Test func hugeNumbersFormatWithoutTrapping() {
        #expect(fmt(1e300) == "1e+300")
        #expect(fmt(-1e300) == "-1e+300")
        #expect(fmt(123456.789) == "123456.79")
    }

    @Test func wrongPropTypesAreErrors() throws {
        for (kind, props) in [("picker", ["options": JSON.s("A")]), ("toggle", ["isOn": .s("yes")]),
                              ("sheet", ["detents": .array([.n(1)])]), ("sheet", ["detents": .array([.s("tall")])]),
                              ("alert", ["style": .s("popup")])] {
            var b = StreamBuilder()
            let node = b.node(kind, props)
            #expect(throws: (any Error).self) { try layOut(b, root: node) }
        }
    }
}

@Suite("Toggle rows") struct ToggleRowTests {
    private func row(_ label: String) throws -> Rect? {
        var b = StreamBuilder()
        let toggle = b.node("toggle", ["isOn": .bool(true)], [b.text(label)])
        let section = b.node("section", ["header": .null, "footer": .null], [toggle])
        let list = b.node("list", [:], [section])
        let (layout, _) = try layOut(b, root: list)
        return layout.chrome[toggle]?["row"]
    }

    @Test func aSwitchRowIs44LikeATextRow() throws {
        // The Todos geometry: rows 44 high, a toggle first among them.
        #expect(try row("Buy milk")?.height == 44)
    }

    @Test func aLabelTallerThanTheSwitchPads11() throws {
        // 9 words of 4: 44 characters, 374 pt, two lines in 361 - 32 - 59 = 270: 44 + 22 = 66.
        #expect(try row(Array(repeating: "abcd", count: 9).joined(separator: " "))?.height == 66)
    }
}

@Suite("Tint") struct TintTests {
    @Test func tintColorsTheSwitchAndTheSliderFill() throws {
        var b = StreamBuilder()
        let toggle = b.node("toggle", ["isOn": .bool(true)], [b.text("On")])
        let slider = b.node("slider", ["value": .n(0.5), "min": .n(0), "max": .n(1)])
        let stack = b.vstack([toggle, slider])
        let tinted = b.styled(["tint": .object(["r": .n(1), "g": .n(0), "b": .n(0), "a": .n(1)])], stack)
        let (layout, tree) = try layOut(b, root: tinted, environment: plainScreen)
        let items = displayList(layout, tree).items
        let track = try #require(layout.chrome[toggle]?["switch"])
        let fill = try #require(layout.chrome[slider]?["fill"])
        #expect(items.contains(.fill(.capsule, track, .solid(RGBA(1, 0, 0)))))
        #expect(items.contains(.fill(.capsule, fill, .solid(RGBA(1, 0, 0)))))
    }
}

@Suite("Control colors") struct ControlColorTests {
    @Test func segmentedPillIsWhiteInLightAndGrayInDark() throws {
        for (env, pill) in [(light, RGBA.white), (dark, RGBA(hex: 0x636366))] {
            var b = StreamBuilder()
            let picker = b.node("picker", ["style": .s("segmented"), "selected": .n(1), "options": .array([.s("A"), .s("B")])])
            let (layout, tree) = try layOut(b, root: picker, environment: env)
            let segment = try #require(layout.chrome[picker]?["segment1"])
            let items = displayList(layout, tree).items
            #expect(items.contains(.fill(.roundedRect(cornerRadius: 7), segment.insetBy(dx: 2, dy: 2), .solid(pill))))
            #expect(items.contains(.fill(.roundedRect(cornerRadius: 8), try #require(layout.frames[picker]),
                                         .solid(Palette(env.colorScheme).tertiarySystemFill))))
        }
    }

    @Test func menuPickerValueIsSecondary() throws {
        var b = StreamBuilder()
        let picker = b.node("picker", ["style": .s("menu"), "label": .s("Units"), "selected": .n(0), "options": .array([.s("Metric")])])
        for env in [light, dark] {
            let (layout, tree) = try layOut(b, root: picker, environment: env)
            let list = displayList(layout, tree)
            #expect(textColor(list, "Metric") == Palette(env.colorScheme).secondaryLabel)
            #expect(textColor(list, "Units") == Palette(env.colorScheme).label)
        }
    }
}
