import CLibPNG

/// A libpng failure, with libpng's own message.
struct PNGError: Error, CustomStringConvertible {
    var description: String
}

/// Reads and writes RGBA PNG files through libpng's simplified `png_image_*` API, which
/// reports errors as return values (the classic API longjmps, which Swift cannot survive).
enum PNGFile {
    /// `PNG_FORMAT_RGBA`, spelled out: Swift cannot import that macro (it is built from
    /// another composed macro), but it can import the two flags it is made of.
    static let formatRGBA = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Writes `picture` to `path` as an 8-bit RGBA PNG.
    static func write(_ picture: Picture, to path: String) throws(PNGError) {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(picture.width)
        image.height = png_uint_32(picture.height)
        image.format = formatRGBA
        let ok = picture.rgba.withUnsafeBytes { pixels in
            png_image_write_to_file(&image, path, 0, pixels.baseAddress, 0, nil)
        }
        if ok == 0 { throw PNGError(description: "\(path): \(message(of: image))") }
    }

    /// Reads the PNG at `path` as 8-bit RGBA.
    static func read(_ path: String) throws(PNGError) -> Picture {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw PNGError(description: "\(path): \(message(of: image))")
        }
        image.format = formatRGBA
        let width = Int(image.width), height = Int(image.height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let ok = rgba.withUnsafeMutableBytes { pixels in
            png_image_finish_read(&image, nil, pixels.baseAddress, 0, nil)
        }
        guard ok != 0 else {
            let text = message(of: image)
            png_image_free(&image)
            throw PNGError(description: "\(path): \(text)")
        }
        return Picture(width: width, height: height, rgba: rgba)
    }

    /// The NUL-terminated `message` field libpng fills in on a warning or error.
    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { bytes in
            String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
