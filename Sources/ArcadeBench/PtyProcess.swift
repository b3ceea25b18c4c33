import Glibc

/// How a child ended, as a shell would report it, with its resource use from `wait4`.
struct ExitInfo {
    /// The exit code, or 128 + the signal that ended it.
    var status: Int32
    var signaled: Bool
    var time: Double
    /// User + system CPU seconds over the whole life of the process.
    var cpuSeconds: Double
    var voluntarySwitches: Int
    var involuntarySwitches: Int
    /// Peak resident set size in kB.
    var maxRSSKB: Int

    var description: String {
        signaled ? "killed by \(signalName(status - 128)) (status \(status))" : "exit status \(status)"
    }
}

/// A program in a pseudo-terminal of its own: `openpty` + `fork` + `login_tty` (what `forkpty`
/// does), keeping the slave side open here too, so the terminal modes (termios) the program
/// leaves behind can still be read after it exits.
///
/// Everything the program writes is read as it comes (never letting the pty fill up), fed to
/// a `VirtualTerminal`, counted and time-stamped. Writes are non-blocking and queued.
final class PtyProcess {
    let pid: pid_t
    private(set) var master: Int32
    private var slave: Int32
    /// With `separateInput`: the master side of the pty that is the program's standard input.
    private(set) var inputMaster: Int32 = -1
    private var inputSlave: Int32 = -1
    let launchTime: Double
    let initialModes: termios
    /// The terminal model, fed lazily: reading only appends and time-stamps, so a slow model
    /// (a debug build of this tool) never delays reading and the timestamps stay true.
    private let model: VirtualTerminal
    private var unfed: [UInt8] = []
    var terminal: VirtualTerminal {
        if !unfed.isEmpty {
            model.feed(unfed)
            unfed.removeAll(keepingCapacity: true)
        }
        return model
    }
    /// With `recordsChunks`: (total bytes after each read, when it was read).
    var recordsChunks = false
    private(set) var chunks: [(end: Int, time: Double)] = []

    /// Every byte written by the program (kept unless `keepsOutput` is false; capped).
    private(set) var output: [UInt8] = []
    var keepsOutput = true
    /// The most bytes `output` keeps (older bytes are dropped in halves).
    var outputCap = 32 << 20
    private(set) var totalBytes = 0
    /// When the last byte arrived (or the launch time).
    private(set) var lastOutputTime: Double
    /// When the first byte arrived.
    private(set) var firstOutputTime: Double?
    private(set) var exitInfo: ExitInfo?
    private var pending: [UInt8] = []
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)
    private(set) var size: (width: Int, height: Int)

    struct LaunchError: Error, CustomStringConvertible { var description: String }

    init(binary: String, arguments: [String], environment: [String], width: Int, height: Int,
         separateInput: Bool = false, tracksGrid: Bool = true) throws {
        var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        var masterFD: Int32 = -1, slaveFD: Int32 = -1
        guard openpty(&masterFD, &slaveFD, nil, nil, &window) == 0 else {
            throw LaunchError(description: "openpty: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(masterFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slaveFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(masterFD, F_SETFL, fcntl(masterFD, F_GETFL) | O_NONBLOCK)
        var inMaster: Int32 = -1, inSlave: Int32 = -1
        if separateInput {
            guard openpty(&inMaster, &inSlave, nil, nil, &window) == 0 else {
                throw LaunchError(description: "openpty: \(String(cString: strerror(errno)))")
            }
            _ = fcntl(inMaster, F_SETFD, FD_CLOEXEC)
            _ = fcntl(inSlave, F_SETFD, FD_CLOEXEC)
            _ = fcntl(inMaster, F_SETFL, fcntl(inMaster, F_GETFL) | O_NONBLOCK)
            // Raw, as the arcade would have made it: it only puts its output terminal in raw mode.
            var modes = termios()
            tcgetattr(inSlave, &modes)
            cfmakeraw(&modes)
            tcsetattr(inSlave, TCSANOW, &modes)
        }
        var modes = termios()
        tcgetattr(slaveFD, &modes)
        initialModes = modes

        // Everything the child needs is prepared before fork: it only calls async-signal-safe functions.
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        let start = now()
        let child = fork()
        if child == 0 {
            _ = login_tty(slaveFD)  // setsid, controlling terminal, stdin/stdout/stderr
            if inSlave >= 0 { _ = dup2(inSlave, STDIN_FILENO) }
            for number in Int32(1)..<32 where number != SIGKILL && number != SIGSTOP { Glibc.signal(number, SIG_DFL) }
            sigprocmask(SIG_SETMASK, &noSignals, nil)
            execve(binary, argv, envp)
            _exit(127)
        }
        guard child > 0 else {
            throw LaunchError(description: "fork: \(String(cString: strerror(errno)))")
        }
        pid = child
        launchTime = start
        lastOutputTime = start
        master = masterFD
        slave = slaveFD
        inputMaster = inMaster
        inputSlave = inSlave
        size = (width, height)
        model = VirtualTerminal(width: width, height: height, tracksGrid: tracksGrid)
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

    var isRunning: Bool {
        if exitInfo == nil { reap(blocking: false) }
        return exitInfo == nil
    }

    /// The terminal modes now (the slave side of the program's terminal).
    var currentModes: termios? {
        guard slave >= 0 else { return nil }
        var modes = termios()
        return tcgetattr(slave, &modes) == 0 ? modes : nil
    }

    /// Whether the terminal modes are back to what they were before the program started.
    var modesRestored: Bool? {
        guard let current = currentModes else { return nil }
        var a = current, b = initialModes
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_lflag == b.c_lflag
            && a.c_cflag == b.c_cflag
            && withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
    }

    // MARK: Input

    /// Queue bytes for the program (written as the pty accepts them).
    func send(_ bytes: [UInt8]) {
        pending += bytes
        flush()
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    var pendingCount: Int { pending.count }

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
    func pump(timeout: Double) -> Int {
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
            let time = now()
            if firstOutputTime == nil { firstOutputTime = time }
            lastOutputTime = time
            count += n
            totalBytes += n
            if recordsChunks { chunks.append((totalBytes, time)) }
            readBuffer.withUnsafeBufferPointer { buffer in
                let slice = UnsafeBufferPointer(rebasing: buffer[0..<n])
                unfed.append(contentsOf: slice)
                if keepsOutput { output.append(contentsOf: slice) }
            }
            if output.count > outputCap { output.removeFirst(output.count / 2) }
            if unfed.count > 1 << 20 { _ = terminal }
        }
        return count
    }

    private func drainInput() {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while read(inputMaster, &scratch, scratch.count) > 0 {}
    }

    /// Reads for `seconds`, whatever comes.
    func pump(for seconds: Double) {
        let end = now() + seconds
        while true {
            let left = end - now()
            if left <= 0 { break }
            pump(timeout: left)
        }
    }

    /// Reads until nothing has arrived for `quiet` seconds (counted from the later of the
    /// call and the last byte), or until `limit` seconds passed. Returns the bytes read and
    /// the time of the last byte (nil if none came).
    @discardableResult
    func waitQuiet(_ quiet: Double, limit: Double = 5) -> (bytes: Int, lastByte: Double?) {
        let start = now()
        var bytes = 0
        var lastByte: Double?
        while true {
            let current = now()
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
    func waitUntil(limit: Double, _ condition: () -> Bool) -> Bool {
        let end = now() + limit
        while !condition() {
            let left = end - now()
            if left <= 0 { return false }
            pump(timeout: min(left, 0.01))
        }
        return true
    }

    // MARK: Control

    /// Tells the terminal its new size (the kernel sends SIGWINCH to the program).
    func resize(width: Int, height: Int) {
        var window = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        if master >= 0 { _ = ioctl(master, UInt(TIOCSWINSZ), &window) }
        if inputSlave >= 0 { _ = ioctl(inputSlave, UInt(TIOCSWINSZ), &window) }
        size = (width, height)
        terminal.resize(width: width, height: height)  // after the bytes written for the old size
    }

    func signal(_ number: Int32) {
        if exitInfo == nil { kill(pid, number) }
    }

    /// Closes the master side of the program's terminal: a hang-up (the program, which leads
    /// the terminal's session, gets SIGHUP; reads return end of file).
    func hangUp() {
        if master >= 0 { close(master); master = -1 }
    }

    /// Closes the master side of the separate input pty: the program's standard input hangs
    /// up without a signal (it is not the controlling terminal), so reads return end of file.
    func closeInput() {
        if inputMaster >= 0 { close(inputMaster); inputMaster = -1 }
    }

    /// Waits for the program to exit (reading its output meanwhile).
    func waitFor(exitWithin seconds: Double) -> ExitInfo? {
        let end = now() + seconds
        while exitInfo == nil {
            if master >= 0 { pump(timeout: 0.005) } else { reap(blocking: false); if exitInfo == nil { usleep(2000) } }
            if now() >= end { break }
        }
        if exitInfo != nil { pump(timeout: 0) }
        return exitInfo
    }

    /// Ends the program for good (SIGKILL).
    func kill9() -> ExitInfo? {
        signal(SIGKILL)
        return waitFor(exitWithin: 5)
    }

    private func reap(blocking: Bool) {
        guard exitInfo == nil else { return }
        var status: Int32 = 0
        var usage = rusage()
        let result = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
        guard result == pid else { return }
        let signal = status & 0x7F
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        exitInfo = ExitInfo(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, signaled: signal != 0, time: now(),
            cpuSeconds: cpu, voluntarySwitches: usage.ru_nvcsw, involuntarySwitches: usage.ru_nivcsw,
            maxRSSKB: usage.ru_maxrss)
    }

    /// The last `count` bytes of output.
    func tail(_ count: Int) -> ArraySlice<UInt8> { output.suffix(count) }
}
