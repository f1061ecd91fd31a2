import Drawing
import ImageDiff
import LayoutEngine
import RenderPipeline
import SVGExport

/// How `shotter test` checks each format `formats` and `--format` name: one `GoldenFormat`
/// value each, so adding a format is adding its type and a case here.
extension ImageFormat {
    public var golden: any GoldenFormat { golden(pngCompression: .fast) }

    /// The format's golden, a PNG written with the plan's `pngCompression`.
    public func golden(pngCompression: PNGCompression) -> any GoldenFormat {
        switch self {
        case .png: PNGGolden(compression: pngCompression)
        case .svg: SVGGolden()
        case .layout: LayoutGolden()
        }
    }
}

/// One frame as rendered: what every format makes its golden from.
public struct Rendering {
    public var renderer: Screenshotter
    public var frame: Frame
    /// The frame's report, made once for every snapshot of the frame.
    public var layout: LayoutReport
}

/// How one kind of golden file is made from a rendering, compared with the stored one, and
/// shown when it differs. `SnapshotChecker` runs the same steps for every format.
public protocol GoldenFormat: Sendable {
    /// Whether the layout report is stored beside the golden (`NAME.layout.json`) to name
    /// what moved when it differs: images do; the layout format is that report itself.
    var storesLayoutBeside: Bool { get }
    /// The golden this rendering gives, encoded only when needed.
    func actual(_ rendering: Rendering, scale: Double) throws -> GoldenActual
    /// Why `actual` is not `expected` (their bytes differ), or that it is within `tolerance`.
    func compare(expected: [UInt8], actual: [UInt8], tolerance: Tolerance) -> GoldenComparison
}

/// A rendering as a golden: its bytes on demand, and a cheaper test that a stored golden
/// already holds it.
public struct GoldenActual {
    /// True when `golden` holds exactly this rendering, decided without encoding it (a PNG's
    /// pixels); false when only the bytes can tell.
    public var isHeld: ([UInt8]) -> Bool
    public var encode: () throws -> [UInt8]

    /// Bytes known up front: only equal bytes hold them.
    public init(bytes: [UInt8]) {
        isHeld = { _ in false }
        encode = { bytes }
    }

    public init(isHeld: @escaping ([UInt8]) -> Bool, encode: @escaping () throws -> [UInt8]) {
        self.isHeld = isHeld; self.encode = encode
    }
}

/// What comparing a golden with a different actual found.
public struct GoldenComparison: Equatable, Sendable {
    /// Within the snapshot's tolerance: it passes although the bytes differ.
    public var passes = false
    /// One line: `12 pixels differ (0.01 %)`, `2 elements changed`.
    public var message: String
    /// Pixels pixelmatch counted as different (nil when not compared pixel by pixel).
    public var differingPixels: Int?
    /// A picture of the difference (PNG), stored as the `diff` artifact.
    public var diffImage: [UInt8]?
    /// The changed elements when the format names them itself (the layout format); nil for
    /// images, whose changes come from the layout report stored beside them.
    public var changes: [String]?
}

/// PNG at the snapshot's scale, compared pixel by pixel with pixelmatch within the tolerance.
public struct PNGGolden: GoldenFormat {
    /// How a golden is compressed when written; any file with the same pixels holds it.
    public var compression: PNGCompression

    public init(compression: PNGCompression = .fast) { self.compression = compression }
    public var storesLayoutBeside: Bool { true }

    /// Encoding is most of the time of a snapshot and decoding the golden a fraction of it, so
    /// a golden with exactly these pixels passes without encoding them; a golden whose stamp
    /// proves it was encoded from these very pixels passes without even being decoded.
    public func actual(_ rendering: Rendering, scale: Double) throws -> GoldenActual {
        actual(try rendering.renderer.image(rendering.frame, scale: scale))
    }

    public func actual(_ image: RenderedImage) -> GoldenActual {
        GoldenActual(isHeld: { PixelStamp.proves($0, holds: image.pixels) || ImageComparison.png($0, hasPixels: image.pixels) },
                     encode: { [compression] in try compression.encode(image.pixels) })
    }

    public func compare(expected: [UInt8], actual: [UInt8], tolerance: Tolerance) -> GoldenComparison {
        do {
            let (comparison, diffImage) = try ImageComparison.compare(pngA: expected, pngB: actual, options: tolerance.diffOptions,
                                                                      writeDiffImage: true)
            let message: String
            if let (a, b) = comparison.sizeMismatch {
                message = "image size changed from \(a) to \(b)"
            } else if comparison.differingPixels == 0 {
                message = "bytes differ but no pixel counts as different (threshold \(LayoutChanges.number(tolerance.threshold)))"
            } else {
                message = comparison.description
            }
            return GoldenComparison(passes: comparison.passes(tolerance.limits), message: message,
                                    differingPixels: comparison.sizeMismatch == nil ? comparison.differingPixels : nil,
                                    diffImage: diffImage)
        } catch {
            return GoldenComparison(message: "the golden is not a readable PNG: \(error)")
        }
    }
}

/// SVG in points, compared byte for byte.
public struct SVGGolden: GoldenFormat {
    public init() {}
    public var storesLayoutBeside: Bool { true }

    public func actual(_ rendering: Rendering, scale: Double) throws -> GoldenActual {
        GoldenActual(bytes: try rendering.renderer.encode(rendering.frame, format: .svg, scale: scale))
    }

    public func compare(expected: [UInt8], actual: [UInt8], tolerance: Tolerance) -> GoldenComparison {
        GoldenComparison(message: "the SVG differs from the golden")
    }
}

/// The layout report (`shotter layout`'s JSON), compared byte for byte; a difference names
/// the elements that changed.
public struct LayoutGolden: GoldenFormat {
    public init() {}
    public var storesLayoutBeside: Bool { false }

    public func actual(_ rendering: Rendering, scale: Double) throws -> GoldenActual {
        GoldenActual(bytes: Array(rendering.layout.serialized().utf8))
    }

    public func compare(expected: [UInt8], actual: [UInt8], tolerance: Tolerance) -> GoldenComparison {
        guard let old = LayoutReport.parse(expected), let new = LayoutReport.parse(actual) else {
            return GoldenComparison(message: "the golden is not a layout report of this version of shotter", changes: [])
        }
        let changes = LayoutChanges.changes(from: old, to: new)
        var found: [String] = []
        if !changes.isEmpty { found.append("\(changes.count) element\(changes.count == 1 ? "" : "s") changed") }
        if old.events != new.events { found.append("the events sent back changed") }
        if found.isEmpty { found.append("the layout report differs from the golden") }
        return GoldenComparison(message: found.joined(separator: ", "), changes: changes)
    }
}
