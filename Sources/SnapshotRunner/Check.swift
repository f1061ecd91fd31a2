import Foundation
import ImageDiff
import LayoutEngine
import SVGExport
import LayoutModel
import RenderPipeline

/// When goldens are written, as in swift-snapshot-testing.
public enum RecordMode: String, CaseIterable, Sendable {
    /// Only compare; a missing golden fails.
    case never
    /// Write goldens that do not exist yet; compare the others.
    case missing
    /// Also overwrite goldens that no longer match.
    case failed
    /// Overwrite every golden that differs in any byte.
    case all

    /// `never` on CI, `missing` elsewhere.
    public static func defaultMode(ci: Bool) -> RecordMode { ci ? .never : .missing }
}

/// Whether `CI` is set (to anything but empty, 0 or false): GitHub Actions and most CI systems set it.
public func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    guard let value = environment["CI"] else { return false }
    return !["", "0", "false"].contains(value.lowercased())
}

/// The outcome of one snapshot.
public struct SnapshotResult: Sendable, Equatable {
    public enum Status: String, Sendable { case passed, failed, recorded }

    /// Relative to the goldens directory: `Counter/002-tap-Add.iphone15pro.large.light.png`.
    public var path: String
    public var stream: String
    public var status: Status
    /// One line: why it failed, what was recorded, or the tolerated difference.
    public var message: String
    /// What moved, from the stored layout dump: `#12 text 'Add': y 521 -> 529`.
    public var changes: [String] = []
    /// False when there was no stored layout dump to compare with.
    public var layoutCompared = false
    /// Expected / actual / diff files, relative to the artifacts directory.
    public var expected: String?
    public var actual: String?
    public var diff: String?
    /// Golden files written by this snapshot (relative to the goldens directory).
    public var wrote: [String] = []
    /// Where the changed elements were and are, for outlines on the images in the report.
    public var marks: Marks?

    /// Rects in screen points on a canvas of `canvas` points.
    public struct Marks: Sendable, Equatable {
        public var canvas: Size
        public var before: [Rect]
        public var after: [Rect]
    }
}

/// Compares one rendering with its golden, records per the mode, writes failure artifacts.
public struct SnapshotChecker: Sendable {
    public var goldens: String
    public var artifacts: String
    public var record: RecordMode

    public init(goldens: String, artifacts: String, record: RecordMode) {
        self.goldens = goldens; self.artifacts = artifacts; self.record = record
    }

    /// The subdirectory of `artifacts` this checker owns (cleared at the start of a run).
    public static let failuresDirectory = "failures"

    /// A PNG snapshot straight from the renderer. When the golden holds exactly these pixels
    /// it passes as a byte-identical file would, without being encoded: encoding is most of
    /// the time of a snapshot, decoding the golden a fraction of it. Otherwise (and to
    /// re-record everything with `all`) it is encoded and checked as bytes.
    public func check(_ snapshot: Snapshot, image: RenderedImage, layout: LayoutDump) throws -> SnapshotResult {
        if record != .all, let golden = FileManager.default.contents(atPath: try OutputPaths.join(goldens, snapshot.path).path),
           ImageComparison.png([UInt8](golden), hasPixels: image.pixels) {
            return try inTransaction { files in
                var result = SnapshotResult(path: snapshot.path, stream: snapshot.stream, status: .passed, message: "matches")
                try refreshLayout(snapshot, try layoutGolden(snapshot, layout), files, into: &result)
                return result
            }
        }
        let png = try PNGEncoder.encode(image.pixels)
        return try check(snapshot, actual: png, layout: layout)
    }

    /// The golden, layout dump and artifact files of one snapshot are written all or none:
    /// a failed write throws a one-line `WriteError` and leaves none of them.
    public func check(_ snapshot: Snapshot, actual: [UInt8], layout: LayoutDump) throws -> SnapshotResult {
        try inTransaction { files in try check(snapshot, actual: actual, layout: layout, files: files) }
    }

    /// Runs `body` with files staged in one `OutputFiles`, moved into place when it returns.
    private func inTransaction(_ body: (OutputFiles) throws -> SnapshotResult) throws -> SnapshotResult {
        let files = OutputFiles()
        do {
            let result = try body(files)
            try files.commit()
            return result
        } catch {
            files.discard()
            throw error
        }
    }

    private func check(_ snapshot: Snapshot, actual: [UInt8], layout: LayoutDump, files: OutputFiles) throws -> SnapshotResult {
        var result = SnapshotResult(path: snapshot.path, stream: snapshot.stream, status: .passed, message: "matches")
        let goldenURL = try OutputPaths.join(goldens, snapshot.path)
        let dump = try layoutGolden(snapshot, layout)
        let (layoutURL, layoutText, storedLayoutBytes) = (dump.url, dump.text, dump.stored)

        guard let expectedData = FileManager.default.contents(atPath: goldenURL.path) else {
            if record == .never {
                result.status = .failed
                result.message = "no golden at \(goldenURL.path) (record it with --record=missing and commit it)"
                result.actual = try writeArtifact(snapshot, files, "actual", actual)
                return result
            }
            try files.stage(actual, at: goldenURL.path)
            try files.stage(layoutText, at: layoutURL.path)
            result.status = .recorded
            result.message = "recorded new golden"
            result.wrote = [snapshot.path, snapshot.layoutPath]
            // A copy for the report, so a reviewer sees what was recorded.
            result.actual = try writeArtifact(snapshot, files, "actual", actual)
            return result
        }
        let expected = [UInt8](expectedData)

        func refreshLayout() throws { try self.refreshLayout(snapshot, dump, files, into: &result) }
        if expected == actual {
            try refreshLayout()
            return result
        }

        var diffPNG: [UInt8]?
        var passes = false
        switch snapshot.format {
        case .png:
            do {
                let (comparison, diffImage) = try ImageComparison.compare(pngA: expected, pngB: actual,
                                                                          options: snapshot.tolerance.diffOptions,
                                                                          writeDiffImage: true)
                diffPNG = diffImage
                passes = comparison.passes(snapshot.tolerance.limits)
                if let (a, b) = comparison.sizeMismatch {
                    result.message = "image size changed from \(a) to \(b)"
                } else if comparison.differingPixels == 0 {
                    result.message = "bytes differ but no pixel counts as different (threshold \(LayoutDump.number(snapshot.tolerance.threshold)))"
                } else {
                    result.message = comparison.description
                }
            } catch {
                result.message = "the golden is not a readable PNG: \(error)"
            }
        case .svg:
            result.message = "the SVG differs from the golden"
        }
        if passes {
            result.message += ", within tolerance"
            if record == .all {
                try files.stage(actual, at: goldenURL.path)
                try files.stage(layoutText, at: layoutURL.path)
                result.status = .recorded
                result.wrote = [snapshot.path, snapshot.layoutPath]
            } else {
                try refreshLayout()
            }
            return result
        }

        if let stored = storedLayoutBytes.flatMap(LayoutDump.parse) {
            result.layoutCompared = true
            result.changes = LayoutDump.changes(from: stored, to: layout)
            let (before, after) = LayoutDump.changedRects(from: stored, to: layout)
            if !before.isEmpty || !after.isEmpty {
                result.marks = SnapshotResult.Marks(canvas: snapshot.environment.device.size, before: before, after: after)
            }
        }
        result.expected = try writeArtifact(snapshot, files, "expected", expected)
        result.actual = try writeArtifact(snapshot, files, "actual", actual)
        if let diffPNG { result.diff = try writeArtifact(snapshot, files, "diff", diffPNG, format: .png) }
        if record == .failed || record == .all {
            try files.stage(actual, at: goldenURL.path)
            try files.stage(layoutText, at: layoutURL.path)
            result.status = .recorded
            result.message = "re-recorded: " + result.message
            result.wrote = [snapshot.path, snapshot.layoutPath]
        } else {
            result.status = .failed
        }
        return result
    }

    /// Beside an image that passes, the dump is written when it is missing (goldens recorded
    /// before dumps) and recording is on, or rewritten when `all` re-records everything.
    func refreshLayout(_ snapshot: Snapshot, _ dump: LayoutGolden, _ files: OutputFiles,
                       into result: inout SnapshotResult) throws {
        guard dump.stored != dump.text, (dump.stored == nil && record != .never) || record == .all else { return }
        try files.stage(dump.text, at: dump.url.path)
        result.wrote.append(snapshot.layoutPath)
    }

    /// A snapshot's layout dump: where its golden is, the text this run gives, and what is
    /// stored there now (nil when nothing is). Read and serialized once per snapshot.
    struct LayoutGolden {
        var url: URL
        var text: [UInt8]
        var stored: [UInt8]?
    }

    func layoutGolden(_ snapshot: Snapshot, _ layout: LayoutDump) throws -> LayoutGolden {
        let url = try OutputPaths.join(goldens, snapshot.layoutPath)
        return LayoutGolden(url: url, text: Array(layout.serialized().utf8),
                            stored: FileManager.default.contents(atPath: url.path).map { [UInt8]($0) })
    }

    /// `failures/Counter/002-tap-Add.iphone15pro.large.light.actual.png`, relative to `artifacts`.
    func writeArtifact(_ snapshot: Snapshot, _ files: OutputFiles, _ role: String, _ bytes: [UInt8],
                       format: ImageFormat? = nil) throws -> String {
        let relative = "\(Self.failuresDirectory)/\(snapshot.stream)/\(snapshot.baseName).\(role).\((format ?? snapshot.format).rawValue)"
        try files.stage(bytes, at: try OutputPaths.join(artifacts, relative).path)
        return relative
    }
}

