internal import CCairo
import Foundation
import Drawing

/// librsvg's rectangle (`RsvgRectangle`), in the C layout: four doubles. The calls take it
/// through raw pointers (a Swift struct has no C type).
struct RsvgRectangle {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
}

/// The librsvg and gdk-pixbuf calls that draw icons and pictures, looked up with `dlsym`.
/// shotter does not link them: the two and what they need (gio, libxml2, ICU's data, the
/// image codecs) were a third of the shared libraries a process maps and about 4 ms of every
/// start, also for streams that draw no icon (docs/decisions.md, "Start-up loads only what
/// every render needs"). A command that draws starts loading them on a thread of their own
/// (`loadInBackground`) when its stream has a kind that may draw a symbol or a picture
/// (`RenderSession.streamForDrawing`), and drawing waits for them only for a display list that
/// has one (`require`).
/// Handles and pixbufs are `OpaquePointer`s.
struct PictureLibraries: @unchecked Sendable {
    /// The libraries' file names, the versioned one first (Debian's `librsvg2-2` and
    /// `libgdk-pixbuf-2.0-0`; the unversioned names come with the -dev packages).
    static let rsvgNames = ["librsvg-2.so.2", "librsvg-2.so"]
    static let pixbufNames = ["libgdk_pixbuf-2.0.so.0", "libgdk_pixbuf-2.0.so"]

    /// Loaded once per process, on first use; the error names the Debian package.
    static let loaded: Result<PictureLibraries, RenderError> = load()

    /// The libraries, or nil when they could not be loaded (`require` reports why before a
    /// list that needs them is drawn).
    static var available: PictureLibraries? { try? loaded.get() }

    /// Starts loading the libraries on a thread of their own, so that the first icon finds them
    /// ready: not one of Dispatch's, which started 2 to 4 ms later while another (the fonts')
    /// was busy.
    static func loadInBackground() {
        Thread.detachNewThread { _ = loaded }
    }

    /// Before `list` is drawn: the libraries, loaded (or waited for) when it has a symbol or a
    /// picture; throws `RenderError.libraryMissing` when they cannot be loaded then.
    static func require(for list: DisplayList) throws {
        if list.drawsPictures { _ = try loaded.get() }
    }

    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?

    // librsvg
    let handleNewFromData: @convention(c) (UnsafePointer<UInt8>?, gsize, ErrorOut) -> OpaquePointer?
    let handleNewFromFile: @convention(c) (UnsafePointer<CChar>?, ErrorOut) -> OpaquePointer?
    /// `(handle, cairo, viewport, error)`
    let renderDocument: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeRawPointer?, ErrorOut) -> gboolean
    /// `(handle, cairo, id, viewport, error)`
    let renderLayer: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?, UnsafeRawPointer?, ErrorOut) -> gboolean
    /// `(handle, id, viewport, ink, logical, error)`
    let geometryForLayer: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeRawPointer?,
                                          UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, ErrorOut) -> gboolean
    /// `(handle, has width, width, has height, height, has view box, view box)`; the lengths
    /// (`RsvgLength`) are never asked for.
    let intrinsicDimensions: @convention(c) (OpaquePointer?, UnsafeMutablePointer<gboolean>?, UnsafeMutableRawPointer?,
                                             UnsafeMutablePointer<gboolean>?, UnsafeMutableRawPointer?,
                                             UnsafeMutablePointer<gboolean>?, UnsafeMutableRawPointer?) -> Void
    let intrinsicSizeInPixels: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> gboolean
    let handleHasSub: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> gboolean

    // gdk-pixbuf
    /// `(path, width, height)`: the file's format (nil when no loader reads it).
    let fileInfo: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?
    let pixbufNewFromFile: @convention(c) (UnsafePointer<CChar>?, ErrorOut) -> OpaquePointer?
    let loaderNew: @convention(c) () -> OpaquePointer?
    let loaderWrite: @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, gsize, ErrorOut) -> gboolean
    let loaderClose: @convention(c) (OpaquePointer?, ErrorOut) -> gboolean
    let loaderPixbuf: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let applyEmbeddedOrientation: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let width: @convention(c) (OpaquePointer?) -> Int32
    let height: @convention(c) (OpaquePointer?) -> Int32
    let rowstride: @convention(c) (OpaquePointer?) -> Int32
    let channels: @convention(c) (OpaquePointer?) -> Int32
    let bitsPerSample: @convention(c) (OpaquePointer?) -> Int32
    let readPixels: @convention(c) (OpaquePointer?) -> UnsafePointer<UInt8>?

    private static func load() -> Result<PictureLibraries, RenderError> {
        func open(_ names: [String], package: String) -> Result<UnsafeMutableRawPointer, RenderError> {
            if let library = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first { return .success(library) }
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(.libraryMissing("cannot load \(names[0]) (Debian package \(package)): \(reason)"))
        }
        let rsvg: UnsafeMutableRawPointer, pixbuf: UnsafeMutableRawPointer
        switch (open(rsvgNames, package: "librsvg2-2"), open(pixbufNames, package: "libgdk-pixbuf-2.0-0")) {
        case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
        case (.success(let r), .success(let p)): (rsvg, pixbuf) = (r, p)
        }
        var missing: [String] = []
        func symbol<F>(_ library: UnsafeMutableRawPointer, _ name: String) -> F {
            guard let address = dlsym(library, name) else {
                missing.append(name)
                return unsafeBitCast(Self.missingCall, to: F.self)
            }
            return unsafeBitCast(address, to: F.self)
        }
        let libraries = PictureLibraries(
            handleNewFromData: symbol(rsvg, "rsvg_handle_new_from_data"),
            handleNewFromFile: symbol(rsvg, "rsvg_handle_new_from_file"),
            renderDocument: symbol(rsvg, "rsvg_handle_render_document"),
            renderLayer: symbol(rsvg, "rsvg_handle_render_layer"),
            geometryForLayer: symbol(rsvg, "rsvg_handle_get_geometry_for_layer"),
            intrinsicDimensions: symbol(rsvg, "rsvg_handle_get_intrinsic_dimensions"),
            intrinsicSizeInPixels: symbol(rsvg, "rsvg_handle_get_intrinsic_size_in_pixels"),
            handleHasSub: symbol(rsvg, "rsvg_handle_has_sub"),
            fileInfo: symbol(pixbuf, "gdk_pixbuf_get_file_info"),
            pixbufNewFromFile: symbol(pixbuf, "gdk_pixbuf_new_from_file"),
            loaderNew: symbol(pixbuf, "gdk_pixbuf_loader_new"),
            loaderWrite: symbol(pixbuf, "gdk_pixbuf_loader_write"),
            loaderClose: symbol(pixbuf, "gdk_pixbuf_loader_close"),
            loaderPixbuf: symbol(pixbuf, "gdk_pixbuf_loader_get_pixbuf"),
            applyEmbeddedOrientation: symbol(pixbuf, "gdk_pixbuf_apply_embedded_orientation"),
            width: symbol(pixbuf, "gdk_pixbuf_get_width"),
            height: symbol(pixbuf, "gdk_pixbuf_get_height"),
            rowstride: symbol(pixbuf, "gdk_pixbuf_get_rowstride"),
            channels: symbol(pixbuf, "gdk_pixbuf_get_n_channels"),
            bitsPerSample: symbol(pixbuf, "gdk_pixbuf_get_bits_per_sample"),
            readPixels: symbol(pixbuf, "gdk_pixbuf_read_pixels"))
        guard missing.isEmpty else {
            return .failure(.libraryMissing("librsvg or gdk-pixbuf lacks \(missing.joined(separator: ", "))"))
        }
        return .success(libraries)
    }

    /// Stands in for a symbol `dlsym` did not find; never called (loading fails then).
    private static let missingCall: @convention(c) () -> Void = {}
}
