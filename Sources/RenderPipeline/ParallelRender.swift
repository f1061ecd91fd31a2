import Foundation
import ImageDiff
import LayoutEngine
import SVGExport

/// What `RenderSession.render` made: one result per scene, in scene order.
public struct RenderRun<Result: Sendable>: Sendable {
    public var results: [Result]
    /// Painting's warnings that validating did not give, each once, in scene order.
    public var warnings: [String]
}

extension RenderSession {
    /// Lays out and paints every scene `options` select on up to `jobs` threads, each with its
    /// own `Screenshotter` (made up front, so missing fonts or icons fail before any work), and
    /// hands each frame to `work` on that thread with its renderer, to encode or inspect.
    /// This thread replays the stream, at most two scenes a worker ahead, so memory stays flat
    /// however many commits a stream has. After a failure, scenes later in order are dropped
    /// and earlier ones still run: the error thrown is the first in scene order for any `jobs`.
    public func render<Result: Sendable>(_ options: RenderOptions, jobs: Int, pixelLimit: PixelLimit = PixelLimit(),
                                         documentation: DocumentationOptions = DocumentationOptions(),
                                         note: (String) -> Void = { _ in },
                                         _ work: @escaping @Sendable (Frame, Screenshotter) throws -> Result) throws -> RenderRun<Result> {
        let renderers = try (0..<min(jobs, try sceneCount(options))).map { _ in
            let renderer = try Screenshotter()
            renderer.pixelLimit = pixelLimit
            return HandedOver(renderer)
        }
        // A core no worker uses makes the first screen's buffers while it is laid out, and
        // draws the lower half of each large screen.
        if renderers.count < ProcessInfo.processInfo.activeProcessorCount, options.formats.contains(.png) {
            renderers.forEach { $0.value.banding = .twoThreads }
            if documentation == DocumentationOptions(), let device = options.devices.first {
                PreparedCanvas.shared.prepare(pixelSize(of: device.size, scale: options.scale(for: device)))
            }
        }
        let queue = SceneQueue<Result>(capacity: 2 * renderers.count)
        let workers = DispatchGroup()
        for handedOver in renderers {
            workers.enter()
            let thread = Thread {
                let renderer = handedOver.value
                defer { workers.leave() }
                while let (index, scene) = queue.take() {
                    do {
                        let frame = try renderer.frame(scene, documentation: documentation)
                        queue.finish(index, try work(frame, renderer), warnings: frame.warnings)
                    } catch {
                        queue.fail(index, error)
                    }
                }
            }
            thread.stackSize = ElementTree.threadStackSize
            thread.start()
        }
        do {
            try scenes(options, note: note) { scene in
                guard queue.put(scene) else { throw Stopped() }
            }
        } catch is Stopped {}
        queue.close()
        workers.wait()
        if let failure = queue.failure { throw failure }
        let done = queue.done
        return RenderRun(results: done.map(\.result), warnings: paintingWarnings(done.map(\.warnings)))
    }
}

/// A worker failed: the replay stops putting scenes.
private struct Stopped: Error {}

/// A renderer made on one thread and from then on used only by the one worker it is handed to.
private struct HandedOver: @unchecked Sendable {
    let value: Screenshotter
    init(_ value: Screenshotter) { self.value = value }
}

/// Scenes handed from the thread replaying the stream to the workers, numbered in output
/// order, and what the workers made of them. It holds at most `capacity` waiting scenes.
private final class SceneQueue<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private var waiting: [(index: Int, scene: Scene)] = []
    private var nextIndex = 0
    private var closed = false
    private var failed: (index: Int, error: any Error)?
    private var finished: [Int: (result: Result, warnings: [String])] = [:]

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Waits for room; false once a failure has stopped the run.
    func put(_ scene: Scene) -> Bool {
        condition.withLock {
            while waiting.count >= capacity && failed == nil { condition.wait() }
            guard failed == nil else { return false }
            waiting.append((nextIndex, scene))
            nextIndex += 1
            condition.broadcast()
            return true
        }
    }

    /// The next scene to render, or nil when there is none left.
    func take() -> (Int, Scene)? {
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

    /// No more scenes will be put.
    func close() {
        condition.withLock { closed = true; condition.broadcast() }
    }

    func finish(_ index: Int, _ result: Result, warnings: [String]) {
        condition.withLock { finished[index] = (result, warnings) }
    }

    func fail(_ index: Int, _ error: any Error) {
        condition.withLock {
            if failed == nil || index < failed!.index { failed = (index, error) }
            condition.broadcast()
        }
    }

    /// The first failure in output order, if any.
    var failure: (any Error)? { condition.withLock { failed?.error } }

    /// Every result with its painting's warnings, in output order.
    var done: [(result: Result, warnings: [String])] {
        condition.withLock { finished.keys.sorted().compactMap { finished[$0] } }
    }
}
