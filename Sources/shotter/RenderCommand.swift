import Foundation
import LayoutEngine
import SnapshotRunner
import RenderPipeline
import SVGExport

/// `shotter render`: every selected commit x Dynamic Type size x color scheme x format.
/// The whole stream is validated before anything is written, so bad input leaves no files.
/// Commits render on `--jobs` threads (`RenderSession.render`); each file is staged on disk as
/// soon as it is rendered (so memory stays flat however many commits a stream has) and moved
/// into place only when the whole run succeeded: a failure leaves no file of the run
/// (`OutputFiles`).
enum RenderCommand {
    static let settings: [Setting] = [.devices, .sizes, .schemes, .layoutDirections, .pseudolanguages, .legibilityWeights, .contrasts,
                                      .commits, .formats, .scale, .assets, .images]

    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.render); return 0 }
        let args = try Arguments(command: "render", argv, settings: settings,
                                 valueOptions: Set(["--output", "--jobs", "--max-pixels"]).union(DocumentationOptions.valueOptions),
                                 flagOptions: DocumentationOptions.flagOptions, aliases: ["-o": "--output"])
        guard args.positionals.count == 1 else { throw args.fail("expected one INPUT") }
        let options = RenderOptions().applying(try args.optionValues(settings, single: [.devices]))
        let documentation = try DocumentationOptions(args)
        let device = options.devices[0]
        let scale = options.scale(for: device)
        let jobs = try args.jobs()
        let outputDirectory = try args.outputDirectory("--output") ?? "shots"
        let pixelLimit = try args.pixelLimit()

        RenderSession.warmMeasurerInBackground(for: options.environments.first)
        let input = try readInput(args.positionals[0])
        // Every PNG has the device's canvas: refused before anything is read further or written.
        if options.formats.contains(.png) {
            do { try pixelLimit.check(pixelSize(of: device.size, scale: scale), what: "the canvas") } catch {
                throw InputError(file: input.name, line: 0, message: error.description)
            }
        }
        let session = try RenderSession.forDrawing(file: input.name, bytes: input.bytes, warmingFontsFor: options.environments.first)
        let sceneCount = try session.sceneCount(options)
        session.warnings(for: options).forEach { printError("warning: \($0)") }

        let streamName = Self.streamName(args.positionals[0])
        let files = OutputFiles()
        let progress = ProgressLine(label: "render", total: sceneCount * options.formats.count)
        let run: RenderRun<[String]>
        do {
            run = try session.render(options, jobs: jobs, pixelLimit: pixelLimit, documentation: documentation, note: printNote) { frame, renderer in
                try options.formats.map { format in
                    let name = "\(streamName)/\(fileName(commit: frame.commit, environment: frame.environment, format: format))"
                    try OutputPaths.check(name, in: outputDirectory)
                    let path = "\(outputDirectory)/\(name)"
                    try files.stage(try encode(frame, format: format, scale: scale, renderer: renderer, path: path), at: path)
                    progress.advance()
                    return path
                }
            }
        } catch {
            progress.finish()
            files.discard()
            throw error
        }
        progress.finish()
        try files.commit()
        run.results.joined().forEach { print($0) }
        run.warnings.forEach { printError("warning: \($0)") }
        return 0
    }

    /// One file's bytes. A drawing failure is an input error at the stream line of the element
    /// being drawn (`Screenshotter.encode`); any other failure (an image too large) is one line
    /// naming the output path.
    static func encode(_ frame: Frame, format: ImageFormat, scale: Double, renderer: Screenshotter, path: String) throws -> [UInt8] {
        do {
            return try renderer.encode(frame, format: format, scale: scale)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: path, line: 0, message: "\(error)")
        }
    }

    /// `003-tap-Add.iphone15pro.large.dark.png`
    /// The name `shotter test` gives the same snapshot, so goldens and renders line up.
    static func fileName(commit: OpStream.Commit, environment: RenderEnvironment, format: ImageFormat) -> String {
        SnapshotName.base(commit: commit, environment: environment) + "." + format.fileExtension
    }

    /// The input's file name without directory and extension; `stdin` for `-`.
    static func streamName(_ path: String) -> String {
        path == "-" ? "stdin" : SnapshotName.stream(path)
    }

    /// Writes one file, all or nothing; a failure is one line naming the path.
    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let files = OutputFiles()
        try files.stage(bytes, at: path)
        try files.commit()
    }
}
