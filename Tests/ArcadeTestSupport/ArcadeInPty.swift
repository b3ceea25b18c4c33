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

    /// The arcade with `arguments` in a pseudo-terminal of its own (only its modes followed,
    /// unless `tracksGrid`), once it has drawn something (a failure is recorded if nothing
    /// comes within 10 s) and gone idle.
    public func start(_ arguments: [String], dataHome: URL, tracksGrid: Bool = false,
                      sourceLocation: SourceLocation = #_sourceLocation) async throws -> PtyProcess {
        let pty = try launch(arguments, dataHome: dataHome.path, tracksGrid: tracksGrid)
        #expect(await pty.until(limit: 10) { pty.totalBytes > 0 }, "\(arguments) drew nothing within 10 s",
                sourceLocation: sourceLocation)
        await pty.idle()
        return pty
    }
}

/// Waiting on a `PtyProcess` without holding a thread of the test runner: each poll reads
/// what is there, then the task sleeps a few milliseconds, so other tests run meanwhile.
extension PtyProcess {
    /// Reads until `condition` holds or `limit` seconds pass; whether it held. Polls every
    /// 2 ms after output, backing off to every 20 ms while none comes, so that many waiting
    /// tests cost little.
    public func until(limit: Double = 30, _ condition: () -> Bool) async -> Bool {
        let deadline = monotonicNow() + limit
        var pause = 2
        while true {
            pause = pump(timeout: 0) > 0 ? 2 : min(pause * 2, 20)
            if condition() { return true }
            if monotonicNow() >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(pause))
        }
    }

    /// Whether the program has read every byte sent to it so far.
    public var hasReadAllInput: Bool { pendingCount == 0 && (unreadInput ?? 0) == 0 }

    /// Waits (at most `limit` seconds) until the program has read its input, sleeps and has
    /// written nothing for `samples` polls in a row (or has ended): it has done all it will
    /// do with what it was sent. Whether it got there.
    @discardableResult
    public func idle(samples: Int = 5, limit: Double = 30) async -> Bool {
        var calm = 0
        var bytes = totalBytes
        return await until(limit: limit) {
            guard isRunning else { return true }
            let asleep = ProcessTable.state(of: pid).map { $0 == "S" } ?? true
            calm = (hasReadAllInput && asleep && totalBytes == bytes) ? calm + 1 : 0
            bytes = totalBytes
            return calm >= samples
        }
    }

    /// Waits (at most `seconds`) for the program to exit and for the last of its output.
    public func exit(within seconds: Double) async -> ExitInfo? {
        guard await until(limit: seconds, { !isRunning }) else { return nil }
        var empty = 0
        _ = await until(limit: 2) {
            empty = pump(timeout: 0) == 0 ? empty + 1 : 0
            return empty >= 3
        }
        return exitInfo
    }
}

/// Leaves whatever is on screen and quits, as `quitArcade` does, waiting for the arcade to be
/// idle between keys instead of for fixed quiet times.
public func leaveAndQuit(_ process: PtyProcess, rounds: Int = 12) async -> ExitInfo? {
    if process.size.width != 100 || process.size.height != 30 {
        process.resize(width: 100, height: 30)
    }
    await process.idle()
    for round in 0..<rounds {
        guard process.isRunning else { break }
        if round % 2 == 1 {
            // Fields being typed in take q and y as letters: Esc leaves them. A lone Esc is
            // known as one only once no byte follows it for a moment, so the next key waits
            // for what the Esc drew.
            let before = process.totalBytes
            process.send(Keys.escape)
            _ = await process.until(limit: 2) { process.totalBytes > before || !process.isRunning }
            await process.idle()
        }
        process.send(Keys.text("q"))
        await process.idle()
        guard process.isRunning else { break }
        process.send(Keys.text("y"))
        await process.idle()
    }
    return await process.exit(within: 5)
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
