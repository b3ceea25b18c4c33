import ArcadeTerminal
import Testing

/// The messages shown when the arcade cannot take over the terminal.
@Suite struct TerminalErrorTests {
    @Test func terminalErrorsQuoteTERMSafely() {
        let hostile = "xterm\u{1B}]0;pwned\u{07}"
        let unsafe: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator]
        for error in [TerminalError.unknownTerminal(hostile), .cannotMoveCursor(hostile)] {
            #expect(error.description.contains("'xterm\\e]0;pwned\\x07'"), "\(error.description)")
            #expect(!error.description.unicodeScalars.contains { unsafe.contains($0.properties.generalCategory) })
        }
        let long = TerminalError.unknownTerminal(String(repeating: "t", count: 100_000)).description
        #expect(long.count < 200, "\(long.count) characters")
        #expect(long.contains("…"))
    }

    @Test func aScreenThatCouldNotBeSetUpSaysWhyAndDoesNotBlameTheTerminalType() {
        let message = TerminalError.screenFailed(call: "newterm", reason: "Cannot allocate memory").description
        #expect(message == "arcade: could not start the terminal screen: Cannot allocate memory (newterm)")
        #expect(!message.contains("terminal type"))
    }
}
