import ArcadeUI
import Glibc

/// The terminal's input bytes, read in chunks and decoded into keys and mouse events.
///
/// ncurses reads one byte per `read(2)` (and polls before each), which makes a pasted or
/// flooded mebibyte take seconds; here a read takes whatever has arrived, up to 64 KiB,
/// and keys are decoded from the buffer by `Input.decodeEscape` and `Key.decode(byte:)`:
/// the ECMA-48 grammar every terminal the arcade supports speaks (xterm, VT100/VT220,
/// rxvt, the Linux console, tmux, screen). ncurses only draws.
final class TerminalInput {
    /// What waiting for input came to.
    enum Wait: Equatable {
        /// Bytes arrived (decode them with `decode`).
        case ready
        case timedOut
        /// A signal woke the wait (a resize, SIGCONT, a leaving signal).
        case interrupted
        /// The terminal hung up or its input ended.
        case closed
        /// Watched descriptors are ready (and the terminal's bytes, if any, wait their turn).
        case network([Int32])
    }

    /// How long the byte after an ESC may take to arrive before the ESC counts as the Esc
    /// key alone, and how long each later byte of a sequence may take: once `ESC [`, `ESC O`
    /// or a UTF-8 lead byte has come, the rest is certain to follow, and over a slow link
    /// (ssh, mosh) it may come in pieces.
    static let escapeDelay = 25
    static let sequenceDelay = 100
    /// A paste whose end does not come within this many milliseconds ends there.
    static let pasteGap = 500
    /// The longest one `decode` spends dropping a paste before the loop gets its turn.
    static let pasteTurn = 1.0 / 30

    private let descriptor: Int32
    private let wakeDescriptor: Int32
    private let shouldStop: () -> Bool
    /// Monotonic seconds, for a paste's quiet (tests step it to show what counts as quiet).
    private let clock: () -> Double
    private var buffer: [UInt8] = []
    /// Whether the network's sockets go first the next time both they and the terminal are ready.
    private var networkTurn = false
    private var position = 0
    /// What one read takes in. Allocated, not zeroed: zeroing would touch all 16 of its pages
    /// before the first frame, and a read only ever writes the few bytes a key is.
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    /// How much of a paste's end marker the bytes dropped so far end with; nil outside a paste.
    private var pasteMatched: Int?
    /// Seconds waited in vain for the paste's next byte (only waits inside `skipPaste` count).
    private var pasteQuiet = 0.0

    /// Input read from `descriptor`; `wakeDescriptor` (or -1) becomes readable when a signal
    /// wants the wait to end; `shouldStop` says a leaving signal came, so that no stream of
    /// bytes (a sequence that never ends, a paste) can hold the arcade up.
    init(descriptor: Int32, wakeDescriptor: Int32, shouldStop: @escaping () -> Bool,
         clock: @escaping () -> Double = RunLoopClock.monotonicSeconds) {
        self.descriptor = descriptor
        self.wakeDescriptor = wakeDescriptor
        self.shouldStop = shouldStop
        self.clock = clock
    }

    deinit { chunk.deallocate() }

    /// Put `bytes` before the ones not decoded yet: read by someone else first (the
    /// background question at the first start), they are decoded as if just read.
    func unread(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        buffer = bytes + buffer[position...]
        position = 0
    }

    /// Whether bytes are in the buffer, not yet decoded.
    var hasBufferedBytes: Bool { position < buffer.count }

    /// Whether a bracketed paste is being dropped (its end not yet read).
    var isInPaste: Bool { pasteMatched != nil }

    /// Whether decoding would find input without waiting: bytes buffered, or arrived.
    var hasWaitingInput: Bool {
        if hasBufferedBytes { return true }
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&waiting, 1, 0) > 0 && waiting.revents != 0
    }

    /// Wait up to `milliseconds` (nil: as long as it takes) for bytes, a signal, or one of
    /// `watched` (a network's sockets). When both the terminal and sockets are ready, they take
    /// turns, so that neither a flood of keys nor a flood from the network starves the other.
    func wait(timeout milliseconds: Int?, watching watched: [WatchedDescriptor] = []) -> Wait {
        if hasBufferedBytes && watched.isEmpty { return .ready }
        if hasBufferedBytes && !networkTurn {
            networkTurn = true  // the sockets are looked at the next time
            return .ready
        }
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor >= 0 ? wakeDescriptor : -1, events: Int16(POLLIN), revents: 0),
        ] + watched.map { pollfd(fd: $0.descriptor, events: Int16($0.forWriting ? POLLIN | POLLOUT : POLLIN), revents: 0) }
        let wait = hasBufferedBytes ? 0 : Int32(clamping: milliseconds ?? -1)
        let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
        if ready < 0 { return errno == EINTR ? .interrupted : .closed }
        if descriptors[1].revents != 0 { return .interrupted }
        let sockets = descriptors.dropFirst(2).filter { $0.revents != 0 }.map(\.fd)
        let terminal = hasBufferedBytes || descriptors[0].revents != 0
        if !sockets.isEmpty && (networkTurn || !terminal) {
            networkTurn = false
            return .network(sockets)
        }
        networkTurn = true
        if hasBufferedBytes { return .ready }
        if ready == 0 || !terminal { return .timedOut }
        return fill() ? .ready : .closed
    }

    /// Decode the next input from the buffer (after `wait` said `.ready`): an input, or nil
    /// for bytes that mean nothing to a screen (an unknown sequence, a paste, a stray byte).
    func decode() -> Input? {
        if isInPaste {
            skipPaste()
            return nil
        }
        guard let first = take() else { return nil }
        if first == 0x1B {
            var waited = false
            let next = { () -> UInt8? in
                defer { waited = true }
                return self.nextByte(within: waited ? Self.sequenceDelay : Self.escapeDelay)
            }
            switch Input.decodeEscape(next: next) {
            case .input(let input):
                return input
            case .escape(let unread):
                giveBack(unread)
                return .key(.escape)
            case .ignored(let unread):
                giveBack(unread)
                return nil
            case .pasteStart:
                pasteMatched = 0
                pasteQuiet = 0
                skipPaste()
                return nil
            }
        }
        let (key, unread) = Key.decode(byte: first) { self.nextByte(within: Self.sequenceDelay) }
        if let unread { giveBack([unread]) }
        if case .unknown = key { return nil }
        return .key(key)
    }

    // MARK: - Bytes

    /// Read what has arrived into the buffer; false when the input is gone.
    private func fill() -> Bool {
        if position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            position = 0
        }
        while true {
            let count = Glibc.read(descriptor, chunk.baseAddress, chunk.count)
            if count > 0 {
                buffer += chunk[..<count]
                return true
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == EAGAIN { return true }
            return false  // end of input, or a hang-up (EIO)
        }
    }

    private func take() -> UInt8? {
        guard position < buffer.count else { return nil }
        defer { position += 1 }
        return buffer[position]
    }

    /// Put back `bytes`, the last ones taken, to be decoded again in this order.
    private func giveBack(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if position >= bytes.count {
            position -= bytes.count
            buffer.replaceSubrange(position..<position + bytes.count, with: bytes)
        } else {
            buffer.replaceSubrange(0..<position, with: bytes)
            position = 0
        }
    }

    /// The next byte, waiting up to `milliseconds` for it (the rest of a sequence); nil
    /// when none came, the input ended, or a leaving signal is pending.
    private func nextByte(within milliseconds: Int) -> UInt8? {
        if let byte = take() { return byte }
        guard !shouldStop() else { return nil }
        // Against a deadline: a signal (a resize, SIGCONT) interrupts the wait, not the sequence.
        let deadline = RunLoopClock.monotonicSeconds() + Double(milliseconds) / 1000
        while true {
            let left = Int32(max(0, ((deadline - RunLoopClock.monotonicSeconds()) * 1000).rounded(.up)))
            var descriptors = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, wakeDescriptor >= 0 ? 2 : 1, left)
            let woken = ready > 0 && wakeDescriptor >= 0 && descriptors[1].revents != 0
            if (ready < 0 && errno == EINTR) || woken {
                // A leaving signal ends the wait at once; any other (a resize, SIGCONT) leaves
                // its flag for the next read and the wait goes on.
                if woken { drainWakeups() }  // first, so a leaving signal's flag is seen below
                if shouldStop() { return nil }
                if descriptors[0].revents == 0 { continue }
            }
            guard ready > 0, descriptors[0].revents != 0, fill() else { return nil }
            return take()
        }
    }

    /// The text of a bracketed paste and its closing `ESC [ 201 ~`, read and dropped.
    ///
    /// A paste that stops arriving for half a second (its end lost) ends there, so keys
    /// typed later are never swallowed; so does one cut off by a leaving signal. It is never
    /// typed as keys however long or slow it is, and it never holds the loop up: after a
    /// frame's time, or when a signal wakes the wait, the paste is left to the next `decode`
    /// (the loop draws, ticks and looks at signals meanwhile).
    private func skipPaste() {
        let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~
        guard var matched = pasteMatched else { return }
        defer { pasteMatched = matched == end.count ? nil : matched }
        let started = clock()
        while true {
            while let byte = take() {
                pasteQuiet = 0
                if byte == end[matched] {
                    matched += 1
                    if matched == end.count { return }
                } else {
                    matched = byte == end[0] ? 1 : 0
                }
            }
            if shouldStop() || pasteQuiet >= Double(Self.pasteGap) / 1000 {
                matched = end.count  // the end was lost, or the arcade is leaving
                return
            }
            let now = clock()
            if now - started >= Self.pasteTurn { return }  // the rest next time
            var descriptors = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let wait = min(Double(Self.pasteGap) / 1000 - pasteQuiet, Self.pasteTurn - (now - started))
            let ready = poll(&descriptors, wakeDescriptor >= 0 ? 2 : 1, Int32(max(1, (wait * 1000).rounded(.up))))
            if ready == 0 {
                // Only time waited here counts as quiet: not a stop, nor the loop's own turns.
                pasteQuiet += clock() - now
                continue
            }
            if ready < 0 { return }  // a signal: the loop looks at it, the paste goes on
            if wakeDescriptor >= 0 && descriptors[1].revents != 0 {
                drainWakeups()  // its flags are looked at by the next read, before any wait
                if descriptors[0].revents == 0 { return }
            }
            if descriptors[0].revents != 0 && !fill() {
                matched = end.count  // the input ended
                return
            }
        }
    }

    /// Empty the wake pipe (non-blocking).
    private func drainWakeups() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ Glibc.read(wakeDescriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
