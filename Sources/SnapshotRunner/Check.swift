import Foundation
import ImageDiff
import LayoutEngine
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
    /// What moved, from the stored layout report: `#12 text 'Add': y 521 -> 529`.
    public var changes: [String] = []
    /// For each of `changes`, the stream line of that element's create or latest update (0
    /// when it is gone): where a pull-request annotation points.
    public var changeLines: [Int] = []
    /// Pixels pixelmatch counted as different (nil when not compared pixel by pixel).
    public var differingPixels: Int?
    /// True when an image's changes come from the layout report stored beside it (false when
    /// there was none to compare with, and for the layout format, which names them itself).
    public var layoutCompared = false
    /// Expected / actual / diff files, relative to the artifacts directory.
    public var expected: String?
    public var actual: String?
    public var diff: String?
    /// The layout dump of the actual rendering beside it (`NAME.actual.layout.json`), so
    /// `shotter accept` can copy it over the golden's with the image.
    public var actualLayout: String?
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
    public var pngCompression = PNGCompression.fast

    public init(goldens: String, artifacts: String, record: RecordMode, pngCompression: PNGCompression = .fast) {
        self.goldens = goldens; self.artifacts = artifacts; self.record = record; self.pngCompression = pngCompression
    }

    /// The subdirectory of `artifacts` this checker owns (cleared at the start of a run).
    public static let failuresDirectory = "failures"

    /// A snapshot straight from the renderer, made into its format's golden.
    public func check(_ snapshot: Snapshot, rendering: Rendering) throws -> SnapshotResult {
        let golden = snapshot.format.golden(pngCompression: pngCompression)
        return try check(snapshot, actual: try golden.actual(rendering, scale: snapshot.scale), layout: rendering.layout)
    }

    /// When the golden already holds `actual` (a PNG with exactly these pixels) it passes as a
    /// byte-identical file would, without being encoded; otherwise (and to re-record
    /// everything with `all`) it is encoded and checked as bytes.
    public func check(_ snapshot: Snapshot, actual: GoldenActual, layout: LayoutReport) throws -> SnapshotResult {
        if record != .all, let golden = FileManager.default.contents(atPath: try OutputPaths.join(goldens, snapshot.path).path),
           actual.isHeld([UInt8](golden)) {
            return try inTransaction { files in
                var result = SnapshotResult(path: snapshot.path, stream: snapshot.stream, status: .passed, message: "matches")
                try refreshLayout(snapshot, try layoutBeside(snapshot, layout), files, into: &result)
                return result
            }
        }
        return try check(snapshot, actual: try actual.encode(), layout: layout)
    }

    /// The golden, layout report and artifact files of one snapshot are written all or none:
    /// a failed write throws a one-line `WriteError` and leaves none of them.
    public func check(_ snapshot: Snapshot, actual: [UInt8], layout: LayoutReport) throws -> SnapshotResult {
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

    private func check(_ snapshot: Snapshot, actual: [UInt8], layout: LayoutReport, files: OutputFiles) throws -> SnapshotResult {
        var result = SnapshotResult(path: snapshot.path, stream: snapshot.stream, status: .passed, message: "matches")
        let format = snapshot.format.golden
        let goldenURL = try OutputPaths.join(goldens, snapshot.path)
        let beside = try layoutBeside(snapshot, layout)

        /// Writes the golden and the layout report beside it.
        func writeGolden() throws {
            try files.stage(actual, at: goldenURL.path)
            result.wrote = [snapshot.path]
            if let beside {
                try files.stage(beside.text, at: beside.url.path)
                result.wrote.append(snapshot.layoutPath)
            }
            result.status = .recorded
        }

        guard let expectedData = FileManager.default.contents(atPath: goldenURL.path) else {
            if record == .never {
                result.status = .failed
                result.message = "no golden at \(goldenURL.path) (record it with --record=missing and commit it)"
                result.actual = try writeArtifact(snapshot, files, "actual", actual)
                if let beside { result.actualLayout = try writeLayoutArtifact(snapshot, files, beside.text) }
                return result
            }
            try writeGolden()
            result.message = "recorded new golden"
            // A copy for the report, so a reviewer sees what was recorded.
            result.actual = try writeArtifact(snapshot, files, "actual", actual)
            return result
        }
        let expected = [UInt8](expectedData)
        if expected == actual {
            try refreshLayout(snapshot, beside, files, into: &result)
            return result
        }

        let comparison = format.compare(expected: expected, actual: actual, tolerance: snapshot.tolerance)
        result.message = comparison.message
        result.differingPixels = comparison.differingPixels
        if comparison.passes {
            result.message += ", within tolerance"
            if record == .all { try writeGolden() } else { try refreshLayout(snapshot, beside, files, into: &result) }
            return result
        }

        if let changes = comparison.changes {
            result.changes = changes
        } else if let stored = beside?.stored.flatMap(LayoutReport.parse) {
            result.layoutCompared = true
            result.changes = LayoutChanges.changes(from: stored, to: layout)
            let (before, after) = LayoutChanges.changedRects(from: stored, to: layout)
            if !before.isEmpty || !after.isEmpty {
                result.marks = SnapshotResult.Marks(canvas: snapshot.environment.device.size, before: before, after: after)
            }
        }
        result.expected = try writeArtifact(snapshot, files, "expected", expected)
        result.actual = try writeArtifact(snapshot, files, "actual", actual)
        if let beside { result.actualLayout = try writeLayoutArtifact(snapshot, files, beside.text) }
        if let diffImage = comparison.diffImage { result.diff = try writeArtifact(snapshot, files, "diff", diffImage, fileExtension: "png") }
        if record == .failed || record == .all {
            try writeGolden()
            result.message = "re-recorded: " + result.message
        } else {
            result.status = .failed
        }
        return result
    }

    /// Beside an image that passes, the report is written when recording is on and it is
    /// missing or not a report of this version (goldens recorded before reports, or before
    /// their format changed), or rewritten when `all` re-records everything.
    func refreshLayout(_ snapshot: Snapshot, _ beside: LayoutBeside?, _ files: OutputFiles,
                       into result: inout SnapshotResult) throws {
        guard let beside, beside.stored != beside.text else { return }
        let outdated = beside.stored.map { LayoutReport.parse($0) == nil } ?? true
        guard (outdated && record != .never) || record == .all else { return }
        try files.stage(beside.text, at: beside.url.path)
        result.wrote.append(snapshot.layoutPath)
    }

    /// The layout report beside an image golden: where it is, the text this run gives, and
    /// what is stored there now (nil when nothing is). Read and serialized once per snapshot;
    /// nil for a format that is itself the layout report.
    struct LayoutBeside {
        var url: URL
        var text: [UInt8]
        var stored: [UInt8]?
    }

    func layoutBeside(_ snapshot: Snapshot, _ layout: LayoutReport) throws -> LayoutBeside? {
        guard snapshot.format.golden.storesLayoutBeside else { return nil }
        let url = try OutputPaths.join(goldens, snapshot.layoutPath)
        return LayoutBeside(url: url, text: Array(layout.serialized().utf8),
                            stored: FileManager.default.contents(atPath: url.path).map { [UInt8]($0) })
    }

    /// `failures/Counter/002-tap-Add.iphone15pro.large.light.actual.png`, relative to `artifacts`.
    func writeArtifact(_ snapshot: Snapshot, _ files: OutputFiles, _ role: String, _ bytes: [UInt8],
                       fileExtension: String? = nil) throws -> String {
        let relative = "\(Self.failuresDirectory)/\(snapshot.stream)/\(snapshot.baseName).\(role).\(fileExtension ?? snapshot.format.fileExtension)"
        try files.stage(bytes, at: try OutputPaths.join(artifacts, relative).path)
        return relative
    }

    /// `failures/Counter/002-tap-Add.iphone15pro.large.light.actual.layout.json`.
    func writeLayoutArtifact(_ snapshot: Snapshot, _ files: OutputFiles, _ text: [UInt8]) throws -> String {
        let relative = "\(Self.failuresDirectory)/\(snapshot.stream)/\(snapshot.baseName).actual.layout.json"
        try files.stage(text, at: try OutputPaths.join(artifacts, relative).path)
        return relative
    }
}

