import ArcadeUI
import Foundation
import Testing

/// Compare `text` with the baseline `Snapshots/<name>.txt` beside the calling test file.
///
/// A missing baseline fails the test (it is never created silently). Set
/// `RECORD_SNAPSHOTS=1` to write the baseline instead; review it before committing.
public func assertSnapshot(
    _ text: String, named name: String,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent("\(name).txt")
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    let actual = text + "\n"
    if recording {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            try actual.write(to: file, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("could not record snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no snapshot at \(file.path); run with RECORD_SNAPSHOTS=1 to record it, then review it",
                     sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        Issue.record("snapshot \(name) differs from \(file.path) (- expected, + actual):\n\(lineDiff(expected: expected, actual: actual))",
                     sourceLocation: sourceLocation)
    }
}

/// The lines that differ between two texts, each with its line number: `- 12│` a line of
/// `expected` that `actual` lacks, `+ 12│` a line of `actual` that `expected` lacks. Lines
/// both have in the same order (their longest common sequence) are left out.
public func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // common[i][j]: the length of the longest common sequence of old[i...] and new[j...].
    var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
        for j in stride(from: new.count - 1, through: 0, by: -1) {
            common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    let width = String(max(old.count, new.count)).count
    func numbered(_ sign: String, _ index: Int, _ line: String) -> String {
        let number = String(index + 1)
        return sign + " " + String(repeating: " ", count: width - number.count) + number + "│" + line
    }
    var lines: [String] = []
    var (i, j) = (0, 0)
    while i < old.count || j < new.count {
        if i < old.count && j < new.count && old[i] == new[j] {
            (i, j) = (i + 1, j + 1)
        } else if i < old.count && (j == new.count || common[i + 1][j] >= common[i][j + 1]) {
            lines.append(numbered("-", i, old[i]))
            i += 1
        } else {
            lines.append(numbered("+", j, new[j]))
            j += 1
        }
    }
    return lines.joined(separator: "\n")
}

/// The baselines in `Tests/*/Snapshots` that no test records: a file whose name no
/// `assertSnapshot(…, named: …)` in its test target's sources can give, found by reading
/// the sources. A name given as a string literal counts with each interpolation (`\(…)`)
/// standing for any text; a name given as a variable (a parameterised test's argument)
/// counts as any plain string literal of the same file.
public func snapshotBaselinesNoTestRecords(testsFolder: String) -> [String] {
    let files = FileManager.default
    var unused: [String] = []
    let targets = ((try? files.contentsOfDirectory(atPath: testsFolder)) ?? []).sorted()
    for target in targets {
        let folder = testsFolder + "/" + target
        guard let baselines = try? files.contentsOfDirectory(atPath: folder + "/Snapshots") else { continue }
        var patterns: [[SnapshotNamePart]] = []
        for case let path as String in files.enumerator(atPath: folder) ?? NSEnumerator() where path.hasSuffix(".swift") {
            guard let source = try? String(contentsOfFile: folder + "/" + path, encoding: .utf8) else { continue }
            patterns += snapshotNames(in: source)
        }
        for baseline in baselines.sorted() where baseline.hasSuffix(".txt") {
            let name = String(baseline.dropLast(4))
            if !patterns.contains(where: { matches(name, $0) }) { unused.append(target + "/Snapshots/" + baseline) }
        }
    }
    return unused
}

/// A piece of a snapshot name as a source gives it: text, or an interpolation (any text).
enum SnapshotNamePart: Equatable {
    case text(String)
    case anything
}

/// The names `source`'s calls of `assertSnapshot` give, as patterns.
func snapshotNames(in source: String) -> [[SnapshotNamePart]] {
    let text = Array(source)
    var names: [[SnapshotNamePart]] = []
    var start = source.startIndex
    while let call = source.range(of: "assertSnapshot(", range: start..<source.endIndex) {
        start = call.upperBound
        if source[source.startIndex..<call.lowerBound].hasSuffix("func ") { continue }
        guard let label = source.range(of: "named:", range: call.upperBound..<source.endIndex) else { break }
        var index = source.distance(from: source.startIndex, to: label.upperBound)
        while index < text.count && text[index] == " " { index += 1 }
        if index < text.count && text[index] == "\"" {
            if let literal = stringLiteral(text, at: index) { names.append(literal.parts) }
        } else {
            // A variable: any plain literal of the file may be its value.
            var at = 0
            while at < text.count {
                if text[at] == "\"", let literal = stringLiteral(text, at: at) {
                    if literal.parts.allSatisfy({ $0 != .anything }) { names.append(literal.parts) }
                    at = literal.end
                } else {
                    at += 1
                }
            }
        }
    }
    return names
}

/// The one-line string literal opening at `start` (a `"`): its parts, and the index after it.
private func stringLiteral(_ text: [Character], at start: Int) -> (parts: [SnapshotNamePart], end: Int)? {
    var parts: [SnapshotNamePart] = []
    var current = ""
    var index = start + 1
    while index < text.count && text[index] != "\n" {
        let character = text[index]
        if character == "\"" {
            if !current.isEmpty { parts.append(.text(current)) }
            return (parts, index + 1)
        }
        if character == "\\" && index + 1 < text.count {
            if text[index + 1] == "(" {
                // An interpolation, to its closing parenthesis.
                var depth = 1
                index += 2
                while index < text.count && depth > 0 && text[index] != "\n" {
                    if text[index] == "(" { depth += 1 }
                    if text[index] == ")" { depth -= 1 }
                    index += 1
                }
                if !current.isEmpty { parts.append(.text(current)) }
                current = ""
                parts.append(.anything)
                continue
            }
            current.append(text[index + 1])
            index += 2
            continue
        }
        current.append(character)
        index += 1
    }
    return nil
}

/// Whether `name` is one of the names `pattern` stands for.
func matches(_ name: String, _ pattern: [SnapshotNamePart]) -> Bool {
    guard let first = pattern.first else { return name.isEmpty }
    switch first {
    case .text(let text):
        return name.hasPrefix(text) && matches(String(name.dropFirst(text.count)), Array(pattern.dropFirst()))
    case .anything:
        let rest = Array(pattern.dropFirst())
        var suffix = Substring(name)
        while true {
            if matches(String(suffix), rest) { return true }
            if suffix.isEmpty { return false }
            suffix = suffix.dropFirst()
        }
    }
}

extension CellGrid {
    /// The grid as a snapshot holds colours: its text, then one letter a cell for the style the
    /// terminal is given once the theme resolved it (`.` for plain text in the terminal's own
    /// colours), then what each letter stands for.
    public var colorSnapshot: String {
        var letters: [Style: Character] = [Style(): "."]
        var legend: [(Character, Style)] = []
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var rows: [String] = []
        for y in 0..<size.height {
            var row = ""
            for x in 0..<size.width {
                let style = theme.resolve(self[x, y].style)
                if letters[style] == nil {
                    let letter = legend.count < alphabet.count ? alphabet[legend.count] : "?"
                    letters[style] = letter
                    legend.append((letter, style))
                }
                row.append(letters[style] ?? "?")
            }
            rows.append(row)
        }
        let lines = legend.map { letter, style in "\(letter)  \(Self.describe(style))" }
        return text + "\n--- styles (\(theme.name) theme, \(theme.palette) palette, \(theme.colorMode))\n"
            + rows.joined(separator: "\n") + "\n" + lines.joined(separator: "\n")
    }

    private static func describe(_ style: Style) -> String {
        var words: [String] = []
        if style.bold { words.append("bold") }
        if style.dim { words.append("dim") }
        if style.reverse { words.append("reverse") }
        if style.underline { words.append("underline") }
        if style.foreground != .terminalDefault { words.append("fg " + describe(style.foreground)) }
        if style.background != .terminalDefault { words.append("bg " + describe(style.background)) }
        return words.isEmpty ? "plain" : words.joined(separator: " ")
    }

    private static func describe(_ color: Color) -> String {
        switch color {
        case .terminalDefault: return "default"
        case .ansi(let basic, let bright): return (bright ? "bright " : "") + "\(basic)"
        case .xterm(let index): return "\(index)"
        case .role(let role): return "\(role)"
        }
    }
}

extension Theme: CustomTestStringConvertible {
    /// How a test names a theme it runs in: "light cvd color256".
    public var testDescription: String { "\(name) \(palette) \(colorMode)" }
}
