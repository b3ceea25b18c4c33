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
