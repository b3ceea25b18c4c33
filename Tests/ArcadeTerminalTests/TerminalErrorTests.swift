import ArcadeTerminal
import Testing

#if canImport(Glibc)
import Glibc
#endif

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
        let message = TerminalError.screenFailure(call: "newterm", terminalType: "xterm", errorNumber: ENOMEM).description
        #expect(message == "arcade: could not start the terminal screen: Cannot allocate memory (newterm, terminal type 'xterm')")
        #expect(!message.contains("unknown"))
    }

    /// ncurses does not promise to set errno when it fails: a number left by an earlier call
    /// (ENOENT from the search for the terminal's description) is no reason, and naming it
    /// ("No such file or directory") sent people looking for a missing file.
    @Test func aFailureWithoutAReasonNamesTheCallAndTheTerminalTypeOnly() {
        for leftOver in [0, ENOENT, EINVAL, ENOTTY] {
            let message = TerminalError.screenFailure(call: "newterm", terminalType: "linux", errorNumber: leftOver).description
            #expect(message == "arcade: could not start the terminal screen: newterm failed for terminal type 'linux'",
                    "errno \(leftOver): \(message)")
        }
        let hostile = TerminalError.screenFailure(call: "resizeterm", terminalType: "x\u{1B}]0;y\u{07}", errorNumber: 0)
        #expect(hostile.description.hasSuffix("resizeterm failed for terminal type 'x\\e]0;y\\x07'"), "\(hostile.description)")
    }
}
