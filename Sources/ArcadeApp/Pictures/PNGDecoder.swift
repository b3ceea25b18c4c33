import CArcadePNG
import Glibc

/// Why a picture could not be loaded, naming the file and saying in words what went wrong.
enum PictureError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file could not be opened or read as a file (missing, not permitted, a folder);
    /// `reason` says which, in words.
    case unreadable(file: String, reason: String)
    /// The file has no bytes.
    case empty(file: String)
    /// The file is not a PNG at all: another format, or text.
    case notPNG(file: String)
    /// The file starts as a PNG but is damaged.
    case damaged(file: String, Damage)
    /// The picture has more pixels than the arcade is willing to read.
    case tooLarge(file: String, width: Int, height: Int)
    /// Reading stopped because the player left (the deck's loading was cancelled).
    case cancelled(file: String)

    /// How a PNG is damaged, as libpng finds it.
    enum Damage: Equatable, Sendable {
        /// The data ends early: a truncated download or copy ("Read Error", "read beyond end of data").
        case cutShort
        /// A chunk's CRC or the compressed data's check value does not match.
        case checksum
        /// The header (IHDR) holds impossible values.
        case header
        /// After the signature, what follows is not a PNG's sequence of chunks.
        case garbled
        /// The compressed pixel data cannot be unpacked.
        case pixelData
        /// Line endings were converted, as a text-mode transfer does.
        case lineEndings
        /// Damage libpng describes in a way not recognised here; its message is kept.
        case other(String)

        /// The damage in words, e.g. "the data is cut short".
        var words: String {
            switch self {
            case .cutShort: "the data is cut short"
            case .checksum: "a checksum does not match"
            case .header: "its header is invalid"
            case .garbled: "its contents are garbled"
            case .pixelData: "the picture data is corrupt"
            case .lineEndings: "changed by a text-mode transfer"
            case .other(let message): "libpng says: \(message.isEmpty ? "unknown error" : message)"
            }
        }
    }

    /// The error for libpng's message about `file`.
    ///
    /// libpng 1.6 words its messages for developers ("[20]is[20]: invalid chunk type" is a chunk
    /// whose type bytes are " is "); they are matched by the phrases libpng uses.
    init(libpngMessage message: String, file: String) {
        func has(_ phrases: String...) -> Bool { phrases.contains { message.contains($0) } }
        if message == "Not a PNG file" {
            self = .notPNG(file: file)
        } else if has("ASCII conversion") {
            self = .damaged(file: file, .lineEndings)
        } else if has("Read Error", "read beyond end", "Not enough image data", "truncated") {
            self = .damaged(file: file, .cutShort)
        } else if has("CRC error", "incorrect data check", "incorrect header check") {
            self = .damaged(file: file, .checksum)
        } else if has("IHDR") {
            self = .damaged(file: file, .header)
        } else if has("chunk", "out of place", "Missing", "Too many IDAT") {
            self = .damaged(file: file, .garbled)
        } else if has("IDAT", "invalid", "Invalid", "bad adaptive filter", "Too much image data", "Extra compressed data",
                       "Decompression") {
            self = .damaged(file: file, .pixelData)
        } else {
            self = .damaged(file: file, .other(message))
        }
    }

    /// The file (or, for data in memory, the name it was given) the error is about.
    var file: String {
        switch self {
        case let .unreadable(file, _), let .empty(file), let .notPNG(file), let .damaged(file, _),
             let .tooLarge(file, _, _), let .cancelled(file): file
        }
    }

    /// What is wrong, in words, without the file's name: "not a PNG file",
    /// "damaged PNG (the data is cut short)".
    var reason: String {
        switch self {
        case let .unreadable(_, reason): reason
        case .empty: "the file is empty"
        case .notPNG: "not a PNG file"
        case let .damaged(_, damage): "damaged PNG (\(damage.words))"
        case let .tooLarge(_, width, height):
            "\(width)×\(height) pixels is more than a picture may have (32 megapixels, a million on a side)"
        case .cancelled: "loading was cancelled"
        }
    }

    /// A one-line message naming the file, e.g. "cannot read picture a.png: not a PNG file".
    var description: String {
        "cannot read picture \(file): \(reason)"
    }
}

/// Reads PNG files into `RGBAImage`s no larger than they are shown, row by row.
///
/// A PNG of a few kilobytes can hold a 5792 × 5792 picture (128 MB as RGBA), so the full
/// picture is never held: libpng's classic API reads one row at a time and each row is
/// added into a picture at most `longestSide` pixels on its longest side (an average over
/// squares of pixels, colours weighted by alpha). A picture that fits is read as it is.
/// The classic API reports errors by `longjmp`, which Swift cannot survive, so the reading
/// is C (`CArcadePNG`): every jump stays there, and this side sees a status and libpng's
/// message. Between rows the caller's `keepGoing` hears how far the reading is and may stop it.
enum PNGDecoder {
    /// The most pixels a PNG's header may announce (32 megapixels): reading that many takes
    /// a fraction of a second; far more would keep a deck loading for minutes.
    static let maximumPixelCount = 32 * 1024 * 1024
    /// The longest side of a decoded picture unless a caller asks for less: a picture that
    /// fills a 512-column (or 256-row) terminal is still shown pixel for pixel.
    static let defaultLongestSide = 512
    /// The most bytes a PNG file may have (far more than 32 megapixels take compressed).
    static let maximumFileSize = 256 << 20

    /// Decode the PNG file at `path` to 8-bit RGBA, at most `longestSide` pixels on its longest side.
    ///
    /// The file is opened here, not by libpng, so a file that cannot be read as a file
    /// (missing, not permitted, a folder, empty) is told apart from a damaged PNG.
    /// `keepGoing` is called between rows with the part read so far (0–1); false stops the
    /// reading with `PictureError.cancelled`.
    static func decode(path: String, longestSide: Int = defaultLongestSide,
                       keepGoing: (Double) -> Bool = { _ in true }) throws(PictureError) -> RGBAImage {
        try decode(pathBytes: Array(path.utf8), name: path, longestSide: longestSide, keepGoing: keepGoing)
    }

    /// `decode(path:)` for a path given as the bytes the file system holds (a file name need
    /// not be UTF-8); `name` stands for the file in error messages. Unless `everyoneMayWrite`,
    /// a file everyone may write is refused (see `RegularFile.open`).
    static func decode(pathBytes: [UInt8], name: String, longestSide: Int = defaultLongestSide,
                       everyoneMayWrite: Bool = true,
                       keepGoing: (Double) -> Bool = { _ in true }) throws(PictureError) -> RGBAImage {
        try decode(pathBytes: pathBytes, name: name, longestSide: longestSide, everyoneMayWrite: everyoneMayWrite,
                   hashing: nil, keepGoing: keepGoing).picture
    }

    /// `decode(pathBytes:)`, and the fingerprint of the file (`FileFingerprint`: its first
    /// `fingerprintLimit` bytes, and its size past them) made from the bytes read for the
    /// picture, so the file is opened and read once: a second open by name could meet a FIFO
    /// renamed over the picture meanwhile, and wait for ever.
    static func decodeFingerprinted(pathBytes: [UInt8], name: String, longestSide: Int = defaultLongestSide,
                                    fingerprintLimit: Int, everyoneMayWrite: Bool = true,
                                    keepGoing: (Double) -> Bool = { _ in true })
        throws(PictureError) -> (picture: RGBAImage, fingerprint: String) {
        var fingerprint = FileFingerprint(limit: fingerprintLimit)
        let read = try withUnsafeMutablePointer(to: &fingerprint) { hashing throws(PictureError) in
            try decode(pathBytes: pathBytes, name: name, longestSide: longestSide, everyoneMayWrite: everyoneMayWrite,
                       hashing: hashing, keepGoing: keepGoing)
        }
        return (read.picture, fingerprint.text(size: read.size))
    }

    /// Open the file once, through `RegularFile`, and read the picture from it, and the
    /// file's size; with `hashing`, every byte read goes into that fingerprint (after the
    /// picture, the rest of the file too, up to the fingerprint's limit).
    private static func decode(pathBytes: [UInt8], name: String, longestSide: Int, everyoneMayWrite: Bool,
                               hashing: UnsafeMutablePointer<FileFingerprint>?,
                               keepGoing: (Double) -> Bool) throws(PictureError) -> (picture: RGBAImage, size: Int) {
        // Only a regular file is read at all, and it is opened without waiting (a FIFO).
        let file: (descriptor: Int32, size: Int)
        do {
            file = try RegularFile.open(pathBytes: pathBytes, everyoneMayWrite: everyoneMayWrite)
        } catch {
            throw .unreadable(file: name, reason: error.description)
        }
        let descriptor = file.descriptor
        guard file.size > 0, file.size <= maximumFileSize else {
            Glibc.close(descriptor)
            if file.size == 0 { throw .empty(file: name) }
            throw .unreadable(file: name, reason: RegularFile.Problem.tooLarge(limit: maximumFileSize).description)
        }
        guard let stream = fdopen(descriptor, "rb") else {
            let code = errno
            Glibc.close(descriptor)
            throw .unreadable(file: name, reason: RegularFile.Problem(errno: code).description)
        }
        defer { fclose(stream) }
        // A file too short for libpng to reach its signature check is still told apart:
        // bytes that do not begin "\u{89}PNG" are no PNG at all. (The signature's last four
        // bytes are libpng's to judge: changed, they mean a text-mode transfer.)
        var head = [UInt8](repeating: 0, count: 4)
        let count = fread(&head, 1, head.count, stream)
        if !head.prefix(count).elementsEqual(signatureStart.prefix(count)) { throw .notPNG(file: name) }
        rewind(stream)
        let picture = try read(file: name, longestSide: longestSide, keepGoing: keepGoing,
                               hashing: hashing) { arcade_png_read_stream(stream, $0) }
        if let hashing {
            // What libpng left unread (past the picture's end) counts too, up to the limit.
            var rest = [UInt8](repeating: 0, count: 1 << 16)
            while !hashing.pointee.isFull {
                let got = rest.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, stream) }
                guard got > 0 else { break }
                rest.withUnsafeBytes { hashing.pointee.add(UnsafeRawBufferPointer(rebasing: $0[..<got])) }
            }
        }
        return (picture, file.size)
    }

    /// Decode a PNG held in memory; `name` stands for the data in error messages.
    static func decode(data: [UInt8], name: String = "(PNG data in memory)", longestSide: Int = defaultLongestSide,
                       keepGoing: (Double) -> Bool = { _ in true }) throws(PictureError) -> RGBAImage {
        guard !data.isEmpty else { throw .empty(file: name) }
        // The memory must stay valid while the C side reads it, so the whole read runs inside.
        let result = data.withUnsafeBytes { buffer -> Result<RGBAImage, PictureError> in
            do throws(PictureError) {
                return .success(try read(file: name, longestSide: longestSide, keepGoing: keepGoing) { request in
                    arcade_png_read_memory(buffer.baseAddress, buffer.count, request)
                })
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The first four bytes of every PNG: 0x89 "PNG".
    private static let signatureStart: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    /// Run one C read (`start` picks the input) and turn its outcome into a picture or an error.
    /// With `hashing`, each run of bytes libpng takes from a stream is added to it.
    private static func read(file: String, longestSide: Int, keepGoing: (Double) -> Bool,
                             hashing: UnsafeMutablePointer<FileFingerprint>? = nil,
                             start: (UnsafeMutablePointer<arcade_png_read>) -> arcade_png_status)
        throws(PictureError) -> RGBAImage {
        var request = arcade_png_read()
        request.max_side = UInt32(clamping: max(1, longestSide))
        request.max_pixels = UInt64(maximumPixelCount)
        if let hashing {
            request.bytes_context = UnsafeMutableRawPointer(hashing)
            // Called from C inside libpng's read, and always returns: nothing jumps over it.
            request.bytes_read = { context, bytes, count in
                guard let context, let bytes else { return }
                context.assumingMemoryBound(to: FileFingerprint.self).pointee.add(UnsafeRawBufferPointer(start: bytes, count: count))
            }
        }
        defer { arcade_png_free_pixels(&request) }
        let status = withoutActuallyEscaping(keepGoing) { keepGoing in
            var listener = keepGoing
            return withUnsafeMutablePointer(to: &listener) { listener in
                request.context = UnsafeMutableRawPointer(listener)
                // Called by C between rows, never from inside libpng: no jump crosses it.
                request.progress = { context, done, total in
                    guard let keepGoing = context?.assumingMemoryBound(to: ((Double) -> Bool).self).pointee else { return 1 }
                    return keepGoing(total > 0 ? Double(done) / Double(total) : 1) ? 1 : 0
                }
                defer { request.progress = nil; request.context = nil }
                return start(&request)
            }
        }
        switch status {
        case ARCADE_PNG_DONE:
            let width = Int(request.out_width), height = Int(request.out_height)
            let bytes = request.pixels.map { Array(UnsafeBufferPointer(start: $0, count: width * height * 4)) } ?? []
            guard let picture = RGBAImage(width: width, height: height, bytes: bytes) else {
                throw .damaged(file: file, .other("decoded size does not match the header"))
            }
            return picture
        case ARCADE_PNG_TOO_LARGE:
            throw .tooLarge(file: file, width: Int(request.width), height: Int(request.height))
        case ARCADE_PNG_CANCELLED:
            throw .cancelled(file: file)
        case ARCADE_PNG_NO_MEMORY:
            throw .unreadable(file: file, reason: "there is not enough memory to read it")
        default:
            throw PictureError(libpngMessage: message(of: &request), file: file)
        }
    }

    /// libpng's error text, read from the fixed-size, NUL-terminated `message` field.
    private static func message(of request: inout arcade_png_read) -> String {
        withUnsafeBytes(of: &request.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
