import Foundation
import ImageDiff
import LayoutEngine
import Testing

/// The fuzzing campaign's reproducers through the built binary: each renders, or fails with
/// `FILE:LINE: op: message` naming the limit, exit 1 and no file written (docs/limits.md).
@Suite("CLI: limits") struct LimitsCLITests {
    /// `count` styled boxes with `style`, nested, around `leaf`, in the screen.
    static func nested(_ count: Int, style: String, leaf: String) -> String {
        var lines = (1...count).map { #"{"id":\#($0),"kind":"styled","op":"create","props":{"style":\#(style)}}"# }
        lines.append(#"{"id":\#(count + 1),"kind":"\#(leaf)","op":"create","props":{}}"#)
        lines += (2...count + 1).map { #"{"id":\#($0),"index":0,"op":"insert","parent":\#($0 - 1)}"# }
        lines += [#"{"id":1,"index":0,"op":"insert","parent":0}"#, #"{"op":"commit"}"#]
        return lines.joined(separator: "\n")
    }

    /// A red shape of `shape` in a `width` x `height` frame, in the screen.
    static func shape(_ shape: String, width: String, height: String) -> String {
        """
        {"id":1,"kind":"shape","op":"create","props":{"fill":{"name":"red"},"shape":"\(shape)"}}
        {"id":2,"kind":"styled","op":"create","props":{"style":{"frame":{"height":\(height),"width":\(width)}}}}
        {"id":1,"index":0,"op":"insert","parent":2}
        {"id":2,"index":0,"op":"insert","parent":0}
        {"op":"commit"}
        """
    }

    /// Renders `stream` at scale 1 and returns the run and the decoded PNG, if one was written.
    static func render(_ stream: String, _ extra: [String] = []) throws -> (CLIRun, RGBAImage?, URL) {
        let dir = try CLI.temporaryDirectory()
        let input = try CLI.write(stream, to: "limits.jsonl", in: dir)
        let output = dir.appendingPathComponent("shots")
        let run = try CLI.run(["render", input, "-o", output.path, "--scale", "1"] + extra)
        // The first file written, when it is a PNG.
        let written = run.stdout.split(separator: "\n").first.map(String.init)
        let data = written.flatMap { $0.hasSuffix(".png") ? FileManager.default.contents(atPath: $0) : nil }
        let image = try data.map { try PNGDecoder.decode([UInt8]($0)) }
        return (run, image, dir)
    }

    static func pixel(_ image: RGBAImage?, x: Int, y: Int) -> [UInt8]? {
        guard let image else { return nil }
        let i = (y * image.width + x) * 4
        return Array(image.pixels[i..<i + 4])
    }

    static let systemRed: [UInt8] = [0xFF, 0x3B, 0x30, 0xFF]

    @Test func opacityGroupsNestedPastTheLimitAreRefusedAtTheCommit() throws {
        let count = Limits.maxNestedGroups + 1
        let (run, image, dir) = try Self.render(Self.nested(count, style: #"{"opacity":0.9}"#, leaf: "color"))
        #expect(run.status == 1)
        #expect(run.stderr == "\(dir.path)/limits.jsonl:\(2 * count + 3): commit: \(count) opacity groups are nested; shotter draws at most \(Limits.maxNestedGroups)\n")
        #expect(image == nil)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("shots").path))
    }

    @Test func theMostNestedOpacityGroupsAllowedRender() throws {
        let (run, image, _) = try Self.render(Self.nested(Limits.maxNestedGroups, style: #"{"opacity":0.999}"#, leaf: "color"))
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(image?.width == 393)
    }

    @Test func disabledBoxesCountAsGroups() throws {
        let count = Limits.maxNestedGroups + 1
        let (run, _, _) = try Self.render(Self.nested(count, style: #"{"disabled":true}"#, leaf: "color"))
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("commit: \(count) opacity groups are nested; shotter draws at most \(Limits.maxNestedGroups)\n"))
    }

    /// Used to run Cairo's arc code for minutes and 1.7 GB, then fail with "out of memory".
    @Test func aCapsuleOf1e50PointsFillsTheScreen() throws {
        let (run, image, _) = try Self.render(Self.shape("capsule", width: "1e50", height: "1e50"))
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(Self.pixel(image, x: 196, y: 426) == Self.systemRed)
        #expect(Self.pixel(image, x: 2, y: 840) == Self.systemRed)
    }

    /// Used to fail with "cairo: invalid matrix (not invertible)".
    @Test func aCircleOf1e200PointsFillsTheScreen() throws {
        let (run, image, _) = try Self.render(Self.shape("circle", width: "1e200", height: "1e200"))
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(Self.pixel(image, x: 196, y: 426) == Self.systemRed)
    }

    @Test func aWideCapsuleKeepsItsRoundedEnds() throws {
        // 1e20 wide, 100 high: the flat sides cross the screen; only the middle row is red at the edge.
        let (run, image, _) = try Self.render(Self.shape("capsule", width: "1e20", height: "100"))
        #expect(run.status == 0)
        let middle = 59 + (852 - 59 - 34) / 2
        #expect(Self.pixel(image, x: 0, y: middle) == Self.systemRed)
        #expect(Self.pixel(image, x: 392, y: middle - 45) == Self.systemRed)
        #expect(Self.pixel(image, x: 196, y: middle - 60) != Self.systemRed)
    }

    /// A font size of 1e9 trapped converting the letter spacing; Pango also printed criticals.
    @Test func aFontSizeOf1e9DrawsAt10000PointsWithoutErrors() throws {
        let stream = """
        {"id":1,"kind":"text","op":"create","props":{"text":"Hi"}}
        {"id":2,"kind":"styled","op":"create","props":{"style":{"font":{"size":1e9}}}}
        {"id":1,"index":0,"op":"insert","parent":2}
        {"id":2,"index":0,"op":"insert","parent":0}
        {"op":"commit"}
        """
        let (run, image, _) = try Self.render(stream)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(image?.height == 852)
        let dir = try CLI.temporaryDirectory()
        let layout = try CLI.run(["layout", try CLI.write(stream, to: "font.jsonl", in: dir)])
        #expect(layout.status == 0)
        // A line of 10,000 points is 12,000 high (untracked: SF Pro has no tracking past 80 pt).
        #expect(layout.stdout.contains(#"{"frame":{"height":12000,"width":8574,"x":-4091,"y":-5562},"id":1,"kind":"text""#))
    }

    /// An SF Symbol at font size 1e15 took 2.66 GB; it is drawn at 10,000 points.
    @Test func aSymbolAtFontSize1e15DrawsAt10000Points() throws {
        let stream = """
        {"id":1,"kind":"image","op":"create","props":{"systemName":"star.fill"}}
        {"id":2,"kind":"styled","op":"create","props":{"style":{"font":{"size":1e15}}}}
        {"id":1,"index":0,"op":"insert","parent":2}
        {"id":2,"index":0,"op":"insert","parent":0}
        {"op":"commit"}
        """
        let (run, image, dir) = try Self.render(stream)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(image?.width == 393)
        // A square of the line height: 12,000 points.
        let layout = try CLI.run(["layout", dir.appendingPathComponent("limits.jsonl").path])
        #expect(layout.stdout.contains(#"{"frame":{"height":12000,"width":12000,"x":-5804,"y":-5562},"id":1,"kind":"image","label":"star.fill"}"#))
    }

    /// Fallback fonts (emoji, Arabic, Japanese) at a few thousandths of a point printed Pango
    /// criticals and failed with "cairo: invalid matrix" or "out of memory".
    @Test(arguments: ["0", "1e-300", "0.001", "-1e300"])
    func tinyAndNegativeFontSizesDrawWithoutErrors(size: String) throws {
        let stream = """
        {"id":1,"kind":"text","op":"create","props":{"text":"Hi 😀 مرحبا こんにちは"}}
        {"id":2,"kind":"styled","op":"create","props":{"style":{"font":{"size":\(size)}}}}
        {"id":3,"kind":"image","op":"create","props":{"systemName":"star.fill"}}
        {"id":4,"kind":"vstack","op":"create","props":{}}
        {"id":1,"index":0,"op":"insert","parent":4}
        {"id":3,"index":1,"op":"insert","parent":4}
        {"id":4,"index":0,"op":"insert","parent":2}
        {"id":2,"index":0,"op":"insert","parent":0}
        {"op":"commit"}
        """
        let (run, image, _) = try Self.render(stream, ["--format", "png,svg"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(image?.width == 393)
    }

    /// 10,000 points at scale 8 is 80,000 device pixels: FreeType failed ("error occurred in
    /// libfreetype") past 65,535. Such text is drawn from outlines made at a smaller size; at
    /// scale 8 (the scaled path) it covers the same points as at scale 6 (the direct path).
    @Test func textTooLargeForFreeTypeDrawsLikeAtASmallerScale() throws {
        let stream = """
        {"id":1,"kind":"text","op":"create","props":{"text":"Hg"}}
        {"id":2,"kind":"styled","op":"create","props":{"style":{"font":{"size":2500}}}}
        {"id":1,"index":0,"op":"insert","parent":2}
        {"id":2,"index":0,"op":"insert","parent":0}
        {"op":"commit"}
        """
        /// The first column, in points, where row 200 pt turns from ink to background.
        func inkEdge(scale: Int) throws -> Double? {
            let (run, image, _) = try Self.render(stream, ["--device", "400x400@1", "--scale", "\(scale)"])
            #expect(run.status == 0)
            #expect(run.stderr == "")
            let y = 200 * scale
            guard let image, Self.pixel(image, x: 0, y: y) == [0, 0, 0, 255] else { return nil }
            return (0..<image.width).first { Self.pixel(image, x: $0, y: y)?[0] == 255 }.map { Double($0) / Double(scale) }
        }
        let direct = try #require(try inkEdge(scale: 6))
        let scaled = try #require(try inkEdge(scale: 8))
        #expect(direct > 100 && direct < 300)
        #expect(abs(direct - scaled) <= 0.25)
        let (run, _, _) = try Self.render(stream.replacingOccurrences(of: "2500", with: "10000"), ["--device", "400x400@1", "--scale", "8"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
    }

    @Test func anEventIdOf1e300IsAnInputError() throws {
        let stream = """
        {"id":1,"kind":"text","op":"create","props":{"text":"Hi"}}
        {"id":1,"index":0,"op":"insert","parent":0}
        {"id":1e300,"op":"event","type":"tap"}
        {"op":"commit"}
        """
        let (run, image, dir) = try Self.render(stream)
        #expect(run.status == 1)
        #expect(run.stderr == "\(dir.path)/limits.jsonl:3: event: field \"id\" is 1e+300; ids and indexes must be below 10^15 in magnitude\n")
        #expect(image == nil)
    }

    // MARK: - The pixel budget

    static let hello = """
    {"id":1,"kind":"text","op":"create","props":{"text":"Hi"}}
    {"id":1,"index":0,"op":"insert","parent":0}
    {"op":"commit"}
    """

    /// A 32767 x 32767 canvas needed 10.3 GB and aborted under a memory cap.
    @Test func aCanvasOverThePixelBudgetIsRefusedBeforeAnythingIsWritten() throws {
        let (run, image, dir) = try Self.render(Self.hello, ["--device", "4000x4000@1", "--scale", "8"])
        #expect(run.status == 1)
        #expect(run.stderr == "\(dir.path)/limits.jsonl: the canvas is 32000x32000 pixels (1024000000); shotter handles at most 16777216 pixels (raise it with --max-pixels N)\n")
        #expect(image == nil)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("shots").path))
    }

    @Test func maxPixelsMovesTheBudget() throws {
        let device = ["--device", "200x100@1"]
        let (exact, image, _) = try Self.render(Self.hello, device + ["--max-pixels", "20000"])
        #expect(exact.status == 0)
        #expect(image?.width == 200)
        let (over, _, dir) = try Self.render(Self.hello, device + ["--max-pixels", "19999"])
        #expect(over.status == 1)
        #expect(over.stderr == "\(dir.path)/limits.jsonl: the canvas is 200x100 pixels (20000); shotter handles at most 19999 pixels (raise it with --max-pixels N)\n")
        let (svg, _, _) = try Self.render(Self.hello, device + ["--max-pixels", "1", "--format", "svg"])
        #expect(svg.status == 0, "an SVG has no pixels")
        let (bad, _, _) = try Self.render(Self.hello, ["--max-pixels", "0"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "shotter: --max-pixels takes a whole number of pixels from 1 (see `shotter render --help`)\n")
    }

    /// Only the header of a 32768 x 32768 PNG: `diff` refuses it from the header, before decoding.
    @Test func diffRefusesAnImageOverTheBudgetFromItsHeader() throws {
        let dir = try CLI.temporaryDirectory()
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
                               0, 0, 0x80, 0, 0, 0, 0x80, 0, 8, 6, 0, 0, 0]
        header += [0, 0, 0, 0]  // CRC, not checked
        let big = dir.appendingPathComponent("big.png")
        try Data(header).write(to: big)
        let small = dir.appendingPathComponent("small.png")
        try Data(try PNGEncoder.encode(rgba: [UInt8](repeating: 255, count: 16 * 4), width: 4, height: 4)).write(to: small)
        let diffImage = dir.appendingPathComponent("diff.png")

        let run = try CLI.run(["diff", small.path, big.path, "-o", diffImage.path])
        #expect(run.status == 1)
        #expect(run.stderr == "\(big.path): the image is 32768x32768 pixels (1073741824); shotter handles at most 16777216 pixels (raise it with --max-pixels N)\n")
        #expect(!FileManager.default.fileExists(atPath: diffImage.path))

        let over = try CLI.run(["diff", small.path, small.path, "--max-pixels", "15"])
        #expect(over.status == 1)
        #expect(over.stderr.hasPrefix("\(small.path): the image is 4x4 pixels (16); shotter handles at most 15 pixels"))
        let within = try CLI.run(["diff", small.path, small.path, "--max-pixels", "16"])
        #expect(within.status == 0)
    }

    @Test func shotterTestFailsASnapshotOverTheBudget() throws {
        let dir = try CLI.temporaryDirectory()
        _ = try CLI.write(#"{"streams": ["flows/*.jsonl"], "scale": 1}"#, to: "shotter.json", in: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("flows"), withIntermediateDirectories: true)
        _ = try CLI.write(Self.hello, to: "flows/Hi.jsonl", in: dir)
        let run = try CLI.run(["test", "--max-pixels", "1000"], in: dir)
        #expect(run.status == 1)
        #expect(run.stdout.contains("FAIL Hi/001.iphone15pro.large.light.png: the canvas is 393x852 pixels (334836); shotter handles at most 1000 pixels (raise it with --max-pixels N)\n"))
        #expect(run.stdout.hasSuffix("0 passed, 1 failed\n"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("__Snapshots__/Hi/001.iphone15pro.large.light.png").path))
    }
}
