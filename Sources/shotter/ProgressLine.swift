import Foundation
import SnapshotRunner

/// The one updating line on stderr (`render 120/500`) that long runs of `render` and `test`
/// show, so a terminal user sees the run moving. It appears only once a run has taken over a
/// second, and never when stdout or stderr is not a terminal or on CI, so logs and pipes get
/// exactly what they got before. Thread-safe: workers call `advance` as they finish.
final class ProgressLine: @unchecked Sendable {
    private let label: String
    private let total: Int
    private let enabled: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    private let lock = NSLock()
    private var done = 0
    private var lastDrawn: UInt64 = 0
    private var shown = false

    /// Runs shorter than this show nothing.
    static let delayNanoseconds: UInt64 = 1_000_000_000
    /// At most ten redraws a second.
    static let redrawNanoseconds: UInt64 = 100_000_000

    init(label: String, total: Int, enabled: Bool = ProgressLine.isWanted()) {
        self.label = label
        self.total = total
        self.enabled = enabled
    }

    /// True when both stdout and stderr are terminals and `CI` is not set.
    static func isWanted(environment: [String: String] = ProcessInfo.processInfo.environment,
                         isTerminal: (Int32) -> Bool = { isatty($0) == 1 }) -> Bool {
        isTerminal(STDOUT_FILENO) && isTerminal(STDERR_FILENO) && !isCI(environment)
    }

    func advance(by count: Int = 1) {
        guard enabled else { return }
        lock.withLock {
            done += count
            let now = DispatchTime.now().uptimeNanoseconds
            guard now - start >= Self.delayNanoseconds, now - lastDrawn >= Self.redrawNanoseconds else { return }
            lastDrawn = now
            shown = true
            Self.emit("\r\u{1B}[K\(label) \(min(done, total))/\(total)")
        }
    }

    /// Clears the line, so what the command prints next starts on a clean line.
    func finish() {
        lock.withLock {
            guard shown else { return }
            shown = false
            Self.emit("\r\u{1B}[K")
        }
    }

    private static func emit(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
