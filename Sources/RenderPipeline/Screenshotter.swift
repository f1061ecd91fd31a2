import Drawing
import ImageDiff
import LayoutEngine
import LayoutModel
import SVGExport
import TextMeasure

public enum ImageFormat: String, CaseIterable, Sendable {
    case png, svg
}

/// The whole pipeline for one thread: a tree and an environment in, image bytes out.
/// Owns one Pango measurer and the painter that shares its fonts (neither is thread-safe,
/// so parallel renders each make their own Screenshotter).
public final class Screenshotter {
    public let measurer: PangoTextMeasurer
    private let text: PangoTextDrawing
    private let icons: IconLibrary
    /// The pixel budget of a PNG; a larger canvas throws `PixelLimit.Exceeded`.
    public var pixelLimit = PixelLimit()

    /// Fails with a message naming what is missing (a font file, the icon set).
    public init(icons: IconLibrary = .standard) throws {
        measurer = try PangoTextMeasurer()
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

    /// PNG at `scale` pixels per point, or SVG in points (one point to one CSS px).
    public func encode(_ list: DisplayList, format: ImageFormat, scale: Double) throws -> [UInt8] {
        switch format {
        case .png: try renderPNG(list, scale: scale, text: text, icons: icons, limit: pixelLimit)
        case .svg: try renderSVG(list, text: text, icons: icons)
        }
    }

    public func image(_ list: DisplayList, scale: Double) throws -> RenderedImage {
        try renderImage(list, scale: scale, text: text, icons: icons, limit: pixelLimit)
    }
}
