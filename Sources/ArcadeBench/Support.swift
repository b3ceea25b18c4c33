import ArcadeCore
import Glibc

/// Seconds on the monotonic clock.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
}

/// `wcwidth` is not exported by the Glibc overlay.
@_silgen_name("wcwidth")
func systemWcwidth(_ character: Int32) -> Int32

/// Writes a line to standard error (progress, problems).
func note(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

/// The whole contents of a (small) file, or nil.
func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(fd, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        result += buffer[0..<count]
    }
    return result
}

func readText(_ path: String) -> String? {
    readFile(path).map { String(decoding: $0, as: UTF8.self) }
}

func fileExists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
}

/// Names in a directory (without `.` and `..`).
func listDirectory(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

/// A fresh private directory under /tmp.
func makeTemporaryDirectory(_ prefix: String) -> String {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed: \(String(cString: strerror(errno)))") }
    return String(cString: made)
}

/// Removes a directory tree (only what this tool created).
func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
        for name in listDirectory(path) { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}

/// Bytes shown with escapes: `ESC [ ? 2 5 h` → `\e[?25h`.
func escaped<S: Sequence>(_ bytes: S, limit: Int = 400) -> String where S.Element == UInt8 {
    var text = ""
    var count = 0
    var utf8: [UInt8] = []
    func flushUTF8() {
        if !utf8.isEmpty { text += String(decoding: utf8, as: UTF8.self); utf8 = [] }
    }
    for byte in bytes {
        count += 1
        if count > limit { text += "…"; return text }  // a cut UTF-8 sequence is dropped
        if byte >= 0x80 { utf8.append(byte); continue }
        flushUTF8()
        switch byte {
        case 0x1B: text += "\\e"
        case 0x0D: text += "\\r"
        case 0x0A: text += "\\n"
        case 0x09: text += "\\t"
        case 0x08: text += "\\b"
        case 0x07: text += "\\a"
        case 0x5C: text += "\\\\"
        case 0..<0x20, 0x7F:
            let hex = String(byte, radix: 16)
            text += "\\x" + (hex.count < 2 ? "0" : "") + hex
        default: text += String(UnicodeScalar(byte))
        }
    }
    flushUTF8()
    return text
}

/// A number with a fixed count of decimals (no Foundation formatting).
func fixed(_ value: Double, _ decimals: Int = 1) -> String {
    guard value.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    let whole = Int(rounded / scale)
    var text = (value < 0 && rounded > 0 ? "-" : "") + String(whole)
    if decimals > 0 {
        let fraction = Int(rounded - Double(whole) * scale)
        var digits = String(fraction)
        while digits.count < decimals { digits = "0" + digits }
        text += "." + digits
    }
    return text
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func medianInt(_ values: [Int]) -> Double { median(values.map(Double.init)) }

/// Pads `text` to `width` display columns (left aligned, or right aligned).
func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let length = displayWidth(text)
    guard length < width else { return text }
    let fill = String(repeating: " ", count: width - length)
    return right ? fill + text : text + fill
}

func displayWidth(_ text: String) -> Int {
    var width = 0
    for scalar in text.unicodeScalars {
        let w = systemWcwidth(Int32(bitPattern: scalar.value))
        width += w < 0 ? 1 : Int(w)
    }
    return width
}

/// The torture's draws, from the arcade's own seeded generator (so `--seed` means one thing).
struct SplitMix64 {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// A number in `0..<bound` (bound > 0).
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// The name of a signal.
func signalName(_ number: Int32) -> String {
    switch number {
    case SIGHUP: return "SIGHUP"
    case SIGINT: return "SIGINT"
    case SIGQUIT: return "SIGQUIT"
    case SIGILL: return "SIGILL"
    case SIGTRAP: return "SIGTRAP"
    case SIGABRT: return "SIGABRT"
    case SIGBUS: return "SIGBUS"
    case SIGFPE: return "SIGFPE"
    case SIGKILL: return "SIGKILL"
    case SIGSEGV: return "SIGSEGV"
    case SIGPIPE: return "SIGPIPE"
    case SIGTERM: return "SIGTERM"
    default: return "signal \(number)"
    }
}
