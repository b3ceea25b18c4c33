/// Whether a typed name is the card's name, forgiving what a player should not lose a card for.
///
/// Case, accents, punctuation and spacing are ignored ("st george utah" is "St. George Utah
/// Temple"), so is the word "Temple" anywhere, and one small typo — a letter missing, added,
/// changed, or two neighbours swapped — is forgiven in a name of five letters or more. An
/// empty answer is never right.
public enum TypedAnswer {
    /// True when `typed` names `name`.
    public static func matches(_ typed: String, name: String) -> Bool {
        let answer = letters(of: typed), wanted = letters(of: name)
        guard !answer.isEmpty, !wanted.isEmpty else { return false }
        if answer == wanted { return true }
        return wanted.count >= 5 && isWithinOneEdit(answer, wanted)
    }

    /// The letters and digits of `text`, lower case and without accents, with every word
    /// "temple" left out.
    static func letters(of text: String) -> [Character] {
        var words: [[Character]] = [[]]
        for character in text.lowercased() {
            if let plain = folded(character) {
                words[words.count - 1].append(contentsOf: plain)
            } else if !(words.last ?? []).isEmpty {
                words.append([])
            }
        }
        return words.filter { $0 != Array("temple") }.flatMap { $0 }
    }

    /// A letter or digit as plain lower-case letters ("é" → "e", "ß" → "ss"), or nil for
    /// anything else (spaces, punctuation, symbols).
    private static func folded(_ character: Character) -> [Character]? {
        if character.isASCII { return character.isLetter || character.isNumber ? [character] : nil }
        guard character.isLetter || character.isNumber else { return nil }
        for (plain, accented) in accents where accented.contains(character) { return Array(plain) }
        return [character]
    }

    /// The accented Latin letters and the plain letters they are typed as.
    private static let accents: [(String, String)] = [
        ("a", "àáâãäåāăą"), ("ae", "æ"), ("c", "çćč"), ("d", "ďđ"), ("e", "èéêëēėęě"),
        ("i", "ìíîïīį"), ("n", "ñńň"), ("o", "òóôõöøō"), ("oe", "œ"), ("r", "ř"),
        ("s", "śšş"), ("ss", "ß"), ("t", "ťţ"), ("u", "ùúûüūůű"), ("y", "ýÿ"), ("z", "źżž"),
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
