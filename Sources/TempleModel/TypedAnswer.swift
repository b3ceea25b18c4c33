/// Whether a typed name is the card's name, forgiving what a player should not lose a card for.
///
/// Case, accents, punctuation and spacing are ignored ("st george utah" is "St. George Utah
/// Temple"), "Saint" is "St.", the word "Temple" may be left out, added or misspelt
/// ("Kirtland Tempel", "SaltLakeTemple"), and one small typo in the name — a letter missing,
/// added, changed, or two neighbours swapped — is forgiven in a name of five letters or
/// more. An empty answer is never right.
///
/// Any script is compared alike: letters are compared as `Character`s, which are equal when
/// canonically equivalent (a letter and its accent typed as two code points is the letter
/// composed), in lower case; full-width Latin letters and digits, as an input method for
/// Chinese or Japanese types them, read as their ASCII. A name of symbols alone ("🏯🌸") is
/// answered by its symbols, spaces aside.
public enum TypedAnswer {
    /// True when `typed` names `name`. A typo never changes a digit ("Photo 2" is not
    /// "Photo 1"); a deck that holds both names also asks `exactlyNames` of the others.
    public static func matches(_ typed: String, name: String) -> Bool {
        let wanted = letters(of: name)
        guard !wanted.isEmpty else { return false }
        // The answer as typed, and without a last word (or ending) that reads as "temple".
        for answer in readings(of: typed) where !answer.isEmpty {
            if answer == wanted { return true }
            if wanted.count >= 5, answer.filter(\.isNumber) == wanted.filter(\.isNumber), isWithinOneEdit(answer, wanted) {
                return true
            }
        }
        return false
    }

    /// True when `typed` is `name` with nothing forgiven but case, accents, punctuation and
    /// the word "Temple": a typo of one card that is exactly another's name names the other.
    public static func exactlyNames(_ typed: String, name: String) -> Bool {
        let wanted = letters(of: name)
        return !wanted.isEmpty && readings(of: typed).contains(wanted)
    }

    /// `text` with its accented letters spelled plain ("Ağrı" → "Agri"), for a terminal that
    /// shows ASCII only; other letters stay as they are.
    public static func plainSpelling(_ text: String) -> String {
        var spelled = ""
        for character in text {
            let lower = Character(character.lowercased())
            guard !character.isASCII, let plain = accents.first(where: { $0.1.contains(lower) })?.0 else {
                spelled.append(character)
                continue
            }
            spelled += character == lower ? plain : plain.prefix(1).uppercased() + plain.dropFirst()
        }
        return spelled
    }

    /// The letters and digits of `text`, lower case and without accents, every word "temple"
    /// left out (unless that is all there is: a card named "Temple") and "saint" as "st".
    /// Text with no letter or digit at all gives its characters other than spaces.
    static func letters(of text: String) -> [Character] {
        let all = words(of: text)
        guard !all.isEmpty else { return text.filter { !$0.isWhitespace }.map { $0 } }
        let kept = all.filter { $0 != temple }
        return (kept.isEmpty ? all : kept).flatMap { $0 }
    }

    private static let temple = Array("temple")

    /// `text` in words of plain letters and digits ("saint" written "st").
    private static func words(of text: String) -> [[Character]] {
        var words: [[Character]] = [[]]
        for character in text.lowercased() {
            if let plain = folded(character) {
                words[words.count - 1].append(contentsOf: plain)
            } else if !(words.last ?? []).isEmpty {
                words.append([])
            }
        }
        return words.filter { !$0.isEmpty }.map { $0 == Array("saint") ? Array("st") : $0 }
    }

    /// What a typed answer may mean: its letters, and its letters without a last word that is
    /// "temple" give or take one typo ("Tempel", "Temples"), or without "temple" run onto
    /// the name ("SaltLakeTemple").
    private static func readings(of typed: String) -> [[Character]] {
        let typedWords = words(of: typed)
        var readings = [letters(of: typed)]
        if let last = typedWords.last, typedWords.count > 1, last != temple, isWithinOneEdit(last, temple) {
            readings.append(Array(typedWords.dropLast().filter { $0 != temple }.joined()))
        }
        // "KirtlandTemple", "Kirtlandtempel", "KirtlandTemples": an ending of 5 to 7 letters
        // that is "temple" give or take one typo.
        if let last = typedWords.last {
            for length in (temple.count - 1)...(temple.count + 1) where last.count > length + 1 {
                let ending = Array(last.suffix(length))
                guard ending == temple || isWithinOneEdit(ending, temple) else { continue }
                readings.append(Array((typedWords.dropLast() + [Array(last.dropLast(length))]).filter { $0 != temple }.joined()))
            }
        }
        return readings
    }

    /// A letter or digit as plain lower-case letters ("é" → "e", "ß" → "ss"), or nil for
    /// anything else (spaces, punctuation, symbols).
    private static func folded(_ character: Character) -> [Character]? {
        if character.isASCII { return character.isLetter || character.isNumber ? [character] : nil }
        // Full-width ASCII (U+FF01–FF5E) sits 0xFEE0 above the ASCII it stands for.
        if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
           (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) {
            return folded(Character(ascii))
        }
        guard character.isLetter || character.isNumber else { return nil }
        for (plain, accented) in accents where accented.contains(character) { return Array(plain) }
        return [character]
    }

    /// The accented Latin letters and the plain letters they are typed as.
    private static let accents: [(String, String)] = [
        ("a", "àáâãäåāăąạảấầẩẫậắằẳẵặ"), ("ae", "æ"), ("c", "çćč"), ("d", "ďđ"),
        ("e", "èéêëēėęěẹẻẽếềểễệ"), ("g", "ğ"), ("i", "ìíîïīįıỉị"), ("l", "łľĺ"), ("n", "ñńň"),
        ("o", "òóôõöøōőọỏốồổỗộơớờởỡợ"), ("oe", "œ"), ("r", "ř"), ("s", "śšşș"), ("ss", "ß"),
        ("t", "ťţț"), ("u", "ùúûüūůűụủưứừửữự"), ("y", "ýÿỳỵỷỹ"), ("z", "źżž"),
    ]

    /// True when `a` becomes `b` by one insertion, deletion, substitution or swap of two
    /// neighbours (Damerau's four typos).
    static func isWithinOneEdit(_ a: [Character], _ b: [Character]) -> Bool {
        if abs(a.count - b.count) > 1 { return false }
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        if start == a.count && start == b.count { return true }
        let restA = a[start...], restB = b[start...]
        if a.count == b.count {
            // One changed letter, or two neighbours swapped.
            if restA.dropFirst().elementsEqual(restB.dropFirst()) { return true }
            return restA.count >= 2 && restA[start] == restB[start + 1] && restA[start + 1] == restB[start]
                && restA.dropFirst(2).elementsEqual(restB.dropFirst(2))
        }
        // One letter more in the longer one.
        return a.count > b.count ? restA.dropFirst().elementsEqual(restB) : restB.dropFirst().elementsEqual(restA)
    }
}
