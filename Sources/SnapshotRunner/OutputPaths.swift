#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LayoutEngine
import LayoutModel

/// A file shotter was about to write under a name that would leave its folder (`..`, `/`)
/// or that no file system takes (empty, longer than 255 bytes).
public struct OutputPathError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public var description: String { message }
}

/// Checks on where shotter writes and what it may delete, so that no stream, plan or flag makes
/// it write outside the folder it was given or delete a file it did not write (docs/decisions.md).
public enum OutputPaths {
    /// The longest file name Linux and macOS file systems take, in bytes.
    public static let maxNameBytes = 255

    /// `directory/relative`, checked by `check(_:in:)`.
    public static func join(_ directory: String, _ relative: String) throws(OutputPathError) -> URL {
        try check(relative, in: directory)
        return URL(fileURLWithPath: directory).appendingPathComponent(relative)
    }

    /// Throws unless every component of `relative` is a plain file name: not empty, `.` or
    /// `..`, and at most `maxNameBytes` bytes. Then `directory/relative` is inside `directory`.
    public static func check(_ relative: String, in directory: String) throws(OutputPathError) {
        for name in relative.split(separator: "/", omittingEmptySubsequences: false) {
            guard !name.isEmpty, name != ".", name != ".." else {
                throw OutputPathError(message: "cannot write \(MessageText.quoted(relative)) in \(directory): it would leave the folder")
            }
            guard name.utf8.count <= maxNameBytes else {
                throw OutputPathError(message: "cannot write \(MessageText.quoted(relative)) in \(directory): a file name is longer than \(maxNameBytes) bytes")
            }
        }
    }

    /// Why a directory given for output cannot be used: empty, or the file-system root.
    public static func problem(withDirectory path: String) -> String? {
        if path.isEmpty { return "is empty" }
        if URL(fileURLWithPath: path).standardizedFileURL.path == "/" { return "is the file-system root" }
        return nil
    }

    /// Absolute, without `.` and `..`, with the symbolic links of its existing part resolved:
    /// two paths name the same place exactly when their canonical forms are equal.
    public static func canonical(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var missing: [String] = []
        while true {
            if let resolved = realpath(existing.path, nil) {
                defer { free(resolved) }
                return missing.reversed().reduce(String(cString: resolved)) { ($0 as NSString).appendingPathComponent($1) }
            }
            if existing.path == "/" { return URL(fileURLWithPath: path).standardizedFileURL.path }
            missing.append(existing.lastPathComponent)
            existing.deleteLastPathComponent()
        }
    }

    /// Whether `path` is `directory` or lies under it (both canonical).
    public static func isSameOrInside(_ path: String, _ directory: String) -> Bool {
        path == directory || path.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
    }

    /// Whether `path` stays inside `directory` once `.` and `..` are removed, without looking
    /// at the file system (plan paths, before the files exist).
    static func staysInside(_ path: String, _ directory: String) -> Bool {
        isSameOrInside(URL(fileURLWithPath: path).standardizedFileURL.path,
                       URL(fileURLWithPath: directory).standardizedFileURL.path)
    }
}

/// The file names `shotter test` writes into a goldens directory: `STREAM/NAME.EXT` with NAME
/// as `SnapshotName.base` makes it and EXT `png`, `svg` or `layout.json`. Only such files are
/// ever listed as unused or pruned.
enum GoldenFileName {
    static func matches(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[0].hasPrefix(".") else { return false }
        var name = parts[1]
        if name.hasSuffix(".layout.json") { name = name.dropLast(".layout.json".count) }
        else if name.hasSuffix(".png") || name.hasSuffix(".svg") { name = name.dropLast(4) }
        else { return false }
        // NNN[-LABEL].DEVICE.SIZE.SCHEME: the label has no dot, a custom device may have some.
        let fields = name.split(separator: ".", omittingEmptySubsequences: false)
        guard fields.count >= 4 else { return false }
        let number = fields[0].prefix { $0 != "-" }
        let label = fields[0].dropFirst(number.count)
        guard number.count >= 3, number.allSatisfy({ ("0"..."9").contains($0) }), label != "-" else { return false }
        let device = fields[1..<(fields.count - 2)].joined(separator: ".")
        return Device.named(device) != nil
            && DynamicTypeSize(rawValue: String(fields[fields.count - 2])) != nil
            && ColorScheme(rawValue: String(fields[fields.count - 1])) != nil
    }
}

extension TestPlan {
    /// The goldens and artifacts directories must be folders of their own: not the plan's
    /// directory, nor one holding it or a stream (pruning goldens there, or clearing
    /// `failures/`, would reach the project's files), nor one inside the other.
    public func checkOutputDirectories(artifacts: String, streams: [PlannedStream]) throws(PlanError) {
        let plan = OutputPaths.canonical(directory)
        let outputs = [("goldens", OutputPaths.canonical(goldens)), ("artifacts", OutputPaths.canonical(artifacts))]
        for (role, path) in outputs {
            let fix = "give the \(role) a directory of their own"
            if path == plan { throw PlanError("the \(role) directory \(path) is the plan's directory: \(fix)") }
            if OutputPaths.isSameOrInside(plan, path) {
                throw PlanError("the \(role) directory \(path) contains the plan's directory \(plan): \(fix)")
            }
            if let stream = streams.first(where: { OutputPaths.isSameOrInside(OutputPaths.canonical($0.path), path) }) {
                throw PlanError("the \(role) directory \(path) contains the stream \(stream.path): \(fix)")
            }
        }
        if OutputPaths.isSameOrInside(outputs[0].1, outputs[1].1) || OutputPaths.isSameOrInside(outputs[1].1, outputs[0].1) {
            throw PlanError("the goldens directory \(outputs[0].1) and the artifacts directory \(outputs[1].1) overlap: give each a directory of its own")
        }
    }
}
