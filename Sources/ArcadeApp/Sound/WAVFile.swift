import Glibc

/// What a WAV file's header says, read from its bytes (RIFF/WAVE with a `fmt ` and a `data` chunk).
///
/// Only what the arcade's cues need is understood: enough to check that a file is a
/// short, uncompressed (PCM) sound, and to look at its samples in tests.
struct WAVFile: Equatable, Sendable {
    /// The WAVE format code of uncompressed PCM.
    static let pcmFormat: UInt16 = 1
    /// Bytes of a RIFF chunk header: four-letter id and 32-bit little-endian size.
    private static let chunkHeaderSize = 8

    /// 1 for PCM.
    var format: UInt16
    var channels: UInt16
    var sampleRate: UInt32
    var bitsPerSample: UInt16
    /// The sample bytes (the `data` chunk).
    var data: [UInt8]

    /// How long the sound plays, in seconds.
    var duration: Double {
        let bytesPerFrame = Int(channels) * Int(bitsPerSample) / 8
        guard bytesPerFrame > 0, sampleRate > 0 else { return 0 }
        return Double(data.count / bytesPerFrame) / Double(sampleRate)
    }

    /// The samples of a 16-bit file (channels interleaved); empty for other widths.
    var samples16: [Int16] {
        guard bitsPerSample == 16 else { return [] }
        return stride(from: 0, to: data.count - 1, by: 2).map { index in
            Int16(bitPattern: UInt16(data[index]) | UInt16(data[index + 1]) << 8)
        }
    }

    /// Parse `bytes`; nil when they are not a RIFF/WAVE file with a format and a data chunk.
    init?(bytes: [UInt8]) {
        guard bytes.count >= 12, Self.fourCC(bytes, at: 0) == "RIFF", Self.fourCC(bytes, at: 8) == "WAVE" else {
            return nil
        }
        var format: (UInt16, UInt16, UInt32, UInt16)?
        var data: [UInt8]?
        var offset = 12
        while offset + Self.chunkHeaderSize <= bytes.count {
            let id = Self.fourCC(bytes, at: offset)
            let size = Int(Self.uint32(bytes, at: offset + 4))
            let body = offset + Self.chunkHeaderSize
            guard size >= 0, body + size <= bytes.count else { return nil }
            if id == "fmt ", size >= 16 {
                format = (Self.uint16(bytes, at: body), Self.uint16(bytes, at: body + 2),
                          Self.uint32(bytes, at: body + 4), Self.uint16(bytes, at: body + 14))
            } else if id == "data" {
                data = Array(bytes[body..<(body + size)])
            }
            offset = body + size + size % 2  // chunks are padded to an even size
        }
        guard let format, let data else { return nil }
        (self.format, channels, sampleRate, bitsPerSample) = format
        self.data = data
    }

    /// Read and parse the file at `path`; nil when it cannot be read or is not a WAV file
    /// (or, unless `everyoneMayWrite`, when everyone may write it).
    init?(contentsOf path: String, everyoneMayWrite: Bool = true) {
        guard let bytes = Self.readFile(path, everyoneMayWrite: everyoneMayWrite) else { return nil }
        self.init(bytes: bytes)
    }

    /// The most bytes a cue may have (the arcade's are a few KiB).
    static let sizeLimit = 8 << 20

    /// The whole regular file at `path` (at most ``sizeLimit`` bytes), or nil when it cannot
    /// be read: a FIFO or device in a cue's place never blocks or floods the arcade.
    static func readFile(_ path: String, everyoneMayWrite: Bool = true) -> [UInt8]? {
        try? RegularFile.read(path, limit: sizeLimit, everyoneMayWrite: everyoneMayWrite)
    }

    /// The four ASCII letters at `offset` (a chunk id such as `RIFF`).
    private static func fourCC(_ bytes: [UInt8], at offset: Int) -> String {
        String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
    }

    /// The little-endian 16-bit number at `offset`.
    private static func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    /// The little-endian 32-bit number at `offset`.
    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }
}
