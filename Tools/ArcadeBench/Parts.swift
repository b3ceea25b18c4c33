import ArcadeHarness
import ArcadeRecords
import ArcadeStore
import ArcadeTerminal
import CSQLite
import Glibc

// `arcade-bench --parts`: the time the arcade's parts take in this process, without the
// binary: the store on a million finished games, and the terminal's background query. The
// tests show what these parts do on small inputs and fake clocks; how fast they do it on a
// given machine is this report's.

/// One figure of the parts report: what was timed, how long it took, and its goal.
struct PartFigure: Encodable {
    var part: String
    var figure: String
    var milliseconds: Double
    /// The goal, as text ("< 50 ms").
    var goal: String
    var met: Bool
}

struct PartsReport: Encodable {
    var machine: Machine
    var figures: [PartFigure]

    var missed: Int { figures.filter { !$0.met }.count }

    func markdown() -> String {
        var text = "Arcade parts, in process (no binary)\n" + machine.header + "\n\n"
        var table = Table(header: ["part", "figure", "ms", "goal", "met"], rightAligned: [2])
        for figure in figures {
            table.rows.append([figure.part, figure.figure, fixed(figure.milliseconds, 1), figure.goal, mark(figure.met)])
        }
        text += table.rendered() + "\n"
        text += "\(missed) of \(figures.count) figures missed their goal.\n"
        return text
    }
}

enum Parts {
    /// Milliseconds `body` takes on the monotonic clock.
    static func milliseconds(_ body: () -> Void) -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        body()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1_000_000
    }

    static func run() -> [PartFigure] {
        store() + backgroundQuery()
    }

    // MARK: - The store

    /// A million finished games, made in one statement: five games, scores spread over 0–99,999.
    static let millionGames = """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
        INSERT INTO finished_games (game, score, player, finished_at)
        SELECT CASE i % 5 WHEN 0 THEN 'set' WHEN 1 THEN 'memory' WHEN 2 THEN 'slots'
               WHEN 3 THEN 'temples' ELSE 'blackjack' END, (i * 7919) % 100000, 'ann',
               '2026-12-01 ' || printf('%07d', i)
        FROM n
        """

    static let games = ["memory", "slots", "temples", "blackjack", "set"]

    /// The store on a million games: a start (open, the five high-score lists, the saved
    /// games), one more game recorded, and the statistics page's five histories.
    static func store() -> [PartFigure] {
        var template = Array("/tmp/arcade-bench-store-XXXXXX".utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!).map { String(cString: $0) } })
        else {
            note("arcade-bench: could not make a temporary folder")
            return []
        }
        defer { removeTree(folder) }
        let path = folder + "/" + ArcadeStore.fileName
        note("making a store of a million finished games in \(folder)…")
        do {
            _ = try ArcadeStore(directory: folder)
        } catch {
            note("arcade-bench: could not make a store: \(error)")
            return []
        }
        var database: OpaquePointer?
        guard sqlite3_open(path, &database) == SQLITE_OK,
              sqlite3_exec(database, millionGames, nil, nil, nil) == SQLITE_OK else {
            note("arcade-bench: could not fill the store: \(String(cString: sqlite3_errmsg(database)))")
            sqlite3_close(database)
            return []
        }
        sqlite3_close(database)
        // The first start after a change made outside the arcade reads the whole file through
        // (`quick_check`) and leaves its mark at the quit; the starts measured below do not.
        _ = try? ArcadeStore(directory: folder)

        var store: ArcadeStore?
        let starting = milliseconds {
            store = try? ArcadeStore(directory: folder)
            for name in games { _ = try? store?.best(of: name) }
            _ = try? store?.savedGames()
        }
        guard let store else { return [] }
        // The middle of five recordings (one alone measures the machine's other work too).
        let recordings = (1...5).map { number in
            milliseconds {
                _ = try? store.record(FinishedGame(game: "set", score: 100_000 + number, duration: 61.5, seed: 7,
                                                   player: "ann", finishedAt: "2026-12-02 15:30"))
            }
        }
        let recording = median(recordings)
        let statistics = milliseconds {
            for name in games { _ = try? store.history(of: name) }
        }
        return [
            PartFigure(part: "store, 1,000,000 games", figure: "start: open, five best-ten lists, saved games",
                       milliseconds: starting, goal: "< 50 ms", met: starting < 50),
            PartFigure(part: "store, 1,000,000 games", figure: "record one game (median of 5)",
                       milliseconds: recording, goal: "< 10 ms", met: recording < 10),
            PartFigure(part: "store, 1,000,000 games", figure: "statistics: five games' histories",
                       milliseconds: statistics, goal: "< 250 ms", met: statistics < 250),
        ]
    }

    // MARK: - The background query

    static let deviceAttributes: [UInt8] = [0x1B] + Array("[?62;22c".utf8)

    /// `BackgroundQuery.ask` on a pseudo-terminal whose other end has already written
    /// `reply`, with the arcade's timeout.
    static func ask(replying reply: [UInt8], timeout: Int) -> Double {
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { return .nan }
        defer { close(master); close(slave) }
        if !reply.isEmpty { _ = reply.withUnsafeBytes { write(master, $0.baseAddress, $0.count) } }
        return milliseconds { _ = BackgroundQuery.ask(input: slave, output: slave, timeoutMilliseconds: timeout) }
    }

    /// A start's question to the terminal: answered (a colour, then device attributes),
    /// device attributes alone (a terminal that ignores OSC 11), silence (the timeout), and a
    /// colour without device attributes (the colour counts, at the timeout).
    static func backgroundQuery() -> [PartFigure] {
        let timeout = 150  // what a start waits (`BackgroundQuery.detect`'s default)
        let colour = [0x1B] + Array("]11;rgb:ffff/ffff/ffff".utf8) + [0x1B, 0x5C]
        let answered = ask(replying: colour + deviceAttributes, timeout: 5000)
        let attributesOnly = ask(replying: deviceAttributes, timeout: 5000)
        let silence = ask(replying: [], timeout: timeout)
        let colourOnly = ask(replying: colour, timeout: timeout)
        let part = "background query"
        return [
            PartFigure(part: part, figure: "colour and device attributes", milliseconds: answered,
                       goal: "< 1000 ms", met: answered < 1000),
            PartFigure(part: part, figure: "device attributes alone", milliseconds: attributesOnly,
                       goal: "< 1000 ms", met: attributesOnly < 1000),
            PartFigure(part: part, figure: "silence, \(timeout) ms timeout", milliseconds: silence,
                       goal: "\(timeout)–\(timeout + 500) ms", met: silence >= Double(timeout) && silence < Double(timeout + 500)),
            PartFigure(part: part, figure: "colour alone, \(timeout) ms timeout", milliseconds: colourOnly,
                       goal: "\(timeout)–\(timeout + 500) ms", met: colourOnly >= Double(timeout) && colourOnly < Double(timeout + 500)),
        ]
    }
}
