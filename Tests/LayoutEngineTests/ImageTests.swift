import TestSupport
import Assets
import Drawing
import Foundation
import LayoutEngine
import LayoutModel
import Testing

/// `Tests/Fixtures/Test.xcassets` (scripts/make-image-fixtures.py): Logo 20x10 pt (its 2x
/// file), Vector 30x20, Food/Pizza 12x8, Star a symbol, Brand and Ints colors.
private let catalog = try! AssetCatalog.load([
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Test.xcassets").path,
])
private let withCatalog = RenderEnvironment(device: Device.named("400x800@1")!, catalog: catalog)

private func images(_ list: DisplayList) -> [ImageItem] {
    list.items.compactMap { if case .image(let item) = $0 { item } else { nil } }
}

@Suite struct CatalogImageLayoutTests {
    @Test func aCatalogImageReportsItsPointSizeWhateverIsProposed() throws {
        var b = StreamBuilder()
        let logo = b.node("image", ["name": .s("Logo")])
        let framed = b.styled(["frame": .object(["width": .n(200), "height": .n(100)])], logo)
        let (layout, _) = try layOut(b, root: framed, environment: withCatalog)
        #expect(layout.frames[logo] == rect(190, 395, 20, 10))
    }

    @Test func resizableFillsTheProposalAndScaledToFitKeepsTheRatio() throws {
        var b = StreamBuilder()
        let stretched = b.node("image", ["name": .s("Vector"), "resizable": .bool(true)])
        let a = b.styled(["frame": .object(["width": .n(100), "height": .n(100)])], stretched)
        let fitted = b.node("image", ["name": .s("Vector"), "resizable": .bool(true)])
        let fit = b.styled(["aspectRatio": .object(["ratio": .null, "contentMode": .s("fit")])], fitted)
        let c = b.styled(["frame": .object(["width": .n(120), "height": .n(120)])], fit)
        let filled = b.node("image", ["name": .s("Vector"), "resizable": .bool(true)])
        let fill = b.styled(["aspectRatio": .object(["ratio": .null, "contentMode": .s("fill")])], filled)
        let d = b.styled(["frame": .object(["width": .n(120), "height": .n(120)])], fill)
        let root = b.vstack(spacing: 0, [a, c, d])
        let (layout, _) = try layOut(b, root: root, environment: withCatalog)
        #expect(layout.frames[stretched]?.size == Size(width: 100, height: 100))
        #expect(layout.frames[fitted]?.size == Size(width: 120, height: 80))
        #expect(layout.frames[filled]?.size == Size(width: 180, height: 120))
    }

    @Test func namespacedNamesAndSymbolsAndMissingNames() throws {
        var b = StreamBuilder()
        let names = ["Food/Pizza", "Star", "Nope"]
        let ids = names.map { b.node("image", ["name": .s($0)]) }
        let root = b.vstack(spacing: 0, ids)
        let (layout, _) = try layOut(b, root: root, environment: withCatalog)
        // A symbol is a square of the body line height (22 pt), like an SF Symbol; a missing name 44 x 44.
        #expect(ids.map { layout.frames[$0]?.size } == [Size(width: 12, height: 8), Size(width: 22, height: 22),
                                                        Size(width: 44, height: 44)])
    }

    @Test func paintDrawsTheFileTheSymbolTintedAndThePlaceholderWithOneWarning() throws {
        var b = StreamBuilder()
        let logo = b.node("image", ["name": .s("Logo"), "interpolation": .s("none")])
        let star = b.node("image", ["name": .s("Star")])
        let missing = b.node("image", ["name": .s("Nope")])
        let again = b.node("image", ["name": .s("Nope")])
        let red = b.styled(["foreground": .object(["r": .n(1), "g": .n(0), "b": .n(0)])], star)
        let root = b.vstack(spacing: 0, [logo, red, missing, again])
        let (layout, tree) = try layOut(b, root: root, environment: withCatalog)
        let diagnostics = Diagnostics()
        let list = Painter.paint(tree: tree, layout: layout, diagnostics: diagnostics)
        let drawn = images(list)
        #expect(drawn.count == 2)
        #expect(drawn[0] == ImageItem(content: .file(path: catalog.images["Logo"]!.file), rect: layout.frames[logo]!, smooth: false))
        #expect(drawn[1].template == RGBA(1, 0, 0) && drawn[1].rect.size == Size(width: 17, height: 17))
        #expect(diagnostics.warnings == ["stream line 3: the asset catalog has no image \"Nope\"; drawn as a placeholder"])
        #expect(list.items.contains { if case .stroke(_, _, _, _, let dash) = $0 { !dash.isEmpty } else { false } })
    }
}

@Suite struct CatalogColorTests {
    func fillColor(_ env: RenderEnvironment, _ name: String, opacity: Double = 1) throws -> (RGBA?, [String]) {
        var b = StreamBuilder()
        let color = b.node("color", ["color": .object(["named": .s(name), "opacity": .n(opacity)])])
        let framed = b.styled(["frame": .object(["width": .n(10), "height": .n(10)])], color)
        let (layout, tree) = try layOut(b, root: framed, environment: env)
        let diagnostics = Diagnostics()
        let list = Painter.paint(tree: tree, layout: layout, diagnostics: diagnostics)
        let fill = list.items.compactMap { item -> RGBA? in
            if case .fill(.rect, let r, .solid(let c)) = item, r == layout.frames[color] { return c }
            return nil
        }.first
        return (fill, diagnostics.warnings)
    }

    @Test func colorsResolvePerSchemeAndOpacityMultipliesAlpha() throws {
        var dark = withCatalog
        dark.colorScheme = .dark
        #expect(try fillColor(withCatalog, "Brand").0 == RGBA(194.0 / 255, 16.0 / 255, 32.0 / 255, 1))
        #expect(try fillColor(dark, "Brand").0 == RGBA(0.439, 0.6, 1, 1))
        // No dark variant: the light value in both schemes.
        #expect(try fillColor(dark, "Ints", opacity: 0.5).0 == RGBA(1, 128.0 / 255, 0, 0.25))
    }

    @Test func aMissingColorIsMagentaWithAWarningNamingItAndTheLine() throws {
        let (color, warnings) = try fillColor(withCatalog, "Nope")
        #expect(color == .magenta)
        #expect(warnings == ["stream line 1: the asset catalog has no color \"Nope\"; drawn magenta"])
    }
}

@Suite struct BitmapAndRemoteImageTests {
    @Test func remoteAndBitmapImagesTakeTheStreamSizeOrTheProposalWhenResizable() throws {
        var b = StreamBuilder()
        let remote = b.node("image", ["url": .s("https://example.com/a.png"), "width": .n(90), "height": .n(60)])
        let bitmap = b.node("image", ["bitmap": .object(["source": .null, "width": .n(27), "height": .n(27)]),
                                      "width": .n(27), "height": .n(27), "resizable": .bool(true)])
        let framed = b.styled(["frame": .object(["width": .n(200), "height": .n(200)])], bitmap)
        let root = b.vstack(spacing: 0, [remote, framed])
        let (layout, tree) = try layOut(b, root: root, environment: withCatalog)
        #expect(layout.frames[remote]?.size == Size(width: 90, height: 60))
        #expect(layout.frames[bitmap]?.size == Size(width: 200, height: 200))
        // No --images: a loading placeholder, a neutral fill of the stream's size; an empty bitmap draws nothing.
        let list = displayList(layout, tree)
        #expect(images(list).isEmpty)
        #expect(list.items.contains(.fill(.rect, layout.frames[remote]!, .solid(Palette(.light).tertiarySystemFill))))
    }

    @Test func imagedataSourcesAreKeptAndDrawnWithTheirSteps() throws {
        var b = StreamBuilder()
        let pixels = Data([0, 255, 255, 0]).base64EncodedString()
        b.raw(#"{"format":"gray","height":2,"key":"p1","op":"imagedata","pixels":"\#(pixels)","width":2}"#)
        let steps: JSON = .array([.object(["op": .s("sepiaTone"), "intensity": .n(0.5)]), .object(["op": .s("twirl")])])
        let image = b.node("image", ["bitmap": .object(["source": .s("p1"), "steps": steps, "width": .n(2), "height": .n(2)]),
                                     "width": .n(2), "height": .n(2), "interpolation": .s("none")])
        let (layout, tree) = try layOut(b, root: image, environment: withCatalog)
        #expect(tree.bitmaps["p1"]?.bytes == [0, 255, 255, 0])
        #expect(tree.diagnostics.warnings == ["unknown Core Image step \"twirl\" skipped"])
        let item = try #require(images(displayList(layout, tree)).first)
        #expect(item.smooth == false && item.rect.size == Size(width: 2, height: 2))
        guard case .bitmap(let source, let drawnSteps, 2, 2) = item.content else { Issue.record("not a bitmap"); return }
        #expect(source.key == "p1" && source.format == .gray && drawnSteps == [.sepiaTone(intensity: 0.5)])
    }

    @Test func badImagedataIsAnInputErrorAtItsLine() throws {
        let cases = [
            (#"{"format":"gray","height":2,"key":"p","op":"imagedata","pixels":"AAA=","width":2}"#, "2x2 gray pixels need 4 bytes, got 2"),
            (#"{"data":"%%%","height":1,"key":"f","mime":"image/png","op":"imagedata","width":1}"#, "field \"data\" is not base64"),
            (#"{"format":"cmyk","height":1,"key":"p","op":"imagedata","pixels":"","width":1}"#, "field \"format\" must be"),
            (#"{"format":"gray","height":70000,"key":"p","op":"imagedata","pixels":"","width":1}"#, "field \"height\" must be"),
        ]
        for (line, message) in cases {
            let stream = try OpStream(file: "s.jsonl", bytes: Array((line + "\n{\"op\":\"commit\"}\n").utf8))
            do {
                try stream.replay { _, _ in }
                Issue.record("no error for \(line)")
            } catch let error as InputError {
                #expect(error.line == 1 && error.op == "imagedata" && error.message.contains(message), "\(error)")
            }
        }
    }
}
