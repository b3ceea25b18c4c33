import ArcadeHarness
import Glibc

/// A crash, hang, broken terminal or damaged score file found by the torture.
struct Defect: Encodable {
    var game: String, kind: String
    var seed: UInt64, step: Int
    var detail: String
    /// The inputs just before it, and the screen the output left.
    var lastEvents: [String], screen: [String]

    var reproduce: String {
        "arcade-bench --torture --only \(game) --seed \(seed)" + (step > 0 ? " --count \(step)" : "")
    }

    func rendered() -> String {
        var text = "- \(kind) in \(game), seed \(seed), step \(step): \(detail)\n  reproduce: `\(reproduce)`"
        if !lastEvents.isEmpty { text += "\n  last inputs:\n" + lastEvents.map { "    " + $0 }.joined(separator: "\n") }
        let shown = screen.filter { !$0.allSatisfy { $0 == " " } }
        if !shown.isEmpty { text += "\n  screen:\n" + shown.map { "    |" + $0 }.joined(separator: "\n") }
        return text
    }

    private enum CodingKeys: String, CodingKey {
        case game, kind, seed, step, detail, reproduce, lastEvents = "last_inputs", screen
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(game, forKey: .game)
        try container.encode(kind, forKey: .kind)
        try container.encode(String(seed), forKey: .seed)  // as text: a 64-bit seed is exact in any reader
        try container.encode(step, forKey: .step)
        try container.encode(detail, forKey: .detail)
        try container.encode(reproduce, forKey: .reproduce)
        try container.encode(lastEvents, forKey: .lastEvents)
        try container.encode(screen, forKey: .screen)
    }
}

/// What the random inputs to one game did.
struct GameTortureResult: Encodable {
    var game: String
    var seed: UInt64
    /// Inputs sent (mouse reports, resizes and stops among them) and bytes each way.
    var events = 0, mouse = 0, resizes = 0, stops = 0
    var bytesSent = 0, bytesReceived = 0
    /// Starts (the first, then one after each quit by input), and exits with status 0 caused
    /// by the random input itself (q on the menu); liveness probes.
    var launches = 0, quitsByInput = 0, probes = 0
    var seconds = 0.0
    /// How quitting at the end went, the terminal and score file after it, defects found.
    var finalExit = "–", finalOK = false
    var terminal = "–", scoreFile = "–"
    var defects = 0

    private enum CodingKeys: String, CodingKey {
        case game, events = "inputs", bytesSent, bytesReceived, mouse, resizes, stops = "stop_continue", launches
        case quitsByInput, probes, finalExit, finalOK = "final_ok", terminal, scoreFile, defects, seconds
    }
}

/// One ending from outside: a signal, or the input closing.
struct SignalTrial: Encodable {
    var game: String
    var signal: String
    var afterInputs: Int
    var expected: Int32
    var status: Int32?
    var signaled: Bool
    var seconds: Double?
    var restored: Bool
    var restoreDetail: String
    var scoreFile: String
    var scoreOK: Bool
    var extra: String = ""
    /// CPU seconds the program used after its input closed.
    var cpuAfter: Double? = nil
    /// Whether it printed its one-line message ("input closed").
    var message: Bool? = nil

    var ok: Bool { status == expected && restored && scoreOK }

    private enum CodingKeys: String, CodingKey {
        case game, signal = "ending", afterInputs, expected, status, signaled = "by_signal", seconds, restored
        case restoreDetail = "terminal", scoreFile, extra = "note"
    }
}
