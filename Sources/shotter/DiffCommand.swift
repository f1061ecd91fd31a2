import Foundation
import ImageDiff
import LayoutEngine

/// `shotter diff A.png B.png`: pixelmatch's comparison of two images on their own.
enum DiffCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.diff); return 0 }
        let args = try Arguments(command: "diff", argv,
                                 valueOptions: ["--output", "--threshold", "--max-diff-pixels", "--max-diff-ratio", "--max-pixels"],
                                 flagOptions: ["--include-aa"], aliases: ["-o": "--output"])
        guard args.positionals.count == 2 else { throw args.fail("expected two PNG files") }
        var options = DiffOptions()
        if let t = args.value("--threshold") {
            guard let v = Double(t), (0...1).contains(v) else { throw args.fail("--threshold takes a number from 0 to 1") }
            options.threshold = v
        }
        options.includeAA = args.has("--include-aa")
        var tolerance = DiffTolerance.exact
        if let n = args.value("--max-diff-pixels") {
            guard let v = Int(n), v >= 0 else { throw args.fail("--max-diff-pixels takes a whole number") }
            tolerance.maxDiffPixels = v
        }
        if let r = args.value("--max-diff-ratio") {
            guard let v = Double(r), (0...1).contains(v) else { throw args.fail("--max-diff-ratio takes a number from 0 to 1") }
            tolerance.maxDiffRatio = v
            if args.value("--max-diff-pixels") == nil { tolerance.maxDiffPixels = nil }
        }
        let pixelLimit = try args.pixelLimit()
        let outputPath = try args.outputFile("--output")
        let a = try readInput(args.positionals[0]).bytes
        let b = try readInput(args.positionals[1]).bytes
        // Sizes come from the headers: an image over the budget is refused before decoding.
        for (path, bytes) in zip(args.positionals, [a, b]) {
            guard let size = try? PNGDecoder.size(of: bytes) else { continue } // the comparison says what is wrong
            do { try pixelLimit.check(size, what: "the image") } catch {
                throw InputError(file: path, line: 0, message: error.description)
            }
        }
        let (result, diffPNG) = try ImageComparison.compare(pngA: a, pngB: b, options: options,
                                                            writeDiffImage: outputPath != nil)
        if let outputPath, let diffPNG {
            try RenderCommand.write(diffPNG, to: outputPath)
        }
        print(result.description)
        return result.passes(tolerance) ? 0 : 1
    }
}
