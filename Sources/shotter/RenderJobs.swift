import Foundation
import LayoutEngine

/// One set of files to render: a commit's tree in one environment, numbered in output order.
struct RenderJob: Sendable {
    var index: Int
    var commit: OpStream.Commit
    var tree: ElementTree
    var environment: RenderEnvironment
}

/// Jobs handed from the thread replaying the stream to `shotter render`'s workers, and what
/// they rendered. It holds at most `capacity` waiting jobs, so memory stays flat however many
/// commits a stream has. After a failure, jobs later in output order are dropped and earlier
/// ones still run, so the error reported is the first in output order for any `--jobs`.
final class RenderQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var waiting: [RenderJob] = []
    private var closed = false
    private var failed: (index: Int, error: any Error)?
    private var rendered: [Int: (paths: [String], warnings: [String])] = [:]

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Waits for room; false once a failure has stopped the run.
    func put(_ job: RenderJob) -> Bool {
        condition.withLock {
            while waiting.count >= capacity && failed == nil { condition.wait() }
            guard failed == nil else { return false }
            waiting.append(job)
            condition.broadcast()
            return true
        }
    }

    /// The next job to render, or nil when there is none left.
    func take() -> RenderJob? {
        condition.withLock {
            while true {
                if let failed { waiting.removeAll { $0.index > failed.index } }
                if !waiting.isEmpty {
                    condition.broadcast()
                    return waiting.removeFirst()
                }
                if closed || failed != nil { return nil }
                condition.wait()
            }
        }
    }

    /// No more jobs will be put.
    func close() {
        condition.withLock { closed = true; condition.broadcast() }
    }

    func finish(_ job: RenderJob, paths: [String], warnings: [String]) {
        condition.withLock { rendered[job.index] = (paths, warnings) }
    }

    func fail(_ job: RenderJob, _ error: any Error) {
        condition.withLock {
            if failed == nil || job.index < failed!.index { failed = (job.index, error) }
            condition.broadcast()
        }
    }

    /// The first failure in output order, if any.
    var failure: (any Error)? { condition.withLock { failed?.error } }

    /// Every written path and warning, in output order.
    var results: (paths: [String], warnings: [String]) {
        condition.withLock {
            let ordered = rendered.keys.sorted().compactMap { rendered[$0] }
            return (ordered.flatMap(\.paths), ordered.flatMap(\.warnings))
        }
    }
}
