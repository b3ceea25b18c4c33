import CArcadeTestPNG

/// PNG files for tests, written row by row with libpng (through `CArcadeTestPNG`): any colour
/// type, bit depth and interlacing, and pictures far larger than the test would want to
/// hold in memory (a 5792 × 5792 picture is written one row at a time).
public enum TestPNG {
    /// A PNG colour type (libpng's `PNG_COLOR_TYPE_*` values).
    public enum ColorType: Int32, Sendable {
        case gray = 0
        case rgb = 2
        case palette = 3
        case grayAlpha = 4
        case rgba = 6

        /// Samples per pixel.
        public var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// libpng could not write the file; its words.
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Bytes in one row of a `width`-pixel picture of `colorType` at `bitDepth` bits a sample.
    public static func rowBytes(width: Int, colorType: ColorType, bitDepth: Int) -> Int {
        (width * colorType.channels * bitDepth + 7) / 8
    }

    /// Write a `width` × `height` PNG to `path`; `row(y, bytes)` fills row `y` in the file's
    /// layout (samples big-endian at 16 bits; the buffer keeps what the last call left).
    /// An interlaced picture asks for every row once per pass.
    public static func write(
        to path: String, width: Int, height: Int, colorType: ColorType = .rgba, bitDepth: Int = 8,
        interlaced: Bool = false, palette: [[UInt8]] = [], transparency: [UInt8] = [], compressionLevel: Int = -1,
        textChunks: Int = 0, textSize: Int = 0,
        row: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void
    ) throws(WriteError) {
        let count = rowBytes(width: width, colorType: colorType, bitDepth: bitDepth)
        typealias Rows = (Int, UnsafeMutableBufferPointer<UInt8>) -> Void
        let flatPalette = palette.flatMap { $0.prefix(3) }
        let written = withoutActuallyEscaping(row) { row -> (Int32, String) in
            var source: (rows: Rows, count: Int) = (row, count)
            return withUnsafeMutablePointer(to: &source) { source in
                flatPalette.withUnsafeBufferPointer { paletteBytes in
                    transparency.withUnsafeBufferPointer { alphas in
                        var png = arcade_test_png()
                        png.width = UInt32(width)
                        png.height = UInt32(height)
                        png.color_type = colorType.rawValue
                        png.bit_depth = Int32(bitDepth)
                        png.interlaced = interlaced ? 1 : 0
                        png.palette = paletteBytes.baseAddress
                        png.palette_count = Int32(palette.count)
                        png.transparency = alphas.baseAddress
                        png.transparency_count = Int32(transparency.count)
                        png.compression_level = Int32(compressionLevel)
                        png.text_chunks = Int32(textChunks)
                        png.text_size = textSize
                        png.context = UnsafeMutableRawPointer(source)
                        png.row = { context, y, bytes in
                            guard let source = context?.assumingMemoryBound(to: (rows: Rows, count: Int).self).pointee
                            else { return }
                            source.rows(Int(y), UnsafeMutableBufferPointer(start: bytes, count: source.count))
                        }
                        let status = arcade_test_png_write(path, &png)
                        let message = withUnsafeBytes(of: &png.message) { raw in
                            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                        }
                        return (status, message)
                    }
                }
            }
        }
        guard written.0 != 0 else { throw WriteError(description: "\(path): \(written.1)") }
    }

    /// Write `rgba` (`width` × `height` pixels, 4 bytes each, top row first) as an 8-bit RGBA PNG.
    public static func write(rgba: [UInt8], width: Int, height: Int, to path: String,
                             interlaced: Bool = false) throws(WriteError) {
        try write(to: path, width: width, height: height, interlaced: interlaced) { y, bytes in
            for i in 0..<(width * 4) { bytes[i] = rgba[y * width * 4 + i] }
        }
    }

    /// Write a picture of one colour, as a one-entry palette PNG: a 5792 × 5792 one takes
    /// about 33 KB on disk and 128 MB as RGBA once decoded.
    public static func writeSolid(to path: String, width: Int, height: Int,
                                  red: UInt8, green: UInt8, blue: UInt8) throws(WriteError) {
        try write(to: path, width: width, height: height, colorType: .palette, palette: [[red, green, blue]],
                  compressionLevel: 9) { y, bytes in
            if y == 0 { bytes.update(repeating: 0) }
        }
    }
}
