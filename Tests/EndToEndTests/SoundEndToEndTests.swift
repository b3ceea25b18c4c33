import ArcadeHarness
import ArcadeTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Audio players as the real arcade starts them (`ARCADE_SOUND_CMD` set to a shell script):
/// one that writes to the terminal must not reach the screen, one that hangs must not
/// outlive the arcade however it exits, and one that ends at once must not stay a zombie
/// while the arcade waits for a key. Blackjack's first deal (seed 11) asks for two cues.
extension EndToEnd {
    @Suite
    struct SoundEndToEndTests {
        /// What the player scripts write on the screen if they can.
        static let graffiti = "PLAYER WROTE HERE"

        /// Blackjack with `script` as the player, dealt its first hand (two cues asked for).
        private func dealFirstHand(script: String) async throws -> PtySession {
            let session = try PtySession.arcade(
                ["blackjack", "--seed", "11"],
                configuration: .init(environment: ["ARCADE_SOUND_CMD": "sh player.sh"], files: ["player.sh": script]))
            #expect(await session.waitFor("New game"))
            session.sendKeys("Enter")  // past the new-game alert
            #expect(await session.waitFor("press Enter to deal"))
            session.sendKeys("Enter")
            #expect(await session.waitFor("You can Hit, Stand, Double down or Surrender"))
            return session
        }

        /// The lines of `name` in the session's folder (the players' working directory).
        private func lines(_ name: String, in session: PtySession) -> [String] {
            let text = (try? String(contentsOf: session.directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.split(separator: "\n").map(String.init)
        }

        @Test func aPlayerThatWritesToTheTerminalLeavesTheScreenAlone() async throws {
            // Through /dev/tty, and through any descriptor on a terminal it may have inherited.
            let session = try await dealFirstHand(script: """
                printf '\\033[H%s' '\(Self.graffiti)' > /dev/tty 2>/dev/null
                for fd in 3 4 5 6 7 8 9; do { [ -t "$fd" ] && printf '%s' '\(Self.graffiti)' >&"$fd"; } 2>/dev/null; done
                echo "$1" >> cues.log
                """)
            defer { session.close() }
            #expect(await session.waitUntil("both players ran") { _ in lines("cues.log", in: session).count == 2 })
            // Output reaches the terminal in order: once help is drawn, anything the players
            // wrote before would be on screen too.
            session.type("?")
            #expect(await session.waitFor("Help"))
            #expect(!session.capture().contains(Self.graffiti), "\(session.report())")
            session.type("x")  // closes help
            #expect(await session.waitFor("You can Hit, Stand, Double down or Surrender"))
            #expect(!session.capture().contains(Self.graffiti), "\(session.report())")
            await session.leaveGameAndQuit()
        }

        @Test(arguments: [
            ExitPath(name: "q", signal: nil, status: 0),
            ExitPath(name: "Ctrl-C", signal: nil, status: 130),
            ExitPath(name: "SIGTERM", signal: SIGTERM, status: 143),
            ExitPath(name: "SIGHUP", signal: SIGHUP, status: 129),
            ExitPath(name: "SIGINT", signal: SIGINT, status: 130),
            // Ways out that restore the terminal at once, in the signal handler.
            ExitPath(name: "SIGQUIT", signal: SIGQUIT, status: 131),
            ExitPath(name: "SIGSEGV", signal: SIGSEGV, status: 139),
        ])
        func noHungPlayerOutlivesTheArcade(_ path: ExitPath) async throws {
            let session = try await dealFirstHand(script: "sleep 1000 &\necho $! >> players\necho $$ >> players\nwait\n")
            defer { session.close() }
            #expect(await session.waitUntil("two players and their sleeps started") { _ in
                lines("players", in: session).count == 4
            })
            let players = lines("players", in: session).compactMap { pid_t($0) }
            defer { for pid in players where ProcessTable.isRunning(pid) { kill(pid, SIGKILL) } }
            #expect(players.allSatisfy(ProcessTable.isRunning))

            switch (path.name, path.signal) {
            case ("q", _):
                await session.leaveGameAndQuit()
            case (_, let signal?):
                #expect(session.signal(signal))
                #expect(await session.waitForExit() == path.status)
            default:
                session.sendKeys("C-c")
                #expect(await session.waitForExit() == path.status)
            }
            let deadline = ContinuousClock.now + .seconds(5)
            while players.contains(where: ProcessTable.isRunning) && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(!players.contains(where: ProcessTable.isRunning),
                    "still running after the arcade exited: \(players.filter(ProcessTable.isRunning))")
            session.expectRestored()
        }

        /// `kill -9` gives the arcade no chance to end its players: they, and what they
        /// started, end with it all the same.
        /// Each player's watcher is named `arcade-player` in `ps`, not taken for a second arcade.
        @Test func noPlayerOutlivesAnArcadeKilledOutright() async throws {
            let session = try await dealFirstHand(
                script: "echo $PPID >> watchers\nsleep 1000 &\necho $! >> players\necho $$ >> players\nwait\n")
            defer { session.close() }
            #expect(await session.waitUntil("two players and their sleeps started") { _ in
                lines("players", in: session).count == 4
            })
            let players = lines("players", in: session).compactMap { pid_t($0) }
            defer { for pid in players where ProcessTable.isRunning(pid) { kill(pid, SIGKILL) } }
            #expect(players.allSatisfy(ProcessTable.isRunning))
            let watchers = lines("watchers", in: session).compactMap { pid_t($0) }
            #expect(watchers.count == 2 && watchers.allSatisfy { ProcessTable.name(of: $0) == "arcade-player" },
                    "watchers: \(watchers.map { "\($0): \(ProcessTable.name(of: $0) ?? "gone")" })")

            #expect(session.signal(SIGKILL))
            #expect(await session.waitForExit() == 128 + SIGKILL)
            let deadline = ContinuousClock.now + .seconds(5)
            while players.contains(where: ProcessTable.isRunning) && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(!players.contains(where: ProcessTable.isRunning),
                    "still running after the arcade was killed: \(players.filter(ProcessTable.isRunning))")
        }

        /// A player that leaves something running and exits at once (`sleep 123 &`, then `exit
        /// 0`): what it left ends with the player, not handed to PID 1 to outlive the arcade.
        @Test func whatAPlayerLeftRunningDoesNotOutliveTheArcade() async throws {
            let session = try await dealFirstHand(script: "sleep 123 &\necho $! >> sleeps\nexit 0\n")
            defer { session.close() }
            #expect(await session.waitUntil("both players started a sleep") { _ in lines("sleeps", in: session).count == 2 })
            let sleeps = lines("sleeps", in: session).compactMap { pid_t($0) }
            defer { for pid in sleeps where ProcessTable.isRunning(pid) { kill(pid, SIGKILL) } }
            await session.leaveGameAndQuit()
            let deadline = ContinuousClock.now + .seconds(10)
            while sleeps.contains(where: ProcessTable.isRunning) && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(sleeps.count == 2 && !sleeps.contains(where: ProcessTable.isRunning),
                    "still running after the arcade quit: \(sleeps.filter(ProcessTable.isRunning))")
        }

        @Test func aPlayerThatEndsAtOnceLeavesNoZombieWhileTheArcadeIdles() async throws {
            let session = try await dealFirstHand(script: "echo \"$1\" >> cues.log\n")
            defer { session.close() }
            let arcade = session.programPID
            #expect(await session.waitUntil("both players ran") { _ in lines("cues.log", in: session).count == 2 })
            // No key comes, so no cue either: the players must be collected as they end.
            let deadline = ContinuousClock.now + .seconds(5)
            while !ProcessTable.children(of: arcade).isEmpty && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(ProcessTable.children(of: arcade).isEmpty,
                    "children left (pid: state): \(ProcessTable.children(of: arcade))")
            await session.leaveGameAndQuit()
        }
    }
}
