internal import Synchronization

/// Large byte buffers kept for reuse from one image to the next. A fresh 9 MB buffer for a
/// phone screen costs page faults on its first touch, about 4 ms on these VMs: twice what
/// libdeflate needs to fill it. `shotter test` and `shotter diff` decode image after image of
/// the same size, so a few buffers kept alive serve them all.
final class BufferPool: Sendable {
    /// Enough for two images compared at once on each of two threads.
    static let shared = BufferPool(keeping: 4)

    struct Buffer: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int
    }

    private let keeping: Int
    private let free = Mutex<[Buffer]>([])

    init(keeping: Int) { self.keeping = keeping }

    /// A buffer of at least `count` bytes, uninitialized; hand it back with `give`.
    func take(_ count: Int) -> Buffer {
        let reused = free.withLock { free -> Buffer? in
            guard let index = free.firstIndex(where: { $0.capacity >= count }) else { return nil }
            return free.remove(at: index)
        }
        return reused ?? Buffer(base: .allocate(capacity: count), capacity: count)
    }

    /// Makes a buffer of `count` bytes and touches every page of it, so that the next `take`
    /// of that size finds it without the page faults of a first touch: for a thread that has
    /// a core to spare before the image is there (`PNGEncoder.prepareBuffers`).
    func prepare(_ count: Int) {
        let buffer = Buffer(base: .allocate(capacity: count), capacity: count)
        buffer.base.initialize(repeating: 0, count: count)
        give(buffer)
    }

    /// Keeps the buffer for later, or frees it when enough are kept (the smallest goes first).
    func give(_ buffer: Buffer) {
        let dropped = free.withLock { free -> Buffer? in
            free.append(buffer)
            guard free.count > keeping else { return nil }
            let smallest = free.indices.min { free[$0].capacity < free[$1].capacity }!
            return free.remove(at: smallest)
        }
        dropped?.base.deallocate()
    }
}
