/// Bytes named by a 64-bit FNV-1a hash, as 16 hex digits: the mark of an old score file
/// imported (`ScoreImport`), and a deck picture's key for its learn history (`TempleDeck`).
struct Fingerprint {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Add `bytes` to what is hashed.
    mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }

    /// The hash.
    var value: UInt64 { hash }

    /// The hash as 16 hex digits.
    var text: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
