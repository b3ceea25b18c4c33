import Testing

@testable import ArcadeUI

@Suite struct ColorTests {
    @Test func noColorOrAColourlessTerminalGivesMonochrome() {
        #expect(ColorMode.choose(noColorRequested: true, terminalHasColors: true, colorCount: 256) == .monochrome)
        #expect(ColorMode.choose(noColorRequested: false, terminalHasColors: false, colorCount: 0) == .monochrome)
        #expect(ColorMode.choose(noColorRequested: false, terminalHasColors: true, colorCount: 2) == .monochrome)
    }

    @Test func colourCountPicks256Or8() {
        #expect(ColorMode.choose(noColorRequested: false, terminalHasColors: true, colorCount: 256) == .color256)
        #expect(ColorMode.choose(noColorRequested: false, terminalHasColors: true, colorCount: 16_777_216) == .color256)
        #expect(ColorMode.choose(noColorRequested: false, terminalHasColors: true, colorCount: 16) == .color8)
        #expect(ColorMode.choose(noColorRequested: false, terminalHasColors: true, colorCount: 8) == .color8)
    }

    @Test func xtermCubeAndGreysMapToTheNearestBasicColour() {
        #expect(Color.nearestBasic(toXterm: 196) == .red)      // #ff0000
        #expect(Color.nearestBasic(toXterm: 46) == .green)     // #00ff00
        #expect(Color.nearestBasic(toXterm: 21) == .blue)      // #0000ff
        #expect(Color.nearestBasic(toXterm: 226) == .yellow)   // #ffff00
        #expect(Color.nearestBasic(toXterm: 16) == .black)
        #expect(Color.nearestBasic(toXterm: 231) == .white)
        #expect(Color.nearestBasic(toXterm: 232) == .black)    // darkest grey
        #expect(Color.nearestBasic(toXterm: 255) == .white)    // lightest grey
        #expect(Color.nearestBasic(toXterm: 9) == .red)        // bright red keeps its hue
    }

    @Test func xtermPaletteValues() {
        #expect(Color.rgb(ofXterm: 16) == (0, 0, 0))
        #expect(Color.rgb(ofXterm: 196) == (255, 0, 0))
        #expect(Color.rgb(ofXterm: 110) == (135, 175, 215))
        #expect(Color.rgb(ofXterm: 244) == (128, 128, 128))
    }
}
