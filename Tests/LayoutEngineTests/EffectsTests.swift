import TestSupport
import Drawing
import LayoutEngine
import LayoutModel
import Testing

/// Issue 12 items 4-6: hierarchical styles, visual effects, gradients, materials and symbols as
/// they reach the display list.
struct EffectsTests {
    func paint(_ b: StreamBuilder, root: Int, scheme: ColorScheme = .light,
               diagnostics: Diagnostics = Diagnostics()) throws -> (DisplayList, LayoutResult) {
        let environment = RenderEnvironment(device: Device.named("400x800@1")!, colorScheme: scheme)
        let (layout, tree) = try layOut(b, root: root, environment: environment)
        return (Painter.paint(tree: tree, layout: layout, diagnostics: diagnostics), layout)
    }

    func textColors(_ list: DisplayList) -> [String: RGBA] {
        var out: [String: RGBA] = [:]
        for case .text(let run) in list.items { out[run.text] = run.color }
        return out
    }

    @Test(arguments: [ColorScheme.light, .dark])
    func hierarchicalTextTakesTheLabelColors(scheme: ColorScheme) throws {
        var b = StreamBuilder()
        let texts = (1...4).map { level in
            b.styled(["foreground": .object(["hierarchical": .n(Double(level))])], b.text("L\(level)"))
        }
        let root = b.vstack(texts)
        let (list, _) = try paint(b, root: root, scheme: scheme)
        let colors = textColors(list)
        let palette = Palette(scheme)
        #expect(colors["L1"] == palette.label)
        #expect(colors["L2"] == palette.secondaryLabel)
        #expect(colors["L3"] == palette.tertiaryLabel)
        #expect(colors["L4"] == palette.quaternaryLabel)
        if scheme == .light {
            #expect(colors["L2"] == RGBA(rgb255: 60, 60, 67, 0.6)) // (138, 138, 142) over white
        } else {
            #expect(colors["L2"] == RGBA(rgb255: 235, 235, 245, 0.6))
        }
    }

    @Test func hierarchicalOverAColoredForegroundIsThatColorAtTheLevel() throws {
        var b = StreamBuilder()
        let inner = b.styled(["foreground": .object(["hierarchical": .n(2)])], b.text("Tinted"))
        let outer = b.styled(["foreground": .object(["r": .n(1), "g": .n(0), "b": .n(0)])], inner)
        let (list, _) = try paint(b, root: outer)
        #expect(textColors(list)["Tinted"] == RGBA(1, 0, 0, 0.6))
    }

    @Test func semanticSecondaryNameIsSecondaryLabel() throws {
        var b = StreamBuilder()
        let t = b.styled(["foreground": .object(["name": .s("secondary")])], b.text("Sub"))
        let (list, _) = try paint(b, root: t)
        #expect(textColors(list)["Sub"] == RGBA(rgb255: 60, 60, 67, 0.6))
    }
}

extension EffectsTests {
    func box(_ b: inout StreamBuilder, _ w: Double, _ h: Double, _ style: [String: JSON]) -> Int {
        let color = b.node("color", ["color": .object(["r": .n(0), "g": .n(0), "b": .n(1)])])
        var s = style
        s["frame"] = .object(["width": .n(w), "height": .n(h)])
        return b.styled(s, color)
    }

    @Test func effectsLeaveLayoutAloneAndRecordWhereTheBoxShows() throws {
        var b = StreamBuilder()
        let plain = box(&b, 100, 50, [:])
        let turned = box(&b, 100, 50, ["rotation": .n(90), "offset": .object(["x": .n(10), "y": .n(-4)]),
                                       "shadow": .object(["radius": .n(8), "y": .n(4)])])
        let stack = b.vstack(spacing: 0, [plain, turned])
        let (list, layout) = try paint(b, root: stack)
        // 400 x 800 screen: the stack is centered; the turned box sits right under the plain one.
        #expect(layout.frames[plain] == rect(150, 350, 100, 50))
        #expect(layout.frames[turned] == rect(150, 400, 100, 50))
        // A quarter turn about the center (200, 425), then the offset: 50 x 100 around (210, 421).
        #expect(layout.chrome[turned]?["transformed"] == rect(185, 371, 50, 100))
        // Three deviations (radius / 2) around the shown box, moved by the shadow's y.
        #expect(layout.chrome[turned]?["shadow"] == rect(173, 363, 74, 124))
        #expect(layout.chrome[plain] == nil)
        let effects = list.items.filter {
            switch $0 {
            case .pushAffine, .popTransform, .pushShadow, .popShadow: true
            default: false
            }
        }
        #expect(effects.count == 4)
        guard case .pushAffine(let m) = effects[0], case .pushShadow(let shadow, let bounds) = effects[1] else {
            Issue.record("expected a transform then a shadow, got \(effects)")
            return
        }
        #expect(abs(m.a) < 1e-12 && abs(m.b - 1) < 1e-12 && abs(m.c + 1) < 1e-12 && abs(m.d) < 1e-12)
        #expect(abs(m.tx - 635) < 1e-9 && abs(m.ty - 221) < 1e-9)
        #expect(shadow == Shadow(color: RGBA(0, 0, 0, 0.33), sigma: 4, offset: Point(x: 0, y: 4)))
        #expect(bounds == rect(150, 400, 100, 50))
        #expect(effects[2] == .popShadow && effects[3] == .popTransform)
    }

    @Test func scaleAndRotation3DUseTheirAnchors() throws {
        var b = StreamBuilder()
        let scaled = box(&b, 100, 50, ["scale": .object(["x": .n(2), "y": .n(2)]),
                                       "scaleAnchor": .object(["x": .n(0), "y": .n(0)])])
        let flipped = box(&b, 100, 50, ["rotation3D": .object(["angle": .n(60), "axis": .object(["x": .n(0), "y": .n(1), "z": .n(0)])])])
        let root = b.vstack(spacing: 0, [scaled, flipped])
        let (layout, _) = try layOut(b, root: root, environment: plainScreen)
        #expect(layout.chrome[scaled]?["transformed"] == rect(150, 350, 200, 100))
        // cos 60° = 0.5: half as wide about the center, as seen straight on.
        let shown = try #require(layout.chrome[flipped]?["transformed"])
        #expect(abs(shown.x - 175) < 1e-9 && abs(shown.width - 50) < 1e-9 && shown.y == 400 && shown.height == 50)
    }

    @Test func blurMaskAndClipShapeOpenLayersAroundTheContent() throws {
        var b = StreamBuilder()
        let mask = JSON.object(["linearGradient": .object([
            "stops": .array([.object(["color": .object(["r": .n(0), "g": .n(0), "b": .n(0), "a": .n(1)]), "location": .n(0)]),
                             .object(["color": .object(["r": .n(0), "g": .n(0), "b": .n(0), "a": .n(0)]), "location": .n(1)])]),
            "start": .object(["x": .n(0), "y": .n(0.5)]), "end": .object(["x": .n(1), "y": .n(0.5)])])])
        let item = box(&b, 100, 50, ["blur": .n(3), "mask": mask, "clipShape": .object(["kind": .s("capsule")])])
        let (list, _) = try paint(b, root: item)
        let frame = rect(150, 375, 100, 50)
        let layers = list.items.drop { if case .pushBlur = $0 { false } else { true } }.prefix(6)
        #expect(Array(layers) == [
            .pushBlur(sigma: 3, bounds: frame),
            .pushMask(.linearGradient(stops: [GradientStop(color: RGBA(0, 0, 0, 1), location: 0), GradientStop(color: RGBA(0, 0, 0, 0), location: 1)],
                                      start: Point(x: 150, y: 400), end: Point(x: 250, y: 400)), bounds: frame, mode: .alpha),
            .pushClip(.capsule, frame),
            .fill(.rect, frame, .solid(RGBA(0, 0, 1))),
            .popClip, .popMask,
        ])
        #expect(list.items.contains(.popBlur))
    }

    @Test func gradientForegroundPaintsThroughTextAndFillsAFillLessShape() throws {
        var b = StreamBuilder()
        let gradient = JSON.object(["linearGradient": .object([
            "stops": .array([.object(["color": .object(["r": .n(1), "g": .n(0), "b": .n(0)]), "location": .n(0)]),
                             .object(["color": .object(["r": .n(0), "g": .n(0), "b": .n(1)]), "location": .n(1)])])])])
        let text = b.text("Hi")
        let shape = b.styled(["frame": .object(["width": .n(20), "height": .n(10)])], b.node("shape", ["shape": .s("capsule")]))
        let root = b.styled(["foreground": gradient], b.vstack(spacing: 0, [text, shape]))
        let (list, layout) = try paint(b, root: root)
        let textFrame = try #require(layout.frames[text])
        let stops = [GradientStop(color: RGBA(1, 0, 0), location: 0), GradientStop(color: RGBA(0, 0, 1), location: 1)]
        let index = try #require(list.items.firstIndex(of: .pushMask(
            .linearGradient(stops: stops, start: Point(x: textFrame.midX, y: textFrame.minY), end: Point(x: textFrame.midX, y: textFrame.maxY)),
            bounds: textFrame, mode: .paintThrough)))
        guard case .text(let run) = list.items[index + 1] else { Issue.record("no text inside the gradient"); return }
        #expect(run.text == "Hi")
        #expect(list.items[index + 2] == .popMask)
        let shapeFrame = try #require(layout.frames[shape])
        #expect(list.items.contains(.fill(.capsule, shapeFrame, .linearGradient(
            stops: stops, start: Point(x: shapeFrame.midX, y: shapeFrame.minY), end: Point(x: shapeFrame.midX, y: shapeFrame.maxY)))))
    }

    @Test(arguments: [ColorScheme.light, .dark])
    func materialBlursItsBackdropUnderTheSpecsBaseColor(scheme: ColorScheme) throws {
        var b = StreamBuilder()
        let item = box(&b, 100, 50, ["background": .object(["material": .s("thin")])])
        let (list, _) = try paint(b, root: item, scheme: scheme)
        let frame = rect(150, 375, 100, 50)
        let index = try #require(list.items.firstIndex(of: .backdropBlur(.rect, frame, sigma: 20)))
        let base = scheme == .light ? RGBA(1, 1, 1, 0.7) : RGBA(rgb255: 30, 30, 30, 0.7)
        #expect(list.items[index + 1] == .fill(.rect, frame, .solid(base)))
    }

    /// Every field of the spec's `styled` style tables and every ShapeStyle form decodes
    /// without an "unknown" warning.
    @Test func noStyleFieldOfTheSpecWarns() throws {
        let black = JSON.object(["r": .n(0), "g": .n(0), "b": .n(0), "a": .n(1)])
        let point = JSON.object(["x": .n(0.5), "y": .n(0.5)])
        let stops = JSON.array([.object(["color": black, "location": .n(0)]), .object(["color": .object(["name": .s("accent")]), "location": .n(1)])])
        let style: [String: JSON] = [
            "padding": .object(["top": .n(1), "leading": .n(1), "bottom": .n(1), "trailing": .n(1)]),
            "font": .object(["textStyle": .s("body"), "weight": .s("bold"), "design": .s("rounded")]),
            "foreground": .object(["hierarchical": .n(2), "opacity": .n(0.5)]),
            "background": .object(["material": .s("thin"), "opacity": .n(0.8)]),
            "frame": .object(["width": .n(10), "maxWidth": .s("infinity"), "alignment": .s("leading")]),
            "cornerRadius": .n(4), "opacity": .n(0.9), "disabled": .bool(false), "layoutPriority": .n(1),
            "lineLimit": .n(2), "multilineTextAlignment": .s("center"),
            "fixedSize": .object(["horizontal": .bool(true), "vertical": .bool(false)]),
            "animation": .object(["kind": .s("easeInOut")]), "animationToken": .n(1), "transition": .object(["kind": .s("opacity")]),
            "labelIcon": .bool(false), "offset": .object(["x": .n(1), "y": .n(2)]), "rotation": .n(45), "rotationAnchor": point,
            "scale": .object(["x": .n(1.5), "y": .n(1.5)]), "scaleAnchor": point,
            "shadow": .object(["color": black, "radius": .n(8), "x": .n(0), "y": .n(4)]), "clipped": .bool(true),
            "hidden": .bool(false), "mask": .object(["linearGradient": .object(["stops": stops, "start": point, "end": point])]),
            "rotation3D": .object(["angle": .n(30), "axis": .object(["x": .n(0), "y": .n(1), "z": .n(0)]), "anchor": point,
                                   "anchorZ": .n(0), "perspective": .n(1)]),
            "blur": .n(2), "clipShape": .object(["kind": .s("roundedRectangle"), "cornerRadius": .n(8)]),
            "hitTesting": .bool(false), "ignoresSafeArea": .bool(false), "badge": .s("3"),
            "listRowInsets": .object(["top": .n(0), "leading": .n(0), "bottom": .n(0), "trailing": .n(0)]),
            "gridCellColumns": .n(2), "gridCellAnchor": point, "tint": .object(["radialGradient": .object([
                "stops": stops, "center": point, "startRadius": .n(0), "endRadius": .n(10)])]),
            "position": .object(["x": .n(5), "y": .n(5)]), "aspectRatio": .object(["ratio": .n(1), "contentMode": .s("fit")]),
            "imageScale": .s("large"),
            "containerRelativeFrame": .object(["horizontal": .bool(true), "vertical": .bool(false), "a": .n(0.5), "b": .n(0)]),
            "accessibilityLabel": .s("x"),
        ]
        var b = StreamBuilder()
        let styled = b.styled(style, b.text("x"))
        let colorGradient = b.node("color", ["color": .object(["colorGradient": black, "opacity": .n(0.5)])])
        let diagnostics = Diagnostics()
        let root = b.vstack([styled, colorGradient])
        _ = try paint(b, root: root, diagnostics: diagnostics)
        #expect(diagnostics.warnings == [])
    }
}

extension EffectsTests {
    func symbols(_ list: DisplayList) -> [String] {
        list.items.compactMap { if case .symbol(let name, _, _, _, _) = $0 { name } else { nil } }
    }

    @Test func fillNamesDrawTheFilledFormAndBadgesAreComposed() throws {
        var b = StreamBuilder()
        let names = ["star.fill", "star", "checkmark.circle.fill", "bag.fill", "shippingbox.fill", "cloud.badge.plus", "folder.badge.plus"]
        let images = names.map { b.node("image", ["systemName": .s($0)]) }
        let root = b.vstack(images)
        let (list, layout) = try paint(b, root: root)
        #expect(symbols(list) == ["star.fill", "star", "circle-check.fill", "shopping-bag.fill", "package",
                                  "cloud", "circle-plus.fill", "folder-plus"])
        // The badge: 0.55 of the glyph at its bottom trailing corner, a fifth of it outside.
        let cloudFrame = try #require(layout.frames[images[5]])
        let badges = list.items.compactMap { if case .symbol("circle-plus.fill", let r, _, _, _) = $0 { r } else { nil } }
        let em = 17.0 // body
        let glyph = Rect(x: cloudFrame.midX - em / 2, y: cloudFrame.midY - em / 2, width: em, height: em)
        let side = em * 0.55
        #expect(badges == [Rect(x: glyph.maxX - side * 0.8, y: glyph.maxY - side * 0.8, width: side, height: side)])
    }

    @Test func tabBarItemsUseTheFillVariant() throws {
        var b = StreamBuilder()
        let tabs = [("Home", "house"), ("Saved", "heart.fill"), ("Box", "shippingbox")].map { title, symbol in
            b.node("tab", ["title": .s(title), "systemImage": .s(symbol)], [b.text(title)])
        }
        let root = b.node("tabview", ["selected": .n(0)], tabs)
        let (list, _) = try paint(b, root: root)
        #expect(symbols(list).suffix(3) == ["house.fill", "heart.fill", "package"])
        #expect(SymbolTable.fillVariant("person.crop.circle") == "person.crop.circle.fill")
        #expect(SymbolTable.fillVariant("person.fill.checkmark") == "person.fill.checkmark")
    }
}
