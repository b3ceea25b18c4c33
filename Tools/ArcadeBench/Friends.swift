import ArcadeHarness
import Glibc

extension Target {
    /// The median time a claim's verdict may take to reach every player on this machine
    /// (issue 48: "on the loopback interface a claim's verdict reaches every player within 50 ms").
    static let claimVerdictMilliseconds = 50.0
}

/// Set with friends, measured (`--friends`): a real arcade hosts a table on 127.0.0.1 in a
/// pseudo-terminal, two wire clients (`FriendsClient`) sit down, the host presses `s`, and the
/// two play seeded games in turn (`FriendsTableRun`: each claims the first set on the table,
/// both ask for three more when there is none) until `claims` claims have been judged, a new
/// host for each game that runs out. A claim's latency runs from its third card sent to the
/// last of the two players reading the table with its verdict, on the monotonic clock. After
/// the last game the table sits idle for `idleSeconds`, the players connected: the host's CPU
/// time and wakeups then.
struct FriendsBench {
    var launcher: ArcadeLauncher
    var claims = 100
    var idleSeconds = 1.0
    /// The seed of the first game (the next game one more).
    var seed: UInt64 = 1

    /// The latencies of one way of claiming, in milliseconds.
    struct Latencies: Encodable {
        var claims: Int
        var games: Int
        var medianMs: Double
        var p90Ms: Double
        var maxMs: Double
        var failure: String?
        var medianMet: Bool { failure == nil && claims > 0 && medianMs < Target.claimVerdictMilliseconds }

        init(_ milliseconds: [Double], games: Int, failure: String?) {
            let sorted = milliseconds.sorted()
            func percentile(_ p: Double) -> Double {
                sorted.isEmpty ? 0 : sorted[max(0, min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
            }
            (claims, self.games, medianMs) = (sorted.count, games, median(sorted))
            (p90Ms, maxMs, self.failure) = (percentile(0.9), sorted.last ?? 0, failure)
        }

        enum CodingKeys: String, CodingKey { case claims, games, medianMs, p90Ms, maxMs, failure, medianMet }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(claims, forKey: .claims)
            try container.encode(games, forKey: .games)
            try container.encode(medianMs, forKey: .medianMs)
            try container.encode(p90Ms, forKey: .p90Ms)
            try container.encode(maxMs, forKey: .maxMs)
            try container.encodeIfPresent(failure, forKey: .failure)
            try container.encode(medianMet, forKey: .medianMet)
        }
    }

    struct Result: Encodable {
        /// The claimant's three cards sent back to back.
        var backToBack: Latencies
        /// The claimant waiting to see each of its first two cards marked at every player.
        var paced: Latencies
        var idleSeconds: Double
        var idleCpuMs: Double?
        var idleWakeups: Int?
        var met: Bool { backToBack.medianMet && paced.medianMet }
    }

    func run() -> Result {
        let (backToBack, _) = claims(paced: false, measuringIdle: false)
        let (paced, idle) = claims(paced: true, measuringIdle: true)
        return Result(backToBack: backToBack, paced: paced, idleSeconds: idleSeconds, idleCpuMs: idle?.0, idleWakeups: idle?.1)
    }

    /// `claims` claims over as many games as it takes, and (`measuringIdle`) the idle table
    /// after the last.
    private func claims(paced: Bool, measuringIdle: Bool) -> (Latencies, (Double, Int)?) {
        var latencies: [Double] = []
        var games = 0
        var failure: String?
        var idle: (Double, Int)?
        while latencies.count < claims && failure == nil {
            let dataHome = makeTemporaryDirectory("arcade-bench-friends")
            defer { removeTree(dataHome) }
            do {
                let table = try FriendsTableRun(launcher: launcher, seed: seed + UInt64(games), code: "BENCH2", dataHome: dataHome)
                defer { table.close() }
                table.pacesSelections = paced
                games += 1
                try table.seat(["Ann", "Bob"])
                try table.start()
                try table.play(claimLimit: claims - latencies.count)
                latencies += table.claims.map { $0.latency * 1000 }
                if latencies.count >= claims && measuringIdle {
                    if !table.isOver { try table.play() }  // the game played out, to measure the idle table after it
                    idle = idleCost(table)
                }
            } catch {
                failure = "\(error)"
            }
        }
        return (Latencies(latencies, games: games, failure: failure), idle)
    }

    /// The host's CPU milliseconds and wakeups over `idleSeconds` with the finished table on
    /// screen and both players connected (their sockets and the host's terminal read as
    /// things come).
    private func idleCost(_ table: FriendsTableRun) -> (Double, Int)? {
        _ = table.wait(timeout: 0.2) { false }  // the last redraws done
        guard let before = ProcSample.read(table.host.pid) else { return nil }
        _ = table.wait(timeout: idleSeconds) { false }
        guard let after = ProcSample.read(table.host.pid) else { return nil }
        return (Double(after.cpuNanoseconds &- before.cpuNanoseconds) / 1e6, after.wakeups - before.wakeups)
    }
}

struct FriendsReport: Encodable {
    var binary: String
    var machine: Machine
    var result: FriendsBench.Result

    func markdown() -> String {
        var text = "Arcade benchmark, Set with friends — \(binary), a host on 127.0.0.1 and 2 wire clients, "
            + "\(result.backToBack.claims) + \(result.paced.claims) claims\n" + machine.header + "\n\n"
        var table = Table(header: ["claims", "games", "claim → verdict at both players, ms: median", "p90", "max"],
                          rightAligned: [1, 2, 3, 4])
        table.rows.append(["target", "", "< \(fixed(Target.claimVerdictMilliseconds, 0))", "–", "–"])
        for (label, figures) in [("three cards back to back", result.backToBack), ("each card seen marked first", result.paced)] {
            table.rows.append(["\(label): \(figures.claims)", "\(figures.games)", "\(fixed(figures.medianMs, 2)) " + mark(figures.medianMet),
                               fixed(figures.p90Ms, 2), fixed(figures.maxMs, 2)])
        }
        text += table.rendered()
        let idle = result.idleCpuMs.map { "\(fixed($0, 3)) ms CPU, \(result.idleWakeups ?? 0) wakeups" } ?? "not measured"
        text += "\nThe finished table idle for \(fixed(result.idleSeconds, 0)) s, both players connected: the host \(idle) (target 0 / 0).\n"
        for (label, figures) in [("back to back", result.backToBack), ("paced", result.paced)] {
            if let failure = figures.failure { text += "Failed (\(label)): \(failure)\n" }
        }
        return text
    }
}
