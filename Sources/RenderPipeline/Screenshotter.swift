import Drawing
import ImageDiff
import LayoutEngine
import LayoutModel
import SVGExport
import TextMeasure

/// What a frame is written as: an image, or its layout report (`shotter layout`'s JSON),
/// which `shotter test` checks like an image and `shotter render` writes beside them.
public enum ImageFormat: String, CaseIterable, Sendable {
    case png, svg, layout

    /// The file's extension after the snapshot's base name.
    public var fileExtension: String { self == .layout ? "layout.json" : rawValue }
}

/// A layout report asked of a display list, which no longer knows the frame it was painted from.
public struct LayoutFromDisplayList: Error, CustomStringConvertible {
    public var description: String { "a layout report is made from a frame, not a display list" }
}

/// The pipeline's stages for one thread: a scene in, its layout, display list and image bytes
/// out. Owns one Pango measurer and the painter that shares its fonts (neither is
/// thread-safe, so parallel renders each make their own Screenshotter).
public final class Screenshotter {
    public let measurer: PangoTextMeasurer
    private let text: PangoTextDrawing
    private let icons: IconLibrary
    /// The pixel budget of a PNG; a larger canvas throws `PixelLimit.Exceeded`.
    public var pixelLimit = PixelLimit()
    /// Whether a large PNG may be drawn in two bands at once (same pixels): set when a core
    /// would otherwise wait.
    public var banding = Banding.none

    /// Fails with a message naming what is missing (a font file, the icon set). The first one
    /// takes the measurer `RenderSession.warmMeasurerInBackground` warmed, if any.
    public init(icons: IconLibrary = .standard) throws {
        measurer = try MeasurerWarming.take() ?? PangoTextMeasurer()
        text = PangoTextDrawing(painter: PangoTextPainter(measurer: measurer))
        try icons.checkInstalled()
        self.icons = icons
    }

    public func layout(tree: ElementTree, environment: RenderEnvironment) -> LayoutResult {
        LayoutPass.run(tree: tree, environment: environment, measurer: measurer)
    }

    public func displayList(tree: ElementTree, environment: RenderEnvironment, diagnostics: Diagnostics) -> DisplayList {
        let result = layout(tree: tree, environment: environment)
        return Painter.paint(tree: tree, layout: result, diagnostics: diagnostics)
    }

    /// The scene laid out and painted, with what painting warned about; without the screen's
    /// background and bars when `screen` is false (`--background transparent`).
    public func frame(_ scene: Scene, screen: Bool = true) -> Frame {
        let layout = scene.layout(measuredBy: measurer)
        let diagnostics = Diagnostics()
        let list = Painter.paint(tree: scene.tree, layout: layout, diagnostics: diagnostics, screen: screen)
        return Frame(scene: scene, layout: layout, displayList: list, warnings: diagnostics.warnings)
    }

    /// PNG at `scale` pixels per point, or SVG in points (one point to one CSS px).
    public func encode(_ list: DisplayList, format: ImageFormat, scale: Double) throws -> [UInt8] {
        switch format {
        case .png: try renderPNG(list, scale: scale, text: text, icons: icons, limit: pixelLimit, banding: banding)
        case .svg: try renderSVG(list, text: text, icons: icons)
        case .layout: throw LayoutFromDisplayList()
        }
    }

    /// Where a banded drawing of `list` at `scale` cuts it (`SVGExport.bandBoundary`).
    public func bandBoundary(_ list: DisplayList, scale: Double) -> Int? {
        SVGExport.bandBoundary(list, scale: scale, text: text)
    }

    public func image(_ list: DisplayList, scale: Double) throws -> RenderedImage {
        try renderImage(list, scale: scale, text: text, icons: icons, limit: pixelLimit, banding: banding)
    }

    /// A frame's file bytes; a drawing failure is an input error at the stream line of the
    /// element being drawn.
    public func encode(_ frame: Frame, format: ImageFormat, scale: Double) throws -> [UInt8] {
        if format == .layout { return Array(frame.report.serialized().utf8) }
        return try drawing(frame) { try encode(frame.displayList, format: format, scale: scale) }
    }

    /// A frame's pixels, for comparing without encoding; failures as `encode(_:format:scale:)`.
    public func image(_ frame: Frame, scale: Double) throws -> RenderedImage {
        try drawing(frame) { try image(frame.displayList, scale: scale) }
    }

    private func drawing<T>(_ frame: Frame, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DrawingError {
            throw InputError(file: frame.scene.file, line: error.line, op: "draw", message: error.message)
        }
    }
}

extension Screenshotter {
    /// The distinct colors painted inside `rect` (screen points) before item `index` of
    /// `list`, rendered at `scale` and composited over white: what a text drawn at that item
    /// sits on where the display list alone cannot say (a gradient, an image, a blur). Empty
    /// when `rect` has no pixel.
    public func colors(of list: DisplayList, before index: Int, in rect: Rect, scale: Double = 2) throws -> [RGBA] {
        let bytes = try image(list.drawn(before: index).cropped(to: rect), scale: scale).rgba
        var words = Set<UInt32>()
        for i in stride(from: 0, to: bytes.count, by: 4) {
            words.insert(UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
        }
        return words.sorted().map { word in
            let a = Double(word >> 24) / 255, white = 1 - a
            func channel(_ shift: UInt32) -> Double { Double(word >> shift & 0xFF) / 255 * a + white }
            return RGBA(channel(0), channel(8), channel(16))
        }
    }
}
