import ArcadeCore
import ArcadeTestSupport
import ArcadeUI
import CLibPNG
import Foundation
import Testing

@testable import ArcadeApp

/// A 3 × 2 picture with distinct colours and alphas, so a swapped channel or row shows.
private let sample = RGBAImage(width: 3, height: 2, pixels: [
    Pixel(r: 255, g: 0, b: 0), Pixel(r: 0, g: 255, b: 0), Pixel(r: 0, g: 0, b: 255),
    Pixel(r: 12, g: 34, b: 56, a: 0), Pixel(r: 200, g: 100, b: 50, a: 128), Pixel(r: 255, g: 255, b: 255),
])!

/// Encode `image` with libpng's simplified write API (the test's own PNG writer).
private func encodePNG(_ image: RGBAImage) -> [UInt8] {
    var png = png_image()
    png.version = UInt32(PNG_IMAGE_VERSION)
    png.width = UInt32(image.width)
    png.height = UInt32(image.height)
    png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
    let pixels = image.bytes
    var size = 0
    // First ask for the size, then write into a buffer of that size.
    let sized = pixels.withUnsafeBytes { raw in
        png_image_write_to_memory(&png, nil, &size, 0, raw.baseAddress, Int32(image.width * 4), nil)
    }
    guard sized != 0 else { return [] }
    var output = [UInt8](repeating: 0, count: size)
    let written = output.withUnsafeMutableBytes { out in
        pixels.withUnsafeBytes { raw in
            png_image_write_to_memory(&png, out.baseAddress, &size, 0, raw.baseAddress, Int32(image.width * 4), nil)
        }
    }
    png_image_free(&png)
    return written != 0 ? Array(output.prefix(size)) : []
}

/// A fresh directory under the system's temporary directory, removed by the caller.
private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("arcade-picture-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private func grey(_ level: UInt8) -> Pixel { Pixel(r: level, g: level, b: level) }

/// Where the first IDAT chunk (its length field) starts in a PNG's bytes.
private func idatOffset(in png: [UInt8]) -> Int? {
    var offset = 8
    while offset + 8 <= png.count {
        let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
        if Array(png[(offset + 4)..<(offset + 8)]) == Array("IDAT".utf8) { return offset }
        offset += length + 12
    }
    return nil
}

/// The CRC-32 PNG chunks carry (ISO 3309, as zlib's `crc32`).
private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

/// Pictures: PNG decoding, scaling, colour mapping and drawing into cells.
@Suite struct PictureTests {}

extension PictureTests {
    @Suite struct Decoding {
        @Test func decodesAPNGFileWrittenByLibpng() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("sample.png").path
            var png = png_image()
            png.version = UInt32(PNG_IMAGE_VERSION)
            png.width = 3
            png.height = 2
            png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            let status = sample.bytes.withUnsafeBytes { raw in
                png_image_write_to_file(&png, path, 0, raw.baseAddress, 12, nil)
            }
            png_image_free(&png)
            try #require(status != 0)

            let decoded = try PNGDecoder.decode(path: path)
            #expect(decoded.width == 3 && decoded.height == 2)
            #expect(decoded.pixels == sample.pixels)
            #expect(decoded == sample)
        }

        @Test func decodesAPNGInMemory() throws {
            let data = encodePNG(sample)
            try #require(data.count > 8)
            #expect(try PNGDecoder.decode(data: data) == sample)
        }

        @Test func aMissingFileIsAnErrorNamingThePath() {
            let path = "/nonexistent/arcade/no-such-temple.png"
            do {
                _ = try PNGDecoder.decode(path: path)
                Issue.record("decoding a missing file succeeded")
            } catch {
                #expect(error.file == path)
                #expect(error.description.contains(path))
                #expect(error.reason == "the file does not exist")
            }
        }

        @Test func randomBytesAreAnErrorNotACrash() {
            var generator = SeededGenerator(seed: 42)
            for length in [0, 1, 7, 8, 100, 5000] {
                let noise = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                #expect(throws: PictureError.self) { try PNGDecoder.decode(data: noise, name: "noise") }
                // The PNG signature followed by noise gets past the first check.
                let signed = [137, 80, 78, 71, 13, 10, 26, 10] + noise
                #expect(throws: PictureError.self) { try PNGDecoder.decode(data: signed, name: "noise") }
            }
        }

        @Test func aTruncatedPNGIsAnErrorNotACrash() throws {
            let gradient = (0..<1200).map { (i: Int) -> Pixel in
                Pixel(r: UInt8(i % 256), g: UInt8(i * 7 % 256), b: UInt8(i * 13 % 256))
            }
            let big = try #require(RGBAImage(width: 40, height: 30, pixels: gradient))
            let data = encodePNG(big)
            try #require(data.count > 100)
            #expect(try PNGDecoder.decode(data: data) == big)
            // Every cut inside the header or the pixel data. (Cutting only the final IEND chunk,
            // the last 12 bytes, leaves every pixel readable; libpng accepts that.)
            for length in [8, 20, 33, 50, data.count / 2, data.count - 16, data.count - 13] {
                let truncated = Array(data.prefix(length))
                #expect(throws: PictureError.self, "truncated to \(length) of \(data.count) bytes") {
                    try PNGDecoder.decode(data: truncated, name: "cut.png")
                }
            }

            // The same on disk, through the file path.
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("cut.png").path
            try Data(data.prefix(data.count / 2)).write(to: URL(fileURLWithPath: path))
            do {
                _ = try PNGDecoder.decode(path: path)
                Issue.record("decoding a truncated file succeeded")
            } catch {
                #expect(error.description.contains(path))
            }
        }

        @Test func aCorruptedChunkIsAnError() throws {
            var data = encodePNG(sample)
            try #require(data.count > 60)
            data[data.count - 20] ^= 0xFF  // inside IDAT: the CRC no longer matches
            #expect(throws: PictureError.self) { try PNGDecoder.decode(data: data, name: "flipped.png") }
        }

        /// `data` as a file named `name` in a fresh folder; decoding it must fail with a message in words.
        private func failure(decoding data: [UInt8], as name: String) throws -> PictureError? {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent(name).path
            try Data(data).write(to: URL(fileURLWithPath: path))
            do {
                _ = try PNGDecoder.decode(path: path)
                return nil
            } catch {
                #expect(error.description.contains(path), "\(error)")
                return error
            }
        }

        @Test func brokenFilesAreReportedInWordsNotLibpngsText() throws {
            let good = encodePNG(RGBAImage(width: 40, height: 30, filledWith: grey(90)))
            try #require(good.count > 60)
            let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
            var lineEndings = good
            lineEndings[4] = 10  // "\r\n" became "\n\n": a text-mode transfer
            var headerChecksum = good
            headerChecksum[29] ^= 0xFF  // the IHDR chunk's CRC
            var flipped = good
            flipped[good.count - 20] ^= 0xFF  // inside the compressed pixels: a check value fails
            // A bad zlib stream under a correct CRC: the IDAT chunk's data spoilt, its CRC redone.
            var pixels = good
            let idat = try #require(idatOffset(in: good))
            let length = Int(good[idat]) << 24 | Int(good[idat + 1]) << 16 | Int(good[idat + 2]) << 8 | Int(good[idat + 3])
            pixels[idat + 8 + 2] ^= 0xFF
            let crc = crc32(pixels[(idat + 4)..<(idat + 8 + length)])
            for i in 0..<4 { pixels[idat + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
            let cases: [(name: String, data: [UInt8], words: String)] = [
                ("text.png", Array("not a png".utf8), "not a PNG file"),
                ("abc.png", Array("abc".utf8), "not a PNG file"),  // too short for libpng's own check
                ("photo.png", [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0], "not a PNG file"),
                ("empty.png", [], "the file is empty"),
                ("signature.png", signature, "damaged PNG (the data is cut short)"),
                ("half.png", Array(good.prefix(good.count / 2)), "damaged PNG (the data is cut short)"),
                ("header.png", Array(good.prefix(30)), "damaged PNG (the data is cut short)"),
                ("words.png", signature + Array("this is just words and more words".utf8),
                 "damaged PNG (its contents are garbled)"),
                ("ascii.png", lineEndings, "damaged PNG (changed by a text-mode transfer)"),
                ("crc.png", headerChecksum, "damaged PNG (a checksum does not match)"),
                ("flipped.png", flipped, "damaged PNG (a checksum does not match)"),
                ("pixels.png", pixels, "damaged PNG (the picture data is corrupt)"),
            ]
            for test in cases {
                let error = try #require(try failure(decoding: test.data, as: test.name), "\(test.name) decoded")
                #expect(error.reason == test.words, "\(test.name): \(error)")
                #expect(error.description == "cannot read picture \(error.file): \(test.words)", "\(test.name)")
                #expect(!error.description.contains("[") && !error.description.contains("Read Error"), "\(error)")
            }
            // The same words for data in memory.
            #expect(throws: PictureError.notPNG(file: "text")) { try PNGDecoder.decode(data: Array("not a png".utf8), name: "text") }
            #expect(throws: PictureError.damaged(file: "half", .cutShort)) {
                try PNGDecoder.decode(data: Array(good.prefix(good.count / 2)), name: "half")
            }
        }

        @Test func aDirectoryIsAnError() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            do {
                _ = try PNGDecoder.decode(path: directory.path)
                Issue.record("decoding a folder succeeded")
            } catch {
                #expect(error.reason == "it is a folder, not a file")
            }
        }

        /// A FIFO named like a picture would block the arcade forever in `open`; a link to
        /// a device would be read without end. Neither is read at all.
        @Test func aSpecialFileIsNotReadAndNeverWaitedFor() throws {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let fifo = directory.appendingPathComponent("pipe.png").path
            try #require(mkfifo(fifo, 0o600) == 0)
            let device = directory.appendingPathComponent("zero.png").path
            try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: "/dev/zero")
            for path in [fifo, device] {
                do {
                    _ = try PNGDecoder.decode(path: path)
                    Issue.record("decoding \(path) succeeded")
                } catch {
                    #expect(error.reason == "not a regular file", "\(error)")
                }
            }
        }
    }
}

extension PictureTests {
    /// Reading row by row: a picture larger than it is shown is never held at full size.
    @Suite struct ReadingRowByRow {
        /// A fresh file path in a fresh folder, the folder removed by the caller.
        private func file(_ name: String) throws -> (folder: URL, path: String) {
            let folder = try temporaryDirectory()
            return (folder, folder.appendingPathComponent(name).path)
        }

        @Test func aHugePictureIsReadShrunkToItsLongestSideWithItsColoursInPlace() throws {
            let (folder, path) = try file("huge.png")
            defer { try? FileManager.default.removeItem(at: folder) }
            // 4000 × 2000: red left, blue right, and a transparent bottom quarter, written a
            // row at a time from the two rows it has.
            let top = (0..<4000).flatMap { x -> [UInt8] in x < 2000 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
            let bottom = (0..<4000).flatMap { _ -> [UInt8] in [0, 255, 0, 0] }
            try TestPNG.write(to: path, width: 4000, height: 2000) { y, bytes in
                _ = bytes.update(fromContentsOf: y >= 1500 ? bottom : top)
            }
            let picture = try PNGDecoder.decode(path: path)
            // 4000 / 512 rounds up to a factor of 8: 500 × 250, never 4000 × 2000.
            #expect(picture.width == 500 && picture.height == 250)
            #expect(picture[0, 0] == Pixel(r: 255, g: 0, b: 0) && picture[249, 100] == Pixel(r: 255, g: 0, b: 0))
            #expect(picture[250, 0] == Pixel(r: 0, g: 0, b: 255) && picture[499, 186] == Pixel(r: 0, g: 0, b: 255))
            #expect(picture[10, 200].a == 0 && picture[10, 249].a == 0)
            // Asked for less, it is smaller still, proportions kept.
            let small = try PNGDecoder.decode(path: path, longestSide: 100)
            #expect(small.width == 100 && small.height == 50)
        }

        @Test func shrinkingAveragesSquaresAndTransparentPixelsLendNoColour() throws {
            let red = Pixel(r: 255, g: 0, b: 0)
            let image = RGBAImage(width: 4, height: 2, pixels: [.black, .white, red, .clear,
                                                                 .white, .black, .clear, .clear])!
            let data = encodePNG(image)
            let shrunk = try PNGDecoder.decode(data: data, longestSide: 2)
            #expect(shrunk.width == 2 && shrunk.height == 1)
            #expect(shrunk[0, 0] == grey(128))  // two black, two white
            #expect(shrunk[1, 0] == Pixel(r: 255, g: 0, b: 0, a: 64))  // one red of four: red, a quarter opaque
            // A picture that fits is read exactly as it is, transparent colours and all.
            #expect(try PNGDecoder.decode(data: data, longestSide: 4) == image)
            #expect(try PNGDecoder.decode(data: encodePNG(sample)) == sample)
        }

        @Test func anInterlacedPictureReadsAsTheSamePicture() throws {
            let (folder, path) = try file("adam7.png")
            defer { try? FileManager.default.removeItem(at: folder) }
            let width = 37, height = 23
            var rgba: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width { rgba += [UInt8(x * 7), UInt8(y * 11), UInt8((x * y) % 256), UInt8(255 - x * 3)] }
            }
            let plain = folder.appendingPathComponent("plain.png").path
            try TestPNG.write(rgba: rgba, width: width, height: height, to: path, interlaced: true)
            try TestPNG.write(rgba: rgba, width: width, height: height, to: plain)
            try #require(try Data(contentsOf: URL(fileURLWithPath: path))[28] == 1)  // IHDR says Adam7
            let expected = try #require(RGBAImage(width: width, height: height, bytes: rgba))
            #expect(try PNGDecoder.decode(path: path) == expected)
            // Shrunk, every pass lands in its own square: the same as the plain file shrunk.
            let shrunk = try PNGDecoder.decode(path: path, longestSide: 10)
            #expect(shrunk.width == 10 && shrunk.height == 6)
            #expect(shrunk == (try PNGDecoder.decode(path: plain, longestSide: 10)))
            // A picture smaller than Adam7's 8 × 8 block leaves passes empty.
            try TestPNG.write(rgba: Array(rgba.prefix(8)), width: 2, height: 1, to: path, interlaced: true)
            #expect(try PNGDecoder.decode(path: path) == RGBAImage(width: 2, height: 1, bytes: Array(rgba.prefix(8))))
        }

        @Test func everyColourTypeAndDepthBecomesRGBA() throws {
            let (folder, path) = try file("kind.png")
            defer { try? FileManager.default.removeItem(at: folder) }
            // Grey, 8 bits: 0 and 200.
            try TestPNG.write(to: path, width: 2, height: 1, colorType: .gray) { _, bytes in
                bytes[0] = 0
                bytes[1] = 200
            }
            #expect(try PNGDecoder.decode(path: path).pixels == [.black, grey(200)])
            // Grey, 1 bit: black, white, black.
            try TestPNG.write(to: path, width: 3, height: 1, colorType: .gray, bitDepth: 1) { _, bytes in bytes[0] = 0b0100_0000 }
            #expect(try PNGDecoder.decode(path: path).pixels == [.black, .white, .black])
            // Grey with alpha.
            try TestPNG.write(to: path, width: 1, height: 1, colorType: .grayAlpha) { _, bytes in
                bytes[0] = 90
                bytes[1] = 128
            }
            #expect(try PNGDecoder.decode(path: path).pixels == [Pixel(r: 90, g: 90, b: 90, a: 128)])
            // RGB at 16 bits: 0xFFFF, 0x0000, 0x8080.
            try TestPNG.write(to: path, width: 1, height: 1, colorType: .rgb, bitDepth: 16) { _, bytes in
                for (i, byte) in [0xFF, 0xFF, 0, 0, 0x80, 0x80].enumerated() { bytes[i] = UInt8(byte) }
            }
            #expect(try PNGDecoder.decode(path: path).pixels == [Pixel(r: 255, g: 0, b: 128)])
            // A palette whose second entry is half transparent (tRNS).
            try TestPNG.write(to: path, width: 2, height: 1, colorType: .palette,
                              palette: [[10, 20, 30], [200, 100, 50]], transparency: [255, 128]) { _, bytes in
                bytes[0] = 0
                bytes[1] = 1
            }
            #expect(try PNGDecoder.decode(path: path).pixels == [Pixel(r: 10, g: 20, b: 30), Pixel(r: 200, g: 100, b: 50, a: 128)])
        }

        @Test func readingHearsItsProgressAndStopsWhenAsked() throws {
            let (folder, path) = try file("rows.png")
            defer { try? FileManager.default.removeItem(at: folder) }
            try TestPNG.writeSolid(to: path, width: 1000, height: 800, red: 1, green: 2, blue: 3)
            var heard: [Double] = []
            let picture = try PNGDecoder.decode(path: path) { fraction in
                heard.append(fraction)
                return true
            }
            #expect(picture.width == 500 && picture.height == 400 && picture[0, 0] == Pixel(r: 1, g: 2, b: 3))
            #expect(heard.count == 800 && heard == heard.sorted() && heard.last == 1)
            // Stopped half-way: no picture, and not a word about damage.
            var rows = 0
            #expect(throws: PictureError.cancelled(file: path)) {
                try PNGDecoder.decode(path: path) { fraction in
                    rows += 1
                    return fraction < 0.5
                }
            }
            #expect(rows == 400)
        }

        @Test func aHeaderAskingForTooManyPixelsIsRefusedBeforeAnyRowIsRead() throws {
            // A signature, an IHDR of 8192 × 8192 (64 megapixels) and the start of an IDAT: nothing more.
            func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
                let body = Array(type.utf8) + data
                let crc = crc32(body[...])
                return [UInt8(data.count >> 24), UInt8(data.count >> 16 & 0xFF), UInt8(data.count >> 8 & 0xFF),
                        UInt8(data.count & 0xFF)] + body + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) }
            }
            let header: [UInt8] = [0, 0, 0x20, 0, 0, 0, 0x20, 0, 8, 6, 0, 0, 0]
            let png = [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", header) + chunk("IDAT", [])
            #expect(throws: PictureError.tooLarge(file: "huge", width: 8192, height: 8192)) {
                try PNGDecoder.decode(data: png, name: "huge")
            }
            #expect(PictureError.tooLarge(file: "huge", width: 8192, height: 8192).reason
                    == "8192×8192 pixels is more than a picture may have (32 megapixels, a million on a side)")
        }
    }
}

extension PictureTests {
    @Suite struct Scaling {
        @Test func scalingToAFixedHeightKeepsTheAspectRatio() {
            let wide = RGBAImage(width: 40, height: 20, filledWith: .white)
            let scaled = PictureCells.scaled(wide, toHeight: 10)
            #expect(scaled.width == 20 && scaled.height == 10)

            #expect(PictureCells.scaledWidth(width: 41, height: 20, toHeight: 10) == 21)  // 20.5 rounds up
            #expect(PictureCells.scaledWidth(width: 39, height: 20, toHeight: 10) == 20)  // 19.5 rounds up
            #expect(PictureCells.scaledWidth(width: 3, height: 7, toHeight: 5) == 2)      // 2.14
            #expect(PictureCells.scaledWidth(width: 30, height: 16, toHeight: 24) == 45)  // enlarging
            #expect(PictureCells.scaledWidth(width: 1, height: 100, toHeight: 4) == 1)    // never 0 wide
            #expect(PictureCells.scaled(RGBAImage(width: 41, height: 20, filledWith: .black), toHeight: 10).width == 21)
            #expect(PictureCells.cellSize(of: wide, height: 5) == Size(width: 20, height: 5))
        }

        @Test func aWidePictureIsFittedToTheWidthByShrinkingNotCutting() {
            // 200 × 50 in 10 rows (20 pixels) would be 80 columns: in 57 it is 14 pixels high.
            #expect(PictureCells.fittedHeight(width: 200, height: 50, rows: 10, maxWidth: 57) == 14)
            #expect(PictureCells.scaledWidth(width: 200, height: 50, toHeight: 14) == 56)
            #expect(PictureCells.fittedHeight(width: 200, height: 50, rows: 10, maxWidth: 80) == 20)  // fits as it is
            #expect(PictureCells.fittedHeight(width: 48, height: 40, rows: 7, maxWidth: 100) == 14)
            // Rounding could make the exact proportion one column too wide: never.
            for maxWidth in 1...120 {
                let height = PictureCells.fittedHeight(width: 203, height: 51, rows: 30, maxWidth: maxWidth)
                #expect(height >= 1 && PictureCells.scaledWidth(width: 203, height: 51, toHeight: height) <= maxWidth
                        || height == 1)
            }
            #expect(PictureCells.fittedHeight(width: 1_000_000, height: 1, rows: 5, maxWidth: 10) == 1)
            #expect(PictureCells.fittedHeight(width: 0, height: 5, rows: 5, maxWidth: 10) == 0)
            #expect(PictureCells.fittedHeight(width: 5, height: 5, rows: 0, maxWidth: 10) == 0)
            #expect(PictureCells.fittedHeight(width: 5, height: 5, rows: 5, maxWidth: 0) == 0)
            #expect(PictureCells.fittedHeight(width: 5, height: 5, rows: Int.max / 2, maxWidth: Int.max) > 0)
        }

        @Test func pathologicalSizesGiveEmptyImagesNotTraps() {
            let image = RGBAImage(width: 4, height: 4, filledWith: .white)
            #expect(PictureCells.scaled(image, toHeight: 0) == .empty)
            #expect(PictureCells.scaled(image, toHeight: -3) == .empty)
            #expect(PictureCells.scaled(.empty, toHeight: 10) == .empty)
            #expect(PictureCells.cellSize(of: image, height: -1) == Size(width: 0, height: 0))
            #expect(RGBAImage(width: 2, height: 2, bytes: [1, 2, 3]) == nil)
            #expect(RGBAImage(width: -1, height: 2, pixels: []) == nil)
            #expect(RGBAImage(width: Int.max, height: Int.max, filledWith: .white).isEmpty)
        }

        @Test func shrinkingAveragesTheArea() {
            let checker = RGBAImage(width: 2, height: 2, pixels: [.black, .white, .white, .black])!
            let one = PictureCells.scaled(checker, toHeight: 1)
            #expect(one.width == 1 && one.height == 1)
            let pixel = one[0, 0]
            #expect(pixel.r == pixel.g && pixel.g == pixel.b)
            #expect(pixel.r == 127 || pixel.r == 128)
            #expect(pixel.a == 255)
        }

        @Test func partlyCoveredPixelsCountByTheirCoverage() {
            // Columns black, white, black shrunk to two: each output pixel covers one and a
            // half input pixels, half of them the white one: 255 × 0.5 / 1.5 = 85.
            let stripes = RGBAImage(width: 3, height: 3, pixels: Array(repeating: [.black, .white, .black], count: 3).flatMap { $0 })!
            let scaled = PictureCells.scaled(stripes, toHeight: 2)
            #expect(scaled.width == 2 && scaled.height == 2)
            #expect(scaled.pixels == Array(repeating: grey(85), count: 4))
        }

        @Test func transparentPixelsLendNoColour() {
            let image = RGBAImage(width: 2, height: 2, pixels: [Pixel(r: 255, g: 0, b: 0), .clear, .clear, .clear])!
            let pixel = PictureCells.scaled(image, toHeight: 1)[0, 0]
            #expect(pixel == Pixel(r: 255, g: 0, b: 0, a: 64))
        }

        @Test func enlargingRepeatsPixels() {
            let image = RGBAImage(width: 2, height: 1, pixels: [.black, .white])!
            let scaled = PictureCells.scaled(image, toHeight: 2)
            #expect(scaled == RGBAImage(width: 4, height: 2, pixels: [.black, .black, .white, .white,
                                                                       .black, .black, .white, .white]))
        }
    }
}

extension PictureTests {
    @Suite struct Colours {
        @Test func cubeColoursMapExactly() {
            #expect(PictureCells.xtermIndex(r: 95, g: 135, b: 175) == 67)
            #expect(PictureCells.xtermIndex(r: 255, g: 0, b: 0) == 196)
            #expect(PictureCells.xtermIndex(r: 0, g: 0, b: 0) == 16)
            #expect(PictureCells.xtermIndex(r: 255, g: 255, b: 255) == 231)
            Self.expectEachMapsToItself(16...231)
        }

        @Test func greysMapToTheGreyRamp() {
            #expect(PictureCells.xtermIndex(r: 128, g: 128, b: 128) == 244)
            #expect(PictureCells.xtermIndex(r: 8, g: 8, b: 8) == 232)
            #expect(PictureCells.xtermIndex(r: 238, g: 238, b: 238) == 255)
            #expect(PictureCells.xtermIndex(r: 50, g: 50, b: 50) >= 232)
            Self.expectEachMapsToItself(232...255)
        }

        /// Each xterm colour of `indices`, as RGB, maps back to its own index.
        static func expectEachMapsToItself(_ indices: ClosedRange<UInt8>, sourceLocation: SourceLocation = #_sourceLocation) {
            for index in indices {
                let (r, g, b) = Color.rgb(ofXterm: index)
                #expect(PictureCells.xtermIndex(r: UInt8(r), g: UInt8(g), b: UInt8(b)) == index, sourceLocation: sourceLocation)
            }
        }

        /// Every colour, over every value of red, shows the entry nearest to it (squared RGB
        /// distance, among 16–255): of a cube colour and a grey as near, the cube colour; of
        /// cube colours as near, the lower levels; of two greys as near, the lighter.
        @Test func everyColourMapsToTheNearestEntry() {
            let entries = (16...255).map { index in
                let (r, g, b) = Color.rgb(ofXterm: UInt8(index))
                return (index: index, r: Int(r), g: Int(g), b: Int(b))
            }
            var wrong: [String] = []
            for r in 0...255 {
                for g in stride(from: 0, through: 255, by: 15) {
                    for b in stride(from: 0, through: 255, by: 51) {
                        var best = entries[0]
                        var bestDistance = Int.max
                        for entry in entries {
                            let distance = (r - entry.r) * (r - entry.r) + (g - entry.g) * (g - entry.g)
                                + (b - entry.b) * (b - entry.b)
                            let isGrey = entry.index >= 232
                            // Entries come cube first, lowest first: a later one wins only when
                            // nearer, or as near and a lighter grey than a grey.
                            if distance < bestDistance || (distance == bestDistance && isGrey && best.index >= 232) {
                                best = entry
                                bestDistance = distance
                            }
                        }
                        let index = Int(PictureCells.xtermIndex(r: UInt8(r), g: UInt8(g), b: UInt8(b)))
                        if index != best.index { wrong.append("(\(r), \(g), \(b)) → \(index), not \(best.index)") }
                    }
                }
            }
            #expect(wrong.isEmpty, "\(wrong.count) colours, first \(wrong.prefix(5))")
        }

        @Test func nearColoursMapToTheNearestEntry() {
            #expect(PictureCells.xtermIndex(r: 250, g: 5, b: 3) == 196)
            #expect(PictureCells.xtermIndex(r: 100, g: 130, b: 170) == 67)
        }

        @Test func theMonochromeRampOrdersByLuminance() {
            // Rec. 709: green weighs most, blue least.
            let red = PictureCells.luminance(r: 255, g: 0, b: 0)
            let green = PictureCells.luminance(r: 0, g: 255, b: 0)
            let blue = PictureCells.luminance(r: 0, g: 0, b: 255)
            #expect(blue < red && red < green)
            #expect(PictureCells.luminance(r: 0, g: 0, b: 0) == 0)
            #expect(abs(PictureCells.luminance(r: 255, g: 255, b: 255) - 1) < 1e-9)

            for ascii in [false, true] {
                let ramp = ascii ? PictureCells.asciiRamp : PictureCells.unicodeRamp
                let glyphs = stride(from: 0.0, through: 1.0, by: 0.01).map {
                    PictureCells.shade(luminance: $0, ascii: ascii)
                }
                let positions = glyphs.compactMap { ramp.firstIndex(of: $0) }
                #expect(positions.count == glyphs.count)
                #expect(positions == positions.sorted())         // never darker as light grows
                #expect(Set(positions) == Set(ramp.indices))   // every step used
                #expect(glyphs.first == " " && glyphs.last == ramp.last)
                #expect(PictureCells.shade(luminance: .nan, ascii: ascii) == " ")
                #expect(PictureCells.shade(luminance: 7, ascii: ascii) == ramp.last)
                #expect(PictureCells.shade(luminance: -1, ascii: ascii) == " ")
            }
            #expect(PictureCells.asciiRamp.allSatisfy { $0.isASCII })
        }
    }
}

extension PictureTests {
    @Suite struct Drawing {
        init() { prepareForDrawing() }

        @Test func halfBlocksPutTheUpperPixelInFrontAndTheLowerBehind() {
            let image = RGBAImage(width: 2, height: 2, pixels: [
                Pixel(r: 255, g: 0, b: 0), Pixel(r: 95, g: 135, b: 175),
                Pixel(r: 0, g: 0, b: 255), grey(128),
            ])!
            var grid = CellGrid(size: Size(width: 6, height: 3))
            PictureCells.draw(image, at: Point(x: 2, y: 1), into: &grid)
            #expect(grid[2, 1] == Cell("▀", style: Style(foreground: .xterm(196), background: .xterm(21))))
            #expect(grid[3, 1] == Cell("▀", style: Style(foreground: .xterm(67), background: .xterm(244))))
            #expect(grid[1, 1] == .blank && grid[4, 1] == .blank && grid[2, 0] == .blank && grid[2, 2] == .blank)
            #expect(grid.text == "\n  ▀▀\n")
        }

        @Test func transparentPixelsShowTheBackground() {
            let red = Pixel(r: 255, g: 0, b: 0)
            let image = RGBAImage(width: 3, height: 2, pixels: [red, .clear, .clear, .clear, red, .clear])!
            var grid = CellGrid(size: Size(width: 3, height: 1))
            PictureCells.draw(image, at: Point(x: 0, y: 0), into: &grid)
            #expect(grid[0, 0] == Cell("▀", style: Style(foreground: .xterm(196))))
            #expect(grid[1, 0] == Cell("▄", style: Style(foreground: .xterm(196))))
            #expect(grid[2, 0] == .blank)

            // With a background colour, transparent pixels take it.
            PictureCells.draw(image, at: Point(x: 0, y: 0), into: &grid, background: .white)
            #expect(grid[0, 0] == Cell("▀", style: Style(foreground: .xterm(196), background: .xterm(231))))
            #expect(grid[2, 0] == Cell("▀", style: Style(foreground: .xterm(231), background: .xterm(231))))
        }

        @Test func anOddHeightLeavesTheLastLowerHalfEmpty() {
            let image = RGBAImage(width: 1, height: 3, filledWith: Pixel(r: 255, g: 0, b: 0))
            var grid = CellGrid(size: Size(width: 1, height: 3))
            PictureCells.draw(image, at: Point(x: 0, y: 0), into: &grid)
            #expect(grid[0, 1] == Cell("▀", style: Style(foreground: .xterm(196))))
            #expect(grid[0, 2] == .blank)
        }

        @Test func drawingAtAHeightScalesFirst() {
            let image = RGBAImage(width: 40, height: 20, filledWith: Pixel(r: 0, g: 255, b: 0))
            var grid = CellGrid(size: Size(width: 30, height: 8))
            PictureCells.draw(image, height: 5, at: Point(x: 1, y: 2), into: &grid)
            let drawn = (0..<8).flatMap { y in (0..<30).compactMap { x in grid[x, y] == .blank ? nil : Point(x: x, y: y) } }
            #expect(drawn.count == 20 * 5)
            #expect(drawn.first == Point(x: 1, y: 2) && drawn.last == Point(x: 20, y: 6))
            #expect(grid[1, 2] == Cell("▀", style: Style(foreground: .xterm(46), background: .xterm(46))))
        }

        @Test func drawingClipsAtTheGridAndTheClipRectangle() {
            let image = RGBAImage(width: 10, height: 10, filledWith: .white)
            var grid = CellGrid(size: Size(width: 4, height: 3))
            PictureCells.draw(image, at: Point(x: -3, y: -2), into: &grid)
            #expect(grid.text == "▀▀▀▀\n▀▀▀▀\n▀▀▀▀")
            var clipped = CellGrid(size: Size(width: 4, height: 3))
            PictureCells.draw(image, at: Point(x: 0, y: 0), into: &clipped, clip: Rect(x: 1, y: 1, width: 2, height: 5))
            #expect(clipped.text == "\n ▀▀\n ▀▀")
        }

        @Test func monochromeDrawsAShadingRampWithoutColour() {
            let image = RGBAImage(width: 5, height: 2, pixels: [
                grey(0), grey(60), grey(120), grey(180), grey(255),
                grey(0), grey(60), grey(120), grey(180), grey(255),
            ])!
            var grid = CellGrid(size: Size(width: 5, height: 1), theme: Theme(colorMode: .monochrome))
            PictureCells.draw(image, at: Point(x: 0, y: 0), into: &grid)
            #expect(grid.text == " ░▒▓█")
            #expect((0..<5).allSatisfy { grid[$0, 0].style == .plain })

            var ascii = CellGrid(size: Size(width: 5, height: 1), theme: Theme(colorMode: .monochrome, ascii: true))
            PictureCells.draw(image, at: Point(x: 0, y: 0), into: &ascii)
            // Luminances 0, 0.24, 0.47, 0.71, 1 on the ten-step ramp ` .:-=+*#%@`.
            #expect(ascii.text == " :=#@")
            #expect((0..<5).allSatisfy { ascii[$0, 0].style == .plain })
        }

        /// `LANG=C` on a colour terminal: no half blocks to draw with, but colours, so each
        /// cell is a space on the colour of its two pixels, never density art.
        @Test(arguments: [ColorMode.color256, .color8])
        func asciiWithColourDrawsColourBlocks(mode: ColorMode) {
            let red = Pixel(r: 255, g: 0, b: 0), blue = Pixel(r: 0, g: 0, b: 255)
            let image = RGBAImage(width: 4, height: 2, pixels: [
                red, Pixel(r: 95, g: 135, b: 175), .clear, red,
                red, Pixel(r: 95, g: 135, b: 175), .clear, blue,
            ])!
            var grid = CellGrid(size: Size(width: 4, height: 1), theme: Theme(colorMode: mode, ascii: true))
            PictureCells.draw(image, at: Point(x: 0, y: 0), into: &grid)
            #expect(grid.text == "", "only spaces: \(grid.text)")
            #expect(grid[0, 0] == Cell(" ", style: Style(background: .xterm(196))))
            #expect(grid[1, 0] == Cell(" ", style: Style(background: .xterm(67))))
            #expect(grid[2, 0] == .blank, "a transparent cell is the terminal's own background")
            // Two colours in one cell: their mean (128, 0, 128).
            #expect(grid[3, 0] == Cell(" ", style: Style(background: .xterm(PictureCells.xtermIndex(r: 128, g: 0, b: 128)))))
        }

        @Test func monochromeAveragesTheTwoPixelsOfACell() {
            let image = RGBAImage(width: 1, height: 2, pixels: [.white, .black])!
            var grid = CellGrid(size: Size(width: 1, height: 1), theme: Theme(colorMode: .monochrome))
            PictureCells.draw(image, at: Point(x: 0, y: 0), into: &grid)
            #expect(grid[0, 0].scalar == PictureCells.shade(luminance: 0.5, ascii: false))
            #expect(grid[0, 0].scalar == "▒")
        }
    }
}
