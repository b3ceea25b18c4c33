/// A picture decoded into straight (not premultiplied) 8-bit RGBA, row-major.
struct Picture: Equatable {
    var width: Int
    var height: Int
    /// Four bytes per pixel (red, green, blue, alpha), `width * height * 4` in all.
    var rgba: [UInt8]

    /// True when both pictures show the same thing: same size, and every pixel has the
    /// same alpha and, unless it is fully transparent, the same colour.
    func looksLike(_ other: Picture) -> Bool {
        guard width == other.width, height == other.height, rgba.count == other.rgba.count else {
            return false
        }
        var i = 0
        while i < rgba.count {
            if rgba[i + 3] != other.rgba[i + 3] { return false }
            if rgba[i + 3] != 0,
               rgba[i] != other.rgba[i] || rgba[i + 1] != other.rgba[i + 1]
                || rgba[i + 2] != other.rgba[i + 2] {
                return false
            }
            i += 4
        }
        return true
    }

    /// This picture with each pixel enlarged to a `factor` × `factor` square (for previews).
    func enlarged(by factor: Int) -> Picture {
        guard factor > 1 else { return self }
        let w = width * factor, h = height * factor
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let from = ((y / factor) * width + x / factor) * 4
                let to = (y * w + x) * 4
                for c in 0..<4 { out[to + c] = rgba[from + c] }
            }
        }
        return Picture(width: w, height: h, rgba: out)
    }
}

/// A problem in a source file, reported as `file:line: message` (the line when known).
struct SourceProblem: Error, CustomStringConvertible {
    var file: String
    var line: Int?
    var message: String

    var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// Every problem found in one source file.
struct SourceProblems: Error {
    var items: [SourceProblem]
}

/// A parsed text source: the picture plus where its pixel rows start (for later messages).
struct PictureSource {
    var file: String
    var picture: Picture
    /// Line number of the `pixels:` header.
    var pixelsLine: Int
}

/// Reads the text format of a picture source:
///
/// ```
/// # comment lines start with '#'; blank lines are ignored
/// palette:
/// .  transparent          (a pixel left empty)
/// s  #8EC5E8  sky         (character, colour, optional description)
/// pixels:
/// ssss..ss                (one character per pixel, every row the same width)
/// ```
///
/// Palette characters are printable ASCII other than `#`; colours are `#RRGGBB`.
enum PictureSourceParser {
    /// Parses `text` (the contents of `file`), returning the picture or throwing every problem found.
    static func parse(_ text: String, file: String) throws(SourceProblems) -> PictureSource {
        var problems: [SourceProblem] = []
        func problem(_ line: Int?, _ message: String) {
            problems.append(SourceProblem(file: file, line: line, message: message))
        }

        enum Section { case preamble, palette, pixels }
        var section = Section.preamble
        var palette: [Character: (rgba: [UInt8], line: Int)] = [:]
        var rejectedKeys: Set<Character> = []  // palette lines already reported as bad
        var rows: [(text: [Character], line: Int)] = []
        var pixelsLine = 0

        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            var line = Substring(raw)
            while let last = line.last, last == "\r" || last == " " || last == "\t" {
                line.removeLast()
            }
            if line.isEmpty || line.first == "#" { continue }
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed == "palette:" {
                if section != .preamble { problem(number, "'palette:' must come once, before 'pixels:'") }
                section = .palette
                continue
            }
            if trimmed == "pixels:" {
                if section != .palette { problem(number, "'pixels:' must come once, after 'palette:'") }
                section = .pixels
                pixelsLine = number
                continue
            }
            switch section {
            case .preamble:
                problem(number, "expected 'palette:' before \"\(line)\"")
                section = .palette  // report once, then read on as if it had been there
                fallthrough
            case .palette:
                switch parsePaletteEntry(line) {
                case .success(let (key, rgba)):
                    if let earlier = palette[key] {
                        problem(number, "palette character '\(key)' is already defined on line \(earlier.line)")
                    } else {
                        palette[key] = (rgba, number)
                    }
                case .failure(let error):
                    problem(number, "bad palette entry \"\(line)\": \(error.message)")
                    if let key = line.first, line.dropFirst().first == " " || line.dropFirst().first == "\t" {
                        rejectedKeys.insert(key)
                    }
                }
            case .pixels:
                rows.append((Array(line), number))
            }
        }

        if section != .pixels { problem(nil, "no 'pixels:' section") }
        if section == .pixels && rows.isEmpty { problem(pixelsLine, "no pixel rows after 'pixels:'") }
        guard let first = rows.first else { throw SourceProblems(items: problems) }

        let width = first.text.count
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * rows.count * 4)
        // Each unknown character is reported once, where it first appears.
        var unknown: [Character: (line: Int, column: Int, rows: Set<Int>)] = [:]
        var unknownOrder: [Character] = []
        for row in rows {
            if row.text.count != width {
                problem(row.line, "ragged row: \(row.text.count) pixels wide, but the first row (line \(first.line)) is \(width)")
                continue
            }
            for (column, character) in row.text.enumerated() {
                if let colour = palette[character] {
                    rgba += colour.rgba
                } else if rejectedKeys.contains(character) {
                    continue
                } else if unknown[character] == nil {
                    unknown[character] = (row.line, column + 1, [row.line])
                    unknownOrder.append(character)
                } else {
                    unknown[character]?.rows.insert(row.line)
                }
            }
        }
        for character in unknownOrder {
            guard let seen = unknown[character] else { continue }
            let more = seen.rows.count > 1 ? "; used on \(seen.rows.count) rows" : ""
            problem(seen.line, "unknown pixel character '\(character)' in column \(seen.column) (not in the palette\(more))")
        }
        problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        guard problems.isEmpty else { throw SourceProblems(items: problems) }
        let picture = Picture(width: width, height: rows.count, rgba: rgba)
        return PictureSource(file: file, picture: picture, pixelsLine: pixelsLine)
    }

    /// Parses `c #RRGGBB [description]` or `c transparent [description]`.
    private static func parsePaletteEntry(_ line: Substring) -> Result<(Character, [UInt8]), EntryError> {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 2, fields[0].count == 1, let key = fields[0].first else {
            return .failure(EntryError("expected a single character, spaces, then #RRGGBB or 'transparent'"))
        }
        guard let ascii = key.asciiValue, ascii > 0x20, ascii < 0x7F, key != "#" else {
            return .failure(EntryError("the pixel character must be printable ASCII other than '#'"))
        }
        let colour = fields[1]
        if colour == "transparent" { return .success((key, [0, 0, 0, 0])) }
        let hex = colour.dropFirst()
        guard colour.first == "#", hex.count == 6, let value = UInt32(hex, radix: 16) else {
            return .failure(EntryError("colour \"\(colour)\" is not #RRGGBB or 'transparent'"))
        }
        return .success((key, [UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF), 255]))
    }

    /// Why a palette line was rejected.
    struct EntryError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

