import Assets
import Drawing
import LayoutModel

/// The `bitmap` image form: an `imagedata` key (nil for an empty `UIImage()`), the Core Image
/// steps to run on it and the result's size in pixels.
public struct BitmapRecipe: Hashable, Sendable {
    public var source: String?
    public var steps: [ImageStep]
    public var width: Int, height: Int
}

/// The image forms beyond SF Symbols (spec Phase 5 "image props", "Bitmaps and Core Image",
/// the remote `url` form): what they decode to, the size each reports and what each draws.
/// `ImageFamily` (Leaves.swift) hands every form but `systemName` to these.
enum ImageForms {
    static let props: Set<String> = ["name", "resizable", "url", "width", "height", "bitmap", "interpolation"]

    /// Reads the catalog, remote and bitmap fields of `props`.
    static func decode(_ r: PropReader, into props: inout ImageProps) throws(PropError) {
        props.resizable = try r.bool("resizable") ?? false
        props.url = try r.string("url")
        props.size = try size(r)
        props.smooth = try r.string("interpolation") != "none"
        if let b = try r.object("bitmap") {
            b.warnUnknown(["source", "steps", "width", "height"], what: "bitmap field")
            let width = try pixels(b, "width"), height = try pixels(b, "height")
            props.bitmap = BitmapRecipe(source: try b.string("source"), steps: try steps(b), width: width, height: height)
            props.size = props.size ?? Size(width: Double(width), height: Double(height))
        }
    }

    private static func size(_ r: PropReader) throws(PropError) -> Size? {
        guard let w = try r.number("width"), let h = try r.number("height") else { return nil }
        guard w.isFinite, h.isFinite, w >= 0, h >= 0 else {
            throw PropError(message: "\(r.path).width and height must be finite and not negative")
        }
        return Size(width: w, height: h)
    }

    private static func pixels(_ r: PropReader, _ key: String) throws(PropError) -> Int {
        let n = try r.number(key) ?? 0
        guard n >= 0, n <= 65_535, n == n.rounded() else {
            throw PropError(message: "\(r.path).\(key) must be a whole number of pixels from 0 to 65535")
        }
        return Int(n)
    }

    /// The recipe's steps; a step the renderer does not know is skipped with a warning.
    private static func steps(_ b: PropReader) throws(PropError) -> [ImageStep] {
        guard let v = b.value("steps") else { return [] }
        guard case .array(let items) = v else { throw PropError(message: "\(b.path).steps must be an array, got \(v.typeName)") }
        var out: [ImageStep] = []
        for (i, item) in items.enumerated() {
            let s = try PropReader(item, path: "\(b.path).steps[\(i)]", diagnostics: b.diagnostics)
            func number(_ key: String, _ fallback: Double) throws(PropError) -> Double {
                let n = try s.number(key) ?? fallback
                guard n.isFinite else { throw PropError(message: "\(s.path).\(key) must be finite") }
                return n
            }
            func center() throws(PropError) -> Point {
                guard let v = s.value("center") else { return Point(x: 150, y: 150) }
                guard case .array(let xy) = v, xy.count == 2, case .number(let x) = xy[0], case .number(let y) = xy[1],
                      x.isFinite, y.isFinite else {
                    throw PropError(message: "\(s.path).center must be [x, y]")
                }
                return Point(x: x, y: y)
            }
            switch try s.string("op") {
            case "sepiaTone": out.append(.sepiaTone(intensity: try number("intensity", 1)))
            case "gaussianBlur": out.append(.gaussianBlur(radius: try number("radius", 10)))
            case "pixellate": out.append(.pixellate(center: try center(), scale: try number("scale", 8)))
            case "crystallize": out.append(.crystallize(center: try center(), radius: try number("radius", 20)))
            case "edges": out.append(.edges(intensity: try number("intensity", 1)))
            case "unsharpMask": out.append(.unsharpMask(radius: try number("radius", 2.5), intensity: try number("intensity", 0.5)))
            case "vignette": out.append(.vignette(intensity: try number("intensity", 0), radius: try number("radius", 1)))
            case "render":
                out.append(.crop(Rect(x: try number("x", 0), y: try number("y", 0),
                                      width: try number("width", 0), height: try number("height", 0))))
            case let name:
                b.diagnostics.warn("unknown Core Image step \(MessageText.quoted(name ?? "(none)")) skipped")
            }
        }
        return out
    }

    /// Whether the image is sized and drawn as a symbol: an SF Symbol or a catalog symbol.
    static func isSymbol(_ props: ImageProps, _ catalog: AssetCatalog) -> Bool {
        props.systemName != nil || props.name.flatMap { catalog.images[$0] }?.kind == .symbol
    }

    /// The size a picture form reports: its intrinsic size in points, or with `resizable`
    /// the proposal on each axis it gives (Infinity passes through); 44 × 44 for a catalog
    /// name the catalog lacks.
    static func sizeThatFits(_ props: ImageProps, _ p: ProposedSize, _ catalog: AssetCatalog) -> Size {
        let intrinsic: Size
        if let name = props.name {
            guard let image = catalog.images[name] else { return Size(width: 44, height: 44) }
            intrinsic = image.size
        } else {
            intrinsic = props.size ?? .zero
        }
        guard props.resizable else { return intrinsic }
        return Size(width: p.width ?? intrinsic.width, height: p.height ?? intrinsic.height)
    }

    /// Draws a picture form into `frame`.
    static func paint(_ props: ImageProps, in frame: Rect, _ painter: inout Painter, _ state: Painter.State) {
        let env = painter.layout.environment
        let line = painter.diagnostics.line > 0 ? "stream line \(painter.diagnostics.line): " : ""
        if let name = props.name {
            guard let image = env.catalog.images[name] else {
                painter.diagnostics.warn(once: "image " + name,
                                         "\(line)the asset catalog has no image \(MessageText.quoted(name)); drawn as a placeholder")
                painter.paintPlaceholder(label: nil, frame)
                return
            }
            painter.append(.image(ImageItem(content: .file(path: image.file), rect: frame, smooth: props.smooth)))
        } else if let url = props.url {
            guard let file = env.remoteImages.file(for: url) else {
                painter.diagnostics.warn(once: "url " + url, "\(line)no local file for image URL \(MessageText.quoted(url)) "
                                         + "(--images): drawn as a loading placeholder")
                paintLoading(frame, &painter)
                return
            }
            painter.append(.image(ImageItem(content: .file(path: file), rect: frame, smooth: props.smooth)))
        } else if let recipe = props.bitmap, let key = recipe.source {
            guard let source = painter.tree.bitmaps[key] else {
                painter.diagnostics.warn(once: "bitmap " + key,
                                         "\(line)no imagedata op sent bitmap source \(MessageText.quoted(key)); drawn as a placeholder")
                painter.paintPlaceholder(label: nil, frame)
                return
            }
            let content = ImageContent.bitmap(source, steps: recipe.steps, width: recipe.width, height: recipe.height)
            painter.append(.image(ImageItem(content: content, rect: frame, smooth: props.smooth)))
        }
    }

    /// An image still loading: a neutral fill with a photo glyph, as AsyncImage's default
    /// placeholder is a plain gray box.
    private static func paintLoading(_ frame: Rect, _ painter: inout Painter) {
        painter.append(.fill(.rect, frame, .solid(painter.palette.tertiarySystemFill)))
        let side = min(28, min(frame.width, frame.height) / 2)
        guard side >= 8 else { return }
        let glyph = Rect(x: frame.midX - side / 2, y: frame.midY - side / 2, width: side, height: side)
        painter.append(.symbol(name: "image", rect: glyph, color: painter.palette.tertiaryLabel, strokeWidth: 2))
    }

    /// A catalog symbol: its template image in the foreground color, in the em square an SF
    /// Symbol would take.
    static func paintSymbol(_ image: CatalogImage, in rect: Rect, _ painter: inout Painter, _ state: Painter.State) {
        let aspect = image.size.width > 0 && image.size.height > 0 ? image.size.width / image.size.height : 1
        let size = aspect >= 1 ? Size(width: rect.width, height: rect.height / aspect) : Size(width: rect.width * aspect, height: rect.height)
        let fitted = Rect(x: rect.midX - size.width / 2, y: rect.midY - size.height / 2, width: size.width, height: size.height)
        painter.append(.image(ImageItem(content: .file(path: image.file), rect: fitted, template: state.foreground)))
    }
}
