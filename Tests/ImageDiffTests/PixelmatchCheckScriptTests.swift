import Foundation
import ImageDiff
import Testing

/// The checking half of scripts/bench-diff.sh, scripts/pixelmatch-check.py, on small images:
/// it must read every PNG our encoder writes (and any row filter), agree with our counts, and
/// fail loudly, never pass, when a count is wrong or it cannot read a file. It once stopped
/// working unnoticed when the encoder started writing RGB.
@Suite struct PixelmatchCheckScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/pixelmatch-check.py")

    struct Run {
        var status: Int32, stdout: String, stderr: String
        /// The words of each line printed, to look up the table rows.
        var rows: [[String]] { stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) } }
    }

    static func check(_ pngA: [UInt8], _ pngB: [UInt8], counts: [Int]) throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pixelmatch-check-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = directory.appendingPathComponent("a.png"), b = directory.appendingPathComponent("b.png")
        try Data(pngA).write(to: a)
        try Data(pngB).write(to: b)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, a.path, b.path] + counts.map(String.init)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Our counts with includeAA false and true at the default threshold.
    static func ourCounts(_ pngA: [UInt8], _ pngB: [UInt8]) throws -> [Int] {
        try [false, true].map { includeAA in
            try ImageComparison.compare(pngA: pngA, pngB: pngB, options: DiffOptions(includeAA: includeAA)).0.differingPixels
        }
    }

    /// The same pixels through PNGBuilder: every row filter in turn, IDAT split in small chunks.
    static func filteredPNG(_ image: RGBAImage, colorType: Int) -> [UInt8] {
        var builder = PNGBuilder(width: image.width, height: image.height, bitDepth: 8, colorType: colorType)
        let channels = colorType == 6 ? 4 : 3
        builder.samples = (0..<image.width * image.height).map { pixel in
            (0..<channels).map { Int(image.pixels[pixel * 4 + $0]) }
        }
        return builder.build()
    }

    /// The disc scene is opaque (the encoder writes RGB), the text scene is not (RGBA); the
    /// counts are pixelmatch's own from CrossCheckTests, at threshold 0.1.
    @Test(arguments: [("disc", 2, [15, 62]), ("text", 6, [26, 40])])
    func countsOfEveryPNGWeWriteAreConfirmed(scene: String, colorType: Int, expected: [Int]) throws {
        let (a, b) = CrossCheckTests.scene(scene)
        let encoded = (try a.pngData(), try b.pngData())
        #expect(encoded.0[25] == UInt8(colorType), "color type in IHDR")
        let filtered = (Self.filteredPNG(a, colorType: colorType), Self.filteredPNG(b, colorType: colorType))
        for (pngA, pngB) in [encoded, filtered] {
            let counts = try Self.ourCounts(pngA, pngB)
            #expect(counts == expected)
            let run = try Self.check(pngA, pngB, counts: counts)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.rows.contains(["false", "\(expected[0])", "\(expected[0])", "same"]))
            #expect(run.rows.contains(["true", "\(expected[1])", "\(expected[1])", "same"]))
        }
    }

    @Test func aWrongCountFails() throws {
        let (a, b) = CrossCheckTests.scene("disc")
        let run = try Self.check(try a.pngData(), try b.pngData(), counts: [15, 61])
        #expect(run.status == 1)
        #expect(run.rows.contains(["false", "15", "15", "same"]))
        #expect(run.rows.contains(["true", "61", "62", "MISMATCH"]))
    }

    @Test func aPNGItCannotReadIsNoPass() throws {
        let sixteenBit = PNGBuilder(width: 4, height: 3, bitDepth: 16, colorType: 6).build()
        var run = try Self.check(sixteenBit, sixteenBit, counts: [0, 0])
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot check: ") && run.stderr.contains("unsupported PNG (bit depth 16, color type 6"))
        run = try Self.check(Array("not a png".utf8), sixteenBit, counts: [0, 0])
        #expect(run.status == 2)
        #expect(run.stderr.contains("not a PNG file"))
    }
}
