internal import CCairo
import Foundation
import Drawing
import LayoutModel

/// Lucide icons (24x24 viewBox, stroked with `currentColor`, stroke width 2) drawn with librsvg.
/// `scripts/install-icons.sh` installs a pinned version of the set into the directory.
public final class IconLibrary: @unchecked Sendable {
    public static let defaultDirectory = "/usr/local/share/shotter/lucide"

    /// `$SHOTTER_ICONS` when set, else `defaultDirectory`.
    public static var configuredDirectory: String {
        ProcessInfo.processInfo.environment["SHOTTER_ICONS"] ?? defaultDirectory
    }

    /// The library at `configuredDirectory`, shared so parsed icons are reused across renders.
    public static let standard = IconLibrary(directory: configuredDirectory)

    public let directory: String

    private struct Key: Hashable {
        var name: String
        var hexColor: String
        var strokeWidth: Double
    }

    /// Guards `handles` and every use of a handle: librsvg handles are not thread-safe.
    private let lock = NSLock()
    /// Parsed icons with the color and stroke width already written into their SVG text.
    /// nil records a name without a usable file, so it is not looked up again.
    private var handles: [Key: OpaquePointer?] = [:]

    public init(directory: String) {
        self.directory = directory
    }

    deinit {
        for case let handle? in handles.values { g_object_unref(UnsafeMutableRawPointer(handle)) }
    }

    /// Throws `RenderError.iconsNotInstalled` when the icon set is not in `directory`
    /// (`house.svg` is the marker the install script writes last). librsvg and gdk-pixbuf are
    /// checked when a display list with a symbol or a picture is drawn (`PictureLibraries.require`).
    public func checkInstalled() throws {
        guard FileManager.default.fileExists(atPath: path(for: "house")) else {
            throw RenderError.iconsNotInstalled(directory: directory)
        }
    }

    /// Starts loading librsvg and gdk-pixbuf on another thread, so that the first symbol or
    /// picture finds them ready.
    public static func loadLibrariesInBackground() {
        PictureLibraries.loadInBackground()
    }

    /// Loads librsvg and gdk-pixbuf now; throws `RenderError.libraryMissing` when one cannot be.
    public static func loadLibraries() throws {
        _ = try PictureLibraries.loaded.get()
    }

    /// Draws icon `name` centered in `rect` as a square of its shorter side. `strokeWidth` is in
    /// the icon's 24-unit viewBox. An icon that cannot be loaded draws `drawPlaceholder` instead.
    func draw(_ name: String, in rect: Rect, color: RGBA, strokeWidth: Double, on cr: OpaquePointer) {
        let box = Self.iconBox(in: rect)
        guard box.isDrawable else { return }
        let color = color.clamped
        let width = strokeWidth.isFinite && strokeWidth >= 0 ? strokeWidth : 2
        lock.lock()
        defer { lock.unlock() }
        guard let rsvg = PictureLibraries.available,
              let handle = handle(Key(name: name, hexColor: color.hexRGB, strokeWidth: width), rsvg) else {
            return Self.drawPlaceholder(in: box, color: color, strokeWidth: width, on: cr)
        }
        guard color.a > 0 else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        // Lucide draws within its viewBox; half a box of margin keeps wide strokes whole.
        clipToWholePixels(covering: box.insetBy(dx: -box.width / 2, dy: -box.height / 2), on: cr)
        // Alpha is applied to the icon as a whole, so overlapping strokes do not darken.
        if color.a < 1 { cairo_push_group(cr) }
        Self.render(handle, in: box, with: rsvg, on: cr)
        if color.a < 1 {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, color.a)
        }
    }

    /// Icons larger than this many device pixels a side are drawn at this size on a surface of
    /// their own and scaled up: librsvg draws a mask (a filled symbol's cut-outs) on a surface
    /// of the icon's size on the device, and a `bag.fill` at 10,000 points at 3x took 9.7 GB and
    /// 28 s (docs/limits.md).
    static let maxDevicePixels = 4_096

    /// The icon's document drawn into `box` (user space of `cr`).
    private static func render(_ handle: OpaquePointer, in box: Rect, with rsvg: PictureLibraries, on cr: OpaquePointer) {
        var error: UnsafeMutablePointer<GError>?
        defer { if let error { g_error_free(error) } }
        var dx = box.width, dy = 0.0
        cairo_user_to_device_distance(cr, &dx, &dy)
        guard (dx * dx + dy * dy).squareRoot() > Double(maxDevicePixels) else {
            var viewport = RsvgRectangle(x: box.x, y: box.y, width: box.width, height: box.height)
            _ = rsvg.renderDocument(handle, cr, &viewport, &error)
            return
        }
        let side = Double(maxDevicePixels)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(maxDevicePixels), Int32(maxDevicePixels))
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let icon = cairo_create(surface) else { return }
        var viewport = RsvgRectangle(x: 0, y: 0, width: side, height: side)
        _ = rsvg.renderDocument(handle, icon, &viewport, &error)
        cairo_destroy(icon)
        cairo_save(cr)
        cairo_translate(cr, box.x, box.y)
        cairo_scale(cr, box.width / side, box.height / side)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The visible stand-in for an icon that is not in the set: a dashed rounded square where
    /// the icon's artwork would be (lucide draws within 2...22 of its 24 units).
    static func drawPlaceholder(in box: Rect, color: RGBA, strokeWidth: Double, on cr: OpaquePointer) {
        let unit = box.width / 24
        cairo_save(cr)
        appendPath(.roundedRect(cornerRadius: 4 * unit), in: box.insetBy(dx: 3 * unit, dy: 3 * unit), to: cr)
        setSourceColor(color, on: cr)
        cairo_set_line_width(cr, max(strokeWidth, 1) * unit)
        var dash = [3 * unit, 2 * unit]
        cairo_set_dash(cr, &dash, Int32(dash.count), 0)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// The square an icon occupies: the shorter side of `rect`, centered.
    static func iconBox(in rect: Rect) -> Rect {
        let side = min(rect.width, rect.height)
        return Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
    }

    private func path(for name: String) -> String {
        (directory as NSString).appendingPathComponent(name + ".svg")
    }

    /// Must be called with `lock` held.
    private func handle(_ key: Key, _ rsvg: PictureLibraries) -> OpaquePointer? {
        if let cached = handles[key] { return cached }
        let handle = load(key, rsvg)
        handles[key] = handle
        return handle
    }

    private func load(_ key: Key, _ rsvg: PictureLibraries) -> OpaquePointer? {
        // A name is a file name in the set, never a path.
        let recipe = key.name.hasSuffix(FilledGlyphs.suffix)
            ? FilledGlyphs.recipes[String(key.name.dropLast(FilledGlyphs.suffix.count))] : nil
        let file = recipe != nil ? String(key.name.dropLast(FilledGlyphs.suffix.count)) : key.name
        guard !file.isEmpty, !file.contains("/"), !file.hasPrefix("."),
              let data = FileManager.default.contents(atPath: path(for: file)),
              var source = String(data: data, encoding: .utf8) else { return nil }
        if let recipe { source = Self.filled(source, recipe) }
        let svg = Array(source
            .replacingOccurrences(of: "currentColor", with: key.hexColor)
            .replacingOccurrences(of: "stroke-width=\"2\"", with: "stroke-width=\"\(key.strokeWidth)\"")
            .utf8)
        var error: UnsafeMutablePointer<GError>?
        let handle = rsvg.handleNewFromData(svg, gsize(svg.count), &error)
        if let error { g_error_free(error) }
        return handle
    }
}

extension IconLibrary {
    /// A lucide file rewritten in its filled form: the recipe's body filled, its cut-outs
    /// stroked in black into a mask over the body, the other elements left as outlines.
    /// Lucide files put one shape element per line between the `<svg ...>` header and `</svg>`.
    static func filled(_ source: String, _ recipe: FillRecipe) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let open = lines.firstIndex(where: { $0.hasPrefix(">") }),
              let close = lines.lastIndex(where: { $0.hasPrefix("</svg>") }), open < close else { return source }
        let elements = lines[(open + 1)..<close].map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("<") }
        let header = lines[...open].joined(separator: "\n")
        func pick(_ indices: [Int]) -> String {
            indices.filter(elements.indices.contains).map { elements[$0] }.joined(separator: "\n")
        }
        if recipe.body.isEmpty && recipe.cutOut.isEmpty {
            return header + "\n<g fill=\"currentColor\">\n" + elements.joined(separator: "\n") + "\n</g>\n</svg>\n"
        }
        let others = elements.indices.filter { !recipe.body.contains($0) && !recipe.cutOut.contains($0) }
        return header + """

            <mask id="cut" maskUnits="userSpaceOnUse" x="-2" y="-2" width="28" height="28">
            <rect x="-2" y="-2" width="28" height="28" fill="white" stroke="none"/>
            <g fill="none" stroke="black">
            \(pick(recipe.cutOut))
            </g>
            </mask>
            <g mask="url(#cut)">
            <g fill="currentColor">
            \(pick(recipe.body))
            </g>
            \(pick(others))
            </g>
            </svg>

            """
    }
}

extension RGBA {
    /// `#rrggbb` of the color channels, alpha left out.
    var hexRGB: String {
        "#" + [r, g, b].map { channel in
            let hex = String(Int((channel * 255).rounded()), radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }
}
