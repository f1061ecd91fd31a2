internal import CCairo
import Foundation

/// The five poppler-glib calls that draw a PDF picture, looked up when the first PDF is drawn.
/// shotter does not link poppler: loading it and the libraries it needs (NSS, NSPR, lcms2,
/// OpenJPEG, libstdc++'s users...) resolved about 6,500 symbols at every start, a third of the
/// dynamic loader's work, for a picture format few streams use (docs/decisions.md, "Start-up
/// loads only what every render needs").
struct Poppler: @unchecked Sendable {
    /// The library's file names, the versioned one first (Debian's `libpoppler-glib8`; the
    /// unversioned name comes with `libpoppler-glib-dev`).
    static let libraryNames = ["libpoppler-glib.so.8", "libpoppler-glib.so"]

    /// nil when poppler-glib could not be loaded (the reason went to standard error once).
    static let loaded: Poppler? = Poppler()

    typealias DocumentNewFromFile = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>?,
                                                    UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> OpaquePointer?
    typealias DocumentPageCount = @convention(c) (OpaquePointer) -> Int32
    typealias DocumentPage = @convention(c) (OpaquePointer, Int32) -> OpaquePointer?
    typealias PageSize = @convention(c) (OpaquePointer, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>) -> Void
    typealias PageRender = @convention(c) (OpaquePointer, OpaquePointer) -> Void

    /// `poppler_document_new_from_file(uri, password, error)`
    let documentNewFromFile: DocumentNewFromFile
    /// `poppler_document_get_n_pages(document)`
    let documentPageCount: DocumentPageCount
    /// `poppler_document_get_page(document, index)`
    let documentPage: DocumentPage
    /// `poppler_page_get_size(page, width, height)`, in PDF points.
    let pageSize: PageSize
    /// `poppler_page_render(page, cairo)`
    let pageRender: PageRender

    private init?() {
        guard let library = Self.libraryNames.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else {
            Self.report("cannot load \(Self.libraryNames[0]): \(dlerror().map { String(cString: $0) } ?? "not found")")
            return nil
        }
        func symbol<F>(_ name: String, as type: F.Type) -> F? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let documentNewFromFile = symbol("poppler_document_new_from_file", as: DocumentNewFromFile.self),
              let documentPageCount = symbol("poppler_document_get_n_pages", as: DocumentPageCount.self),
              let documentPage = symbol("poppler_document_get_page", as: DocumentPage.self),
              let pageSize = symbol("poppler_page_get_size", as: PageSize.self),
              let pageRender = symbol("poppler_page_render", as: PageRender.self) else {
            Self.report("\(Self.libraryNames[0]) lacks a poppler_document or poppler_page call shotter uses")
            return nil
        }
        self.documentNewFromFile = documentNewFromFile
        self.documentPageCount = documentPageCount
        self.documentPage = documentPage
        self.pageSize = pageSize
        self.pageRender = pageRender
    }

    private static func report(_ message: String) {
        FileHandle.standardError.write(Data("shotter: PDF pictures draw as placeholders: \(message) (install libpoppler-glib8)\n".utf8))
    }
}
