import Drawing
import Foundation
import LayoutEngine
import LayoutModel
import Testing

/// A stream whose kinds never draw a symbol or a picture is rendered without loading librsvg
/// and gdk-pixbuf (`ElementFamily.mayDrawPictures`): every symbol and picture every example
/// draws, at every commit, comes from an element of a kind whose family says it may.
@Suite struct PictureKindsTests {
    @Test func everySymbolAndPictureComesFromAKindThatMayDrawThem() throws {
        var pictures = 0
        for planned in try GoldenTests.plan.get().streams() {
            let stream = try GoldenTests.stream(planned.name)
            let environment = GoldenTests.environment(planned, device: planned.settings.devices[0], size: .large, scheme: .light)
            try stream.replay { commit, tree in
                let layout = LayoutPass.run(tree: tree, environment: environment, measurer: FixedAdvanceMeasurer())
                let list = Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics())
                var kindsByLine: [Int: String] = [:]
                for element in tree.elements.values { kindsByLine[element.line] = element.kind }
                for (index, item) in list.items.enumerated() {
                    switch item {
                    case .symbol, .image: break
                    default: continue
                    }
                    pictures += 1
                    let line = list.line(ofItem: index)
                    let kind = try #require(kindsByLine[line], "\(planned.name):\(line): no element drew item \(index)")
                    let mayDrawPictures = ElementRegistry.family(for: kind).mayDrawPictures
                    #expect(mayDrawPictures, "\(planned.name):\(line): \(kind) drew \(item)")
                    #expect(stream.mayDrawPictures)
                }
            }
        }
        #expect(pictures > 100, "the examples draw symbols and pictures: \(pictures)")
    }

    @Test func textsStacksAndShapesDrawNoPicture() throws {
        let lines = [
            #"{"id":1,"kind":"text","op":"create","props":{"text":"Hello"}}"#,
            #"{"id":2,"kind":"shape","op":"create","props":{"shape":"circle"}}"#,
            #"{"id":3,"kind":"vstack","op":"create","props":{}}"#,
            #"{"id":1,"index":0,"op":"insert","parent":3}"#,
            #"{"id":2,"index":1,"op":"insert","parent":3}"#,
            #"{"id":3,"index":0,"op":"insert","parent":0}"#,
            #"{"op":"commit"}"#,
        ]
        let stream = try OpStream(file: "plain.jsonl", bytes: Array(lines.joined(separator: "\n").utf8))
        #expect(!stream.mayDrawPictures)
        try stream.replay { _, tree in
            let layout = LayoutPass.run(tree: tree, environment: RenderEnvironment(), measurer: FixedAdvanceMeasurer())
            #expect(!Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).drawsPictures)
        }
        let symbol = [#"{"id":1,"kind":"image","op":"create","props":{"systemName":"star"}}"#,
                      #"{"id":1,"index":0,"op":"insert","parent":0}"#, #"{"op":"commit"}"#]
        let withSymbol = try OpStream(file: "symbol.jsonl", bytes: Array(symbol.joined(separator: "\n").utf8))
        #expect(withSymbol.mayDrawPictures)
        try withSymbol.replay { _, tree in
            let layout = LayoutPass.run(tree: tree, environment: RenderEnvironment(), measurer: FixedAdvanceMeasurer())
            #expect(Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()).drawsPictures)
        }
    }

    /// A look at the bytes before reading finds a kind that may draw a picture in a stream as
    /// a headless run prints it (every example), and only there.
    @Test func theBytesTellAsTheOpsDo() throws {
        for example in GoldenTests.examples {
            let path = GoldenTests.repository.appendingPathComponent("Examples/\(example).jsonl").path
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let stream = try OpStream(file: path, bytes: bytes)
            #expect(OpStream.namesKindThatMayDrawPictures(bytes) == stream.mayDrawPictures, "\(example)")
        }
        #expect(OpStream.namesKindThatMayDrawPictures(Array(#"{"id":1,"kind":"image","op":"create","props":{}}"#.utf8)))
        #expect(!OpStream.namesKindThatMayDrawPictures(Array(#"{"id":1,"kind":"text","op":"create","props":{"text":"kind"}}"#.utf8)))
        // Spelled another way, the kind is found once the stream is read.
        let spaced = Array(#"{"id": 1, "kind": "image", "op": "create", "props": {}}"#.utf8)
        #expect(!OpStream.namesKindThatMayDrawPictures(spaced))
        #expect(try OpStream(file: "spaced.jsonl", bytes: spaced).mayDrawPictures)
    }
}
