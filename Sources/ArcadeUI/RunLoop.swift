import Glibc

/// What the app tells the run loop after carrying out an effect.
public enum LoopControl: Equatable, Sendable {
    case proceed
    case exit(Int32)
}

/// Exit statuses the run loop itself decides.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// Standard input closed or hung up mid-game.
    public static let inputClosed: Int32 = 1
    /// Ctrl-C, as a shell reports a process ended by SIGINT.
    public static let interrupted: Int32 = 130

    /// The status a shell reports for a process ended by `signal`: 128 + its number.
    public static func terminated(by signal: Int32) -> Int32 { 128 + signal }
}

/// Drives a screen on a terminal until something asks to exit.
///
/// Blocks in the terminal's read while the screen wants no ticks (zero CPU at
/// idle); while it does, reads time out so ticks arrive at most 30 times a second,
/// and an input that comes after a tick was due is preceded by that tick. Input that has
/// arrived together (a paste, a flood, keys typed while a frame was drawn) is applied all
/// at once and drawn once. Ctrl-C exits with 130, Ctrl-Z suspends, Ctrl-L repaints; time
/// the process spent stopped never reaches a tick. When the screen does not fit, the
/// "too small" message replaces it: only resizes and the keys the screen accepts there
/// (`Screen.acceptsWhileTooSmall`) reach it, and its clock stands still until it fits.
/// With a network (`NetworkSource`), its sockets are waited on in the same `poll` as the
/// terminal, and what they bring reaches the screen as `Input.network`, fits or not.
public struct RunLoop<S: Screen> {
    /// Shortest time between two ticks (30 Hz).
    public static var minimumTickInterval: Double { 1.0 / 30.0 }
    /// The most inputs applied before a frame is drawn, and the longest time spent applying
    /// them: a flood of input still shows frames (and ticks) as it goes.
    public static var maximumBatch: Int { 4096 }
    public static var maximumBatchSeconds: Double { 1.0 / 30.0 }

    private let device: TerminalDevice
    private let clock: () -> Double
    private let network: NetworkSource?

    /// A loop on `device`, with the sockets of `network` if any; `clock` returns monotonic
    /// seconds (injected for tests).
    public init(device: TerminalDevice, network: NetworkSource? = nil,
                clock: @escaping () -> Double = RunLoopClock.monotonicSeconds) {
        self.device = device
        self.network = network
        self.clock = clock
    }

    /// Run `screen` until `perform` answers `.exit`, Ctrl-C, or the input closes.
    ///
    /// `perform` carries out each effect and may update the screen with the result;
    /// `applied` is called whenever what was applied is about to be drawn (before the first
    /// frame too) and before the process stops for Ctrl-Z, for work that need only be done
    /// once a batch of input.
    public func run(_ screen: inout S, perform: (S.Effect, inout S) -> LoopControl,
                    applied: (inout S) -> Void = { _ in }) -> Int32 {
        var lastTick = clock()
        var wasTicking = false
        applied(&screen)
        draw(&screen)
        while true {
            var frame: Frame { Frame(size: device.size, theme: device.theme) }
            var ticking = screen.wantsTicks && (screen.keepsTime || screen.fits(frame))
            if ticking && !wasTicking { lastTick = clock() }  // time out of sight does not count
            wasTicking = ticking
            var timeout: Int? = nil
            let interval = max(Self.minimumTickInterval, screen.tickInterval)
            if ticking {
                let remaining = interval - (clock() - lastTick)
                timeout = max(0, Int((remaining * 1000).rounded(.up)))
            }
            var needsDraw = false
            // A tick that is due comes before the next input (a time-out forces it).
            func offerTick(force: Bool) -> Int32? {
                guard ticking else { return nil }
                // Stopped while an input was being applied: the next read says so, and the
                // time stopped is not measured.
                guard !device.wasStoppedSinceLastRead else { return nil }
                let now = clock()
                guard force || now - lastTick >= interval - 0.001 else { return nil }
                let elapsed = max(0, now - lastTick)
                lastTick = now
                needsDraw = true
                return apply(.tick(elapsed), in: frame, to: &screen, perform: perform)
            }
            // Each read is applied as it comes (judged at the size it came at); more reads
            // follow while input has arrived already, and the frame is drawn once after them.
            let batchStarted = clock()
            var count = 0
            repeat {
                let watched = network?.watched ?? []
                let wait = count == 0 ? timeout : 0
                let read = watched.isEmpty ? device.read(timeout: wait) : device.read(timeout: wait, watching: watched)
                count += 1
                let fits = screen.fits(frame)
                switch read {
                case .inputClosed:
                    return ExitStatus.inputClosed
                case .terminated(let signal):
                    return ExitStatus.terminated(by: signal)
                case .ignored:
                    continue
                case .redraw, .input(.key(.controlL)):
                    device.invalidate()
                    needsDraw = true
                case .continued:
                    // Stopped, then continued: that time is paused time, never a tick.
                    device.invalidate()
                    needsDraw = true
                    lastTick = clock()
                    wasTicking = false
                    ticking = false
                case .timedOut:
                    if let status = offerTick(force: true) { return status }
                case .network(let ready):
                    // The game follows its table even while the screen is too small to show it.
                    for arrived in network?.serve(ready, at: clock()) ?? [] {
                        if let status = offerTick(force: false) { return status }
                        if let status = apply(.network(arrived), in: frame, to: &screen, perform: perform) { return status }
                        needsDraw = true
                    }
                case .input(.key(.controlC)):
                    return ExitStatus.interrupted
                case .input(.key(.controlZ)):
                    // What was applied so far is finished first (the store's writes of the
                    // batch committed, not held while the process is stopped).
                    applied(&screen)
                    device.suspend()
                    wasTicking = false
                    ticking = false
                    needsDraw = true
                case .input(.mouse) where !fits:
                    continue  // a click on the message means nothing to the screen
                case .input(.key(let key)) where !fits && !screen.acceptsWhileTooSmall(key):
                    continue  // nothing may change where the player cannot see it
                case .input(let input):
                    if let status = offerTick(force: false) { return status }
                    if let status = apply(input, in: frame, to: &screen, perform: perform) { return status }
                    needsDraw = true
                }
            } while count < Self.maximumBatch && clock() - batchStarted < Self.maximumBatchSeconds
                && device.hasWaitingInput
            // A flood of bytes that mean nothing still lets the clock run.
            if let status = offerTick(force: false) { return status }
            applied(&screen)
            if needsDraw { draw(&screen) }
        }
    }

    /// Send `input` to the screen and carry out its effects; the exit status if one asks to exit.
    private func apply(_ input: Input, in frame: Frame, to screen: inout S,
                       perform: (S.Effect, inout S) -> LoopControl) -> Int32? {
        for effect in screen.update(input, in: frame) {
            if case .exit(let status) = perform(effect, &screen) { return status }
        }
        return nil
    }

    /// Render the screen, or the too-small message, at the terminal's current size.
    private func draw(_ screen: inout S) {
        var grid = CellGrid(size: device.size, theme: device.theme)
        var cursor: Point?
        let fits = screen.fits(grid.frame)
        if fits {
            screen.render(into: &grid)
            cursor = screen.cursorPosition(in: grid.frame).flatMap { grid.bounds.contains($0) ? $0 : nil }
        } else {
            TooSmallMessage.render(need: screen.minimumSize(in: grid.frame), have: grid.size,
                                   hint: screen.tooSmallHint, into: &grid)
        }
        device.present(grid, cursor: cursor)
        if fits { screen.presented() }
    }
}

/// The clock the run loop measures ticks with.
public enum RunLoopClock {
    /// Seconds on the monotonic clock (unaffected by changes to the wall clock).
    public static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000
    }
}
