import Glibc

/// Whether a terminal's background is dark or light.
public enum TerminalBackground: String, Sendable, Equatable { case dark, light }

/// Finding out whether the terminal's background is dark or light, to pick a theme at first start.
///
/// The environment is asked first (`COLORFGBG`, set by rxvt, Konsole and others); then the
/// terminal itself, with OSC 11 (xterm's "report the background colour", answered by xterm,
/// VTE terminals, kitty, iTerm2, Alacritty, WezTerm, foot, tmux and many more). The query is
/// followed by a DA1 request, which every terminal answers: its reply, coming after any
/// OSC 11 reply, ends the wait at once, so a terminal that ignores OSC 11 costs a round trip,
/// not the timeout.
public enum BackgroundQuery {
    /// The answer `COLORFGBG` gives ("15;0", "0;15", "default;default", "12;8;0" — the last field is
    /// the background; 0–6 and 8 are dark, 7 and 9–15 light; anything else nil).
    public static func fromColorFGBG(_ value: String?) -> TerminalBackground? {
        guard let value else { return nil }
        let fields = value.split(separator: ";", omittingEmptySubsequences: false)
        guard let last = fields.last,
              let colour = Int(last), (0...15).contains(colour)
        else { return nil }
        // 0–6 are the dark ANSI colours, 8 dark grey; 7 is light grey, 9–15 the bright ones.
        return colour <= 6 || colour == 8 ? .dark : .light
    }

    /// Parse a terminal's reply to OSC 11 (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ESC \,
    /// 1–4 hex digits per channel, also `rgba:` forms; the reply may come with other bytes before
    /// or after it, e.g. a DA1 reply `ESC [ ? 6 2 ; 2 2 c`): the colour as 0–255 r, g, b, or nil.
    ///
    /// The first well-formed reply counts. The 8-bit forms of the introducer and terminator
    /// (0x9D OSC, 0x9C ST) are accepted as well.
    public static func parseReply(_ bytes: [UInt8]) -> (red: Int, green: Int, blue: Int)? {
        var index = 0
        while index < bytes.count {
            let bodyStart: Int?
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5D {  // ESC ]
                bodyStart = index + 2
            } else if bytes[index] == 0x9D {  // OSC, 8-bit
                bodyStart = index + 1
            } else {
                bodyStart = nil
            }
            if let bodyStart, let colour = parseBody(bytes, from: bodyStart) { return colour }
            index += 1
        }
        return nil
    }

    /// Dark when the colour's perceived lightness (CIE L*) is below 50, light otherwise.
    ///
    /// The colour's relative luminance Y is computed as WCAG does (sRGB linearised, weights
    /// 0.2126/0.7152/0.0722), then turned into L* (CIE 1976), which is what the eye sees as
    /// "how light": L* 50 is the perceptual middle between black and white. Y itself is not
    /// perceptually even: Y 0.5 is already L* ≈ 76, so a threshold at Y 0.5 would call mid
    /// greys and muted light backgrounds (e.g. #a0a0a0, L* ≈ 66) dark, and the dark theme's
    /// dark text would then be drawn on them. L* < 50 is Y < ((50 + 16) / 116)³ ≈ 0.1842,
    /// about sRGB grey #777777 — the middle grey where dark and light text read equally well.
    public static func background(red: Int, green: Int, blue: Int) -> TerminalBackground {
        func linear(_ channel: Int) -> Double {
            let value = Double(min(max(channel, 0), 255)) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        return lightness(luminance: luminance) < 50 ? .dark : .light
    }

    /// Ask the terminal on `input`/`output` (file descriptors of a tty): switch `input` to raw
    /// mode (no echo, non-canonical) saving its termios, write `ESC ] 11 ; ? ESC \` followed by
    /// a DA1 query `ESC [ c` (every terminal answers DA1, so a terminal that ignores OSC 11 is
    /// known at once, without waiting for the timeout), read with poll() until the DA1 reply
    /// has arrived or `timeoutMilliseconds` (total, not per read) has passed, restore termios
    /// exactly (always, on every path), and return the parsed background, or nil when there was
    /// no OSC 11 answer. Not a tty (isatty false) → nil at once without writing anything.
    ///
    /// A process in the terminal's background process group is not asked either (nil at once):
    /// changing the termios, or reading, would stop it with SIGTTOU or SIGTTIN.
    public static func ask(input: Int32, output: Int32, timeoutMilliseconds: Int) -> TerminalBackground? {
        var received: [UInt8] = []
        return ask(input: input, output: output, timeoutMilliseconds: timeoutMilliseconds, received: &received)
    }

    /// `ask`, handing back in `received` every byte read meanwhile (the replies, and any key
    /// typed before them), for the caller's input to decode: the replies are escape
    /// sequences it drops whole, and the keys are not lost.
    public static func ask(input: Int32, output: Int32, timeoutMilliseconds: Int,
                           received: inout [UInt8]) -> TerminalBackground? {
        ask(input: input, output: output, timeoutMilliseconds: timeoutMilliseconds, received: &received,
            clock: monotonicMilliseconds)
    }

    /// `ask`, its deadline on `clock` (milliseconds; the tests' own clock, so that they show
    /// the timeout without waiting for it).
    static func ask(input: Int32, output: Int32, timeoutMilliseconds: Int, received: inout [UInt8],
                    clock: () -> Double) -> TerminalBackground? {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        let deadline = clock() + Double(max(0, timeoutMilliseconds))
        // -1 (ENOTTY) when the tty is not our controlling terminal: nobody to be stopped by then.
        let foreground = tcgetpgrp(input)
        if foreground >= 0 && foreground != getpgrp() { return nil }

        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
        // Reads return what has arrived, never wait: poll() does the waiting, against the deadline.
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 0
            characters[Int(VTIME)] = 0
        }
        // TCSANOW, not TCSAFLUSH: a reply that has already arrived must not be thrown away.
        guard setAttributes(input, raw) else {
            _ = setAttributes(input, saved)  // in case part of it was applied
            return nil
        }
        defer { _ = setAttributes(input, saved) }

        let query: [UInt8] = [0x1B, 0x5D, 0x31, 0x31, 0x3B, 0x3F, 0x1B, 0x5C,  // ESC ] 1 1 ; ? ESC \
                              0x1B, 0x5B, 0x63]  // ESC [ c
        guard writeAll(query, to: output, deadline: deadline, clock: clock) else { return nil }

        var chunk = [UInt8](repeating: 0, count: 1024)
        reading: while !hasDeviceAttributes(received) && received.count < 1 << 16 {
            let left = deadline - clock()
            if left <= 0 { break }
            var waiting = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(clamping: Int(left.rounded(.up))))
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if ready == 0 { continue }  // the deadline is looked at again above
            if waiting.revents & Int16(POLLIN) == 0 { break }  // a hang-up or an error, no data
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
                if count > 0 {
                    received += chunk[..<count]
                    continue reading
                }
                if count < 0 && errno == EINTR { continue }
                if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { continue reading }
                break reading  // end of input (readable yet nothing to read), or an error
            }
        }
        guard let colour = parseReply(received) else { return nil }
        return background(red: colour.red, green: colour.green, blue: colour.blue)
    }

    /// The whole decision: COLORFGBG where it is set and parses, else `ask`, else nil.
    public static func detect(environment: [String: String], input: Int32, output: Int32,
                              timeoutMilliseconds: Int = 150) -> TerminalBackground? {
        if let answer = fromColorFGBG(environment["COLORFGBG"]) { return answer }
        return ask(input: input, output: output, timeoutMilliseconds: timeoutMilliseconds)
    }

    // MARK: - Parsing

    /// The colour in an OSC body starting at `start` (just after `ESC ]`): `11;rgb:…` or
    /// `11;rgba:…`, ended by BEL, ESC \ or ST.
    private static func parseBody(_ bytes: [UInt8], from start: Int) -> (red: Int, green: Int, blue: Int)? {
        var index = start
        /// Whether `text` comes next (letters in either case), moving past it only when it does.
        func expect(_ text: String) -> Bool {
            var next = index
            for byte in text.utf8 {
                guard next < bytes.count, lowercased(bytes[next]) == byte else { return false }
                next += 1
            }
            index = next
            return true
        }
        guard expect("11;") else { return nil }
        let channelCount: Int
        if expect("rgba:") {
            channelCount = 4
        } else if expect("rgb:") {
            channelCount = 3
        } else {
            return nil
        }
        var channels: [Int] = []
        for position in 0..<channelCount {
            if position > 0 {
                guard index < bytes.count, bytes[index] == 0x2F else { return nil }  // /
                index += 1
            }
            var value = 0
            var digits = 0
            while index < bytes.count, let digit = hexValue(bytes[index]) {
                digits += 1
                guard digits <= 4 else { return nil }
                value = value * 16 + digit
                index += 1
            }
            guard digits > 0 else { return nil }
            // Scale n hex digits (0…16ⁿ−1) to 0…255, rounding: "f" and "ffff" are both 255.
            let maximum = (1 << (4 * digits)) - 1
            channels.append((value * 255 + maximum / 2) / maximum)
        }
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case 0x07, 0x9C: break  // BEL, ST
        case 0x1B:
            guard index + 1 < bytes.count, bytes[index + 1] == 0x5C else { return nil }  // ESC \
        default: return nil
        }
        return (channels[0], channels[1], channels[2])
    }

    /// Whether `bytes` hold a whole DA1 reply, `ESC [ ? Ps ; … c`.
    static func hasDeviceAttributes(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == 0x5B, bytes[index + 2] == 0x3F {  // ESC [ ?
                var next = index + 3
                while next < bytes.count, (0x30...0x39).contains(bytes[next]) || bytes[next] == 0x3B { next += 1 }
                if next < bytes.count, bytes[next] == 0x63 { return true }  // c
            }
            index += 1
        }
        return false
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// CIE 1976 L* (0–100) of a relative luminance Y (0–1).
    static func lightness(luminance: Double) -> Double {
        let epsilon = 216.0 / 24389
        let kappa = 24389.0 / 27
        return luminance <= epsilon ? luminance * kappa : 116 * cbrt(luminance) - 16
    }

    // MARK: - The terminal

    private static func setAttributes(_ descriptor: Int32, _ attributes: termios) -> Bool {
        var attributes = attributes
        while tcsetattr(descriptor, TCSANOW, &attributes) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// Write all of `bytes`, retrying after a signal and waiting (until `deadline`) while a
    /// non-blocking output is full.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, deadline: Double,
                                 clock: () -> Double) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                written += count
                continue
            }
            if count < 0 && errno == EINTR { continue }
            guard count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) else { return false }
            let left = deadline - clock()
            guard left > 0 else { return false }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            if poll(&waiting, 1, Int32(clamping: Int(left.rounded(.up)))) < 0 && errno != EINTR { return false }
        }
        return true
    }

    /// CLOCK_MONOTONIC, in milliseconds.
    private static func monotonicMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }
}
