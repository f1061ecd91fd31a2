import RenderPipeline

/// `--crop ID|@identifier`, `--margin N`, `--background transparent|screen`, `--frame`: the flags of
/// `shotter render` and `shotter sheet` for documentation images.
extension DocumentationOptions {
    static let valueOptions: Set<String> = ["--crop", "--margin", "--background"]
    static let flagOptions: Set<String> = ["--frame"]

    init(_ args: Arguments) throws(UsageError) {
        self.init()
        if let value = args.value("--crop") {
            if value.hasPrefix("@"), value.count > 1 {
                crop = .identifier(String(value.dropFirst()))
            } else if let id = Int(value), id >= 0 {
                crop = .element(id)
            } else {
                throw args.fail("--crop takes an element id or @identifier (shotter layout lists both)")
            }
        }
        if let value = args.value("--margin") {
            guard crop != nil else { throw args.fail("--margin goes with --crop") }
            guard let points = Double(value), points >= 0, points <= 1000 else { throw args.fail("--margin takes points from 0 to 1000") }
            margin = points
        }
        switch args.value("--background") {
        case nil, "screen": break
        case "transparent": transparent = true
        default: throw args.fail("--background takes transparent or screen")
        }
        frame = args.has("--frame")
        if frame && crop != nil { throw args.fail("--frame draws a whole screen: not with --crop") }
    }
}
