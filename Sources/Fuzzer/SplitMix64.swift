/// A small deterministic generator, so a campaign's seed and a case's index reproduce it
/// exactly on any machine.
public struct SplitMix64: Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The generator of one case: independent of how many cases ran before it, so
    /// `shotter-fuzz case --seed S --index I` rebuilds case I alone.
    public init(seed: UInt64, index: Int) {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        state = mixer.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n` (n > 0).
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    public mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
    public mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
}
