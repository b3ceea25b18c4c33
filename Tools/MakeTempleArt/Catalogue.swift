import FoundationEssentials

/// One entry of `temples.json`: the picture file and the facts shown with it.
struct CatalogueEntry: Decodable {
    var file: String
    var name: String
    var location: String
    var year: Int
}

/// Checks that `temples.json` in the output directory lists exactly the pictures that
/// have sources, once each, with a name and location that are not empty.
enum Catalogue {
    /// Problems found comparing the catalogue at `path` with the source `slugs`.
    static func problems(at path: String, slugs: [String]) -> [String] {
        guard let bytes = Files.contents(of: path) else {
            return ["\(path): cannot read the catalogue"]
        }
        let entries: [CatalogueEntry]
        do {
            entries = try JSONDecoder().decode([CatalogueEntry].self, from: Data(bytes))
        } catch {
            return ["\(path): not an array of {file, name, location, year}: \(error)"]
        }
        var problems: [String] = []
        var seen: Set<String> = []
        let expected = Set(slugs.map { $0 + ".png" })
        for entry in entries {
            if !seen.insert(entry.file).inserted {
                problems.append("\(path): \(entry.file) is listed more than once")
            }
            if !expected.contains(entry.file) {
                problems.append("\(path): \(entry.file) has no source picture")
            }
            if entry.name.isEmpty || entry.location.isEmpty {
                problems.append("\(path): \(entry.file) needs a name and a location")
            }
        }
        for file in expected.sorted() where !seen.contains(file) {
            problems.append("\(path): \(file) is not listed")
        }
        return problems
    }
}
