internal import CCairo
import Dispatch
import ImageDiff
internal import Synchronization
import Drawing
import LayoutModel

public enum RenderError: Error, CustomStringConvertible, Equatable {
    /// The canvas size times the scale is not a usable image size.
    case invalidSize(width: Double, height: Double, scale: Double)
    /// Cairo reported an error; the message is Cairo's.
    case cairo(String)
    case iconsNotInstalled(directory: String)
    /// librsvg or gdk-pixbuf could not be loaded; the message names the Debian package.
    case libraryMissing(String)

    public var description: String {
        switch self {
        case .invalidSize(let width, let height, let scale):
            "cannot render a \(width)x\(height) pt canvas at scale \(scale)"
        case .cairo(let message):
            "cairo: \(message)"
        case .iconsNotInstalled(let directory):
            "icons not installed at \(directory): run scripts/install-icons.sh"
        case .libraryMissing(let message):
            "\(message); run scripts/setup.sh"
        }
    }
}

/// Cairo failed while drawing one item of a display list. `line` is the stream line of the
/// element that drew it (0 for screen chrome); `message` names the item and Cairo's reason.
public struct DrawingError: Error, CustomStringConvertible, Equatable, Sendable {
    public var line: Int
    public var message: String
    public var description: String { message }
    public init(line: Int, message: String) { self.line = line; self.message = message }
}

extension DisplayItem {
    /// What the item draws, for error messages.
    var kindName: String {
        switch self {
        case .fill: "fill"
        case .stroke: "stroke"
        case .text: "text"
        case .symbol(let name, _, _, _, _): "symbol \(name)"
        case .image: "image"
        case .pushClip, .popClip: "clip"
        case .pushGroup, .popGroup: "opacity group"
        case .pushTransform, .popTransform, .pushAffine: "transform"
        case .pushShadow, .popShadow: "shadow"
        case .pushBlur, .popBlur: "blur"
        case .pushMask, .popMask: "mask"
        case .backdropBlur: "backdrop blur"
        }
    }
}

/// A rendered screen, as Cairo drew it (premultiplied: `ImageDiff.PremultipliedImage`).
public struct RenderedImage: Sendable {
    public var pixels: PremultipliedImage
    public var width: Int { pixels.width }
    public var height: Int { pixels.height }

    public init(pixels: PremultipliedImage) { self.pixels = pixels }

    /// From straight RGBA bytes (exact for opaque and fully transparent pixels).
    public init(width: Int, height: Int, rgba: [UInt8]) {
        pixels = PremultipliedImage(width: width, height: height, rgba: rgba)
    }

    /// Straight RGBA bytes, rows top to bottom: converted on every use.
    public var rgba: [UInt8] { pixels.straightRGBA() }

    /// The pixel at column `x`, row `y` as straight (r, g, b, a) bytes.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) { pixels.pixel(x: x, y: y) }
}

/// Rasterizes `list` at `scale` device pixels per point: the image is the canvas size times
/// `scale`, rounded to whole pixels, with Cairo's default antialiasing. Areas nothing paints stay
/// transparent.
/// Past `limit` it throws `PixelLimit.Exceeded` before allocating anything. The pixels are
/// drawn on `canvas`'s prepared buffer when it has one of the size; with `banding`, in two
/// bands of rows at once when the list allows it (`BandPlan`: the pixels are the same).
public func renderImage(_ list: DisplayList, scale: Double, text: any TextDrawing,
                        icons: IconLibrary = .standard, limit: PixelLimit = PixelLimit(),
                        canvas: PreparedCanvas = .shared, banding: Banding = .none) throws -> RenderedImage {
    let pixels = pixelSize(of: list.size, scale: scale)
    let (width, height) = (pixels.width, pixels.height)
    // Cairo's image surfaces stop at 32767 pixels a side.
    guard scale.isFinite, scale > 0, width >= 1, height >= 1, width <= 32767, height <= 32767 else {
        throw RenderError.invalidSize(width: list.size.width, height: list.size.height, scale: scale)
    }
    try limit.check(pixels, what: "the canvas")
    try PictureLibraries.require(for: list)
    let cleared = !list.beginsWithOpaqueBackground(width: width, height: height, scale: scale)
    if banding != .none, case let (plan, prepared)? = bandPlan(list, scale: scale, pixels: pixels, text: text),
       // A drawing failure is reported as drawing in one piece reports it.
       let pixels = try? drawPixels(width: width, height: height, cleared: cleared, canvas: canvas, { base in
           try drawBands(list, plan, scale: scale, width: width, height: height, base: base, text: prepared, icons: icons,
                         onTwoThreads: banding == .twoThreads)
       }) {
        return RenderedImage(pixels: pixels)
    }
    return RenderedImage(pixels: try drawPixels(width: width, height: height, cleared: cleared, canvas: canvas) { base in
        try onSurface(base, width: width, height: height) { surface in
            try play(list, scale: scale, on: surface, text: text, icons: icons)
        }
    })
}

/// The first row of the lower band `renderImage` draws `list` at `scale` in when banding, or
/// nil when it draws it in one piece.
public func bandBoundary(_ list: DisplayList, scale: Double, text: any TextDrawing) -> Int? {
    bandPlan(list, scale: scale, pixels: pixelSize(of: list.size, scale: scale), text: text)?.plan.boundary
}

/// The bands `list` at `scale` may be drawn in, with the text drawer both bands use; nil when
/// the image is too small for bands (checked before the text is prepared) or the list cannot
/// be cut.
private func bandPlan(_ list: DisplayList, scale: Double, pixels: PixelSize,
                      text: any TextDrawing) -> (plan: BandPlan, text: any PreparedTextDrawing)? {
    guard pixels.width * pixels.height >= BandPlan.minimumPixels, let prepared = text.prepared(list.textRuns),
          let plan = BandPlan(list, scale: scale, width: pixels.width, height: pixels.height, text: prepared) else { return nil }
    return (plan, prepared)
}

/// Whether `renderImage` may draw a screen in two bands of rows (`BandPlan`).
public enum Banding: Sendable {
    case none
    /// Both bands on the calling thread, one after the other: for tests, which check that the
    /// pixels are those of one piece.
    case oneThread
    /// The lower band on another thread: for a core that would otherwise wait.
    case twoThreads
}

extension DisplayList {
    /// Every text run the list draws.
    var textRuns: [TextRun] { items.compactMap { if case .text(let run) = $0 { run } else { nil } } }
}

/// Plays `list` at `scale` onto the pixels at `base` in the two bands of `plan`, each on a
/// surface and context of its own clipped to its rows, skipping what draws nothing there.
private func drawBands(_ list: DisplayList, _ plan: BandPlan, scale: Double, width: Int, height: Int,
                       base: UnsafeMutableRawPointer, text: any PreparedTextDrawing, icons: IconLibrary,
                       onTwoThreads: Bool) throws {
    nonisolated(unsafe) let base = base
    let bands = [0..<plan.boundary, plan.boundary..<height]
    let canvas = Rect(x: 0, y: 0, width: list.size.width * scale, height: list.size.height * scale)
    @Sendable func draw(_ band: Int) throws {
        try onSurface(base, width: width, height: height) { surface in
            let cr = cairo_create(surface)
            defer { cairo_destroy(cr) }
            guard let cr else { throw RenderError.cairo("no context") }
            let rows = bands[band]
            cairo_rectangle(cr, 0, Double(rows.lowerBound), Double(width), Double(rows.count))
            cairo_clip(cr)
            cairo_scale(cr, scale, scale)
            try CairoPainter(text: text, icons: icons, canvas: canvas).play(list, skipping: plan.skip[band], on: cr)
            try check(cairo_status(cr))
        }
    }
    guard onTwoThreads else {
        try draw(0)
        return try draw(1)
    }
    nonisolated(unsafe) var lowerFailure: (any Error)?
    let lowerDone = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        do { try draw(1) } catch { lowerFailure = error }
        lowerDone.signal()
    }
    let upper = Result { try draw(0) }
    lowerDone.wait()
    try upper.get()
    if let lowerFailure { throw lowerFailure }
}

extension DisplayList {
    /// Whether the first item paints every pixel of a `width` x `height` image at `scale` with
    /// one opaque color, whatever the pixels held before: a screen's background. Cairo draws an
    /// opaque color over anything as the color itself, so such an image needs no clearing.
    func beginsWithOpaqueBackground(width: Int, height: Int, scale: Double) -> Bool {
        guard case .fill(.rect, let rect, .solid(let color)) = items.first, color.a >= 1 else { return false }
        return rect.minX * scale <= 0 && rect.minY * scale <= 0
            && rect.maxX * scale >= Double(width) && rect.maxY * scale >= Double(height)
    }
}

/// Runs `draw` on an ARGB32 image surface over a buffer of our own, so the pixels need no copy
/// when it returns. The buffer starts transparent when `cleared`, and uninitialized otherwise
/// (`draw` paints every pixel first: clearing 12 MB at 3x costs as much as hashing it), unless
/// `canvas` has one ready.
private func drawPixels(width: Int, height: Int, cleared: Bool = true, canvas: PreparedCanvas? = nil,
                        _ draw: (UnsafeMutableRawPointer) throws -> Void) throws -> PremultipliedImage {
    var words = canvas?.take(width * height) ?? (cleared ? [UInt32](repeating: 0, count: width * height)
        : [UInt32](unsafeUninitializedCapacity: width * height) { _, count in count = width * height })
    try words.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { throw RenderError.invalidSize(width: Double(width), height: Double(height), scale: 1) }
        try draw(base)
    }
    return PremultipliedImage(width: width, height: height, words: words)
}

/// Runs `draw` on an ARGB32 image surface over the `width` x `height` pixels at `base`.
private func onSurface(_ base: UnsafeMutableRawPointer, width: Int, height: Int, _ draw: (OpaquePointer?) throws -> Void) throws {
    let surface = cairo_image_surface_create_for_data(base.assumingMemoryBound(to: UInt8.self),
                                                      CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))
    defer { cairo_surface_destroy(surface) }
    try check(cairo_surface_status(surface))
    try draw(surface)
    cairo_surface_finish(surface)
}

/// A canvas made ahead on a core that would otherwise wait: its pixel buffer cleared and the
/// encoder's row buffer touched (`PNGEncoder.prepareBuffers`) while the screen is laid out, so
/// drawing and encoding it skip the first-touch page faults of 21 MB (5,000 faults, about 10 ms
/// of CPU at 3x on these VMs, 6 of them while Cairo draws; allocating with 2 MiB pages instead
/// stalled for 30 ms now and then, docs/performance.md). Only the first image of a process
/// gains (`shared` makes one): later ones reuse freed memory.
public final class PreparedCanvas: Sendable {
    public static let shared = PreparedCanvas()

    private final class Job: @unchecked Sendable {
        let count: Int
        /// Set before `ready` is signalled.
        var words: [UInt32]?
        let ready = DispatchSemaphore(value: 0)
        init(count: Int) { self.count = count }
    }

    /// The canvas being made, until a drawing takes it; whether one was ever asked for.
    private let state = Mutex<(job: Job?, asked: Bool)>((nil, false))

    public init() {}

    /// Starts making a cleared `pixels` canvas and the encoder's buffers on another thread,
    /// the first time it is asked.
    public func prepare(_ pixels: PixelSize) {
        let job = Job(count: pixels.width * pixels.height)
        guard job.count > 0, state.withLock({ state in
            guard !state.asked else { return false }
            state = (job, true)
            return true
        }) else { return }
        DispatchQueue.global().async {
            job.words = [UInt32](repeating: 0, count: job.count)
            PNGEncoder.prepareBuffers(width: pixels.width, height: pixels.height)
            job.ready.signal()
        }
    }

    /// The prepared canvas of `count` pixels (all transparent), waiting for it if it is still
    /// being made; nil when none of that size is waiting. One drawing takes it.
    func take(_ count: Int) -> [UInt32]? {
        guard let job = state.withLock({ state -> Job? in
            guard let job = state.job, job.count == count else { return nil }
            state.job = nil
            return job
        }) else { return nil }
        job.ready.wait()
        return job.words
    }
}

/// The size `renderImage` gives a canvas of `size` points at `scale`: each side times the
/// scale, rounded (0 when not a number, at most 10^9 so that it converts).
public func pixelSize(of size: Size, scale: Double) -> PixelSize {
    func side(_ points: Double) -> Int {
        let pixels = (points * scale).rounded()
        return pixels.isNaN ? 0 : Int(max(0, min(pixels, 1e9)))
    }
    return PixelSize(width: side(size.width), height: side(size.height))
}

/// `renderImage` encoded as PNG (`PNGCompression.fast`: 8-bit RGB or RGBA, libdeflate level 2
/// or, from `PNGEncoder.piecewisePixels` on, `RunLengthDeflate` in pieces; with its pixel
/// stamp), byte for byte the golden `shotter test` records. The bytes depend only on the list,
/// the text drawer's fonts and the icon set: no timestamps, no process state.
public func renderPNG(_ list: DisplayList, scale: Double, text: any TextDrawing,
                      icons: IconLibrary = .standard, limit: PixelLimit = PixelLimit(), banding: Banding = .none) throws -> [UInt8] {
    try PNGCompression.fast.encode(try renderImage(list, scale: scale, text: text, icons: icons, limit: limit, banding: banding).pixels)
}

/// The list as an SVG document whose user units are screen points, one point to one CSS px:
/// a 393x852 pt canvas is `width="393px" height="852px"`, the size it shows at in a browser at
/// 1x; it is vector, so it needs no output scale. Text and icons become paths. Cairo's
/// process-wide id counters are renumbered (`SVGIdentifiers`) so the bytes depend only on the list.
public func renderSVG(_ list: DisplayList, text: any TextDrawing,
                      icons: IconLibrary = .standard) throws -> [UInt8] {
    let (width, height) = (list.size.width, list.size.height)
    guard width.isFinite, height.isFinite, width > 0, height > 0 else {
        throw RenderError.invalidSize(width: width, height: height, scale: 1)
    }
    try PictureLibraries.require(for: list)
    let sink = ByteSink()
    let writer: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
            .bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
    // Cairo holds `sink` unretained until the surface is destroyed.
    try withExtendedLifetime(sink) {
        let surface = cairo_svg_surface_create_for_stream(
            writer, Unmanaged.passUnretained(sink).toOpaque(), width, height)
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface))
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        try play(list, scale: 1, on: surface, text: text, icons: icons)
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface))
    }
    return SVGIdentifiers.renumber(sink.bytes)
}

private final class ByteSink {
    var bytes: [UInt8] = []
}

/// Plays `list` onto a new context for `surface` and destroys the context, reporting any error.
private func play(_ list: DisplayList, scale: Double, on surface: OpaquePointer?, text: any TextDrawing,
                  icons: IconLibrary) throws {
    let cr = cairo_create(surface)
    defer { cairo_destroy(cr) }
    guard let cr else { throw RenderError.cairo("no context") }
    try check(cairo_status(cr))
    cairo_scale(cr, scale, scale)
    let canvas = Rect(x: 0, y: 0, width: list.size.width * scale, height: list.size.height * scale)
    try CairoPainter(text: text, icons: icons, canvas: canvas).play(list, on: cr)
    try check(cairo_status(cr))
}

private func check(_ status: cairo_status_t) throws {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw RenderError.cairo(String(cString: cairo_status_to_string(status)))
}

/// Rasterizes an SVG document (such as `renderSVG`'s, `width` x `height` points) with librsvg at
/// `scale` pixels per point, as `rsvg-convert -z SCALE` does: how the tests check that an SVG
/// shows exactly what the PNG of the same display list shows.
public func rasterizeSVG(_ svg: [UInt8], width: Double, height: Double, scale: Double) throws -> RenderedImage {
    let w = (width * scale).rounded(), h = (height * scale).rounded()
    guard scale.isFinite, scale > 0, w >= 1, h >= 1, w <= 32767, h <= 32767 else {
        throw RenderError.invalidSize(width: width, height: height, scale: scale)
    }
    let rsvg = try PictureLibraries.loaded.get()
    var error: UnsafeMutablePointer<GError>?
    guard let handle = rsvg.handleNewFromData(svg, gsize(svg.count), &error) else {
        let message = error.map { String(cString: $0.pointee.message) } ?? "not an SVG document"
        if let error { g_error_free(error) }
        throw RenderError.cairo("librsvg: \(message)")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
    return RenderedImage(pixels: try drawPixels(width: Int(w), height: Int(h)) { base in
        try onSurface(base, width: Int(w), height: Int(h)) { surface in
            let cr = cairo_create(surface)
            defer { cairo_destroy(cr) }
            var viewport = RsvgRectangle(x: 0, y: 0, width: w, height: h)
            _ = rsvg.renderDocument(handle, cr, &viewport, &error)
            if let error {
                let message = String(cString: error.pointee.message)
                g_error_free(error)
                throw RenderError.cairo("librsvg: \(message)")
            }
        }
    })
}
