import ArcadeHarness
import Foundation
import Testing

extension ArcadeLauncher {
    /// The debug `arcade` that `swift test` built, at 100×30, its sound cues played by `true`
    /// (the player path runs, silently); nil, with a recorded failure, when it is missing.
    public static func forTests(sourceLocation: SourceLocation = #_sourceLocation) -> ArcadeLauncher? {
        guard let binary = TerminalProcess.requireArcadeBinary(sourceLocation: sourceLocation) else { return nil }
        return ArcadeLauncher(binary: binary.path, extraEnvironment: ["ARCADE_SOUND_CMD": "true"])
    }

    /// The arcade with `arguments` in a pseudo-terminal of its own (only its modes followed),
    /// once it has drawn something (a failure is recorded if nothing comes within 10 s) and
    /// its output has been quiet for `quiet` seconds.
    public func start(_ arguments: [String], dataHome: URL, quiet: Double = 0.05,
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> PtyProcess {
        let pty = try launch(arguments, dataHome: dataHome.path, tracksGrid: false)
        #expect(pty.waitUntil(limit: 10) { pty.totalBytes > 0 }, "\(arguments) drew nothing within 10 s",
                sourceLocation: sourceLocation)
        pty.waitQuiet(quiet, limit: 2)
        return pty
    }
}

extension PtyProcess {
    /// What is wrong with the terminal the program left: modes its output left on, the exit
    /// sequences missing from its last bytes, termios not back to how it was.
    public var restoreProblems: [String] { RestoreCheck.check(self).problems }
}

/// The store in `dataHome` is absent, or opens and passes its integrity check.
public func expectValidScores(_ dataHome: URL, sourceLocation: SourceLocation = #_sourceLocation) {
    let check = StoreCheck.check(dataHome: dataHome.path)
    #expect(check.isGood, "the store: \(check.summary)", sourceLocation: sourceLocation)
}
