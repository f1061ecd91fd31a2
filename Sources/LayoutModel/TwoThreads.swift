import Foundation

/// `first` on this thread while `second` runs on a thread of its own, not Dispatch's:
/// `shotter fuzz-server` forks children after loading the fonts, and Dispatch's thread pool
/// does not survive a fork. Returns both results once both are done.
public func onTwoThreads<First, Second>(_ first: () -> First, alongside second: @escaping () -> Second) -> (First, Second) {
    nonisolated(unsafe) let second = second
    nonisolated(unsafe) var secondResult: Second?
    let secondDone = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        secondResult = second()
        secondDone.signal()
    }
    let firstResult = first()
    secondDone.wait()
    // Set before the signal.
    return (firstResult, secondResult!)
}
