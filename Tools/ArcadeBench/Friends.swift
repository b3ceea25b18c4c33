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

    struct Result: Encodable {
        var claims: Int
        var games: Int
        var medianMilliseconds: Double
        var p90Milliseconds: Double
        var maxMilliseconds: Double
        var idleSeconds: Double
        var idleCPUMilliseconds: Double?
        var idleWakeups: Int?
        var failure: String?
        var medianMet: Bool { failure == nil && medianMilliseconds < Target.claimVerdictMilliseconds }

        enum CodingKeys: String, CodingKey {
            case claims, games, medianMilliseconds = "median_ms", p90Milliseconds = "p90_ms", maxMilliseconds = "max_ms",
                 idleSeconds, idleCPUMilliseconds = "idle_cpu_ms", idleWakeups, failure, medianMet
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(claims, forKey: .claims)
            try container.encode(games, forKey: .games)
            try container.encode(medianMilliseconds, forKey: .medianMilliseconds)
            try container.encode(p90Milliseconds, forKey: .p90Milliseconds)
            try container.encode(maxMilliseconds, forKey: .maxMilliseconds)
            try container.encode(idleSeconds, forKey: .idleSeconds)
            try container.encodeIfPresent(idleCPUMilliseconds, forKey: .idleCPUMilliseconds)
            try container.encodeIfPresent(idleWakeups, forKey: .idleWakeups)
            try container.encodeIfPresent(failure, forKey: .failure)
            try container.encode(medianMet, forKey: .medianMet)
        }
    }

    func run() -> Result {
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
                games += 1
                try table.seat(["Ann", "Bob"])
                try table.start()
                try table.play(claimLimit: claims - latencies.count)
                latencies += table.claims.map { $0.latency * 1000 }
                if latencies.count >= claims {
                    if !table.isOver { try table.play() }  // the game played out, to measure the idle table after it
                    idle = idleCost(table)
                }
            } catch {
                failure = "\(error)"
            }
        }
        let sorted = latencies.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]
        }
        return Result(claims: latencies.count, games: games, medianMilliseconds: median(latencies),
                      p90Milliseconds: percentile(0.9), maxMilliseconds: sorted.last ?? 0, idleSeconds: idleSeconds,
                      idleCPUMilliseconds: idle?.0, idleWakeups: idle?.1, failure: failure)
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
            + "\(result.claims) claims over \(result.games) game\(result.games == 1 ? "" : "s")\n"
            + machine.header + "\n\n"
        var table = Table(header: ["claim → verdict at both players, ms: median", "p90", "max",
                                   "idle table \(fixed(result.idleSeconds, 0)) s: host CPU ms / wakeups"],
                          rightAligned: [0, 1, 2])
        table.rows.append(["< \(fixed(Target.claimVerdictMilliseconds, 0))", "–", "–", "0 / 0"])
        let idle = result.idleCPUMilliseconds.map { "\(fixed($0, 3)) / \(result.idleWakeups ?? 0)" } ?? "–"
        table.rows.append(["\(fixed(result.medianMilliseconds, 2)) " + mark(result.medianMet), fixed(result.p90Milliseconds, 2),
                           fixed(result.maxMilliseconds, 2), idle])
        text += table.rendered()
        if let failure = result.failure { text += "\nFailed: \(failure)\n" }
        return text
    }
}
