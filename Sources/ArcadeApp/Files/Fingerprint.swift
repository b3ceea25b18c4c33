/// Bytes named by a 64-bit FNV-1a hash, as 16 hex digits: the mark of an old score file
/// imported (`ScoreImport`), and a deck picture's key for its learn history.
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

/// The fingerprint of a file made from its bytes as they are read: its first `limit` bytes,
/// and, when it has more, its size (so a huge file is not read to its end for its mark).
///
/// A file is read once and hashed on the way (`PNGDecoder.decodeFingerprinted`): opening
/// it again by name could meet something else there, such as a FIFO renamed over it.
struct FileFingerprint {
    /// The most bytes hashed.
    let limit: Int
    private var fingerprint = Fingerprint()
    /// The bytes hashed so far.
    private(set) var count = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// True once `limit` bytes are hashed: the rest of the file adds only its size.
    var isFull: Bool { count >= limit }

    /// Add the next bytes read (those past `limit` are left out).
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        let taken = min(bytes.count, limit - count)
        guard taken > 0 else { return }
        fingerprint.add(UnsafeRawBufferPointer(rebasing: bytes[..<taken]))
        count += taken
    }

    /// The fingerprint, as 16 hex digits, of a file of `size` bytes whose bytes were added.
    func text(size: Int) -> String {
        var whole = fingerprint
        if isFull { whole.add(withUnsafeBytes(of: Int64(size).littleEndian, Array.init)) }
        return whole.text
    }
}
