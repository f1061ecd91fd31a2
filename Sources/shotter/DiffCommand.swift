import Foundation
import ImageDiff
import LayoutEngine
import RenderPipeline

/// `shotter diff A.png B.png`: pixelmatch's comparison of two images on their own.
enum DiffCommand {
    /// The tolerances, as `shotter test` and `shotter.json` take them.
    static let settings: [Setting] = [.threshold, .includeAA, .maxDiffPixels, .maxDiffRatio]

    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.diff); return 0 }
        let args = try Arguments(command: "diff", argv, settings: settings, valueOptions: ["--output", "--max-pixels"],
                                 aliases: ["-o": "--output"])
        guard args.positionals.count == 2 else { throw args.fail("expected two PNG files") }
        let tolerance = RenderOptions().applying(try args.optionValues(settings)).tolerance
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
        let (result, diffPNG) = try ImageComparison.compare(pngA: a, pngB: b, options: tolerance.diffOptions,
                                                            writeDiffImage: outputPath != nil)
        if let outputPath, let diffPNG {
            try RenderCommand.write(diffPNG, to: outputPath)
        }
        print(result.description)
        return result.passes(tolerance.limits) ? 0 : 1
    }
}
