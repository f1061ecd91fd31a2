import Foundation
import ImageDiff
import LayoutEngine

/// `shotter accept ARTIFACTS [NAME...]`: the actual images (and layout dumps) of a run's
/// failures, as its artifacts hold them (`failures/STREAM/BASE.actual.EXT`), copied over their
/// goldens (`STREAM/BASE.EXT`), so an intended change is accepted from CI's own renderings
/// instead of re-recorded on a machine that may differ. Artifacts may come from a pull
/// request's CI: every file is checked before any is written, and a run writes all or none.
public enum Accept {
    /// One failure that can be accepted.
    public struct Candidate: Equatable, Sendable {
        /// The golden it replaces, relative to the goldens directory.
        public var name: String
        /// The actual image, or the actual layout report of a `layout` snapshot.
        public var actual: String
        /// The actual layout dump beside an image, when the run wrote one.
        public var layout: String?
    }

    /// Every `failures/STREAM/BASE.actual.png|svg|layout.json` in `artifacts`, sorted by name:
    /// an image (with the layout dump beside it), or a layout report alone (a `layout`
    /// snapshot's, which may also be an image's dump). A file so named whose golden name is not
    /// one shotter writes is refused, as is a link.
    public static func candidates(in artifacts: String) throws(ResultsError) -> [Candidate] {
        let failures = (artifacts as NSString).appendingPathComponent(SnapshotChecker.failuresDirectory)
        let canonical = OutputPaths.canonical(artifacts)
        let manager = FileManager.default
        guard let streams = try? manager.contentsOfDirectory(atPath: failures) else {
            throw ResultsError("\(failures): no such directory: give the artifacts directory of a `shotter test` run (its report.html is there)")
        }
        var found: [Candidate] = []
        for stream in streams.sorted() where !stream.hasPrefix(".") {
            let folder = (failures as NSString).appendingPathComponent(stream)
            guard let files = try? manager.contentsOfDirectory(atPath: folder) else { continue }
            for file in files.sorted() {
                guard let ext = ["png", "svg", "layout.json"].first(where: { file.hasSuffix(".actual.\($0)") }) else { continue }
                let base = String(file.dropLast(".actual.\(ext)".count))
                let name = "\(stream)/\(base).\(ext)"
                guard GoldenFileName.matches(name) else {
                    throw ResultsError("\(folder)/\(MessageText.escaped(file)): not named as a failure of shotter test: refusing to accept anything")
                }
                let actual = (folder as NSString).appendingPathComponent(file)
                guard ext != "layout.json" else {
                    try ReportMerge.regularFileInside(actual, canonical, what: "layout dump")
                    found.append(Candidate(name: name, actual: actual, layout: nil))
                    continue
                }
                try ReportMerge.regularFileInside(actual, canonical, what: "actual image")
                let layoutFile = (folder as NSString).appendingPathComponent("\(base).actual.layout.json")
                var layout: String?
                if manager.fileExists(atPath: layoutFile) {
                    try ReportMerge.regularFileInside(layoutFile, canonical, what: "layout dump")
                    layout = layoutFile
                }
                found.append(Candidate(name: name, actual: actual, layout: layout))
            }
        }
        return found
    }

    /// What `accept` wrote: golden names relative to the goldens directory.
    public struct Accepted: Equatable, Sendable {
        public var name: String
        public var layout: Bool
    }

    /// Copies the candidates named in `names` (all when empty) over their goldens in `goldens`.
    /// A name that is not a golden's, that no failure has, or whose golden would land outside
    /// `goldens` (a folder there that links elsewhere), stops the run before anything is written.
    public static func accept(from artifacts: String, into goldens: String, names: [String]) throws -> [Accepted] {
        let all = try candidates(in: artifacts)
        // All: a layout report that is an image's dump is copied with the image.
        var chosen = all.filter { candidate in !all.contains { $0.layout == candidate.actual } }
        if !names.isEmpty {
            let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            chosen = []
            for name in names {
                guard GoldenFileName.matches(name) else {
                    throw ResultsError("\(MessageText.quoted(name)) is not a snapshot name (STREAM/NNN.DEVICE.SIZE.SCHEME.png, as the report names it)")
                }
                guard let candidate = byName[name] else {
                    throw ResultsError("no failure named \(MessageText.quoted(name)) in \(artifacts)")
                }
                if !chosen.contains(candidate) { chosen.append(candidate) }
            }
        }
        let goldensCanonical = OutputPaths.canonical(goldens)
        var writes: [(bytes: [UInt8], destination: String)] = []
        var accepted: [Accepted] = []
        for candidate in chosen {
            let layoutName = String(candidate.name.dropLast(4)) + ".layout.json"
            var items = [(candidate.actual, candidate.name)]
            if let layout = candidate.layout { items.append((layout, layoutName)) }
            for (source, name) in items {
                let destination = try OutputPaths.join(goldens, name).path
                // An image and its layout dump both named: the dump is written once.
                guard !writes.contains(where: { $0.destination == destination }) else { continue }
                guard OutputPaths.isSameOrInside(OutputPaths.canonical(destination), goldensCanonical) else {
                    throw ResultsError("\(destination): would leave the goldens directory \(goldens): refusing to accept anything")
                }
                guard let data = FileManager.default.contents(atPath: source) else { throw ResultsError("\(source): cannot be read") }
                let bytes = [UInt8](data)
                try checkContent(bytes, of: source, name: name)
                writes.append((bytes, destination))
            }
            accepted.append(Accepted(name: candidate.name, layout: candidate.layout != nil))
        }
        let files = OutputFiles()
        do {
            for write in writes { try files.stage(write.bytes, at: write.destination) }
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
        return accepted
    }

    /// A golden must be what its name says: a PNG, an SVG document or a layout dump.
    static func checkContent(_ bytes: [UInt8], of source: String, name: String) throws(ResultsError) {
        let ok: Bool
        if name.hasSuffix(".layout.json") { ok = LayoutReport.parse(bytes) != nil }
        else if name.hasSuffix(".png") { ok = bytes.starts(with: PNGDecoder.signature) }
        else { ok = String(decoding: bytes.prefix(512), as: UTF8.self).contains("<svg") }
        guard ok else { throw ResultsError("\(source): not a \(name.hasSuffix(".layout.json") ? "layout dump" : name.hasSuffix(".png") ? "PNG image" : "SVG document"): refusing to accept anything") }
    }

    /// `shotter accept DIR 'NAME'`, quoted for a POSIX shell, as the report shows it.
    public static func command(_ base: String, name: String? = nil) -> String {
        base + (name.map { " " + shellQuoted($0) } ?? "")
    }

    /// As is when only safe characters, else in single quotes.
    public static func shellQuoted(_ s: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/-+=:@,")
        if !s.isEmpty, s.allSatisfy({ safe.contains($0) }) { return s }
        return "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
