import Drawing
import LayoutEngine
import LayoutModel
import RenderPipeline
import SVGExport

/// `shotter sheet INPUT... -o FILE`: one commit of each input in every chosen variant, side by
/// side and captioned in one image (`ContactSheet`).
enum SheetCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.sheet); return 0 }
        // `--device` takes a list here, one row per device; RenderOptions reads one.
        var deviceList: String?
        var rest: [String] = []
        var i = 0
        while i < argv.count {
            if argv[i] == "--device", i + 1 < argv.count { deviceList = argv[i + 1]; i += 2; continue }
            if argv[i].hasPrefix("--device=") { deviceList = String(argv[i].dropFirst("--device=".count)); i += 1; continue }
            rest.append(argv[i]); i += 1
        }
        let args = try Arguments(command: "sheet", rest,
                                 valueOptions: Set(["--output", "--dynamic-type", "--scheme", "--commit", "--scale", "--max-pixels"])
                                     .union(DocumentationOptions.valueOptions),
                                 flagOptions: DocumentationOptions.flagOptions, aliases: ["-o": "--output"])
        guard !args.positionals.isEmpty else { throw args.fail("expected at least one INPUT") }
        guard let output = try args.outputFile("--output") else { throw args.fail("-o FILE is required: the sheet's PNG or SVG") }
        let devices = try (deviceList ?? Device.default.name).split(separator: ",").map { (name: Substring) throws(UsageError) -> Device in
            guard let device = Device.named(String(name)) else {
                throw args.fail("unknown device \(MessageText.quoted(name)) (use \(Help.deviceNames) or WIDTHxHEIGHT@SCALE)")
            }
            return device
        }
        guard !devices.isEmpty else { throw args.fail("--device needs a device") }
        let options = try RenderOptions(args, allowMany: true)
        if options.commit == .all { throw args.fail("--commit takes one commit here (a number or last)") }
        let documentation = try DocumentationOptions(args)
        var scale = 2.0
        if let value = args.value("--scale") {
            guard let s = Double(value), s > 0, s <= 8 else { throw args.fail("--scale takes a number from 0 to 8") }
            scale = s
        }
        let renderer = try Screenshotter()
        renderer.pixelLimit = try args.pixelLimit()

        var rows: [[ContactSheet.Cell]] = []
        for path in args.positionals {
            let input = try readInput(path)
            let stream = try OpStream(file: input.name, bytes: input.bytes)
            let (commits, warnings, lastTree) = try stream.validateKeepingLastTree()
            let wanted = try options.selectCommits(commits, file: input.name)[0]
            warnings.forEach { printError("warning: \($0)") }
            var tree = wanted == commits.last ? lastTree : nil
            if tree == nil { try stream.replay { commit, t in if commit.number == wanted.number { tree = t } } }
            guard let tree else { throw InputError(file: input.name, line: 0, message: "commit \(wanted.number) was not reached") }
            var noted = false
            for device in devices {
                var row: [ContactSheet.Cell] = []
                for size in options.sizes {
                    for scheme in options.schemes(for: tree, noted: &noted) {
                        let environment = RenderEnvironment(device: device, dynamicTypeSize: size, colorScheme: scheme)
                        let list: DisplayList
                        do {
                            list = try renderer.displayList(tree: tree, environment: environment, diagnostics: Diagnostics(),
                                                            options: documentation)
                        } catch {
                            throw InputError(file: input.name, line: 0, message: "commit \(wanted.number): \(error.message)")
                        }
                        let caption = (args.positionals.count > 1 ? [RenderCommand.streamName(path)] : [])
                            + [device.name, size.rawValue, scheme.rawValue]
                        row.append(ContactSheet.Cell(list: list, caption: caption.joined(separator: " · ")))
                    }
                }
                rows.append(row)
            }
        }
        let sheet = ContactSheet.compose(rows, measurer: renderer.measurer,
                                         background: documentation.transparent ? nil : RGBA(hex: 0xFFFFFF))
        let format: ImageFormat = output.hasSuffix(".svg") ? .svg : .png
        try RenderCommand.write(try RenderCommand.encode(sheet, format: format, scale: scale, renderer: renderer, path: output,
                                                         file: args.positionals[0]), to: output)
        print(output)
        return 0
    }
}
