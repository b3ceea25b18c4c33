import SetModel
import Testing

/// Why three cards are not a set, feature by feature.
@Suite struct SetMismatchTests {
    private func card(_ number: Card.Number, _ symbol: Card.Symbol, _ shading: Card.Shading, _ color: Card.Color) -> Card {
        Card(number: number, symbol: symbol, shading: shading, color: color)
    }

    @Test func aSetHasNoMismatch() {
        let a = card(.one, .circle, .solid, .red), b = card(.two, .circle, .striped, .green)
        let c = card(.three, .circle, .open, .purple)
        #expect(SetMismatch.of(a, b, c).isEmpty)
    }

    @Test func eachFailingFeatureNamesTheOddCard() {
        // Colours red, red, green: the third is the odd one; the rest all same or all different.
        let a = card(.one, .circle, .solid, .red), b = card(.two, .circle, .striped, .red)
        let c = card(.three, .circle, .open, .green)
        #expect(SetMismatch.of(a, b, c) == [SetMismatch(feature: .color, oddCard: 2)])
        // Shapes and shadings failing too, the odd card in the middle and first.
        let d = card(.one, .square, .open, .red), e = card(.one, .circle, .open, .green)
        let f = card(.one, .square, .solid, .green)
        #expect(SetMismatch.of(d, e, f) == [SetMismatch(feature: .color, oddCard: 0),
                                             SetMismatch(feature: .symbol, oddCard: 1),
                                             SetMismatch(feature: .shading, oddCard: 2)])
    }

    @Test func aMismatchIsFoundExactlyWhenTheRuleFails() {
        let deck = SetGame.fullDeck
        for (index, a) in deck.enumerated() where index % 7 == 0 {
            for b in deck.prefix(40) where b != a {
                for c in deck.suffix(30) where c != a && c != b {
                    let reasons = SetMismatch.of(a, b, c)
                    #expect(reasons.isEmpty == SetGame.isSet(a, b, c))
                    for reason in reasons {
                        let trio = [a, b, c], odd = trio[reason.oddCard]
                        let others = trio.indices.filter { $0 != reason.oddCard }.map { trio[$0] }
                        switch reason.feature {
                        case .color: #expect(others[0].color == others[1].color && odd.color != others[0].color)
                        case .symbol: #expect(others[0].symbol == others[1].symbol && odd.symbol != others[0].symbol)
                        case .shading: #expect(others[0].shading == others[1].shading && odd.shading != others[0].shading)
                        case .number: #expect(others[0].number == others[1].number && odd.number != others[0].number)
                        }
                    }
                }
            }
        }
    }
}
