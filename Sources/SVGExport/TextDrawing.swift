import TextMeasure
import Drawing

/// The seam between the Cairo executor and real fonts. SVGExport does not know which fonts are
/// pinned or how lines are shaped; whoever builds the renderer passes a `TextDrawing` (in the
/// app, one backed by TextMeasure's `PangoTextPainter`), and tests can pass their own.
public protocol TextDrawing {
    /// Draws one line of `run` onto `cr` (a `cairo_t *`) in its user space, which is screen
    /// points: `run.origin` is the top-left of the line box. The executor wraps every call in
    /// `cairo_save` / `cairo_restore`, so the drawer may change any state it likes. Throws when
    /// the line cannot be drawn (a font size FreeType refuses).
    func draw(_ run: TextRun, in cr: OpaquePointer) throws
}

/// Text runs drawn by Pango with the pinned fonts: what every renderer but a test's uses.
public struct PangoTextDrawing: TextDrawing {
    let painter: PangoTextPainter

    public init(painter: PangoTextPainter) { self.painter = painter }

    public func draw(_ run: TextRun, in cr: OpaquePointer) throws {
        try painter.draw(run.text, font: run.font, red: run.color.r, green: run.color.g, blue: run.color.b,
                         alpha: run.color.a, lineBoxOrigin: run.origin, in: cr)
    }
}
