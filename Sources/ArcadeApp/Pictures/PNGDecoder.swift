import CLibPNG

/// Why a picture could not be loaded, naming the file and what went wrong.
enum PictureError: Error, CustomStringConvertible, Equatable, Sendable {
    /// libpng refused the file: missing, unreadable, not a PNG, corrupt or truncated.
    /// `message` is libpng's own (`png_image.message`).
    case unreadable(file: String, message: String)
    /// The picture is larger than the arcade is willing to hold in memory.
    case tooLarge(file: String, width: Int, height: Int)

    /// The file (or, for data in memory, the name it was given) the error is about.
    var file: String {
        switch self {
        case let .unreadable(file, _), let .tooLarge(file, _, _): file
        }
    }

    /// A one-line message naming the file, e.g. "cannot read picture a.png: Not a PNG file".
    var description: String {
        switch self {
        case let .unreadable(file, message):
            "cannot read picture \(file): \(message.isEmpty ? "unknown libpng error" : message)"
        case let .tooLarge(file, width, height):
            "cannot read picture \(file): \(width)×\(height) pixels is more than the "
                + "\(PNGDecoder.maximumPixelCount) pixels a picture may have"
        }
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
    static func decode(path: String) throws(PictureError) -> RGBAImage {
        var image = png_image()
        image.version = imageVersion
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw .unreadable(file: path, message: message(of: &image))
        }
        return try finishRead(&image, file: path)
    }

    /// Decode a PNG held in memory; `name` stands for the data in error messages.
    static func decode(data: [UInt8], name: String = "(PNG data in memory)") throws(PictureError) -> RGBAImage {
        // The memory must stay valid from begin_read to finish_read, so both run inside.
        let result = data.withUnsafeBytes { buffer -> Result<RGBAImage, PictureError> in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return .failure(.unreadable(file: name, message: "no data"))
            }
            var image = png_image()
            image.version = imageVersion
            guard png_image_begin_read_from_memory(&image, base, buffer.count) != 0 else {
                return .failure(.unreadable(file: name, message: message(of: &image)))
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
            throw .unreadable(file: file, message: message(of: &image))
        }
        guard let decoded = RGBAImage(width: width, height: height, bytes: bytes) else {
            throw .unreadable(file: file, message: "decoded size does not match the header")
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
