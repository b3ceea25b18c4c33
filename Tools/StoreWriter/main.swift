import ArcadeRecords
import ArcadeStore
import Glibc

// arcade-store-writer DIR PLAYER COUNT [FIGURES [memory]]
//
// Records COUNT finished Slots games (scores 1…COUNT) as PLAYER into the arcade's store in
// DIR, each with FIGURES figures, one transaction each, and writes the number of each game
// to standard output once its transaction has committed. The store's process tests run two
// at once, or kill one at any moment, and check what the store holds afterwards. With
// `memory`, a last line "memory N": the most heap SQLite held at once, in bytes.

/// One line to `descriptor`, in one write.
func say(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
    let line = text + "\n"
    _ = line.withCString { write(descriptor, $0, strlen($0)) }
}

/// One line to standard error.
func complain(_ text: String) { say(text, to: STDERR_FILENO) }

let arguments = CommandLine.arguments
guard arguments.count >= 4, let count = Int(arguments[3]) else {
    complain("usage: arcade-store-writer DIR PLAYER COUNT [FIGURES [memory]]")
    exit(2)
}
let figureCount = arguments.count > 4 ? Int(arguments[4]) ?? 0 : 0
let measuresMemory = arguments.count > 5 && arguments[5] == "memory"
ArcadeStore.countsSQLiteMemory = measuresMemory
do {
    let store = try ArcadeStore(directory: arguments[1])
    for number in 1...max(1, count) {
        var figures: [String: String] = ["game": String(number)]
        for index in 0..<figureCount { figures["figure\(index)"] = String(repeating: "x", count: 200) }
        try store.record(FinishedGame(game: "slots", score: number, figures: figures, player: arguments[2],
                                      finishedAt: "2026-12-01 12:00"))
        say(String(number))
    }
    if measuresMemory {
        say("memory \(ArcadeStore.sqliteMemoryHighWater)")
    }
} catch {
    complain("arcade-store-writer: \(error)")
    exit(1)
}
