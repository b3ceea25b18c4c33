import ArcadeUI

/// Turns pictures into terminal cells: scaling, colour mapping and half-block drawing.
///
/// Everything here is a pure function of its arguments, so it is tested without a
/// terminal. In colour, each cell shows two pixels with the half block `▀`: the upper
/// pixel is the foreground, the lower one the background, both as xterm 256-colour
/// indices (`Color.xterm`; the ncurses backend maps them to the nearest basic colour
/// on 8-colour terminals). With colour but ASCII only (`--ascii`, `LANG=C`), which has no
/// half block, each cell is a space on the mean colour of its two pixels: a colour block.
/// Without colour (`NO_COLOR`, a monochrome terminal), each cell is one shading character
/// chosen by the luminance of its two pixels, assuming light text on a dark terminal (a
/// denser glyph is brighter), from the ASCII ramp when the terminal shows ASCII only.
enum PictureCells {
    /// The widest picture, in pixels, that `scaled(_:toHeight:)` makes; wider results are cut
    /// to this width so a pathological picture (a 1,000,000 × 1 strip) cannot exhaust memory.
    static let maximumScaledWidth = 4096
    /// The tallest picture, in pixels, that `scaled(_:toHeight:)` makes.
    static let maximumScaledHeight = 4096

    /// Shading glyphs from dark to bright, for terminals that draw Unicode.
    static let unicodeRamp: [Unicode.Scalar] = [" ", "░", "▒", "▓", "█"]
    /// Shading glyphs from dark to bright, for `--ascii`.
    static let asciiRamp: [Unicode.Scalar] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    // MARK: - Size and scaling

    /// The width of a `width` × `height` picture scaled to `targetHeight`, keeping its proportions.
    ///
    /// `round(width × targetHeight / height)`, halves rounded up, at least 1 (0 for an
    /// empty picture or a height of 0 or less) and at most `maximumScaledWidth`.
    static func scaledWidth(width: Int, height: Int, toHeight targetHeight: Int) -> Int {
        guard width > 0, height > 0, targetHeight > 0 else { return 0 }
        let exact = Double(width) * Double(min(targetHeight, maximumScaledHeight)) / Double(height)
        return min(maximumScaledWidth, max(1, Int(exact.rounded(.toNearestOrAwayFromZero))))
    }

    /// The cells a picture takes when drawn `rows` rows high: two pixels per row.
    static func cellSize(of image: RGBAImage, height rows: Int) -> Size {
        guard rows > 0 else { return Size(width: 0, height: 0) }
        return Size(width: scaledWidth(width: image.width, height: image.height, toHeight: rows * 2),
                    height: rows)
    }

    /// The pixel height to scale a `width` × `height` picture to so that it takes at most
    /// `rows` cell rows (two pixels each) and `maxWidth` columns, keeping its proportions.
    ///
    /// `rows × 2` when the picture is narrow enough at that height; otherwise the tallest
    /// height whose scaled width fits in `maxWidth` (a wide picture is shrunk, not cut).
    /// At least 1 pixel for a picture that cannot fit even one pixel high; 0 for an empty
    /// picture or when `rows` or `maxWidth` is 0 or less.
    static func fittedHeight(width: Int, height: Int, rows: Int, maxWidth: Int) -> Int {
        guard width > 0, height > 0, rows > 0, maxWidth > 0 else { return 0 }
        let tallest = min(rows, maximumScaledHeight / 2) * 2
        if scaledWidth(width: width, height: height, toHeight: tallest) <= maxWidth { return tallest }
        // The exact proportion first, then down while rounding still makes it too wide.
        let exact = Double(maxWidth) * Double(height) / Double(width)
        var fitted = exact >= Double(tallest) ? tallest : max(1, Int(exact))
        while fitted > 1 && scaledWidth(width: width, height: height, toHeight: fitted) > maxWidth { fitted -= 1 }
        return fitted
    }

    /// `image` scaled to `targetHeight` pixels high, its width keeping the proportions.
    ///
    /// Shrinking uses an area-averaging filter: each output pixel is the average of the
    /// input pixels it covers, each weighted by the fraction of it that is covered.
    /// The average is alpha-aware (colours are weighted by their alpha), so a
    /// transparent pixel lends no colour to its neighbours. Enlarging picks the nearest
    /// pixel, which keeps pixel art crisp. Each axis is handled separately. A height of
    /// 0 or less, or an empty image, gives the empty image.
    static func scaled(_ image: RGBAImage, toHeight targetHeight: Int) -> RGBAImage {
        let outHeight = min(max(0, targetHeight), maximumScaledHeight)
        let outWidth = scaledWidth(width: image.width, height: image.height, toHeight: outHeight)
        guard outWidth > 0, outHeight > 0 else { return .empty }
        if outWidth == image.width && outHeight == image.height { return image }

        let columns = weights(from: image.width, to: outWidth)
        let rows = weights(from: image.height, to: outHeight)

        // Premultiplied channels, 0–255: red·α, green·α, blue·α, α (α as a fraction for colours).
        let source = image.bytes
        var across = [Double](repeating: 0, count: image.height * outWidth * 4)
        for y in 0..<image.height {
            for (x, taps) in columns.enumerated() {
                var sum = (0.0, 0.0, 0.0, 0.0)
                for tap in taps {
                    let i = (y * image.width + tap.index) * 4
                    let alpha = Double(source[i + 3]) / 255
                    let w = tap.weight
                    sum.0 += Double(source[i]) * alpha * w
                    sum.1 += Double(source[i + 1]) * alpha * w
                    sum.2 += Double(source[i + 2]) * alpha * w
                    sum.3 += Double(source[i + 3]) * w
                }
                let o = (y * outWidth + x) * 4
                across[o] = sum.0
                across[o + 1] = sum.1
                across[o + 2] = sum.2
                across[o + 3] = sum.3
            }
        }

        var bytes = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        for (y, taps) in rows.enumerated() {
            for x in 0..<outWidth {
                var sum = (0.0, 0.0, 0.0, 0.0)
                for tap in taps {
                    let i = (tap.index * outWidth + x) * 4
                    sum.0 += across[i] * tap.weight
                    sum.1 += across[i + 1] * tap.weight
                    sum.2 += across[i + 2] * tap.weight
                    sum.3 += across[i + 3] * tap.weight
                }
                let o = (y * outWidth + x) * 4
                let alpha = sum.3 / 255
                if alpha > 0 {
                    bytes[o] = channel(sum.0 / alpha)
                    bytes[o + 1] = channel(sum.1 / alpha)
                    bytes[o + 2] = channel(sum.2 / alpha)
                }
                bytes[o + 3] = channel(sum.3)
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, bytes: bytes) ?? .empty
    }

    /// One input pixel's share of an output pixel.
    private struct Tap {
        var index: Int
        var weight: Double
    }

    /// For each of `outCount` output pixels along one axis, the input pixels it takes and their weights.
    ///
    /// Shrinking: output pixel `i` covers input span [i·s, (i+1)·s) with s = inCount / outCount;
    /// every input pixel it touches counts by the length it overlaps, divided by s, so the
    /// weights sum to 1. Enlarging or keeping the size: the input pixel under the output
    /// pixel's centre, with weight 1.
    private static func weights(from inCount: Int, to outCount: Int) -> [[Tap]] {
        guard inCount > 0, outCount > 0 else { return [] }
        if outCount >= inCount {
            return (0..<outCount).map { i in
                [Tap(index: min(inCount - 1, (2 * i + 1) * inCount / (2 * outCount)), weight: 1)]
            }
        }
        let span = Double(inCount) / Double(outCount)
        return (0..<outCount).map { i in
            let start = Double(i) * span, end = Double(i + 1) * span
            var taps: [Tap] = []
            var j = Int(start)
            while j < inCount && Double(j) < end {
                let overlap = min(Double(j + 1), end) - max(Double(j), start)
                if overlap > 1e-12 { taps.append(Tap(index: j, weight: overlap / span)) }
                j += 1
            }
            return taps
        }
    }

    /// A channel value rounded to the nearest integer and clamped into 0–255.
    private static func channel(_ value: Double) -> UInt8 {
        guard value > 0 else { return 0 }
        return value >= 255 ? 255 : UInt8(value.rounded(.toNearestOrAwayFromZero))
    }

    // MARK: - Colours and shades

    /// The xterm 256-colour index nearest to a colour: from the 6×6×6 cube (16–231) or the grey ramp (232–255).
    ///
    /// The nearest cube colour (levels 0, 95, 135, 175, 215, 255 per channel) and the
    /// nearest grey (8 + 10·i) are compared by squared RGB distance; the cube wins ties,
    /// so every cube colour maps to its own index.
    static func xtermIndex(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        // Every pixel of every picture on screen, at every frame: integers only, no arrays
        // (an allocation each) and no rounding call.
        let red = Int(r), green = Int(g), blue = Int(b)
        let steps = (cubeStep(red), cubeStep(green), cubeStep(blue))
        let cubeDistance = squared(red - cubeLevel(steps.0)) + squared(green - cubeLevel(steps.1))
            + squared(blue - cubeLevel(steps.2))
        // The grey nearest the mean (sum ÷ 3), rounded half up: i = (sum − 24) ÷ 30, rounded.
        let grey = min(23, max(0, (red + green + blue - 9) / 30))
        let level = 8 + 10 * grey
        let greyDistance = squared(red - level) + squared(green - level) + squared(blue - level)
        if greyDistance < cubeDistance { return UInt8(232 + grey) }
        return UInt8(16 + 36 * steps.0 + 6 * steps.1 + steps.2)
    }

    /// The step (0–5) of the cube level nearest to a channel `value`. The levels are 0, then
    /// 95 to 255 forty apart, so the halfway points are 47.5, then 115, 155, 195 and 235; a
    /// value halfway takes the lower level. (For 48–75, `(value − 76) / 40` is 0: integer
    /// division rounds toward zero.)
    private static func cubeStep(_ value: Int) -> Int { value < 48 ? 0 : 1 + (value - 76) / 40 }

    /// A channel's value at cube step `step`: 0, 95, 135, 175, 215 or 255.
    private static func cubeLevel(_ step: Int) -> Int { step == 0 ? 0 : 55 + 40 * step }

    private static func squared(_ value: Int) -> Int { value * value }

    /// The luma of a colour, 0 (black) to 1 (white), by Rec. 709 weights on the
    /// gamma-encoded values: 0.2126 R′ + 0.7152 G′ + 0.0722 B′.
    static func luminance(r: UInt8, g: UInt8, b: UInt8) -> Double {
        (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255
    }

    /// The shading glyph for a luminance from 0 (dark: a space) to 1 (bright: the densest glyph).
    ///
    /// Unicode ramp ` ░▒▓█`, or with `ascii` the ramp ` .:-=+*#%@`; the range 0–1 is cut
    /// into as many equal steps as the ramp has glyphs. Values outside 0–1 (and NaN) are clamped.
    static func shade(luminance: Double, ascii: Bool) -> Unicode.Scalar {
        let ramp = ascii ? asciiRamp : unicodeRamp
        guard luminance > 0 else { return ramp[0] }
        guard luminance < 1 else { return ramp[ramp.count - 1] }
        return ramp[min(ramp.count - 1, Int(luminance * Double(ramp.count)))]
    }

    // MARK: - Drawing

    /// Draw `image` scaled to `rows` rows (2·rows pixels) high with its top left cell at `origin`.
    ///
    /// See `draw(_:at:into:background:clip:)` for how pixels become cells. For a picture
    /// drawn every frame, scale it once with `scaled(_:toHeight:)` and draw that instead.
    static func draw(_ image: RGBAImage, height rows: Int, at origin: Point, into grid: inout CellGrid,
                     background: Pixel? = nil, clip: Rect? = nil) {
        guard rows > 0 else { return }
        draw(scaled(image, toHeight: rows * 2), at: origin, into: &grid, background: background, clip: clip)
    }

    /// Draw `image` as it is, two pixels per cell, with its top left cell at `origin`, clipped to `clip`.
    ///
    /// With colour, each cell is `▀` with the upper pixel as foreground and the lower as
    /// background (`▄` in the lower pixel's colour when only the upper one is transparent);
    /// in ASCII, a space on the mean colour of the two (`colorBlock`). Transparency: with a
    /// `background` colour, pixels are blended onto it; without one, a pixel under half
    /// opaque is left to the terminal's own background. Without colour, each cell is a
    /// shading glyph for the mean luminance of its pixels.
    static func draw(_ image: RGBAImage, at origin: Point, into grid: inout CellGrid,
                     background: Pixel? = nil, clip: Rect? = nil) {
        let area = (clip ?? grid.bounds).intersection(grid.bounds)
        let useColor = grid.theme.hasColor
        let ascii = grid.theme.ascii
        for row in 0..<(image.height + 1) / 2 {
            for x in 0..<image.width {
                let point = Point(x: origin.x + x, y: origin.y + row)
                guard area.contains(point) else { continue }
                let upper = resolve(image[x, 2 * row], onto: background)
                let lowerInside = 2 * row + 1 < image.height
                let lower = lowerInside ? resolve(image[x, 2 * row + 1], onto: background) : background
                if useColor {
                    let cell = ascii ? colorBlock(upper: upper, lower: lower) : halfBlock(upper: upper, lower: lower)
                    grid.put(cell.scalar, at: point, style: cell.style, clip: area)
                } else {
                    let shades = lowerInside ? [upper, lower] : [upper]
                    let total = shades.reduce(0.0) { sum, pixel in
                        sum + (pixel.map { luminance(r: $0.r, g: $0.g, b: $0.b) } ?? 0)
                    }
                    let glyph = shade(luminance: total / Double(shades.count), ascii: ascii)
                    grid.put(glyph, at: point, style: .plain, clip: area)
                }
            }
        }
    }

    /// The colour a pixel shows: blended onto `background`, or nil for "the terminal's background".
    private static func resolve(_ pixel: Pixel, onto background: Pixel?) -> Pixel? {
        guard let background else { return pixel.a >= 128 ? pixel : nil }
        let alpha = Int(pixel.a)
        func blend(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Int(top) * alpha + Int(bottom) * (255 - alpha) + 127) / 255)
        }
        return Pixel(r: blend(pixel.r, background.r), g: blend(pixel.g, background.g),
                     b: blend(pixel.b, background.b))
    }

    /// The cell showing two pixels in colour; nil stands for the terminal's background.
    static func halfBlock(upper: Pixel?, lower: Pixel?) -> Cell {
        switch (upper, lower) {
        case let (upper?, lower?):
            Cell("▀", style: Style(foreground: xterm(upper), background: xterm(lower)))
        case let (upper?, nil):
            Cell("▀", style: Style(foreground: xterm(upper)))
        case let (nil, lower?):
            Cell("▄", style: Style(foreground: xterm(lower)))
        case (nil, nil):
            Cell(" ")
        }
    }

    /// The cell showing two pixels in colour with ASCII alone: a space on their mean colour
    /// (on the one that is not the terminal's background, when the other is).
    static func colorBlock(upper: Pixel?, lower: Pixel?) -> Cell {
        switch (upper, lower) {
        case let (upper?, lower?):
            func mean(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) + Int(b) + 1) / 2) }
            return Cell(" ", style: Style(background: xterm(Pixel(r: mean(upper.r, lower.r), g: mean(upper.g, lower.g),
                                                                     b: mean(upper.b, lower.b)))))
        case let (only?, nil), let (nil, only?):
            return Cell(" ", style: Style(background: xterm(only)))
        case (nil, nil):
            return Cell(" ")
        }
    }

    /// The xterm palette colour nearest to `pixel` (alpha ignored).
    static func xterm(_ pixel: Pixel) -> Color {
        .xterm(xtermIndex(r: pixel.r, g: pixel.g, b: pixel.b))
    }
}
