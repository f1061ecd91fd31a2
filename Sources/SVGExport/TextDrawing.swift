import TextMeasure
import Drawing
import LayoutModel

/// The seam between the Cairo executor and real fonts. SVGExport does not know which fonts are
/// pinned or how lines are shaped; whoever builds the renderer passes a `TextDrawing` (in the
/// app, one backed by TextMeasure's `PangoTextPainter`), and tests can pass their own.
public protocol TextDrawing {
    /// Draws one line of `run` onto `cr` (a `cairo_t *`) in its user space, which is screen
    /// points: `run.origin` is the top-left of the line box. The executor wraps every call in
    /// `cairo_save` / `cairo_restore`, so the drawer may change any state it likes. Throws when
    /// the line cannot be drawn (a font size FreeType refuses).
    func draw(_ run: TextRun, in cr: OpaquePointer) throws

    /// A drawer of `runs` that any thread may use, which knows the rows each one's ink covers
    /// (for drawing a screen in two bands at once, `BandPlan`); nil when it cannot be made.
    func prepared(_ runs: [TextRun]) -> (any PreparedTextDrawing)?
}

extension TextDrawing {
    public func prepared(_ runs: [TextRun]) -> (any PreparedTextDrawing)? { nil }
}

/// Text runs made ready for any thread: `draw` as the drawer it came from would, and the box
/// (user space) a run's glyphs cover with whether they are all outlines; nil when unknown.
public protocol PreparedTextDrawing: TextDrawing, Sendable {
    func ink(of run: TextRun) -> (box: Rect, outlines: Bool)?
}

/// Text runs drawn by Pango with the pinned fonts: what every renderer but a test's uses.
public struct PangoTextDrawing: TextDrawing {
    let painter: PangoTextPainter

    public init(painter: PangoTextPainter) { self.painter = painter }

    public func draw(_ run: TextRun, in cr: OpaquePointer) throws {
        try painter.draw(run.text, font: run.font, red: run.color.r, green: run.color.g, blue: run.color.b,
                         alpha: run.color.a, lineBoxOrigin: run.origin, in: cr)
    }

    public func prepared(_ runs: [TextRun]) -> (any PreparedTextDrawing)? {
        painter.prepare(runs.map { ($0.text, $0.font) }).map(PreparedPangoText.init)
    }
}

/// Lines shaped by a `PangoTextDrawing`'s painter, drawn from Cairo glyphs on any thread.
struct PreparedPangoText: PreparedTextDrawing {
    let lines: PreparedLines

    func draw(_ run: TextRun, in cr: OpaquePointer) throws {
        try lines.draw(run.text, font: run.font, red: run.color.r, green: run.color.g, blue: run.color.b,
                       alpha: run.color.a, lineBoxOrigin: run.origin, in: cr)
    }

    func ink(of run: TextRun) -> (box: Rect, outlines: Bool)? {
        lines.ink(run.text, font: run.font, lineBoxOrigin: run.origin)
    }
}
