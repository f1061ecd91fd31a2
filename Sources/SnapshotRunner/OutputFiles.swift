import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file that could not be written, as the one line the CLI prints:
/// `shots/Counter/001.iphone15pro.large.light.png: cannot write: No space left on device`.
public struct WriteError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The destination as the run named it.
    public var path: String
    /// The system's reason (`strerror`).
    public var reason: String

    public var description: String { "\(path): cannot write: \(reason)" }
}

/// The files of one run, written all or none. `stage` writes each file beside its destination
/// under a short hidden name; `commit` moves them all into place, keeping what they replace until
/// every move has succeeded. `discard`, or a failing `commit`, removes every staged file, puts
/// back what was replaced and removes the directories the run created, so a failure leaves the
/// output as it was before the run. Thread-safe: parallel workers stage into one run.
public final class OutputFiles: @unchecked Sendable {
    private struct Staged {
        var path: String
        var temporary: String
    }

    private let lock = NSLock()
    private var staged: [Staged] = []
    /// Directories this run made, outermost first.
    private var createdDirectories: [String] = []

    /// Numbers the temporary names of every run in the process (`shotter test` stages each
    /// snapshot as its own run, on several threads, into the same directories).
    private static let counter = Counter()
    /// Held while a run makes its directories and opens a file in them, and while a failed run
    /// removes the directories it made: otherwise one snapshot of `shotter test` that fails
    /// could remove a directory another had just found, before that one put its file there.
    private static let directoryLock = NSLock()
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }

    public init() {}

    /// Writes `bytes` to a temporary file in `path`'s directory (created as needed).
    public func stage(_ bytes: [UInt8], at path: String) throws(WriteError) {
        do {
            try stage(at: path) { append in try append(bytes) }
        } catch let error as WriteError {
            throw error
        } catch {
            preconditionFailure("a writer that cannot fail failed: \(error)")
        }
    }

    /// Stages a file written in pieces (a report too large to hold in memory): `produce` gets
    /// an `append` that writes bytes to the temporary file. A failed write throws `WriteError`;
    /// whatever `produce` throws is rethrown. Either way the temporary file is removed.
    public func stage(at path: String, _ produce: (_ append: ([UInt8]) throws -> Void) throws -> Void) throws {
        let directory = Self.parent(of: path)
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".shotter-\(getpid())-\(Self.counter.next()).tmp"
        let fd = try Self.directoryLock.withLock {
            try makeDirectories(directory.isEmpty ? "." : directory, for: path)
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw WriteError(path: path, reason: Self.reason()) }
            return fd
        }
        do {
            try produce { bytes throws(WriteError) in try Self.write(bytes, to: fd, reportedAs: path) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        // A full disk may only show when the file is closed.
        if close(fd) != 0 {
            let error = WriteError(path: path, reason: Self.reason())
            unlink(temporary)
            throw error
        }
        lock.withLock { staged.append(Staged(path: path, temporary: temporary)) }
    }

    /// Moves every staged file to its destination, in the order they were staged. On failure
    /// nothing of the run is left and the error names the destination that failed.
    public func commit() throws(WriteError) {
        let files = lock.withLock { staged }
        var replaced: [(path: String, backup: String?)] = []
        for (index, file) in files.enumerated() {
            // An existing file is moved aside, not overwritten, so a later failure can restore it.
            var backup: String? = nil
            var info = stat()
            if lstat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                let aside = file.temporary + ".old"
                if rename(file.path, aside) != 0 {
                    let error = WriteError(path: file.path, reason: Self.reason())
                    restore(replaced, unmoved: files[index...])
                    throw error
                }
                backup = aside
            }
            if rename(file.temporary, file.path) != 0 {
                let error = WriteError(path: file.path, reason: Self.reason())
                if let backup { _ = rename(backup, file.path) }
                restore(replaced, unmoved: files[index...])
                throw error
            }
            replaced.append((file.path, backup))
        }
        for case let (_, backup?) in replaced { unlink(backup) }
        lock.withLock { staged = []; createdDirectories = [] }
    }

    /// Removes everything staged and the directories the run created.
    public func discard() {
        restore([], unmoved: lock.withLock { staged }[...])
    }

    /// Undoes a partial commit: committed files go (or get back what they replaced), staged
    /// files that were not moved are deleted, then the run's directories if they are empty.
    private func restore(_ committed: [(path: String, backup: String?)], unmoved: ArraySlice<Staged>) {
        for (path, backup) in committed.reversed() {
            if let backup { _ = rename(backup, path) } else { unlink(path) }
        }
        for file in unmoved { unlink(file.temporary) }
        let directories = lock.withLock { () -> [String] in
            defer { staged = []; createdDirectories = [] }
            return createdDirectories
        }
        Self.directoryLock.withLock {
            for directory in directories.reversed() { rmdir(directory) }
        }
    }

    /// `mkdir -p`, remembering which directories did not exist before.
    private func makeDirectories(_ directory: String, for path: String) throws(WriteError) {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw WriteError(path: path, reason: String(cString: strerror(ENOTDIR))) }
            return
        }
        let parent = Self.parent(of: directory)
        if !parent.isEmpty, parent != directory { try makeDirectories(parent, for: path) }
        let failure = lock.withLock { () -> String? in
            if mkdir(directory, 0o777) == 0 {
                createdDirectories.append(directory)
            } else if errno != EEXIST {
                return Self.reason()
            }
            return nil
        }
        if let failure { throw WriteError(path: path, reason: failure) }
    }

    private static func write(_ bytes: [UInt8], to fd: Int32, reportedAs path: String) throws(WriteError) {
        var written = 0
        let failure: String? = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return reason()
                }
                written += n
            }
            return nil
        }
        if let failure { throw WriteError(path: path, reason: failure) }
    }

    /// `a/b` for `a/b/c`, `/` for `/a`, empty for `a`. (Foundation's `deletingLastPathComponent`
    /// traps on one-letter relative paths here.)
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = trimmed[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
