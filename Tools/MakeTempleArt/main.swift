/// make-temple-art — turns the text sources of the temple pictures into PNG files.
///
/// Each `Assets/Temples/src/<slug>.txt` holds a palette and a character grid (see
/// `PictureSourceParser`); the tool writes `Assets/Temples/<slug>.png` (8-bit RGBA) with
/// libpng's simplified API. Run it from the package root:
///
///     swift run make-temple-art                 # regenerate PNGs whose source changed
///     swift run make-temple-art --check         # exit 1 listing stale or missing PNGs
///     swift run make-temple-art --scale 8 --out /tmp/temples   # enlarged previews
import Glibc

/// The command line, parsed.
struct Options {
    var check = false
    var sourceDirectory = "Assets/Temples/src"
    var outputDirectory = "Assets/Temples"
    var scale = 1
    var outputGiven = false

    static let usage = """
        usage: make-temple-art [--check] [--src DIR] [--out DIR] [--scale N]

          (no flags)  read DIR/*.txt from --src (default Assets/Temples/src) and write
                      <slug>.png into --out (default Assets/Temples); unchanged PNGs are
                      left alone
          --check     write nothing; exit 1 listing every PNG that is missing, differs
                      from its source or has no source, and any mismatch with temples.json
          --scale N   enlarge each pixel to N×N (previews; needs --out elsewhere)
        """

    /// Parses `arguments` (without the program name); a message on error.
    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--check": options.check = true
            case "--help", "-h": return .failure(UsageError(message: nil))
            case "--src", "--out", "--scale":
                guard let value = rest.popFirst() else {
                    return .failure(UsageError(message: "\(argument) needs a value"))
                }
                if argument == "--src" { options.sourceDirectory = value }
                if argument == "--out" { options.outputDirectory = value; options.outputGiven = true }
                if argument == "--scale" {
                    guard let n = Int(value), (1...64).contains(n) else {
                        return .failure(UsageError(message: "--scale wants a whole number from 1 to 64"))
                    }
                    options.scale = n
                }
            default:
                return .failure(UsageError(message: "unknown argument \"\(argument)\""))
            }
        }
        if options.scale > 1 && !options.outputGiven {
            return .failure(UsageError(message: "--scale would overwrite the real PNGs: give --out DIR"))
        }
        if options.scale > 1 && options.check {
            return .failure(UsageError(message: "--check compares native-size PNGs: drop --scale"))
        }
        return .success(options)
    }
}

/// A bad command line; `message` nil means help was asked for.
struct UsageError: Error {
    var message: String?
}

/// Prints `text` to standard error.
func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

/// Reads and parses every source, checking that all pictures share one height; returns the
/// sources, or the problems found (as `file:line: message` lines) when there are any.
func loadSources(_ options: Options) -> (sources: [(slug: String, source: PictureSource)], problems: [String]) {
    let dir = options.sourceDirectory
    guard let names = Files.names(in: dir, endingWith: ".txt") else {
        return ([], ["\(dir): cannot open the source folder (\(Files.lastError)); run from the package root or pass --src"])
    }
    if names.isEmpty { return ([], ["\(dir): no .txt picture sources"]) }

    var problems: [String] = []
    var sources: [(slug: String, source: PictureSource)] = []
    for name in names {
        let path = dir + "/" + name
        guard let bytes = Files.contents(of: path) else {
            problems.append("\(path): cannot read (\(Files.lastError))")
            continue
        }
        do {
            let source = try PictureSourceParser.parse(String(decoding: bytes, as: UTF8.self), file: path)
            sources.append((String(name.dropLast(4)), source))
        } catch {
            problems += error.items.map(\.description)
        }
    }

    // One height for every picture: the most common one is taken as intended.
    var counts: [Int: [String]] = [:]
    for (_, source) in sources { counts[source.picture.height, default: []].append(source.file) }
    if let common = counts.max(by: { ($0.value.count, -$0.key) < ($1.value.count, -$1.key) }) {
        for (_, source) in sources where source.picture.height != common.key {
            problems.append(SourceProblem(
                file: source.file, line: source.pixelsLine,
                message: "picture is \(source.picture.height) pixels tall, but the other pictures are \(common.key) (\(common.value.count) of them, e.g. \(common.value[0]))"
            ).description)
        }
    }
    return (sources, problems)
}

/// `--check`: compares every PNG with its source; returns the exit status.
func check(_ sources: [(slug: String, source: PictureSource)], _ options: Options) -> Int32 {
    let out = options.outputDirectory
    var stale: [String] = []
    for (slug, source) in sources {
        let path = "\(out)/\(slug).png"
        if !Files.exists(path) {
            stale.append("\(path): missing")
            continue
        }
        do {
            if !(try PNGFile.read(path)).looksLike(source.picture) {
                stale.append("\(path): differs from \(source.file)")
            }
        } catch {
            stale.append("\(path): unreadable (\(error))")
        }
    }
    let slugs = Set(sources.map(\.slug))
    for png in Files.names(in: out, endingWith: ".png") ?? [] where !slugs.contains(String(png.dropLast(4))) {
        stale.append("\(out)/\(png): has no source in \(options.sourceDirectory)")
    }
    stale += Catalogue.problems(at: out + "/temples.json", slugs: sources.map(\.slug))

    if stale.isEmpty {
        print("make-temple-art: all \(sources.count) pictures are up to date")
        return 0
    }
    printError("make-temple-art: \(stale.count) problem(s):")
    for line in stale { printError("  " + line) }
    printError("regenerate with: swift run make-temple-art")
    return 1
}

/// Default mode: writes each PNG whose pixels differ from its source; returns the exit status.
func generate(_ sources: [(slug: String, source: PictureSource)], _ options: Options) -> Int32 {
    let out = options.outputDirectory
    guard Files.makeDirectory(out) else {
        printError("\(out): cannot create (\(Files.lastError))")
        return 1
    }
    var written = 0
    for (slug, source) in sources {
        let path = "\(out)/\(slug).png"
        let picture = source.picture.enlarged(by: options.scale)
        if Files.exists(path), let existing = try? PNGFile.read(path), existing.looksLike(picture) {
            continue
        }
        let temporary = path + ".tmp"
        do {
            try PNGFile.write(picture, to: temporary)
        } catch {
            Files.remove(temporary)
            printError("make-temple-art: \(error)")
            return 1
        }
        guard Files.move(temporary, to: path) else {
            printError("make-temple-art: \(path): cannot replace (\(Files.lastError))")
            Files.remove(temporary)
            return 1
        }
        print("wrote \(path) (\(picture.width)×\(picture.height))")
        written += 1
    }
    print("make-temple-art: \(written) written, \(sources.count - written) already up to date")
    if options.scale == 1 && !options.outputGiven {
        for problem in Catalogue.problems(at: out + "/temples.json", slugs: sources.map(\.slug)) {
            printError("warning: " + problem)
        }
    }
    return 0
}

switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let usage):
    if let message = usage.message {
        printError("make-temple-art: \(message)\n\(Options.usage)")
        exit(2)
    }
    print(Options.usage)
case .success(let options):
    let (sources, problems) = loadSources(options)
    if !problems.isEmpty {
        for problem in problems { printError(problem) }
        printError("make-temple-art: \(problems.count) problem(s) in the picture sources; nothing written")
        exit(1)
    }
    exit(options.check ? check(sources, options) : generate(sources, options))
}
