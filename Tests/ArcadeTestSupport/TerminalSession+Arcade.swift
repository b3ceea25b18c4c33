import Testing

extension TerminalSession {
    /// Leave a game in progress (q, then y to "Leave this game? (y/n)"), quit from the menu,
    /// and check the arcade exits 0 with the terminal restored.
    public func leaveGameAndQuit(sourceLocation: SourceLocation = #_sourceLocation) async {
        type("q")
        #expect(await waitFor("Leave this game? (y/n)", sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        type("y")
        #expect(await waitFor("ARCADE", sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        await quitFromMenu(sourceLocation: sourceLocation)
    }

    /// `q` on the menu: the arcade exits 0 with the terminal restored.
    public func quitFromMenu(sourceLocation: SourceLocation = #_sourceLocation) async {
        type("q")
        #expect(await waitForExit() == 0, sourceLocation: sourceLocation)
        expectRestored(sourceLocation: sourceLocation)
    }
}
