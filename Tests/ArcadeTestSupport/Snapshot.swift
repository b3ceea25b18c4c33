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
        Issue.record("snapshot \(name) differs.\n--- expected\n\(expected)--- actual\n\(actual)",
                     sourceLocation: sourceLocation)
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
