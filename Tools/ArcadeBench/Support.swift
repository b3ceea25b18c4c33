import ArcadeHarness
import Glibc

/// Writes a line to standard error (progress, problems).
func note(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
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

/// Median, range and count of some figures, for the JSON reports (nil when there are none).
struct Summary: Encodable {
    var median: Double
    var min: Double
    var max: Double
    var count: Int

    init?(_ values: [Double]) {
        guard let low = values.min(), let high = values.max() else { return nil }
        (median, min, max, count) = (middleOf(values), low, high, values.count)
    }
}

/// `median`, under a name that `Summary`'s property of that name does not hide.
private func middleOf(_ values: [Double]) -> Double { median(values) }

/// Where and when a run happened, for the report's header: figures from another day or
/// another machine are not comparable.
struct Machine: Encodable {
    var dateUTC: String
    var system: String
    var cpuModel: String
    var cpuCount: Int
    var loadAverage: String

    static func current() -> Machine {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S UTC", &parts)
        let date = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)

        // `uname -srm`: the kernel's name, its release and the machine.
        var names = utsname()
        uname(&names)
        func field<T>(_ value: inout T) -> String {
            withUnsafePointer(to: &value) { $0.withMemoryRebound(to: CChar.self, capacity: MemoryLayout<T>.size) { String(cString: $0) } }
        }
        let system = [field(&names.sysname), field(&names.release), field(&names.machine)].joined(separator: " ")

        let model = readText("/proc/cpuinfo")?.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { String($0.drop { $0 == " " }) } ?? "?"
        return Machine(dateUTC: date, system: system, cpuModel: model,
                       cpuCount: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), loadAverage: ArcadeHarness.loadAverage())
    }

    var header: String {
        "\(dateUTC) · \(system) · \(cpuModel) · \(cpuCount) CPUs · load average \(loadAverage)"
    }
}

/// How many characters `bytes` put on screen: UTF-8 characters outside escape sequences
/// (CSI and OSC sequences, two- and three-byte escapes) and control characters.
func glyphsWritten(_ bytes: ArraySlice<UInt8>) -> Int {
    enum State { case text, escape, csi, osc }
    var state = State.text
    var count = 0
    for byte in bytes {
        switch state {
        case .text:
            if byte == 0x1B { state = .escape }
            else if byte >= 0x20 && byte != 0x7F && (byte < 0x80 || byte >= 0xC0) { count += 1 }
        case .escape:
            // ESC [ starts a CSI, ESC ] an OSC; ESC ( B and the like end at their final byte.
            if byte == UInt8(ascii: "[") { state = .csi }
            else if byte == UInt8(ascii: "]") { state = .osc }
            else if byte >= 0x30 { state = .text }
        case .csi:
            if (0x40...0x7E).contains(byte) { state = .text }
        case .osc:
            if byte == 0x07 { state = .text } else if byte == 0x1B { state = .escape }
        }
    }
    return count
}

/// How a report names what the pseudo-terminal said to the background colour query.
func backgroundAnswer(_ answered: Bool) -> String {
    answered ? "OSC 11 answered (a black background, in xterm's form)" : "OSC 11 not answered"
}
