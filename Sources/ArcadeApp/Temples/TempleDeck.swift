import TempleModel

/// A flashcard deck of temples with their pictures: the built-in temples, or any folder of
/// PNGs (`--deck`), read as every picture deck is (`PictureDeck`).
typealias TempleDeck = PictureDeck<TempleFacts>

/// What a temple deck's descriptions (`temples.json`, a folder's `deck.json`) say of a
/// temple beyond its name: where it stands and the year it was dedicated.
struct TempleFacts: Decodable, Sendable, Equatable {
    /// Where the temple stands, composed (NFC); empty when the deck does not say.
    var location: String
    var year: Int?

    private enum CodingKeys: String, CodingKey {
        case location, year
    }

    init(location: String, year: Int?) {
        self.location = location
        self.year = year
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        location = try container.decodeIfPresent(String.self, forKey: .location)?.composed ?? ""
        year = try container.decodeIfPresent(Int.self, forKey: .year)
    }
}

extension PictureDeck where Facts == TempleFacts {
    /// The built-in temples: `Temples/` found by `assets`, described by `temples.json`. In a
    /// folder found from the binary's location, files everyone may write are not used.
    static func builtIn(assets: AssetLocator) -> Result<TempleDeck, DeckError> {
        switch assets.folder("Temples") {
        case .success(let folder):
            return load(directory: folder.path, descriptions: "temples.json", keyedByContent: false,
                        everyoneMayWrite: folder.everyoneMayWriteFiles)
        case .failure(let error): return .failure(.missingAssets(error.description))
        }
    }
}

extension PictureDeck.Entry where Facts == TempleFacts {
    /// An entry of `card`'s picture, its dedication year and learn key.
    init(card: Flashcard, picture: RGBAImage, year: Int?, key: String) {
        self.init(id: card.id, name: card.name, picture: picture,
                  facts: TempleFacts(location: card.location, year: year), key: key)
    }

    /// The card as the model knows it: its id, name and location.
    var card: Flashcard {
        Flashcard(id: id, name: name, location: facts?.location ?? "")
    }

    /// The dedication year, when the deck gives one.
    var year: Int? { facts?.year }
}
