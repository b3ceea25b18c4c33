import ArcadeCore

/// Draws from the arcade's own seeded generator (so a seed means the same thing to the arcade,
/// the torture run and the tests).
public struct SplitMix64: Sendable {
    private var generator: SeededGenerator

    public init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    public mutating func next() -> UInt64 { generator.next() }

    /// A number in `0..<bound` (bound > 0).
    public mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    public mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// One random input for a program in a terminal.
public enum RandomInput: Sendable, CustomStringConvertible {
    case bytes([UInt8], kind: String)
    case resize(width: Int, height: Int)
    /// SIGSTOP, this many seconds stopped (reading its output all along), SIGCONT.
    case stopContinue(Double)
    /// Wait until the output has been quiet this long (lets escape timeouts happen).
    case pause(Double)

    public var description: String {
        switch self {
        case .bytes(let bytes, let kind): return "\(kind) \"\(escaped(bytes, limit: 120))\""
        case .resize(let width, let height): return "resize \(width)×\(height)"
        case .stopContinue(let seconds): return "SIGSTOP, \(Int(seconds * 1000)) ms, SIGCONT"
        case .pause(let seconds): return "pause \(Int(seconds * 1000)) ms"
        }
    }
}

/// Random inputs from a fixed seed: keys, escape sequences (known, junk and cut short), mouse
/// reports anywhere (SGR 1006, as `kmous=\E[<` of xterm-256color announces; some X10), bursts
/// of random bytes (never 0x03 Ctrl-C, 0x1A Ctrl-Z or 0x1C), resizes down to 1×1 and back,
/// SIGSTOP/SIGCONT, and pauses.
public struct RandomInputGenerator: Sendable {
    public var random: SplitMix64
    /// The terminal's size now (mouse reports fall on it and a little beyond); resizes change it.
    public var width = 100
    public var height = 30
    /// Never type `q`, `y` or `Y` (they become `w`; Esc on the menu asks, a yes would quit):
    /// for inputs before a signal, which must not quit first.
    public var avoidsQuit = false
    /// How long pauses and stops last, in milliseconds.
    public var pauseMilliseconds: ClosedRange<Int>

    public init(seed: UInt64, avoidsQuit: Bool = false, pauseMilliseconds: ClosedRange<Int> = 5...60) {
        random = SplitMix64(seed: seed)
        self.avoidsQuit = avoidsQuit
        self.pauseMilliseconds = pauseMilliseconds
    }

    public mutating func next() -> RandomInput {
        let event = nextEvent()
        if avoidsQuit, case .bytes(let bytes, let kind) = event {
            return .bytes(bytes.map { Array("qQyY".utf8).contains($0) ? UInt8(ascii: "w") : $0 }, kind: kind)
        }
        return event
    }

    public static let keyChoices: [[UInt8]] = {
        var keys: [[UInt8]] = []
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { keys.append([byte]) }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { keys.append([byte]) }
        keys += [Keys.up, Keys.down, Keys.left, Keys.right, Keys.up, Keys.down, Keys.left, Keys.right,
                 Keys.enter, Keys.enter, Keys.space, Keys.space, Keys.tab, Keys.escape, Keys.text("?"),
                 [0x0A], [0x7F], [0x08], [0x0C], Keys.text("S"), Keys.text("H"), Keys.text("D"), Keys.text("R"),
                 Keys.text("+"), Keys.text("-"), Keys.text("="), Keys.text("y"), Keys.text("n"), Keys.text("Y"),
                 Array("é".utf8), Array("♠".utf8), Array("🍒".utf8), Keys.text("~"), Keys.text(" ")]
        return keys
    }()

    public static let knownSequences: [String] = [
        "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}[H", "\u{1B}[F", "\u{1B}OH", "\u{1B}OF",
        "\u{1B}[1~", "\u{1B}[2~", "\u{1B}[3~", "\u{1B}[4~", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[Z",
        "\u{1B}OP", "\u{1B}OQ", "\u{1B}OR", "\u{1B}OS", "\u{1B}[15~", "\u{1B}[17~", "\u{1B}[18~", "\u{1B}[19~",
        "\u{1B}[20~", "\u{1B}[21~", "\u{1B}[23~", "\u{1B}[24~", "\u{1B}[1;2A", "\u{1B}[1;5C", "\u{1B}[1;3D",
        "\u{1B}[1;2B", "\u{1B}[200~paste\u{1B}[201~", "\u{1B}[I", "\u{1B}[O", "\u{1B}\u{1B}", "\u{1B}a", "\u{1B}q",
    ]

    /// Sequences cut short, mouse reports among them (a cut report once swallowed the keyboard).
    public static let halfSequences: [String] = [
        "\u{1B}[", "\u{1B}O", "\u{1B}[1;", "\u{1B}[<", "\u{1B}[<0;1", "\u{1B}[<0;12;", "\u{1B}[M", "\u{1B}[M ",
        "\u{1B}[1", "\u{1B}[?", "\u{1B}]0;", "\u{1B}P", "\u{1B}[15", "\u{1B}[<64;3;4",
    ]

    private mutating func nextEvent() -> RandomInput {
        switch random.below(1000) {
        case 0..<430: return .bytes(random.pick(Self.keyChoices), kind: "key")
        case 430..<500: return .bytes(Array(random.pick(Self.knownSequences).utf8), kind: "sequence")
        case 500..<540: return .bytes(junkSequence(), kind: "junk sequence")
        case 540..<570: return .bytes(Array(random.pick(Self.halfSequences).utf8), kind: "half sequence")
        case 570..<710: return .bytes(mouse(), kind: "mouse")
        case 710..<780: return .bytes(burst(), kind: "burst")
        case 780..<840: return resize()
        case 840..<848: return .stopContinue(Double(random.inRange(pauseMilliseconds)) / 1000)
        default: return .pause(Double(random.inRange(pauseMilliseconds)) / 1000)
        }
    }

    private mutating func junkSequence() -> [UInt8] {
        var bytes: [UInt8] = [0x1B]
        switch random.below(4) {
        case 0: bytes.append(UInt8(ascii: "["))
        case 1: bytes += Array("[?".utf8)
        case 2: bytes.append(UInt8(ascii: "O"))
        default: bytes.append(UInt8(random.inRange(0x20...0x7E)))
        }
        for index in 0..<random.inRange(0...3) {
            if index > 0 { bytes.append(UInt8(ascii: ";")) }
            bytes += Array(String(random.inRange(0...99_999)).utf8)
        }
        bytes.append(UInt8(random.inRange(0x40...0x7E)))
        return bytes
    }

    private mutating func mouse() -> [UInt8] {
        let x = random.inRange(1...(width + 4)), y = random.inRange(1...(height + 4))
        if random.chance(8) {
            // X10: ESC [ M Cb Cx Cy, bytes 32 + value (clipped to a byte).
            return [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), UInt8(32 + random.inRange(0...3)),
                    UInt8(min(255, 32 + x)), UInt8(min(255, 32 + y))]
        }
        let button = random.pick([0, 0, 0, 0, 1, 2, 2, 32, 35, 64, 65, 64, 65, 4, 8, 16, random.inRange(0...255)])
        func report(_ final: String) -> [UInt8] { Array("\u{1B}[<\(button);\(x);\(y)\(final)".utf8) }
        switch random.below(3) {
        case 0: return report("M")
        case 1: return report("m")
        default: return report("M") + report("m")
        }
    }

    private mutating func burst() -> [UInt8] {
        let length = random.inRange(1...64)
        let style = random.below(3)
        return (0..<length).map { _ in
            let byte: UInt8 = switch style {
            case 0: UInt8(random.inRange(0x20...0x7E))
            case 1: UInt8(random.inRange(0x80...0xFF))
            default: UInt8(random.below(256))
            }
            return byte == 0x03 || byte == 0x1A || byte == 0x1C ? 0x1B : byte  // never Ctrl-C, Ctrl-Z, Ctrl-\
        }
    }

    /// A new size: 1×1 (10 %), tiny (25 %), anything from 20×6 to 160×50 (40 %), or back to 100×30.
    private mutating func resize() -> RandomInput {
        (width, height) = switch random.below(100) {
        case ..<10: (1, 1)
        case ..<35: (random.inRange(1...12), random.inRange(1...8))
        case ..<75: (random.inRange(20...160), random.inRange(6...50))
        default: (100, 30)
        }
        return .resize(width: width, height: height)
    }
}
