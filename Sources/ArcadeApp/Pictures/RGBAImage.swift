/// One pixel: red, green, blue and alpha, 0–255 each, alpha not premultiplied.
struct Pixel: Hashable, Sendable, CustomStringConvertible {
    var r: UInt8
    var g: UInt8
    var b: UInt8
    var a: UInt8

    /// A pixel of the given channels; opaque unless `a` says otherwise.
    init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// A fully transparent pixel.
    static let clear = Pixel(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    static let black = Pixel(r: 0, g: 0, b: 0)
    /// Opaque white.
    static let white = Pixel(r: 255, g: 255, b: 255)

    /// The four channels, e.g. "(255,0,0,255)".
    var description: String { "(\(r),\(g),\(b),\(a))" }
}

/// A decoded picture: `width` × `height` pixels, row-major, four bytes (RGBA) per pixel.
///
/// The byte layout is libpng's `PNG_FORMAT_RGBA`, so a decoder can fill `bytes`
/// directly. Every initialiser checks its sizes and fails instead of trapping.
struct RGBAImage: Hashable, Sendable {
    /// Columns of pixels.
    let width: Int
    /// Rows of pixels.
    let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, top row first.
    private(set) var bytes: [UInt8]

    /// An image over `bytes` (RGBA, row-major); nil unless there are exactly `width * height * 4`.
    init?(width: Int, height: Int, bytes: [UInt8]) {
        guard width >= 0, height >= 0 else { return nil }
        let (area, areaOverflows) = width.multipliedReportingOverflow(by: height)
        let (count, countOverflows) = area.multipliedReportingOverflow(by: 4)
        guard !areaOverflows, !countOverflows, bytes.count == count else { return nil }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// An image of `pixels` (row-major); nil unless there are exactly `width * height`.
    init?(width: Int, height: Int, pixels: [Pixel]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pixels.count * 4)
        for pixel in pixels { bytes += [pixel.r, pixel.g, pixel.b, pixel.a] }
        self.init(width: width, height: height, bytes: bytes)
    }

    /// An image of `width` × `height` copies of `pixel`.
    ///
    /// Negative sizes count as 0, and so does a size whose byte count would overflow.
    init(width: Int, height: Int, filledWith pixel: Pixel) {
        var width = max(0, width), height = max(0, height)
        let (area, areaOverflows) = width.multipliedReportingOverflow(by: height)
        if areaOverflows || area.multipliedReportingOverflow(by: 4).overflow {
            width = 0
            height = 0
        }
        self.width = width
        self.height = height
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { bytes += [pixel.r, pixel.g, pixel.b, pixel.a] }
        self.bytes = bytes
    }

    /// The empty image, 0 × 0.
    static let empty = RGBAImage(width: 0, height: 0, filledWith: .clear)

    /// The bytes its pixels take: four a pixel.
    var byteCount: Int { bytes.count }

    /// True when the image has no pixels.
    var isEmpty: Bool { width == 0 || height == 0 }

    /// The pixel at column `x`, row `y`; transparent outside the image.
    subscript(x: Int, y: Int) -> Pixel {
        get {
            guard x >= 0, x < width, y >= 0, y < height else { return .clear }
            let i = (y * width + x) * 4
            return Pixel(r: bytes[i], g: bytes[i + 1], b: bytes[i + 2], a: bytes[i + 3])
        }
        set {
            guard x >= 0, x < width, y >= 0, y < height else { return }
            let i = (y * width + x) * 4
            bytes[i] = newValue.r
            bytes[i + 1] = newValue.g
            bytes[i + 2] = newValue.b
            bytes[i + 3] = newValue.a
        }
    }

    /// Every pixel, row-major.
    var pixels: [Pixel] {
        stride(from: 0, to: bytes.count, by: 4).map {
            Pixel(r: bytes[$0], g: bytes[$0 + 1], b: bytes[$0 + 2], a: bytes[$0 + 3])
        }
    }
}
