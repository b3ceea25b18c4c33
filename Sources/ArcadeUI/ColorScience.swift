// Colour science for checking palettes: WCAG contrast, colour-vision-deficiency simulation,
// CIE L*a*b* and the CIEDE2000 colour difference. Standard library only (plus libm).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A colour as red, green and blue, 0–255 each (sRGB).
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8, green: UInt8, blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// "#rrggbb", lower-case hex.
    public var description: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0x0f)])
        }
        return text
    }

    /// Halfway (or `amount` of the way, 0–1) from self to `other`, per channel in sRGB, rounded.
    /// `amount` outside 0–1 is clamped.
    public func mixed(with other: RGB, amount: Double = 0.5) -> RGB {
        let t = amount.isNaN ? 0.5 : min(max(amount, 0), 1)
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            let value = (Double(a) + (Double(b) - Double(a)) * t).rounded()
            return UInt8(min(max(value, 0), 255))
        }
        return RGB(mix(red, other.red), mix(green, other.green), mix(blue, other.blue))
    }
}

/// The three dichromacies: a missing long (red), medium (green) or short (blue) cone.
public enum ColorVisionDeficiency: String, CaseIterable, Sendable {
    case protanopia, deuteranopia, tritanopia
}

public enum ColorScience {
    // MARK: sRGB transfer

    /// An 8-bit sRGB channel as linear light, 0–1 (IEC 61966-2-1, the 0.04045 threshold WCAG uses).
    static func linear(_ channel: UInt8) -> Double {
        let c = Double(channel) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Linear light, clamped to 0–1, back to an 8-bit sRGB channel, rounded.
    static func encoded(_ linear: Double) -> UInt8 {
        let c = linear.isNaN ? 0 : min(max(linear, 0), 1)
        let v = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
        return UInt8(min(max((v * 255).rounded(), 0), 255))
    }

    // MARK: WCAG

    /// WCAG 2.x relative luminance (sRGB linearised with the 0.04045 threshold; 0.2126/0.7152/0.0722).
    public static func relativeLuminance(_ color: RGB) -> Double {
        0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// WCAG contrast ratio (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1…21.
    public static func contrastRatio(_ a: RGB, _ b: RGB) -> Double {
        let la = relativeLuminance(a), lb = relativeLuminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    // MARK: Colour-vision deficiency

    /// Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for Simulation of
    /// Color Vision Deficiency", IEEE TVCG 15(6), doi:10.1109/TVCG.2009.113: the pre-computed
    /// matrices at severity 1.0, rows giving linear R′, G′, B′ from linear R, G, B. Values checked
    /// against colour-science's `CVD_MATRICES_MACHADO2010` dataset
    /// (github.com/colour-science/colour, colour/blindness/datasets/machado2010.py, which cites
    /// Machado 2010, pp. 1–94, http://www.lume.ufrgs.br/handle/10183/26950), keys "Protanomaly",
    /// "Deuteranomaly" and "Tritanomaly" at 1.0. Each row sums to 1, so white and black stay put.
    static func machadoMatrix(_ deficiency: ColorVisionDeficiency) -> [[Double]] {
        switch deficiency {
        case .protanopia:
            return [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ]
        case .deuteranopia:
            return [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ]
        case .tritanopia:
            return [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ]
        }
    }

    /// How `color` looks to a person with `deficiency`: the Machado, Oliveira and Fernandes (2009)
    /// simulation matrix at severity 1.0, applied in linear RGB, clamped, back to sRGB, rounded.
    public static func simulate(_ color: RGB, as deficiency: ColorVisionDeficiency) -> RGB {
        let input = [linear(color.red), linear(color.green), linear(color.blue)]
        let out = machadoMatrix(deficiency).map { row in
            encoded(row[0] * input[0] + row[1] * input[1] + row[2] * input[2])
        }
        return RGB(out[0], out[1], out[2])
    }

    // MARK: CIE L*a*b*

    /// CIE L*a*b* (D65 white, sRGB primaries) of an sRGB colour.
    public static func lab(_ color: RGB) -> (l: Double, a: Double, b: Double) {
        let r = linear(color.red), g = linear(color.green), b = linear(color.blue)
        // sRGB (IEC 61966-2-1) to CIE XYZ, D65. The white point is the matrix's row sums, so
        // white lands exactly on a* = b* = 0.
        let x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
        let xn = 0.4124564 + 0.3575761 + 0.1804375
        let yn = 0.2126729 + 0.7151522 + 0.0721750
        let zn = 0.0193339 + 0.1191920 + 0.9503041
        let delta = 6.0 / 29.0
        func f(_ t: Double) -> Double {
            t > delta * delta * delta ? cbrt(t) : t / (3 * delta * delta) + 4.0 / 29.0
        }
        let fx = f(x / xn), fy = f(y / yn), fz = f(z / zn)
        return (l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    // MARK: CIEDE2000

    /// CIEDE2000 colour difference between two colours (kL = kC = kH = 1).
    public static func deltaE2000(_ a: RGB, _ b: RGB) -> Double {
        deltaE2000(lab1: lab(a), lab2: lab(b))
    }

    /// CIEDE2000 colour difference between two L*a*b* colours (kL = kC = kH = 1), following
    /// Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference Formula: Implementation Notes,
    /// Supplementary Test Data, and Mathematical Observations", Color Res. Appl. 30(1), 2005.
    public static func deltaE2000(
        lab1: (l: Double, a: Double, b: Double), lab2: (l: Double, a: Double, b: Double)
    ) -> Double {
        let degrees = 180.0 / Double.pi
        let radians = Double.pi / 180.0
        let pow25to7 = 6_103_515_625.0  // 25^7

        // Step 1: C′ and h′
        let c1ab = (lab1.a * lab1.a + lab1.b * lab1.b).squareRoot()
        let c2ab = (lab2.a * lab2.a + lab2.b * lab2.b).squareRoot()
        let cabMean7 = pow((c1ab + c2ab) / 2, 7)
        let g = 0.5 * (1 - (cabMean7 / (cabMean7 + pow25to7)).squareRoot())
        let a1p = (1 + g) * lab1.a, a2p = (1 + g) * lab2.a
        let c1p = (a1p * a1p + lab1.b * lab1.b).squareRoot()
        let c2p = (a2p * a2p + lab2.b * lab2.b).squareRoot()
        func hue(_ b: Double, _ ap: Double) -> Double {
            if b == 0 && ap == 0 { return 0 }
            let h = atan2(b, ap) * degrees
            return h < 0 ? h + 360 : h
        }
        let h1p = hue(lab1.b, a1p), h2p = hue(lab2.b, a2p)

        // Step 2: ΔL′, ΔC′, ΔH′
        let dLp = lab2.l - lab1.l
        let dCp = c2p - c1p
        let chromaProduct = c1p * c2p
        var dhp = 0.0
        if chromaProduct != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * chromaProduct.squareRoot() * sin(dhp / 2 * radians)

        // Step 3: the weighting functions and the rotation term
        let lMean = (lab1.l + lab2.l) / 2
        let cMean = (c1p + c2p) / 2
        var hMean = h1p + h2p
        if chromaProduct != 0 {
            if abs(h1p - h2p) > 180 {
                hMean += hMean < 360 ? 360 : -360
            }
            hMean /= 2
        }
        let t = 1 - 0.17 * cos((hMean - 30) * radians) + 0.24 * cos(2 * hMean * radians)
            + 0.32 * cos((3 * hMean + 6) * radians) - 0.20 * cos((4 * hMean - 63) * radians)
        let dTheta = 30 * exp(-((hMean - 275) / 25) * ((hMean - 275) / 25))
        let cMean7 = pow(cMean, 7)
        let rc = 2 * (cMean7 / (cMean7 + pow25to7)).squareRoot()
        let lOffset2 = (lMean - 50) * (lMean - 50)
        let sl = 1 + 0.015 * lOffset2 / (20 + lOffset2).squareRoot()
        let sc = 1 + 0.045 * cMean
        let sh = 1 + 0.015 * cMean * t
        let rt = -sin(2 * dTheta * radians) * rc

        let l = dLp / sl, c = dCp / sc, h = dHp / sh
        return max(0, l * l + c * c + h * h + rt * c * h).squareRoot()
    }

    /// The smallest CIEDE2000 distance between any two of `colors` (infinity for fewer than two).
    public static func minimumDistance(_ colors: [RGB]) -> Double {
        let labs = colors.map(lab)
        var best = Double.infinity
        for i in labs.indices {
            for j in labs.indices where j > i {
                best = min(best, deltaE2000(lab1: labs[i], lab2: labs[j]))
            }
        }
        return best
    }

    /// The same after every colour is simulated as `deficiency` sees it.
    public static func minimumDistance(_ colors: [RGB], as deficiency: ColorVisionDeficiency) -> Double {
        minimumDistance(colors.map { simulate($0, as: deficiency) })
    }
}
