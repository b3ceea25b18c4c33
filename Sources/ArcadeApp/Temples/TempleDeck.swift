import FoundationEssentials
import TempleModel

/// A flashcard deck with its pictures: the built-in temples, or any folder of PNGs.
struct TempleDeck: Sendable {
    /// One card: what the model knows of it, and its picture.
    struct Entry: Sendable {
        var card: Flashcard
        var picture: RGBAImage
        /// The dedication year, when the deck gives one.
        var year: Int?
    }

    var entries: [Entry]
    /// One line per problem, naming the file: a file skipped (unreadable, not a PNG…) or
    /// one the descriptions name that is not in the folder.
    var notices: [String]

    /// What `temples.json` / `deck.json` says about one picture.
    private struct Description: Decodable {
        var file: String
        var name: String?
        var location: String?
        var year: Int?
    }

    /// The most bytes a deck's descriptions may have (20,000 cards take about 2 MiB).
    static let descriptionLimit = 8 << 20

    /// The built-in temples: `Temples/` found by `assets`, described by `temples.json`.
    static func builtIn(assets: AssetLocator) -> Result<TempleDeck, DeckError> {
        switch assets.directory("Temples") {
        case .success(let directory): return load(directory: directory, descriptions: "temples.json")
        case .failure(let error): return .failure(.missingAssets(error.description))
        }
    }

    /// Every PNG in `directory`, named by `descriptions` (a JSON list of file, name,
    /// location, year) when present, else by their file names ("golden-gate.png" →
    /// "Golden Gate"). Files that cannot be read are skipped with a notice, and so are
    /// descriptions of files the folder does not hold.
    static func load(directory: String, descriptions: String = "deck.json") -> Result<TempleDeck, DeckError> {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            return .failure(.unreadableFolder(directory))
        }
        var named: [String: Description] = [:]
        var order: [String] = []
        var notices: [String] = []
        let described: [UInt8]?
        do {
            described = try RegularFile.readIfPresent(directory + "/" + descriptions, limit: descriptionLimit)
        } catch {
            described = nil
            notices.append("\(descriptions) could not be read (\(error)); names come from the file names.")
        }
        if let described {
            if let list = try? JSONDecoder().decode([Description].self, from: Data(described)) {
                for description in list where named[description.file] == nil {
                    named[description.file] = description
                    order.append(description.file)
                }
            } else {
                notices.append("\(descriptions) could not be read; names come from the file names.")
            }
        }
        let pictures = files.filter { $0.lowercased().hasSuffix(".png") }
        for file in order where !pictures.contains(file) {
            notices.append(files.contains(file) ? "\(descriptions) names \(file), which is not a .png file"
                                                : "\(descriptions) names \(file), which is not in the folder")
        }
        let ordered = order.filter(pictures.contains) + pictures.filter { !order.contains($0) }.sorted()
        var entries: [Entry] = []
        for file in ordered {
            do {
                let picture = try PNGDecoder.decode(path: directory + "/" + file)
                let description = named[file]
                let card = Flashcard(id: file, name: description?.name ?? displayName(of: file),
                                     location: description?.location ?? "")
                entries.append(Entry(card: card, picture: picture, year: description?.year))
            } catch {
                notices.append("Skipped \(file): \(error.reason)")
            }
        }
        guard !entries.isEmpty else { return .failure(.noPictures(directory, notices)) }
        return .success(TempleDeck(entries: entries, notices: notices))
    }

    /// A file name as a card name: "golden-gate_bridge.png" → "Golden Gate Bridge".
    static func displayName(of file: String) -> String {
        var stem = file
        if let dot = stem.lastIndex(of: ".") { stem = String(stem[..<dot]) }
        return stem.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }
}

/// Why a deck could not be shown, in words for the player.
enum DeckError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingAssets(String)
    case unreadableFolder(String)
    case noPictures(String, [String])

    var description: String {
        switch self {
        case .missingAssets(let message):
            return message
        case .unreadableFolder(let directory):
            return "The folder \(directory) does not exist or cannot be read."
        case .noPictures(let directory, let notices):
            return "No pictures in \(directory): it has no readable PNG files."
                + (notices.isEmpty ? "" : " " + notices.joined(separator: " "))
        }
    }
}
