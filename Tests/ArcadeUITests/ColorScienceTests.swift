import Testing

@testable import ArcadeUI

@Suite struct ColorScienceTests {
    let black = RGB(0, 0, 0)
    let white = RGB(255, 255, 255)
    let red = RGB(255, 0, 0)
    let green = RGB(0, 255, 0)
    let blue = RGB(0, 0, 255)

    // MARK: RGB

    @Test func descriptionIsLowerCaseHex() {
        #expect(RGB(0xab, 0x0c, 0xff).description == "#ab0cff")
        #expect(black.description == "#000000")
        #expect("\(white)" == "#ffffff")
    }

    @Test func mixingGoesTheGivenWayPerChannelAndRounds() {
        #expect(black.mixed(with: white) == RGB(128, 128, 128))  // 127.5 rounds up
        #expect(RGB(10, 200, 0).mixed(with: RGB(20, 100, 255), amount: 0.25) == RGB(13, 175, 64))
        #expect(red.mixed(with: blue, amount: 0) == red)
        #expect(red.mixed(with: blue, amount: 1) == blue)
    }

    // MARK: WCAG

    @Test func luminanceRunsFromBlackToWhite() {
        #expect(ColorScience.relativeLuminance(white) == 1)
        #expect(ColorScience.relativeLuminance(black) == 0)
        #expect(abs(ColorScience.relativeLuminance(green) - 0.7152) < 1e-12)
    }

    @Test func contrastOfBlackAndWhiteIs21AndOfAColourWithItself1() {
        #expect(abs(ColorScience.contrastRatio(black, white) - 21) < 1e-12)
        #expect(abs(ColorScience.contrastRatio(white, black) - 21) < 1e-12)
        #expect(ColorScience.contrastRatio(red, red) == 1)
        #expect(ColorScience.contrastRatio(RGB(0x76, 0x76, 0x76), RGB(0x76, 0x76, 0x76)) == 1)
    }

    @Test func greyOnWhiteMatchesTheKnownWCAGRatio() {
        // #767676 is the lightest grey that passes AA (4.5:1) on white: 4.54:1.
        let ratio = ColorScience.contrastRatio(RGB(0x76, 0x76, 0x76), white)
        #expect(abs(ratio - 4.54) < 0.005)
        // and #777777 just fails it
        #expect(ColorScience.contrastRatio(RGB(0x77, 0x77, 0x77), white) < 4.5)
    }

    // MARK: L*a*b*

    @Test func labOfThePrimariesAndWhite() {
        func close(_ x: (l: Double, a: Double, b: Double), _ l: Double, _ a: Double, _ b: Double) -> Bool {
            abs(x.l - l) < 0.01 && abs(x.a - a) < 0.01 && abs(x.b - b) < 0.01
        }
        #expect(close(ColorScience.lab(white), 100, 0, 0))
        #expect(close(ColorScience.lab(black), 0, 0, 0))
        #expect(close(ColorScience.lab(red), 53.24, 80.09, 67.20))
        #expect(close(ColorScience.lab(green), 87.73, -86.18, 83.18))
        #expect(close(ColorScience.lab(blue), 32.30, 79.19, -107.86))
    }

    // MARK: CIEDE2000

    /// Sharma, Wu and Dalal (2005), Table 1: all 34 pairs, (L1, a1, b1, L2, a2, b2, ΔE00).
    static let sharma: [(Double, Double, Double, Double, Double, Double, Double)] = [
        (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
        (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
        (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
        (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
        (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
        (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
        (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
        (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
        (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
        (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
        (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
        (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
        (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
        (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
        (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
        (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
        (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
        (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
        (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
        (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
    ]

    @Test(arguments: 0..<34)
    func ciede2000MatchesSharmasPairToFourDecimals(pair: Int) {
        let p = Self.sharma[pair]
        let lab1 = (l: p.0, a: p.1, b: p.2), lab2 = (l: p.3, a: p.4, b: p.5)
        let forward = ColorScience.deltaE2000(lab1: lab1, lab2: lab2)
        let backward = ColorScience.deltaE2000(lab1: lab2, lab2: lab1)
        #expect(abs(forward - p.6) <= 0.00005, "pair \(pair + 1): \(forward) ≠ \(p.6)")
        #expect(abs(backward - p.6) <= 0.00005, "pair \(pair + 1) reversed: \(backward) ≠ \(p.6)")
    }

    @Test func ciede2000OfAColourWithItselfIsZeroAndOfBlackAndWhite100() {
        #expect(ColorScience.deltaE2000(red, red) == 0)
        #expect(abs(ColorScience.deltaE2000(black, white) - 100) < 1e-6)
    }

    // MARK: Colour-vision deficiency

    @Test(arguments: ColorVisionDeficiency.allCases)
    func simulationLeavesBlackAndWhiteAlone(deficiency: ColorVisionDeficiency) {
        for color in [black, white] {
            let seen = ColorScience.simulate(color, as: deficiency)
            #expect(abs(Int(seen.red) - Int(color.red)) <= 1)
            #expect(abs(Int(seen.green) - Int(color.green)) <= 1)
            #expect(abs(Int(seen.blue) - Int(color.blue)) <= 1)
        }
    }

    @Test func protanopeRedIsADarkOliveWorkedByHand() {
        // Linear red (1, 0, 0) becomes the matrix's first column (0.152286, 0.114503, -0.003882);
        // back through the sRGB curve that is 108.8, 95.0 and (clamped) 0.
        #expect(ColorScience.simulate(red, as: .protanopia) == RGB(109, 95, 0))
    }

    @Test func deuteranopiaBringsRedAndGreenMoreThanTwiceAsClose() {
        let normal = ColorScience.deltaE2000(red, green)
        let seen = ColorScience.deltaE2000(
            ColorScience.simulate(red, as: .deuteranopia), ColorScience.simulate(green, as: .deuteranopia))
        #expect(normal > 80)
        #expect(seen < normal / 2)
    }

    @Test func protanopiaAlsoBringsRedAndGreenCloser() {
        let normal = ColorScience.deltaE2000(red, green)
        let seen = ColorScience.deltaE2000(
            ColorScience.simulate(red, as: .protanopia), ColorScience.simulate(green, as: .protanopia))
        #expect(seen < normal / 2)
    }

    @Test func tritanopiaBringsGreenAndBlueTogetherButNotRedAndGreen() {
        // Verified by computation: green-blue drops from about 83.2 to about 46.6 and becomes the
        // closest pair of the three primaries; red-green stays at about 75.6.
        let t = ColorVisionDeficiency.tritanopia
        let r = ColorScience.simulate(red, as: t)
        let g = ColorScience.simulate(green, as: t)
        let b = ColorScience.simulate(blue, as: t)
        let normal = ColorScience.deltaE2000(green, blue)
        let seen = ColorScience.deltaE2000(g, b)
        #expect(seen < normal * 2 / 3)
        #expect(seen < ColorScience.deltaE2000(r, g))
        #expect(seen < ColorScience.deltaE2000(r, b))
        #expect(ColorScience.deltaE2000(r, g) > 70)
        // the tritanope's blue has lost much of its blue and gained green: a dark teal
        #expect(b.blue < 200 && b.green > 80 && b.red < 10)
    }

    // MARK: Minimum distance

    @Test func minimumDistanceIsTheSmallestPair() {
        let pairs = [
            ColorScience.deltaE2000(red, green),
            ColorScience.deltaE2000(green, blue),
            ColorScience.deltaE2000(red, blue),
        ]
        let smallest = pairs.min()!
        #expect(ColorScience.minimumDistance([red, green, blue]) == smallest)
        #expect(smallest == pairs[2])  // red and blue are the closest primaries, about 52.9
        #expect(ColorScience.minimumDistance([red, green, blue, red]) == 0)
    }

    @Test func minimumDistanceOfFewerThanTwoIsInfinite() {
        #expect(ColorScience.minimumDistance([]) == .infinity)
        #expect(ColorScience.minimumDistance([red]) == .infinity)
        #expect(ColorScience.minimumDistance([red], as: .deuteranopia) == .infinity)
    }

    @Test func minimumDistanceUnderADeficiencyUsesTheSimulatedColours() {
        let d = ColorVisionDeficiency.deuteranopia
        let colors = [red, green, blue]
        let simulated = colors.map { ColorScience.simulate($0, as: d) }
        #expect(ColorScience.minimumDistance(colors, as: d) == ColorScience.minimumDistance(simulated))
        #expect(ColorScience.minimumDistance(colors, as: d)
            == ColorScience.deltaE2000(simulated[0], simulated[1]))
        #expect(ColorScience.minimumDistance(colors, as: d) < ColorScience.minimumDistance(colors))
    }
}
