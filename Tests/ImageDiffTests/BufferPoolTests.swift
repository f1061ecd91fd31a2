@testable import ImageDiff
import Testing

@Suite struct BufferPoolTests {
    @Test func aBufferHandedBackIsHandedOutAgainForAnyRequestItFits() {
        let pool = BufferPool(keeping: 2)
        let large = pool.take(1000)
        #expect(large.capacity == 1000)
        pool.give(large)
        let reused = pool.take(600)
        #expect(reused.base == large.base && reused.capacity == 1000)
        let fresh = pool.take(600)
        #expect(fresh.base != large.base && fresh.capacity == 600, "a buffer is handed out once at a time")
        pool.give(reused)
        pool.give(fresh)
        #expect(pool.take(2000).capacity == 2000, "none kept is large enough")
    }

    @Test func onlyTheLargestAreKept() {
        let pool = BufferPool(keeping: 2)
        let buffers = [300, 100, 200].map(pool.take)
        buffers.forEach(pool.give)
        let kept = [pool.take(1), pool.take(1), pool.take(1)]
        #expect(kept.map(\.capacity).sorted() == [1, 200, 300], "the 100-byte buffer was freed, the third take is new")
        kept.forEach(pool.give)
    }
}
