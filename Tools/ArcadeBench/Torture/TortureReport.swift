import ArcadeHarness

/// The torture run's report: tables for people, JSON for machines.
extension TortureRunner {
    func markdown() -> String {
        var text = "Arcade torture — \(launcher.binary), seed \(seed), \(count) random inputs per game, "
            + "100×30 TERM=xterm-256color, sound command `true`\n\n"
        var table = Table(header: ["game", "inputs", "mouse", "resizes", "stop/cont", "launches (q on menu)", "probes",
                                   "final exit", "terminal", "score file", "defects", "s"],
                          rightAligned: [1, 2, 3, 4, 6, 10, 11])
        for r in results {
            table.rows.append([r.game, "\(r.events)", "\(r.mouse)", "\(r.resizes)", "\(r.stops)", "\(r.launches) (\(r.quitsByInput))",
                               "\(r.probes)", r.finalExit + " " + mark(r.finalOK), r.terminal, r.scoreFile, "\(r.defects)",
                               fixed(r.seconds, 0)])
        }
        text += table.rendered() + "\n"

        var signalTable = Table(header: ["game", "ending", "trials", "statuses", "restored", "score file ok", "slowest ms"],
                                rightAligned: [2, 6])
        let groups = signals + hangUps
        var seen: [String] = []
        for trial in groups where !seen.contains(trial.game + "|" + trial.signal) { seen.append(trial.game + "|" + trial.signal) }
        for key in seen {
            let parts = key.split(separator: "|").map(String.init)
            let trials = groups.filter { $0.game == parts[0] && $0.signal == parts[1] }
            var statuses: [String: Int] = [:]
            for trial in trials {
                let label = trial.status.map { "\($0)" + (trial.signaled ? " (signal)" : " (exit)") } ?? "hung"
                statuses[label, default: 0] += 1
            }
            let restored = trials.filter(\.restored).count
            let scoreOK = trials.filter(\.scoreOK).count
            let slowest = trials.compactMap(\.seconds).max().map { fixed($0 * 1000, 0) } ?? "–"
            let expected = trials.first.map { " (want \($0.expected))" } ?? ""
            signalTable.rows.append([parts[0], parts[1] + expected, "\(trials.count)",
                                     statuses.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: ", "),
                                     "\(restored)/\(trials.count)", "\(scoreOK)/\(trials.count)", slowest])
        }
        text += signalTable.rendered() + "\n"
        var extras: [String] = []
        for key in seen {
            let parts = key.split(separator: "|").map(String.init)
            let trials = hangUps.filter { $0.game == parts[0] && $0.signal == parts[1] }
            guard !trials.isEmpty else { continue }
            let cpu = trials.compactMap(\.cpuAfter).max().map { fixed($0 * 1000, 1) + " ms" } ?? "?"
            let messages = trials.compactMap(\.message)
            extras.append("\(parts[0]) \(parts[1]): CPU after it at most \(cpu)"
                + (messages.isEmpty ? "" : ", the one-line message \(messages.filter { $0 }.count)/\(messages.count)"))
        }
        if !extras.isEmpty { text += "Closed input: " + extras.joined(separator: "; ") + ".\n\n" }
        text += "Ctrl-Z: SIGSTOP + SIGCONT from the bench (the arcade leads an orphaned process group under a bare pty, "
            + "so the 0x1A key cannot stop it); suspending with the key under job control is the end-to-end test "
            + "ctrlZSuspendsAndFgResumes under `bash -i`.\n\n"
        if defects.isEmpty {
            text += "Defects: none.\n"
        } else {
            text += "Defects (\(defects.count)):\n" + defects.map { $0.rendered() }.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// The `--json` report: the run, each game's figures, each ending and each defect.
    struct JSONReport: Encodable {
        var binary: String
        /// As text: a 64-bit seed is exact in any reader.
        var seed: String
        var count: Int
        var games: [GameTortureResult]
        var endings: [SignalTrial]
        var defects: [Defect]
    }

    func json() -> JSONReport {
        JSONReport(binary: launcher.binary, seed: String(seed), count: count, games: results,
                   endings: signals + hangUps, defects: defects)
    }
}
