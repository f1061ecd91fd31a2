import Foundation
import LayoutEngine
import SVGExport
import SnapshotRunner
import Drawing
import LayoutModel
import RenderPipeline
import TextMeasure

/// `shotter render`: every selected commit x Dynamic Type size x color scheme x format.
/// The whole stream is validated before anything is written, so bad input leaves no files.
/// Commits render on `--jobs` threads; each file is staged on disk as soon as it is rendered (so
/// memory stays flat however many commits a stream has) and moved into place only when the
/// whole run succeeded: a failure leaves no file of the run (`OutputFiles`).
enum RenderCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.render); return 0 }
        let args = try Arguments(command: "render", argv,
                                 valueOptions: ["--output", "--format", "--device", "--dynamic-type", "--scheme", "--commit", "--scale", "--jobs", "--assets", "--images",
                                               "--max-pixels"],
                                 aliases: ["-o": "--output"])
        guard args.positionals.count == 1 else { throw args.fail("expected one INPUT") }
        let options = try RenderOptions(args, allowMany: true)
        let formats = try (args.value("--format") ?? "png").split(separator: ",").map { (s: Substring) throws(UsageError) -> ImageFormat in
            guard let f = ImageFormat(rawValue: String(s)) else { throw args.fail("unknown format \(MessageText.quoted(s)) (use png, svg or png,svg)") }
            return f
        }
        let scale = try Self.scale(args, device: options.device)
        let jobs = try Self.jobs(args)
        let outputDirectory = try args.outputDirectory("--output") ?? "shots"
        let pixelLimit = try args.pixelLimit()

        // Fontconfig scans the pinned font files while the stream is read and validated.
        DispatchQueue.global().async { _ = try? PangoTextMeasurer.checkFonts() }
        let input = try readInput(args.positionals[0])
        // Every PNG has the device's canvas: refused before anything is read further or written.
        if formats.contains(.png) {
            do { try pixelLimit.check(pixelSize(of: options.device.size, scale: scale), what: "the canvas") } catch {
                throw InputError(file: input.name, line: 0, message: error.description)
            }
        }
        let stream = try OpStream(file: input.name, bytes: input.bytes)
        let (commits, warnings, lastTree) = try stream.validateKeepingLastTree()
        let selected = try options.selectCommits(commits, file: input.name)
        warnings.forEach { printError("warning: \($0)") }

        let streamName = Self.streamName(args.positionals[0])
        let wanted = Set(selected.map(\.number))
        // The stream's own color scheme replaces the default one, so this count is exact.
        let jobCount = selected.count * options.sizes.count * options.schemes.count
        // One renderer per worker (Pango is not thread-safe); made up front so missing fonts
        // or icons fail before any work.
        let renderers = try (0..<min(jobs, jobCount)).map { _ in
            let renderer = try Screenshotter()
            renderer.pixelLimit = pixelLimit
            return HandedOver(renderer)
        }
        let files = OutputFiles()
        let queue = RenderQueue(capacity: 2 * renderers.count)
        let progress = ProgressLine(label: "render", total: jobCount * formats.count)
        let workers = DispatchGroup()
        for handedOver in renderers {
            workers.enter()
            let thread = Thread {
                let renderer = handedOver.value
                defer { workers.leave() }
                while let job = queue.take() {
                    do {
                        let diagnostics = Diagnostics()
                        let list = renderer.displayList(tree: job.tree, environment: job.environment, diagnostics: diagnostics)
                        var paths: [String] = []
                        for format in formats {
                            let name = "\(streamName)/\(fileName(commit: job.commit, environment: job.environment, format: format))"
                            try OutputPaths.check(name, in: outputDirectory)
                            let path = "\(outputDirectory)/\(name)"
                            try files.stage(try encode(list, format: format, scale: scale, renderer: renderer, path: path,
                                                       file: input.name), at: path)
                            paths.append(path)
                            progress.advance()
                        }
                        queue.finish(job, paths: paths, warnings: diagnostics.warnings)
                    } catch {
                        queue.fail(job, error)
                    }
                }
            }
            thread.stackSize = ElementTree.threadStackSize
            thread.start()
        }

        struct Stopped: Error {}
        var noted = false
        var index = 0
        func enqueue(_ commit: OpStream.Commit, _ tree: ElementTree) throws {
            for size in options.sizes {
                for scheme in options.schemes(for: tree, noted: &noted) {
                    let environment = options.environment(size: size, scheme: scheme)
                    guard queue.put(RenderJob(index: index, commit: commit, tree: tree, environment: environment)) else { throw Stopped() }
                    index += 1
                }
            }
        }
        do {
            // Only the last commit (the default): validating built its tree already.
            if let lastTree, let last = commits.last, selected == [last] {
                try enqueue(last, lastTree)
            } else {
                try stream.replay { commit, tree in
                    if wanted.contains(commit.number) { try enqueue(commit, tree) }
                }
            }
        } catch is Stopped {}
        queue.close()
        workers.wait()
        progress.finish()

        if let failure = queue.failure {
            files.discard()
            throw failure
        }
        try files.commit()
        let results = queue.results
        results.paths.forEach { print($0) }
        var printed = Set(warnings)
        for warning in results.warnings where printed.insert(warning).inserted { printError("warning: \(warning)") }
        return 0
    }

    /// A renderer made on the main thread and from then on used only by the one worker it is
    /// handed to.
    struct HandedOver: @unchecked Sendable {
        let value: Screenshotter
        init(_ value: Screenshotter) { self.value = value }
    }

    /// `--scale N`: pixels per point, the device's by default.
    static func scale(_ args: Arguments, device: Device) throws(UsageError) -> Double {
        guard let value = args.value("--scale") else { return device.scale }
        guard let s = Double(value), s > 0, s <= 8 else { throw args.fail("--scale takes a number from 0 to 8") }
        return s
    }

    /// `--jobs N`: render threads, 1 to 256; the number of cores by default.
    static func jobs(_ args: Arguments) throws(UsageError) -> Int {
        guard let value = args.value("--jobs") else { return ProcessInfo.processInfo.activeProcessorCount }
        guard let n = Int(value), n >= 1, n <= 256 else { throw args.fail("--jobs takes a number from 1 to 256") }
        return n
    }

    /// One file's bytes. A drawing failure becomes an input error at the stream line of the
    /// element being drawn; any other failure (an image too large) is one line naming the
    /// output path.
    static func encode(_ list: DisplayList, format: ImageFormat, scale: Double, renderer: Screenshotter,
                       path: String, file: String) throws -> [UInt8] {
        do {
            return try renderer.encode(list, format: format, scale: scale)
        } catch let error as DrawingError {
            throw InputError(file: file, line: error.line, op: "draw", message: error.message)
        } catch {
            throw InputError(file: path, line: 0, message: "\(error)")
        }
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

    /// Writes one file, all or nothing; a failure is one line naming the path.
    static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        let files = OutputFiles()
        try files.stage(bytes, at: path)
        try files.commit()
    }
}
