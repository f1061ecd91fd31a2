import Foundation
import LayoutModel

/// The first measurer of a process, made on another thread while the stream is read and
/// validated, with the fonts its texts are likely to use already set up. A font's first use
/// (Pango loading it, and its metrics, for which Pango shapes a sample sentence) took 0.5 to
/// 1.5 ms, the first one 2 to 3 ms, a fifth of laying out the first screen, while the second
/// core waited. Setting a font up changes no width, so whichever fonts were set up when the
/// measurer is taken, layout is the same.
public enum MeasurerWarming {
    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var started = false
        var stop = false
        var finished = false
        var more: (@Sendable () -> [ResolvedFont])?
        var measurer: PangoTextMeasurer?
    }

    private static let state = State()

    /// Makes the measurer on another thread (loading the pinned fonts if nothing has yet) and
    /// sets up `first`, then the fonts `setUp` hands it, until `take` stops it. Once per
    /// process; later calls do nothing.
    public static func start(first: ResolvedFont) {
        let isFirst = state.condition.withLock {
            defer { state.started = true }
            return !state.started
        }
        guard isFirst else { return }
        Thread.detachNewThread {
            let measurer = try? PangoTextMeasurer()
            if let measurer {
                measurer.engine.setUp(first)
                for font in moreFonts()?() ?? [] {
                    if isStopped { break }
                    measurer.engine.setUp(font)
                }
            }
            state.condition.withLock {
                state.measurer = measurer
                state.finished = true
                state.condition.broadcast()
            }
        }
    }

    /// What `setUp` hands over, once it does; nil when `take` stops the warming first.
    private static func moreFonts() -> (@Sendable () -> [ResolvedFont])? {
        state.condition.withLock {
            while state.more == nil && !state.stop { state.condition.wait() }
            return state.stop ? nil : state.more
        }
    }

    private static var isStopped: Bool { state.condition.withLock { state.stop } }

    /// More fonts for the measurer `start` makes to set up, worked out on its thread.
    public static func setUp(_ fonts: @escaping @Sendable () -> [ResolvedFont]) {
        state.condition.withLock {
            state.more = fonts
            state.condition.broadcast()
        }
    }

    /// The warmed measurer, once, after the font being set up: nil when none was started or
    /// it could not be made (the caller makes its own, which reports why).
    public static func take() -> PangoTextMeasurer? {
        state.condition.withLock {
            guard state.started else { return nil }
            state.stop = true
            state.condition.broadcast()
            while !state.finished { state.condition.wait() }
            defer { state.measurer = nil }
            return state.measurer
        }
    }
}
