#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LayoutEngine

/// `shotter report merge`: the results of a sharded run's shards (each beside its artifacts,
/// e.g. downloaded from CI) become one run, with every artifact copied into one directory, so
/// one report.html and one JUnit cover them all as the unsharded run's would.
public enum ReportMerge {
    /// Reads `resultsFiles`, copies their artifacts into `output` (replacing its `failures/`)
    /// and returns the merged run. Results files come from elsewhere (a pull request's CI), so
    /// every artifact path must be a `failures/...` name inside its shard's artifacts directory
    /// and a regular file there, never a link; a snapshot in two shards is an error.
    public static func merge(_ resultsFiles: [String], into output: String) throws -> RunSummary {
        let outputCanonical = OutputPaths.canonical(output)
        var byName: [String: (result: SnapshotResult, file: String)] = [:]
        var unused: Set<String> = []
        var warnings: [String] = []
        var streams: [String: String] = [:]
        var ci = false, pruned = false
        var copies: [(source: String, relative: String)] = []
        for file in resultsFiles {
            let results = try RunResults.load(file)
            let artifacts = RunResults.artifactsDirectory(of: results, readFrom: file)
            let artifactsCanonical = OutputPaths.canonical(artifacts)
            if OutputPaths.isSameOrInside(outputCanonical, artifactsCanonical) || OutputPaths.isSameOrInside(artifactsCanonical, outputCanonical) {
                throw ResultsError("\(file): its artifacts directory \(artifacts) overlaps the output directory \(output): merge into a directory of its own")
            }
            let summary = try results.summary()
            for result in summary.results {
                if let other = byName[result.path] {
                    throw ResultsError("\(file): snapshot \(MessageText.quoted(result.path)) is also in \(other.file): merge the results of different shards of one run")
                }
                for relative in [result.expected, result.actual, result.actualLayout, result.diff].compactMap({ $0 }) {
                    copies.append((try artifact(relative, in: artifacts, canonical: artifactsCanonical, file: file), relative))
                }
                byName[result.path] = (result, file)
            }
            unused.formUnion(summary.unused)
            for warning in summary.warnings where !warnings.contains(warning) { warnings.append(warning) }
            streams.merge(summary.streamFiles) { first, _ in first }
            ci = ci || summary.ci
            pruned = pruned || summary.pruned
        }

        try? FileManager.default.removeItem(at: try OutputPaths.join(output, SnapshotChecker.failuresDirectory))
        let files = OutputFiles()
        do {
            for (source, relative) in copies {
                guard let data = FileManager.default.contents(atPath: source) else {
                    throw ResultsError("\(source): cannot be read")
                }
                try files.stage([UInt8](data), at: try OutputPaths.join(output, relative).path)
            }
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
        var summary = RunSummary(results: byName.values.map(\.result).sorted { $0.path < $1.path }, unused: unused.sorted(),
                                 pruned: pruned, ci: ci, shard: nil)
        summary.warnings = warnings
        summary.streamFiles = streams
        return summary
    }

    /// The source file of one artifact path from a results file, checked.
    static func artifact(_ relative: String, in artifacts: String, canonical: String, file: String) throws -> String {
        guard relative.hasPrefix(SnapshotChecker.failuresDirectory + "/") else {
            throw ResultsError("\(file): artifact \(MessageText.quoted(relative)) is not in \(SnapshotChecker.failuresDirectory)/")
        }
        let source: URL
        do { source = try OutputPaths.join(artifacts, relative) } catch {
            throw ResultsError("\(file): artifact \(MessageText.quoted(relative)) would leave the artifacts directory")
        }
        try regularFileInside(source.path, canonical, what: "artifact")
        return source.path
    }

    /// Refuses what is not a regular file (a link could make shotter copy any file it can
    /// read) or lies outside `directory` (canonical) once links in its folders are resolved.
    static func regularFileInside(_ path: String, _ directory: String, what: String) throws(ResultsError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw ResultsError("\(path): no such \(what)") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ResultsError("\(path): the \(what) is not a regular file") }
        guard OutputPaths.isSameOrInside(OutputPaths.canonical(path), directory) else {
            throw ResultsError("\(path): the \(what) lies outside \(directory)")
        }
    }
}
