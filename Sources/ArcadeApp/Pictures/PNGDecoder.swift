import CLibPNG
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
    /// The picture is larger than the arcade is willing to hold in memory.
    case tooLarge(file: String, width: Int, height: Int)

    /// How a PNG is damaged, as libpng's simplified API finds it.
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

    /// The error for libpng's `png_image.message` about `file`.
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
             let .tooLarge(file, _, _): file
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
            "\(width)×\(height) pixels is more than the \(PNGDecoder.maximumPixelCount) pixels a picture may have"
        }
    }

    /// A one-line message naming the file, e.g. "cannot read picture a.png: not a PNG file".
    var description: String {
        "cannot read picture \(file): \(reason)"
    }
}

/// Reads PNG files into `RGBAImage`s with libpng's simplified `png_image_*` API.
///
/// Only the simplified API is used: it reports every failure (a missing file, bad
/// signature, CRC or zlib error, truncated data) as a zero return code with a message
/// in `png_image.message`. The classic API reports errors by `longjmp`, which would
/// jump over Swift frames and is not survivable.
enum PNGDecoder {
    /// The most pixels a decoded picture may have (32 megapixels, 128 MB as RGBA).
    static let maximumPixelCount = 32 * 1024 * 1024

    /// `PNG_IMAGE_VERSION` from png.h: the `png_image` layout this code was written for.
    private static let imageVersion = UInt32(PNG_IMAGE_VERSION)
    /// `PNG_FORMAT_RGBA` from png.h: 8-bit red, green, blue, alpha; alpha not premultiplied.
    ///
    /// png.h defines it as `(PNG_FORMAT_RGB|PNG_FORMAT_FLAG_ALPHA)`, a macro of macros that
    /// Swift does not import, so it is rebuilt here from the two flags it is made of.
    private static let formatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Decode the PNG file at `path` to 8-bit RGBA.
    ///
    /// The file is opened here, not by libpng, so a file that cannot be read as a file
    /// (missing, not permitted, a folder, empty) is told apart from a damaged PNG.
    static func decode(path: String) throws(PictureError) -> RGBAImage {
        // Only a regular file is read at all, and it is opened without waiting (a FIFO).
        let file: (descriptor: Int32, size: Int)
        do {
            file = try RegularFile.open(path)
        } catch {
            throw .unreadable(file: path, reason: error.description)
        }
        let descriptor = file.descriptor
        guard file.size > 0 else {
            Glibc.close(descriptor)
            throw .empty(file: path)
        }
        guard let stream = fdopen(descriptor, "rb") else {
            let code = errno
            Glibc.close(descriptor)
            throw .unreadable(file: path, reason: RegularFile.Problem(errno: code).description)
        }
        defer { fclose(stream) }
        // A file too short for libpng to reach its signature check is still told apart:
        // bytes that do not begin "\u{89}PNG" are no PNG at all. (The signature's last four
        // bytes are libpng's to judge: changed, they mean a text-mode transfer.)
        var head = [UInt8](repeating: 0, count: 4)
        let count = fread(&head, 1, head.count, stream)
        if count > 0 && png_sig_cmp(head, 0, count) != 0 { throw .notPNG(file: path) }
        rewind(stream)
        var image = png_image()
        image.version = imageVersion
        guard png_image_begin_read_from_stdio(&image, stream) != 0 else {
            throw PictureError(libpngMessage: message(of: &image), file: path)
        }
        return try finishRead(&image, file: path)
    }

    /// Decode a PNG held in memory; `name` stands for the data in error messages.
    static func decode(data: [UInt8], name: String = "(PNG data in memory)") throws(PictureError) -> RGBAImage {
        // The memory must stay valid from begin_read to finish_read, so both run inside.
        let result = data.withUnsafeBytes { buffer -> Result<RGBAImage, PictureError> in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return .failure(.empty(file: name))
            }
            var image = png_image()
            image.version = imageVersion
            guard png_image_begin_read_from_memory(&image, base, buffer.count) != 0 else {
                return .failure(PictureError(libpngMessage: message(of: &image), file: name))
            }
            do throws(PictureError) {
                return .success(try finishRead(&image, file: name))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Read the pixels of an image whose header `begin_read` accepted, then free it.
    private static func finishRead(_ image: inout png_image, file: String) throws(PictureError) -> RGBAImage {
        defer { png_image_free(&image) }
        let width = Int(image.width), height = Int(image.height)
        let (area, overflows) = width.multipliedReportingOverflow(by: height)
        guard !overflows, area <= maximumPixelCount, width * 4 <= Int(Int32.max) else {
            throw .tooLarge(file: file, width: width, height: height)
        }
        image.format = formatRGBA
        var bytes = [UInt8](repeating: 0, count: area * 4)
        let status = bytes.withUnsafeMutableBytes { buffer in
            // No background: the alpha channel is kept, so libpng never composes.
            png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil)
        }
        guard status != 0 else {
            throw PictureError(libpngMessage: message(of: &image), file: file)
        }
        guard let decoded = RGBAImage(width: width, height: height, bytes: bytes) else {
            throw .damaged(file: file, .other("decoded size does not match the header"))
        }
        return decoded
    }

    /// libpng's error text, read from the fixed-size, NUL-terminated `message` field.
    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let text = raw.prefix { $0 != 0 }
            return String(decoding: text, as: UTF8.self)
        }
    }
}
