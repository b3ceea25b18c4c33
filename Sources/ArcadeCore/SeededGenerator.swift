/// The one random generator every game uses, so `--seed N` means the same game everywhere.
///
/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by a
/// constant and mixed; fast, passes BigCrush, and trivially reproducible. A
/// seeded game must never draw from `SystemRandomNumberGenerator`.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable, Codable {
    private var state: UInt64

    /// A generator whose whole sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// A generator seeded from the system's entropy, for games started without `--seed`.
    public init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A fresh seed drawn from the system, for a game that was not given one.
    public static func randomSeed() -> UInt64 {
        var system = SystemRandomNumberGenerator()
        return system.next()
    }
}
