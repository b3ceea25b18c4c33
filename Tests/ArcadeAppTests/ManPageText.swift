/// A man page's source (groff's man macros) as a reader sees it, section by section: the
/// text without its markup, and the words set in bold.
///
/// Enough of groff for the arcade's page and for checking it: the font macros (`.B`, `.I`
/// and the alternating `.BR`, `.RB`, `.BI`...), `.SH` and `.SS`, paragraphs and tags,
/// `.SY`/`.OP`/`.YS` synopses, comments, and the inline escapes for fonts (`\fB`, `\fR`),
/// characters (`\-`, `\(ua`, `\[u2026]`) and spacing (`\&`, `\ `). An escape it does not know
/// is collected in `unknownEscapes`, so that a test can insist there are none.
struct ManPageText {
    /// One `.SH` section, its `.SS` subsections included.
    struct Section {
        var name: String
        /// The text, with a line break where a paragraph, tag or synopsis form begins.
        var text = ""
        /// Each run of bold characters, as written.
        var boldRuns: [String] = []

        /// The words of the bold runs: split at blanks, commas, semicolons, the en dash and
        /// the ellipsis, which separate keys in a list ("↑ ↓, k j", "1–5", "1 … 5").
        var boldWords: Set<String> {
            Set(boldRuns.flatMap { run in
                run.split(whereSeparator: { " \t\n,;–…".contains($0) }).map(String.init)
            })
        }

        /// The words of the text: runs of letters, digits, `-` and `_` (`--seed`, `NO_COLOR`).
        var words: Set<String> {
            Set(text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }).map(String.init))
        }
    }

    private(set) var sections: [Section] = []
    /// Escapes met that the conversion does not know (`\*(Lq`...).
    private(set) var unknownEscapes: Set<String> = []

    subscript(name: String) -> Section? {
        sections.first { $0.name == name }
    }

    /// What characters the named glyph escapes (`\(xx`, `\[xx]`) stand for.
    static let glyphs: [String: String] = [
        "ua": "↑", "da": "↓", "<-": "←", "->": "→", "mu": "×", "em": "—", "en": "–",
        "lq": "“", "rq": "”", "dq": "\"", "aq": "'", "oq": "‘", "cq": "’", "bu": "•", "pc": "·",
        "co": "©", "rs": "\\", "ti": "~", "ha": "^", "u2026": "…",
    ]

    init(source: String) {
        var section = Section(name: "")
        /// Whether a plain text line's characters are bold now (`\fB` carries over lines).
        var textBold = false
        /// The font the next text line is set in, after `.B` or `.I` with no words.
        var nextLineBold: Bool?

        func finish() {
            // What comes before the first `.SH` (`.TH`, comments) is no section.
            if !section.name.isEmpty { sections.append(section) }
        }

        /// Add `raw` (with its escapes) to the section, starting bold or not; returns whether
        /// it ends bold.
        func emit(_ raw: String, bold startsBold: Bool) -> Bool {
            var bold = startsBold
            var run = ""
            func write(_ text: String) {
                section.text += text
                if bold { run += text }
            }
            func setBold(_ now: Bool) {
                if bold && !now && !run.isEmpty { section.boldRuns.append(run); run = "" }
                bold = now
            }
            var characters = raw[...]
            while let character = characters.popFirst() {
                guard character == "\\" else { write(String(character)); continue }
                guard let escape = characters.popFirst() else { break }
                switch escape {
                case "-": write("-")
                case "e", "\\": write("\\")
                case "&", "|", "^", "%", "c", ")": break
                case " ", "~", "0": write(" ")
                case "(":
                    let name = String(characters.prefix(2))
                    characters = characters.dropFirst(2)
                    glyph(name).map(write)
                case "[":
                    let name = String(characters.prefix { $0 != "]" })
                    characters = characters.dropFirst(name.count + 1)
                    glyph(name).map(write)
                case "f":
                    var font = characters.popFirst().map(String.init) ?? "R"
                    if font == "(" {
                        font = String(characters.prefix(2))
                        characters = characters.dropFirst(2)
                    } else if font == "[" {
                        font = String(characters.prefix { $0 != "]" })
                        characters = characters.dropFirst(font.count + 1)
                    }
                    setBold(font == "B" || font == "CB" || font == "BI")
                default:
                    unknownEscapes.insert("\\" + String(escape))
                }
            }
            if !run.isEmpty { section.boldRuns.append(run) }
            return bold
        }

        func glyph(_ name: String) -> String? {
            if let glyph = Self.glyphs[name] { return glyph }
            unknownEscapes.insert(name.count == 2 ? "\\(" + name : "\\[" + name + "]")
            return nil
        }

        /// Arguments in alternating fonts, without spaces between them, as `.BR` sets them.
        func alternate(_ arguments: [String], _ fonts: (Bool, Bool)) {
            for (index, argument) in arguments.enumerated() {
                _ = emit(argument, bold: index % 2 == 0 ? fonts.0 : fonts.1)
            }
            section.text += " "
        }

        for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let content = Self.withoutComment(line)
            guard line.hasPrefix(".") || line.hasPrefix("'") else {
                if let bold = nextLineBold {
                    _ = emit(content, bold: bold)
                    nextLineBold = nil
                } else {
                    textBold = emit(content, bold: textBold)
                }
                section.text += content.isEmpty ? "\n" : " "
                continue
            }
            let (request, arguments) = Self.request(content)
            switch request {
            case "", "\\\"":
                break  // a comment, or a lone dot
            case "SH":
                finish()
                section = Section(name: arguments.joined(separator: " "))
            case "SS":
                section.text += "\n"
                _ = emit(arguments.joined(separator: " "), bold: false)
                section.text += "\n"
            case "B", "I", "SM", "SB":
                if arguments.isEmpty {
                    nextLineBold = request == "B" || request == "SB"
                } else {
                    _ = emit(arguments.joined(separator: " "), bold: request == "B" || request == "SB")
                    section.text += " "
                }
            case "BR": alternate(arguments, (true, false))
            case "RB": alternate(arguments, (false, true))
            case "BI": alternate(arguments, (true, false))
            case "IB": alternate(arguments, (false, true))
            case "IR", "RI": alternate(arguments, (false, false))
            case "SY":
                section.text += "\n"
                _ = emit(arguments.joined(separator: " "), bold: true)
                section.text += " "
            case "OP":
                section.text += "["
                _ = emit(arguments.first ?? "", bold: true)
                if arguments.count > 1 {
                    section.text += " "
                    _ = emit(arguments.dropFirst().joined(separator: " "), bold: false)
                }
                section.text += "] "
            case "IP":
                section.text += "\n"
                if let tag = arguments.first { _ = emit(tag, bold: false) }
                section.text += " "
            default:
                // Paragraphs, tags, breaks, indents, examples, conditions: a new line.
                section.text += "\n"
            }
        }
        finish()
    }

    /// `line` without a `\"` comment.
    private static func withoutComment(_ line: String) -> String {
        var result = ""
        var characters = line[...]
        while let character = characters.popFirst() {
            if character == "\\", let next = characters.first {
                if next == "\"" { break }
                result.append(character)
                result.append(next)
                characters = characters.dropFirst()
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A control line's request and its arguments: words, or "quoted words" (`""` in quotes
    /// is a quote); an escaped character, `\ ` included, stays in its word.
    private static func request(_ line: String) -> (String, [String]) {
        var characters = line.dropFirst()
        while characters.first == " " { characters = characters.dropFirst() }
        let name = String(characters.prefix { $0 != " " })
        characters = characters.dropFirst(name.count)
        var arguments: [String] = []
        while true {
            while characters.first == " " { characters = characters.dropFirst() }
            guard !characters.isEmpty else { break }
            var argument = ""
            if characters.first == "\"" {
                characters = characters.dropFirst()
                while let character = characters.popFirst() {
                    if character == "\"" {
                        guard characters.first == "\"" else { break }
                        characters = characters.dropFirst()
                    }
                    argument.append(character)
                }
            } else {
                while let character = characters.first, character != " " {
                    characters = characters.dropFirst()
                    argument.append(character)
                    if character == "\\", let escaped = characters.popFirst() { argument.append(escaped) }
                }
            }
            arguments.append(argument)
        }
        return (name, arguments)
    }
}
