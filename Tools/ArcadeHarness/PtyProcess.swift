import Glibc

/// A program in a pseudo-terminal of its own: `openpty`, then `posix_spawn` in a new session
/// that opens the pty as its controlling terminal (what `forkpty` does, without a `fork` in a
/// threaded process), keeping the slave side open here too, so the terminal modes (termios)
/// the program leaves behind can still be read after it exits.
///
/// Everything the program writes is read as it comes (never letting the pty fill up), fed to
/// a `VirtualTerminal`, counted and time-stamped. Writes are non-blocking and queued.
public final class PtyProcess {
    public let pid: pid_t
    public private(set) var master: Int32
    private var slave: Int32
    /// With `separateInput`: the master side of the pty that is the program's standard input.
    public private(set) var inputMaster: Int32 = -1
    private var inputSlave: Int32 = -1
    public let launchTime: Double
    public let initialModes: termios
    /// The terminal model, fed lazily: reading only appends and time-stamps, so a slow model
    /// (a debug build of this tool) never delays reading and the timestamps stay true.
    private let model: VirtualTerminal
    private var unfed: [UInt8] = []
    public var terminal: VirtualTerminal {
        if !unfed.isEmpty {
            model.feed(unfed)
            unfed.removeAll(keepingCapacity: true)
        }
        return model
    }
    /// With `recordsChunks`: (total bytes after each read, when it was read).
    public var recordsChunks = false
    public private(set) var chunks: [(end: Int, time: Double)] = []

    /// Every byte written by the program (kept unless `keepsOutput` is false; capped).
    public private(set) var output: [UInt8] = []
    public var keepsOutput = true
    /// The most bytes `output` keeps (older bytes are dropped in halves).
    public var outputCap = 32 << 20
    public private(set) var totalBytes = 0
    /// When the last byte arrived (or the launch time).
    public private(set) var lastOutputTime: Double
    /// When the first byte arrived.
    public private(set) var firstOutputTime: Double?
    public private(set) var exitInfo: ExitInfo?
    private var pending: [UInt8] = []
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    public private(set) var size: (width: Int, height: Int)

    public struct LaunchError: Error, CustomStringConvertible { public var description: String }

    /// A resource limit the program starts under (soft and hard), as `ulimit` would set it.
    public struct ResourceLimit: Sendable {
        /// The name `prlimit(1)` gives the resource (`stack`, `fsize`).
        public var name: String
        public var bytes: Int

        /// The main thread's stack (`ulimit -s`).
        public static func stack(bytes: Int) -> ResourceLimit { ResourceLimit(name: "stack", bytes: bytes) }
        /// The largest file the program may write (`ulimit -f`).
        public static func fileSize(bytes: Int) -> ResourceLimit { ResourceLimit(name: "fsize", bytes: bytes) }
    }

    /// `closing`: standard descriptors the program starts without (`2>&-`). `limits`: resource
    /// limits it starts under, set by `prlimit(1)`, which then becomes the program (same pid).
    /// `reportedSize`, when given, is the size the pty tells the program instead of
    /// `width`×`height`, which the model keeps: a terminal too large to model cell by cell,
    /// of which the program is expected to use no more than the model holds.
    /// `redirecting`: standard descriptors opened on a file instead of the terminal (read-only
    /// for 0, written afresh otherwise), e.g. standard error into a file a test reads back.
    /// `workingDirectory`: where the program starts (this process's own when nil).
    public init(binary: String, arguments: [String], environment: [String], width: Int, height: Int,
                separateInput: Bool = false, tracksGrid: Bool = true,
                closing: [Int32] = [], limits: [ResourceLimit] = [],
                reportedSize: (width: Int, height: Int)? = nil,
                redirecting: [Int32: String] = [:], workingDirectory: String? = nil) throws {
        let told = reportedSize ?? (width, height)
        let terminal = try Self.openTerminal(width: told.width, height: told.height)
        var input: (master: Int32, slave: Int32, path: String)?
        if separateInput {
            do {
                let opened = try Self.openTerminal(width: told.width, height: told.height)
                // Raw, as the arcade would have made it: it only puts its output terminal in raw mode.
                var modes = termios()
                tcgetattr(opened.slave, &modes)
                cfmakeraw(&modes)
                tcsetattr(opened.slave, TCSANOW, &modes)
                input = opened
            } catch {
                close(terminal.master)
                close(terminal.slave)
                throw error
            }
        }
        var modes = termios()
        tcgetattr(terminal.slave, &modes)
        initialModes = modes

        // A new session whose controlling terminal is the pty (opened after setsid, without
        // O_NOCTTY); with a separate input, standard input is the other pty (O_NOCTTY).
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, terminal.path, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let input {
            posix_spawn_file_actions_addopen(&actions, 0, input.path, O_RDWR | O_NOCTTY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 0)
        }
        for (descriptor, path) in redirecting.sorted(by: { $0.key < $1.key }) {
            let flags = descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
            posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o600)
        }
        if let workingDirectory { _ = spawnFileActionsAddChdir(&actions, workingDirectory) }
        for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var program = (path: binary, arguments: arguments)
        if !limits.isEmpty {
            let places: [String] = ["/usr/bin/prlimit", "/bin/prlimit"]
            let prlimit = places.first { access($0, X_OK) == 0 } ?? places[0]
            program = (prlimit, limits.map { "--\($0.name)=\($0.bytes)" } + ["--", binary] + arguments)
        }
        let start = monotonicNow()
        do {
            pid = try Spawn.program(program.path, arguments: program.arguments, environment: environment,
                                    actions: &actions, newSession: true)
        } catch {
            for fd in [terminal.master, terminal.slave, input?.master ?? -1, input?.slave ?? -1] where fd >= 0 { close(fd) }
            throw error
        }
        launchTime = start
        lastOutputTime = start
        master = terminal.master
        slave = terminal.slave
        inputMaster = input?.master ?? -1
        inputSlave = input?.slave ?? -1
        size = (width, height)
        model = VirtualTerminal(width: width, height: height, tracksGrid: tracksGrid)
    }

    /// A pty of the given size, the master side non-blocking, both sides closed on exec.
    private static func openTerminal(width: Int, height: Int) throws -> (master: Int32, slave: Int32, path: String) {
        var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1, slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, &window) == 0 else {
            throw LaunchError(description: "openpty: \(String(cString: strerror(errno)))")
        }
        // ttyname_r, not ttyname: its static buffer is shared by every thread, and tests start
        // programs in parallel (a name half overwritten read as "/dev/pts/", a directory).
        var buffer = [CChar](repeating: 0, count: 256)
        let failure = ttyname_r(slave, &buffer, buffer.count)
        guard failure == 0 else {
            close(master)
            close(slave)
            throw LaunchError(description: "ttyname_r: \(String(cString: strerror(failure)))")
        }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        return (master, slave, name)
    }

    deinit {
        if exitInfo == nil {
            kill(pid, SIGKILL)
            _ = waitFor(exitWithin: 2)
        }
        closeAll()
    }

    private func closeAll() {
        if master >= 0 { close(master); master = -1 }
        if slave >= 0 { close(slave); slave = -1 }
        if inputMaster >= 0 { close(inputMaster); inputMaster = -1 }
        if inputSlave >= 0 { close(inputSlave); inputSlave = -1 }
    }

    public var isRunning: Bool {
        if exitInfo == nil { reap(blocking: false) }
        return exitInfo == nil
    }

    /// The terminal modes now (the slave side of the program's terminal).
    public var currentModes: termios? {
        guard slave >= 0 else { return nil }
        var modes = termios()
        return tcgetattr(slave, &modes) == 0 ? modes : nil
    }

    /// Whether the terminal modes are back to what they were before the program started.
    public var modesRestored: Bool? {
        guard let current = currentModes else { return nil }
        var a = current, b = initialModes
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_lflag == b.c_lflag
            && a.c_cflag == b.c_cflag
            && withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
    }

    // MARK: Input

    /// Queue bytes for the program (written as the pty accepts them).
    public func send(_ bytes: [UInt8]) {
        pending += bytes
        flush()
    }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public var pendingCount: Int { pending.count }

    /// Bytes written to the program's input that it has not read yet (sent, not just queued
    /// here): `FIONREAD` on the terminal it reads. Nil once the terminal is closed.
    public var unreadInput: Int? {
        let fd = inputSlave >= 0 ? inputSlave : slave
        guard fd >= 0 else { return nil }
        var count: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &count) == 0 ? Int(count) : nil
    }

    /// Where keys go: the program's terminal, or its separate standard input.
    private var keyboard: Int32 { inputSlave >= 0 ? inputMaster : master }

    private func flush() {
        let fd = keyboard
        guard !pending.isEmpty, fd >= 0 else { return }
        let written = pending.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written > 0 { pending.removeFirst(written) }
    }

    // MARK: Output

    /// Reads what is there, waiting at most `timeout` seconds for something to happen.
    /// Returns the number of bytes read.
    @discardableResult
    public func pump(timeout: Double) -> Int {
        guard master >= 0 else {
            reap(blocking: false)
            if exitInfo == nil && timeout > 0 { usleep(useconds_t(min(timeout, 0.01) * 1_000_000)) }
            return 0
        }
        let wantsOut = pending.isEmpty ? Int16(0) : Int16(POLLOUT)
        var descriptors = [pollfd(fd: master, events: Int16(POLLIN) | (inputSlave >= 0 ? 0 : wantsOut), revents: 0)]
        if inputMaster >= 0 { descriptors.append(pollfd(fd: inputMaster, events: Int16(POLLIN) | wantsOut, revents: 0)) }
        let milliseconds = Int32(max(0, min(timeout, 60) * 1000).rounded(.up))
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        var count = 0
        if ready > 0 {
            if descriptors.contains(where: { $0.revents & Int16(POLLOUT) != 0 }) { flush() }
            if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { count = drain() }
            if descriptors.count > 1 && descriptors[1].revents & Int16(POLLIN) != 0 { drainInput() }
        }
        if count == 0 { reap(blocking: false) }
        return count
    }

    private func drain() -> Int {
        var count = 0
        while true {
            let n = readBuffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            let time = monotonicNow()
            if firstOutputTime == nil { firstOutputTime = time }
            lastOutputTime = time
            count += n
            totalBytes += n
            if recordsChunks { chunks.append((totalBytes, time)) }
            readBuffer.withUnsafeBufferPointer { buffer in
                let slice = UnsafeBufferPointer(rebasing: buffer[0..<n])
                unfed.append(contentsOf: slice)
                if keepsOutput { output.append(contentsOf: slice) }
                answerQueries(in: slice)
            }
            if output.count > outputCap { output.removeFirst(output.count / 2) }
            if unfed.count > 1 << 20 { _ = terminal }
        }
        return count
    }

    /// The last bytes of output, where a query cut between two reads begins.
    private var queryTail: [UInt8] = []

    /// Whether the background colour query (OSC 11, `ESC ] 11 ; ?`) is answered, in xterm's
    /// form, with a black background chosen here (`ESC ] 11 ; rgb:0000/0000/0000 ESC \`; a
    /// stock xterm, black on white, would say `ffff`): the dark theme a start left unanswered
    /// takes too, so the screens are the same either way. Off, the harness is a terminal that
    /// does not say (the Linux console, older emulators), and a program asking learns that
    /// from the DA1 reply that follows.
    public var answersBackgroundQuery = false

    /// Answer the queries a program asks its terminal, in the order they were asked: a
    /// primary device attributes query (`ESC [ c`) as every terminal does (as a VT220 would:
    /// `ESC [ ? 62 ; 22 c`), so that a program asking its terminal something and waiting for
    /// that answer (the arcade's background-colour query) is not kept waiting; and, with
    /// `answersBackgroundQuery`, OSC 11.
    private func answerQueries(in bytes: UnsafeBufferPointer<UInt8>) {
        let text = queryTail + bytes
        let queries: [(asked: [UInt8], reply: [UInt8])] = [
            (Array("\u{1B}[c".utf8), Array("\u{1B}[?62;22c".utf8)),
        ] + (answersBackgroundQuery
            ? [(Array("\u{1B}]11;?".utf8), Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\".utf8))] : [])
        var replies: [UInt8] = []
        var start = 0, answeredEnd = 0
        while start < text.count {
            if text[start] == 0x1B, let query = queries.first(where: { text.count - start >= $0.asked.count
                && text[start..<start + $0.asked.count].elementsEqual($0.asked) }) {
                replies += query.reply
                start += query.asked.count
                answeredEnd = start
            } else {
                start += 1
            }
        }
        // Enough to hold the start of the longest query, but none that was answered.
        let longest = queries.map(\.asked.count).max() ?? 1
        queryTail = Array(text[max(answeredEnd, text.count - (longest - 1))...])
        // A terminal answers on its input: the separate one, when the program reads another.
        let answerTo = inputMaster >= 0 ? inputMaster : master
        if !replies.isEmpty { _ = replies.withUnsafeBytes { write(answerTo, $0.baseAddress, $0.count) } }
    }

    private func drainInput() {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while read(inputMaster, &scratch, scratch.count) > 0 {}
    }

    /// Reads for `seconds`, whatever comes.
    public func pump(for seconds: Double) {
        let end = monotonicNow() + seconds
        while true {
            let left = end - monotonicNow()
            if left <= 0 { break }
            pump(timeout: left)
        }
    }

    /// Reads until nothing has arrived for `quiet` seconds (counted from the later of the
    /// call and the last byte), or until `limit` seconds passed. Returns the bytes read and
    /// the time of the last byte (nil if none came).
    @discardableResult
    public func waitQuiet(_ quiet: Double, limit: Double = 5) -> (bytes: Int, lastByte: Double?) {
        let start = monotonicNow()
        var bytes = 0
        var lastByte: Double?
        while true {
            let current = monotonicNow()
            let since = max(start, lastByte ?? start)
            if current - since >= quiet || current - start >= limit { break }
            if exitInfo != nil && master < 0 { break }
            let wait = min(quiet - (current - since), limit - (current - start))
            let n = pump(timeout: wait)
            if n > 0 {
                bytes += n
                lastByte = lastOutputTime
            }
            if n == 0 && !isRunning {
                // The program is gone: take what it left and stop.
                bytes += pump(timeout: 0)
                break
            }
        }
        return (bytes, lastByte)
    }

    /// Reads until `condition` holds or `limit` seconds pass.
    public func waitUntil(limit: Double, _ condition: () -> Bool) -> Bool {
        let end = monotonicNow() + limit
        while !condition() {
            let left = end - monotonicNow()
            if left <= 0 { return false }
            pump(timeout: min(left, 0.01))
        }
        return true
    }

    // MARK: Control

    /// Tells the terminal its new size (the kernel sends SIGWINCH to the program).
    /// Give the program's terminal a new size; whether the terminal took it (false once the
    /// terminal is closed).
    @discardableResult
    public func resize(width: Int, height: Int) -> Bool {
        var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        let resized = master >= 0 && ioctl(master, UInt(TIOCSWINSZ), &window) == 0
        if inputSlave >= 0 { _ = ioctl(inputSlave, UInt(TIOCSWINSZ), &window) }
        size = (width, height)
        terminal.resize(width: width, height: height)  // after the bytes written for the old size
        return resized
    }

    public func signal(_ number: Int32) {
        if exitInfo == nil { kill(pid, number) }
    }

    /// Closes the master side of the program's terminal: a hang-up (the program, which leads
    /// the terminal's session, gets SIGHUP; reads return end of file).
    public func hangUp() {
        if master >= 0 { close(master); master = -1 }
    }

    /// Closes the master side of the separate input pty: the program's standard input hangs
    /// up without a signal (it is not the controlling terminal), so reads return end of file.
    public func closeInput() {
        if inputMaster >= 0 { close(inputMaster); inputMaster = -1 }
    }

    /// Waits for the program to exit (reading its output meanwhile).
    public func waitFor(exitWithin seconds: Double) -> ExitInfo? {
        let end = monotonicNow() + seconds
        while exitInfo == nil {
            if master >= 0 { pump(timeout: 0.005) } else { reap(blocking: false); if exitInfo == nil { usleep(2000) } }
            if monotonicNow() >= end { break }
        }
        // What the program wrote last may reach the master side after it exited (the kernel
        // pushes pty output on from a work queue): read until 50 ms pass quiet.
        if exitInfo != nil && master >= 0 {
            var rounds = 0
            while rounds < 100 && pump(timeout: 0.05) > 0 { rounds += 1 }
        }
        return exitInfo
    }

    /// How the program ended, once it has (nil while it runs, or before it was reaped).
    public var exitStatus: ProcessExit? { exitInfo?.exit }

    /// Ends the program for good (SIGKILL).
    public func kill9() -> ExitInfo? {
        signal(SIGKILL)
        return waitFor(exitWithin: 5)
    }

    private func reap(blocking: Bool) {
        guard exitInfo == nil else { return }
        var status: Int32 = 0
        var usage = rusage()
        let result = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
        guard result == pid else { return }
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        exitInfo = ExitInfo(
            exit: Spawn.exitStatus(fromWaitStatus: status), time: monotonicNow(),
            cpuSeconds: cpu, voluntarySwitches: usage.ru_nvcsw, involuntarySwitches: usage.ru_nivcsw,
            maxRSSKB: usage.ru_maxrss)
    }

    /// The last `count` bytes of output.
    public func tail(_ count: Int) -> ArraySlice<UInt8> { output.suffix(count) }

    /// The last bytes of output with escapes shown, for a failure message.
    public var tailDescription: String { escaped(tail(300)) }

    /// The program's state letter in /proc (`R`, `S`, `T` stopped, `Z`…), nil once it is gone.
    public var processState: Character? { ProcessTable.state(of: pid) }
}

/// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which the Glibc module
/// does not export: the child changes directory before it runs the program.
@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func spawnFileActionsAddChdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>,
                                      _ path: UnsafePointer<CChar>) -> Int32
