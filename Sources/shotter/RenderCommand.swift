import Foundation
import LayoutEngine
import SVGExport
import TextMeasure

/// `shotter render`: every selected commit x Dynamic Type size x color scheme x format.
/// The whole stream is validated before anything is written, so bad input leaves no files.
enum RenderCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.render); return 0 }
        let args = try Arguments(command: "render", argv,
                                 valueOptions: ["--output", "--format", "--device", "--dynamic-type", "--scheme", "--commit", "--scale"],
                                 aliases: ["-o": "--output"])
        guard args.positionals.count == 1 else { throw args.fail("expected one INPUT") }
        let options = try RenderOptions(args, allowMany: true)
        let formats = try (args.value("--format") ?? "png").split(separator: ",").map { (s: Substring) throws(UsageError) -> ImageFormat in
            guard let f = ImageFormat(rawValue: String(s)) else { throw args.fail("unknown format \"\(s)\" (use png, svg or png,svg)") }
            return f
        }
        var scale = options.device.scale
        if let value = args.value("--scale") {
            guard let s = Double(value), s > 0, s <= 8 else { throw args.fail("--scale takes a number from 0 to 8") }
            scale = s
        }
        let outputDirectory = args.value("--output") ?? "shots"

        let input = try readInput(args.positionals[0])
        let stream = try OpStream(file: input.name, bytes: input.bytes)
        let (commits, warnings) = try stream.validate()
        let selected = try options.selectCommits(commits, file: input.name)
        warnings.forEach { printError("warning: \($0)") }

        let renderer = try Screenshotter()
        let streamName = Self.streamName(args.positionals[0])
        let wanted = Set(selected.map(\.number))
        var files: [(path: String, bytes: [UInt8])] = []
        let diagnostics = Diagnostics()
        try stream.replay { commit, tree in
            guard wanted.contains(commit.number) else { return }
            for size in options.sizes {
                for scheme in options.schemes {
                    let environment = RenderEnvironment(device: options.device, dynamicTypeSize: size, colorScheme: scheme)
                    let list = renderer.displayList(tree: tree, environment: environment, diagnostics: diagnostics)
                    for format in formats {
                        let name = fileName(commit: commit, environment: environment, format: format)
                        let bytes = try renderer.encode(list, format: format, scale: scale)
                        files.append(("\(outputDirectory)/\(streamName)/\(name)", bytes))
                    }
                }
            }
        }
        diagnostics.warnings.filter { !warnings.contains($0) }.forEach { printError("warning: \($0)") }
        for file in files {
            try write(file.bytes, to: file.path)
            print(file.path)
        }
        return 0
    }

    /// `003-tap-Add.iphone15pro.large.dark.png`
    static func fileName(commit: OpStream.Commit, environment: RenderEnvironment, format: ImageFormat) -> String {
        var number = String(commit.number)
        while number.count < 3 { number = "0" + number }
        let label = commit.label.map { "-\($0)" } ?? ""
        return "\(number)\(label).\(environment.device.name).\(environment.dynamicTypeSize.rawValue).\(environment.colorScheme.rawValue).\(format.rawValue)"
    }

    /// The input's file name without directory and extension; `stdin` for `-`.
    static func streamName(_ path: String) -> String {
        guard path != "-" else { return "stdin" }
        let base = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        return String(base[..<dot])
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url, options: .atomic)
    }
}
