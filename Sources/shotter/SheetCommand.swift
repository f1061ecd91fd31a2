import Drawing
import LayoutEngine
import LayoutModel
import RenderPipeline
import SVGExport

/// `shotter sheet INPUT... -o FILE`: one commit of each input in every chosen variant, side by
/// side and captioned in one image (`ContactSheet`).
enum SheetCommand {
    /// Devices, sizes and schemes are lists here: a row per device, a column per size and scheme.
    static let settings: [Setting] = [.devices, .sizes, .schemes, .layoutDirections, .pseudolanguages, .legibilityWeights, .contrasts,
                                      .commits, .scale, .assets, .images]

    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--help") || argv.contains("-h") { print(Help.sheet); return 0 }
        let args = try Arguments(command: "sheet", argv, settings: settings,
                                 valueOptions: Set(["--output", "--max-pixels"]).union(DocumentationOptions.valueOptions),
                                 flagOptions: DocumentationOptions.flagOptions, aliases: ["-o": "--output"])
        guard !args.positionals.isEmpty else { throw args.fail("expected at least one INPUT") }
        guard let output = try args.outputFile("--output") else { throw args.fail("-o FILE is required: the sheet's PNG or SVG") }
        let options = RenderOptions().applying(try args.optionValues(settings, single: [.commits]))
        let documentation = try DocumentationOptions(args)
        let renderer = try Screenshotter()
        renderer.pixelLimit = try args.pixelLimit()

        var rows: [[ContactSheet.Cell]] = []
        for path in args.positionals {
            let input = try readInput(path)
            let session = try RenderSession.forDrawing(file: input.name, bytes: input.bytes)
            session.warnings(for: options).forEach { printError("warning: \($0)") }
            // Scenes come device by device (`RenderOptions.environments`): one row each.
            var row: [ContactSheet.Cell] = []
            var rowDevice: String?
            try session.scenes(options, note: printNote) { scene in
                let environment = scene.environment
                if rowDevice != environment.device.name, !row.isEmpty { rows.append(row); row = [] }
                rowDevice = environment.device.name
                let frame = try renderer.frame(scene, documentation: documentation)
                let caption = (args.positionals.count > 1 ? [RenderCommand.streamName(path)] : [])
                    + [environment.device.name, environment.dynamicTypeSize.rawValue, environment.colorScheme.rawValue]
                    + environment.axisNames
                row.append(ContactSheet.Cell(list: frame.displayList, caption: caption.joined(separator: " · ")))
            }
            if !row.isEmpty { rows.append(row) }
        }
        let sheet = ContactSheet.compose(rows, measurer: renderer.measurer,
                                         background: documentation.transparent ? nil : RGBA(hex: 0xFFFFFF))
        let format: ImageFormat = output.hasSuffix(".svg") ? .svg : .png
        let bytes: [UInt8]
        do {
            bytes = try renderer.encode(sheet, format: format, scale: options.scale ?? 2)
        } catch let error as DrawingError {
            throw InputError(file: args.positionals[0], line: error.line, op: "draw", message: error.message)
        } catch {
            throw InputError(file: output, line: 0, message: "\(error)")
        }
        try RenderCommand.write(bytes, to: output)
        print(output)
        return 0
    }
}
