import Foundation
import ImageDiff
import LayoutEngine
import TestSupport
import Testing

/// Documentation images: `--crop` with `--margin`, `--background transparent`, `--frame` and
/// `shotter sheet`, checked by their sizes and pixels.
@Suite struct DocumentationImageTests {
    static let counter = CLI.repository.appendingPathComponent("Examples/Counter.jsonl").path

    func image(_ path: String) throws -> RGBAImage {
        try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Counter's row of buttons (#14) is at 48,521 296x44: 12 points around it, at 2x.
    @Test func cropCutsTheElementWithItsMargin() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(["render", Self.counter, "--crop", "14", "--margin", "12", "--scale", "2", "-o", dir.path + "/crop"])
        #expect(run.status == 0, "\(run.stderr)")
        let crop = try image(dir.path + "/crop/Counter/003-tap-13.iphone15pro.large.light.png")
        #expect((crop.width, crop.height) == (640, 136))
        #expect(crop.pixel(0, 0) == [255, 255, 255, 255], "the screen's background is kept")

        let clear = try CLI.run(["render", Self.counter, "--crop", "14", "--margin", "12", "--background", "transparent",
                                 "--format", "png,svg", "-o", dir.path + "/clear"])
        #expect(clear.status == 0)
        let transparent = try image(dir.path + "/clear/Counter/003-tap-13.iphone15pro.large.light.png")
        #expect((transparent.width, transparent.height) == (320 * 3, 68 * 3))
        #expect(transparent.pixel(0, 0)[3] == 0, "nothing behind the buttons")
        #expect(transparent.pixel(transparent.width - 60, 102) == [0, 122, 255, 255], "the + button's accent fill")
        let svg = try String(contentsOfFile: dir.path + "/clear/Counter/003-tap-13.iphone15pro.large.light.svg", encoding: .utf8)
        #expect(svg.contains(#"width="320px" height="68px""#))

        let missing = try CLI.run(["render", Self.counter, "--crop", "999", "-o", dir.path + "/none"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "\(Self.counter): commit 3: --crop 999: element 999 is not on screen at this commit\n")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/none"))
        for args in [["--margin", "4"], ["--crop", "14", "--frame"], ["--crop", "x"], ["--background", "blue"]] {
            #expect(try CLI.run(["render", Self.counter] + args).status == 2, "\(args)")
        }
    }

    /// A button (id 4 its wrapper) with `.accessibilityIdentifier("save")` and two texts whose
    /// wrappers (6 and 8) share "row", in a vstack spaced 12.
    static var identified: String {
        var b = StreamBuilder()
        let title = b.text("Settings")
        let save = b.text("Save")
        let button = b.node("button", ["role": .null, "style": .s("borderedProminent")], [save])
        let named = b.styled(["accessibilityIdentifier": .s("save")], button)
        let one = b.text("One")
        let first = b.styled(["accessibilityIdentifier": .s("row")], one)
        let two = b.text("Two")
        let second = b.styled(["accessibilityIdentifier": .s("row")], two)
        let stack = b.vstack(spacing: 12, [title, named, first, second])
        b.insert(stack, into: 0, at: 0)
        b.commit()
        return b.text
    }

    /// `--crop @save`: the element `shotter layout` shows with that identifier (the button's
    /// wrapper at 163,403 66x36), 8 points around it at 2x: (66 + 16) x (36 + 16) x 2.
    @Test func cropByAccessibilityIdentifier() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stream = try CLI.write(Self.identified, to: "Ident.jsonl", in: dir)
        let layout = try CLI.run(["layout", stream])
        #expect(layout.stdout.contains(#"{"frame":{"height":36,"width":66,"x":163,"y":403},"id":4,"identifier":"save","kind":"styled","label":"Save"}"#))
        #expect(layout.stdout.contains(#""id":6,"identifier":"row""#) && layout.stdout.contains(#""id":8,"identifier":"row""#))

        let run = try CLI.run(["render", stream, "--crop", "@save", "--margin", "8", "--scale", "2", "-o", dir.path + "/named"])
        #expect(run.status == 0, "\(run.stderr)")
        let named = try image(dir.path + "/named/Ident/001.iphone15pro.large.light.png")
        #expect((named.width, named.height) == (164, 104))
        #expect(named.pixel(0, 0) == [255, 255, 255, 255], "the margin shows the screen")
        #expect(named.pixel(20, 52) == [0, 122, 255, 255], "the prominent button's accent fill")
        #expect(try CLI.run(["render", stream, "--crop", "4", "--margin", "8", "--scale", "2", "-o", dir.path + "/byID"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/byID/Ident/001.iphone15pro.large.light.png"))
                == Data(contentsOf: URL(fileURLWithPath: dir.path + "/named/Ident/001.iphone15pro.large.light.png")))

        let several = try CLI.run(["render", stream, "--crop", "@row", "-o", dir.path + "/rows"])
        #expect(several.status == 1)
        #expect(several.stderr == "\(stream): commit 1: --crop @row: 2 elements on screen have accessibilityIdentifier \"row\" (styled 6, styled 8): crop one by its id\n")
        let none = try CLI.run(["render", stream, "--crop", "@nope", "-o", dir.path + "/nope"])
        #expect(none.status == 1)
        #expect(none.stderr == "\(stream): commit 1: --crop @nope: no element on screen has accessibilityIdentifier \"nope\" at this commit\n")
        for path in ["/rows", "/nope"] { #expect(!FileManager.default.fileExists(atPath: dir.path + path)) }
        let empty = try CLI.run(["render", stream, "--crop", "@"])
        #expect(empty.status == 2 && empty.stderr.contains("--crop takes an element id or @identifier"))
    }

    /// The outline: 14 points of body around the 393x852 screen, transparent outside its
    /// rounded corners, the island black over the status bar.
    @Test func frameDrawsTheDeviceOutline() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try CLI.run(["render", Self.counter, "--frame", "--scale", "1", "-o", dir.path]).status == 0)
        let framed = try image(dir.path + "/Counter/003-tap-13.iphone15pro.large.light.png")
        #expect((framed.width, framed.height) == (421, 880))
        #expect(framed.pixel(0, 0)[3] == 0, "outside the rounded body")
        #expect(framed.pixel(6, 440) == [0x1C, 0x1C, 0x1E, 255], "the bezel")
        #expect(framed.pixel(210, 440) == [255, 255, 255, 255], "the screen")
        #expect(framed.pixel(210, 14 + 11 + 18) == [0, 0, 0, 255], "the island")
        #expect(framed.pixel(18, 30) == [0x1C, 0x1C, 0x1E, 255], "the screen's corner is rounded off")
    }

    /// Two sizes x two schemes in a row, captioned, on a white sheet.
    @Test func sheetLaysOutVariantsWithCaptions() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(["sheet", Self.counter, "--dynamic-type", "large,accessibility3", "--scheme", "light,dark",
                               "--scale", "1", "-o", dir.path + "/sheet.png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == dir.path + "/sheet.png\n")
        let sheet = try image(dir.path + "/sheet.png")
        // 24 + 4 x (393 + 24) wide; 24 + 852 + 8 + 18 + 24 high.
        #expect((sheet.width, sheet.height) == (1692, 926))
        #expect(sheet.pixel(5, 5) == [255, 255, 255, 255])
        #expect(sheet.pixel(24 + 417 + 200, 24 + 800) == [0, 0, 0, 255], "the second cell is dark")
        let caption = (24..<417).flatMap { x in (884..<902).map { sheet.pixel(x, $0) } }
        #expect(caption.contains { $0 != [255, 255, 255, 255] }, "a caption under the first cell")
        // The settings axes add columns: two directions x Bold Text off and on.
        let axes = try CLI.run(["sheet", Self.counter, "--layout-direction", "ltr,rtl", "--legibility-weight", "regular,bold",
                                "--scale", "1", "-o", dir.path + "/axes.png"])
        #expect(axes.status == 0, "\(axes.stderr)")
        let axesSheet = try image(dir.path + "/axes.png")
        #expect((axesSheet.width, axesSheet.height) == (1692, 926))
        #expect(try CLI.run(["sheet", Self.counter, "--contrast", "high", "-o", dir.path + "/x.png"]).status == 2)
        #expect(try CLI.run(["sheet", Self.counter, "--commit", "all", "-o", dir.path + "/x.png"]).status == 2)
        #expect(try CLI.run(["sheet", Self.counter]).status == 2)
        #expect(try CLI.run(["sheet", Self.counter, "--device", "iphone15pro,nope", "-o", dir.path + "/x.png"]).status == 2)
    }
}

/// README's images are what `scripts/readme-images.sh` makes from Examples today.
@Test func readmeImagesAreShottersCurrentRenders() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [CLI.repository.appendingPathComponent("scripts/readme-images.sh").path, "--check"]
    var environment = CLI.environment
    environment["SHOTTER"] = CLI.binary.path
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
}

private extension RGBAImage {
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * width + x) * 4..<(y * width + x) * 4 + 4]) }
}
