import ArcadeJSON
import Glibc

/// A deck of named pictures read from a folder of PNGs, with what its description list
/// says of each: the built-in deck of a game, or a folder of the player's.
///
/// The deck knows pictures, their names and keys; what else a game reads from the
/// descriptions is its `Facts`, decoded from the same entry. Its memory is bounded whatever the folder holds: at most
/// `maximumPictureCount` pictures (the rest are skipped with one notice), each read straight
/// to at most `longestSide(forDeckOf:)` pixels on its longest side, so all of them together
/// take at most `pictureBudget` bytes; at most `maximumFolderEntries` names of the folder
/// and `descriptionLimit` bytes of descriptions are read, and descriptions of files the
/// folder does not hold are kept only as a few notices.
struct PictureDeck<Facts: Decodable & Sendable>: Sendable {
    /// One picture: its card's id and name, the picture, and what the descriptions add.
    struct Entry: Sendable {
        /// The picture's file name, numbered when two names read alike; unique in the deck.
        var id: String
        /// The name the descriptions give, else one made from the file name.
        var name: String
        var picture: RGBAImage
        /// What the descriptions say of the picture beyond its name; nil when they do not name it.
        var facts: Facts?
        /// What a game keeps the card's history under: the built-in deck's file name, or for
        /// a folder "png:" and a fingerprint of the picture's bytes, so a file renamed keeps
        /// its history (see `LearningRecord`).
        var key: String
    }

    /// How far loading has come.
    typealias Progress = DeckProgress

    var entries: [Entry]
    /// One line per problem, naming the file: a file skipped (unreadable, not a PNG…) or
    /// one the descriptions name that is not in the folder.
    var notices: [String]

    /// What the description list says about one picture: its file, its name, and the
    /// game's facts, read from the same entry.
    private struct Description: Decodable {
        var file: String
        var name: String?
        var facts: Facts

        private enum CodingKeys: String, CodingKey {
            case file, name
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            file = try container.decode(String.self, forKey: .file)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            facts = try Facts(from: decoder)
        }
    }

    /// The descriptions a deck uses, decoded one at a time: the first for each of the
    /// folder's pictures (`pictureNames` in the decoder's user info), and the first
    /// `namedMisses` naming anything else, which become notices; the rest of those are only
    /// counted, so a long list of files the folder does not hold costs no memory.
    private struct DescriptionList: Decodable {
        static var pictureNames: CodingUserInfoKey { CodingUserInfoKey(rawValue: "pictureNames")! }
        /// How many descriptions of files the folder does not hold are named in notices.
        static var namedMisses: Int { 20 }

        /// In the list's order: the pictures' descriptions and the named misses.
        var kept: [Description] = []
        /// Descriptions of files the folder does not hold, past the named ones.
        var unnamedMisses = 0

        /// No descriptions (no list, or one that could not be read).
        init() {}

        init(from decoder: any Decoder) throws {
            let pictures = decoder.userInfo[Self.pictureNames] as? Set<String> ?? []
            var list = try decoder.unkeyedContainer()
            var seen = Set<String>()
            var namedMisses = 0
            while !list.isAtEnd {
                let description = try list.decode(Description.self)
                if pictures.contains(description.file) {
                    if seen.insert(description.file).inserted { kept.append(description) }
                } else if seen.contains(description.file) {
                    continue  // a miss named already
                } else if namedMisses < Self.namedMisses {
                    seen.insert(description.file)
                    kept.append(description)
                    namedMisses += 1
                } else {
                    unnamedMisses += 1
                }
            }
        }
    }

    /// The most bytes a deck's descriptions may have (20,000 cards take about 2 MiB).
    static var descriptionLimit: Int { 4 << 20 }
    /// The most names of a folder looked at, and the most bytes the names of its pictures
    /// may take together (kept twice: as the file system has them, and as shown): a folder
    /// of a hundred thousand long names stays within a few tens of megabytes.
    static var maximumFolderEntries: Int { 100_000 }
    static var maximumNameBytes: Int { 8 << 20 }
    /// The most pictures a deck shows: past a thousand, a list of names or a pane of
    /// pictures is more than anyone can match, and loading takes minutes.
    static var maximumPictureCount: Int { 1000 }
    /// The most bytes the decoded pictures of one deck take together (32 MiB).
    static var pictureBudget: Int { 32 << 20 }

    /// The longest side, in pixels, each picture of a deck of `count` pictures is read at:
    /// `PNGDecoder.defaultLongestSide` (512) up to 32 pictures, then less, so that `count`
    /// square pictures stay within `pictureBudget` (91 pixels for a thousand, more than
    /// a picture among a thousand is ever shown at).
    static func longestSide(forDeckOf count: Int) -> Int {
        let square = (Double(pictureBudget / 4) / Double(max(1, count))).squareRoot()
        return min(PNGDecoder.defaultLongestSide, max(16, Int(square)))
    }

    /// Every PNG in `directory`, named by `descriptions` (a JSON list of objects with a
    /// file, a name and the game's facts) when present, else by their file names ("golden-gate.png" →
    /// "Golden Gate"). Files that cannot be read are skipped with a notice, and so are
    /// descriptions of files the folder does not hold. Unless `everyoneMayWrite`, files
    /// everyone may write are skipped too (`RegularFile.Problem.changeableByOthers`).
    ///
    /// A folder's cards are keyed by a fingerprint of each picture's bytes (`keyedByContent`),
    /// made from the bytes read for the picture: each file is opened and read once.
    ///
    /// `progress` hears before each picture and between its rows how far loading is; when
    /// it answers false, loading stops and the result is `DeckError.cancelled`.
    /// `isCancelled` is asked while the folder is listed and its names sorted, before any
    /// picture is read.
    static func load(directory: String, descriptions: String = "deck.json", keyedByContent: Bool = true,
                     everyoneMayWrite: Bool = true, progress: (Progress) -> Bool = { _ in true },
                     isCancelled: () -> Bool = { false }) -> Result<Self, DeckError> {
        guard let listing = DeckFile.listing(of: directory, limit: maximumFolderEntries,
                                             nameBytes: maximumNameBytes, isCancelled: isCancelled) else {
            return .failure(isCancelled() ? .cancelled : .unreadableFolder(directory))
        }
        let files = listing.files
        var notices: [String] = []
        if listing.namesTooLong {
            notices.append("Only the first \(files.count) pictures were looked at: the names of more "
                           + "would take over \(RegularFile.words(bytes: maximumNameBytes)).")
        } else if !listing.complete {
            notices.append("Only \(maximumFolderEntries) of the folder's files were looked at: it holds more.")
        }
        var described = DescriptionList()
        do {
            if let bytes = try RegularFile.readIfPresent(directory + "/" + descriptions, limit: descriptionLimit,
                                                         everyoneMayWrite: everyoneMayWrite) {
                let pictureNames = Set(files.filter(\.isPicture).map(\.name))
                if let list = try? JSON.decode(DescriptionList.self, from: bytes,
                                               userInfo: [DescriptionList.pictureNames: pictureNames]) {
                    described = list
                } else {
                    notices.append("\(descriptions) could not be read; names come from the file names.")
                }
            }
        } catch {
            notices.append("\(descriptions) could not be read (\(error)); names come from the file names.")
        }
        var named: [String: Description] = [:]
        for description in described.kept where named[description.file] == nil { named[description.file] = description }

        guard !isCancelled() else { return .failure(.cancelled) }
        var (pictures, orderNotices) = DeckFile.ordered(files, describedAs: described.kept.map(\.file),
                                                        descriptions: descriptions, otherNames: listing.otherNames,
                                                        knowsAllOtherNames: listing.allOtherNames,
                                                        sawWholeFolder: listing.complete)
        guard !isCancelled() else { return .failure(.cancelled) }
        notices += orderNotices
        if described.unnamedMisses > 0 {
            notices.append("\(descriptions) names \(described.unnamedMisses) more files that are not pictures in the folder.")
        }
        if pictures.count > maximumPictureCount {
            let skipped = pictures.count - maximumPictureCount
            notices.append("Skipped the last \(skipped) pictures: a deck shows at most \(maximumPictureCount).")
            pictures.removeLast(skipped)
        }
        let side = longestSide(forDeckOf: pictures.count)
        var entries: [Entry] = []
        var ids = Set<String>(), keys = Set<String>()
        let folder = Array(directory.utf8) + [UInt8(ascii: "/")]
        for (index, file) in pictures.enumerated() {
            var step = Progress(picture: index, total: pictures.count, file: file.name, fraction: 0)
            guard progress(step) else { return .failure(.cancelled) }
            do {
                let keepGoing = { (fraction: Double) -> Bool in
                    step.fraction = fraction
                    return progress(step)
                }
                let picture: RGBAImage, fingerprint: String?
                if keyedByContent {
                    (picture, fingerprint) = try PNGDecoder.decodeFingerprinted(
                        pathBytes: folder + file.bytes, name: file.name, longestSide: side,
                        fingerprintLimit: fingerprintLimit, everyoneMayWrite: everyoneMayWrite, keepGoing: keepGoing)
                } else {
                    picture = try PNGDecoder.decode(pathBytes: folder + file.bytes, name: file.name, longestSide: side,
                                                    everyoneMayWrite: everyoneMayWrite, keepGoing: keepGoing)
                    fingerprint = nil
                }
                let description = named[file.name]
                let id = uniqueID(file.name, among: &ids)
                // Two files of the same bytes are two cards: the second's key is numbered.
                let key = uniqueID(fingerprint.map { "png:" + $0 } ?? id, among: &keys)
                entries.append(Entry(id: id, name: (description?.name).map(\.composed) ?? displayName(of: file.name),
                                     picture: picture, facts: description?.facts, key: key))
            } catch .cancelled {
                return .failure(.cancelled)
            } catch {
                notices.append("Skipped \(file.name): \(error.reason)")
            }
        }
        guard !entries.isEmpty else { return .failure(.noPictures(directory, notices)) }
        return .success(PictureDeck(entries: entries, notices: notices))
    }

    /// The most bytes of a picture its fingerprint takes (past them, the size stands in).
    static var fingerprintLimit: Int { 16 << 20 }

    /// `name`, or `name (2)`, `name (3)`… when a card has it already (two file names that
    /// differ only in bytes that are not UTF-8 read alike).
    private static func uniqueID(_ name: String, among ids: inout Set<String>) -> String {
        var id = name
        var number = 2
        while !ids.insert(id).inserted {
            id = "\(name) (\(number))"
            number += 1
        }
        return id
    }

    /// A file name as a card name: "golden-gate_bridge.png" → "Golden Gate Bridge".
    static func displayName(of file: String) -> String {
        var stem = file.composed
        if let dot = stem.lastIndex(of: ".") { stem = String(stem[..<dot]) }
        return stem.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined(separator: " ")
    }
}

/// How far a deck's loading has come: picture `picture` (from 0) of `total` is being read,
/// and `fraction` of its rows are read.
struct DeckProgress: Equatable, Sendable {
    var picture: Int
    var total: Int
    /// The picture's file name, as shown.
    var file: String
    var fraction: Double

    /// The part of the whole deck read, 0–1.
    var overall: Double {
        total > 0 ? min(1, (Double(picture) + min(1, max(0, fraction))) / Double(total)) : 0
    }
}

/// A file in a deck's folder: its name as the file system holds it, and as it is shown.
struct DeckFile: Equatable, Sendable {
    /// The name's bytes, which need not be UTF-8: the file is opened by them.
    var bytes: [UInt8]
    /// The name as shown: bytes that are not UTF-8 replaced by "�", composed (NFC).
    var name: String

    init(bytes: [UInt8]) {
        self.bytes = bytes
        name = String(decoding: bytes, as: UTF8.self).composed
    }

    /// True for a `.png` file name (in any case).
    var isPicture: Bool { name.lowercased().hasSuffix(".png") }

    /// The `.png` files among the first `limit` entries of `directory` ("." and ".." aside),
    /// as long as their names take at most `nameBytes`; the names of the other files (at most
    /// `maximumOtherNames` of them, for notices); and whether that was all of the folder.
    /// Nil when it cannot be read as a folder, or `isCancelled` said so (asked every 1024 entries).
    static func listing(of directory: String, limit: Int = .max, nameBytes: Int = .max,
                        isCancelled: () -> Bool = { false })
        -> (files: [DeckFile], otherNames: Set<String>, complete: Bool, namesTooLong: Bool, allOtherNames: Bool)? {
        guard let folder = opendir(directory) else { return nil }
        defer { closedir(folder) }
        var files: [DeckFile] = []
        var otherNames = Set<String>()
        var looked = 0, bytesKept = 0
        var allOthers = true
        while let entry = readdir(folder) {
            let bytes = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if bytes == Array(".".utf8) || bytes == Array("..".utf8) { continue }
            guard looked < limit else { return (files, otherNames, false, false, allOthers) }
            looked += 1
            if looked % 1024 == 0 && isCancelled() { return nil }
            let file = DeckFile(bytes: bytes)
            if file.isPicture {
                bytesKept += bytes.count + file.name.utf8.count
                guard bytesKept <= nameBytes else { return (files, otherNames, false, true, allOthers) }
                files.append(file)
            } else if otherNames.count < maximumOtherNames {
                otherNames.insert(file.name)
            } else {
                allOthers = false
            }
        }
        return (files, otherNames, true, false, allOthers)
    }

    /// The most names of files that are not pictures kept for notices.
    static let maximumOtherNames = 1000

    /// The `.png` files of `files` in the order a deck shows them: first those `described`
    /// names (in its order, each once), then the rest by name; and a notice for each
    /// described name that is not a `.png` file of the folder (`descriptions` names the list).
    ///
    /// Linear but for the sort: names are looked up by hashing, never by searching a list.
    static func ordered(_ files: [DeckFile], describedAs described: [String],
                        descriptions: String, otherNames: Set<String> = [],
                        knowsAllOtherNames: Bool = true,
                        sawWholeFolder: Bool = true) -> (pictures: [DeckFile], notices: [String]) {
        let pictures = files.filter(\.isPicture)
        var pictureIndex: [String: Int] = [:]
        for (index, picture) in pictures.enumerated() where pictureIndex[picture.name] == nil {
            pictureIndex[picture.name] = index
        }
        let allNames = Set(files.map(\.name)).union(otherNames)
        var taken = [Bool](repeating: false, count: pictures.count)
        var seen = Set<String>()
        var ordered: [DeckFile] = []
        var notices: [String] = []
        for name in described where seen.insert(name).inserted {
            if let index = pictureIndex[name] {
                ordered.append(pictures[index])
                taken[index] = true
            } else {
                if allNames.contains(name) {
                    notices.append("\(descriptions) names \(name), which is not a .png file")
                } else if !sawWholeFolder {
                    notices.append("\(descriptions) names \(name), which was not among the files looked at")
                } else if knowsAllOtherNames {
                    notices.append("\(descriptions) names \(name), which is not in the folder")
                } else {
                    // Not every name of the folder was kept: it may be there, just not a picture.
                    notices.append("\(descriptions) names \(name), which is not a .png file of the folder")
                }
            }
        }
        let rest = pictures.indices.filter { !taken[$0] }.map { pictures[$0] }.sorted { a, b in
            a.name != b.name ? a.name < b.name : a.bytes.lexicographicallyPrecedes(b.bytes)
        }
        return (ordered + rest, notices)
    }
}

extension String {
    /// The string composed (Unicode NFC): "e" and a combining acute accent become "é".
    ///
    /// The grid draws one code point per cell and drops combining marks, so a name that
    /// arrives decomposed (as macOS writes file names) would lose its accents. The standard
    /// library's own NFC is used (Foundation's needs ICU, which doubles resident memory).
    var composed: String {
        String(decoding: _nfcCodeUnits, as: UTF8.self)
    }
}

/// Why a deck could not be shown, in words for the player.
enum DeckError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingAssets(String)
    case unreadableFolder(String)
    case noPictures(String, [String])
    /// The player left while the deck was loading.
    case cancelled

    /// How many of the reasons no picture could be read the message gives.
    static let noticesShown = 3

    var description: String {
        switch self {
        case .missingAssets(let message):
            return message
        case .unreadableFolder(let directory):
            return "The folder \(directory) does not exist or cannot be read."
        case .noPictures(let directory, let notices):
            // The first few reasons; a thousand of them would be more than a dialog can show.
            let shown = notices.prefix(Self.noticesShown).joined(separator: " ")
            let more = notices.count > Self.noticesShown ? " (and \(notices.count - Self.noticesShown) more)" : ""
            return "No pictures in \(directory): it has no readable PNG files."
                + (notices.isEmpty ? "" : " " + shown + more)
        case .cancelled:
            return "Loading the deck was cancelled."
        }
    }
}
