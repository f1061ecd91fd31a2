import Foundation
import ImageDiff
import LayoutEngine
import SVGExport
import SnapshotRunner
import TextMeasure

/// `shotter render`: every selected commit x Dynamic Type size x color scheme x format.
/// The whole stream is validated before anything is written, so bad input leaves no files;
/// then each file is written as soon as it is rendered, so memory stays flat however many
/// commits a stream has.
enum RenderCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.render); return 0 }
        let args = try Arguments(command: "render", argv,
                                 valueOptions: ["--output", "--format", "--device", "--dynamic-type", "--scheme", "--commit", "--scale",
                                               "--max-pixels"],
                                 aliases: ["-o": "--output"])
        guard args.positionals.count == 1 else { throw args.fail("expected one INPUT") }
        let options = try RenderOptions(args, allowMany: true)
        let formats = try (args.value("--format") ?? "png").split(separator: ",").map { (s: Substring) throws(UsageError) -> ImageFormat in
            guard let f = ImageFormat(rawValue: String(s)) else { throw args.fail("unknown format \(MessageText.quoted(s)) (use png, svg or png,svg)") }
            return f
        }
        var scale = options.device.scale
        if let value = args.value("--scale") {
            guard let s = Double(value), s > 0, s <= 8 else { throw args.fail("--scale takes a number from 0 to 8") }
            scale = s
        }
        let outputDirectory = try args.outputDirectory("--output") ?? "shots"
        let pixelLimit = try args.pixelLimit()

        let input = try readInput(args.positionals[0])
        // Every PNG has the device's canvas: refused before anything is read further or written.
        if formats.contains(.png) {
            do { try pixelLimit.check(pixelSize(of: options.device.size, scale: scale), what: "the canvas") } catch {
                throw InputError(file: input.name, line: 0, message: error.description)
            }
        }
        let stream = try OpStream(file: input.name, bytes: input.bytes)
        let (commits, warnings) = try stream.validate()
        let selected = try options.selectCommits(commits, file: input.name)
        warnings.forEach { printError("warning: \($0)") }

        let renderer = try Screenshotter()
        renderer.pixelLimit = pixelLimit
        let streamName = Self.streamName(args.positionals[0])
        let wanted = Set(selected.map(\.number))
        let diagnostics = Diagnostics()
        var noted = false
        try stream.replay { commit, tree in
            guard wanted.contains(commit.number) else { return }
            let schemes = options.schemes(for: tree, noted: &noted)
            for size in options.sizes {
                for scheme in schemes {
                    let environment = RenderEnvironment(device: options.device, dynamicTypeSize: size, colorScheme: scheme)
                    let list = renderer.displayList(tree: tree, environment: environment, diagnostics: diagnostics)
                    for format in formats {
                        let name = fileName(commit: commit, environment: environment, format: format)
                        try OutputPaths.check("\(streamName)/\(name)", in: outputDirectory)
                        let path = "\(outputDirectory)/\(streamName)/\(name)"
                        try write(try renderer.encode(list, format: format, scale: scale), to: path)
                        print(path)
                    }
                }
            }
        }
        diagnostics.warnings.filter { !warnings.contains($0) }.forEach { printError("warning: \($0)") }
        return 0
    }

    /// `003-tap-Add.iphone15pro.large.dark.png`
    /// The name `shotter test` gives the same snapshot, so goldens and renders line up.
    static func fileName(commit: OpStream.Commit, environment: RenderEnvironment, format: ImageFormat) -> String {
        SnapshotName.base(commit: commit, environment: environment) + "." + format.rawValue
    }

    /// The input's file name without directory and extension; `stdin` for `-`.
    static func streamName(_ path: String) -> String {
        path == "-" ? "stdin" : SnapshotName.stream(path)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url, options: .atomic)
    }
}
