import ArcadeCore
import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import Testing

@testable import ArcadeApp

/// What the table says about a hand: payouts as paid, the totals after a split, a status
/// line never cut, the choices the buttons offer, and the coach's advice on a key of its own.
@Suite struct BlackjackStatusTests {
    init() { prepareForDrawing() }

    /// The game frames of an 80×24 and a 60×20 terminal (the key line taken off).
    static let wide = Frame(size: Size(width: 80, height: 23))
    static let narrow = Frame(size: Size(width: 60, height: 19))

    private typealias Card = BlackjackModel.Card

    /// A table past the welcome whose shoe deals the player `player`, the dealer `dealer`
    /// (up card first), then `next`, under `rules`.
    private func table(player: [Card], dealer: [Card], next: [Card] = [], rules: TableRules = TableRules()) -> BlackjackScreen {
        let stacked = [player[0], dealer[0], player[1], dealer[1]] + next
        return BlackjackScreen(game: BlackjackGame(seed: 11, rules: rules, stackedCards: stacked), showsNewGameAlert: false)
    }

    /// Let the dealer's play run to the end.
    private func finish(_ screen: inout BlackjackScreen, in frame: Frame = wide) {
        while screen.dealerPlay != nil { _ = screen.update(.tick(0.5), in: frame) }
    }

    /// The rows the status line may take (its own and the coach's under it), as drawn in `frame`.
    private func statusRows(_ screen: BlackjackScreen, in frame: Frame) -> String {
        let layout = BlackjackLayout(frame: frame)
        let lines = screen.text(in: frame).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return [layout.status.y, layout.coach.y].map { trimmed(lines[$0]) }.joined(separator: " ")
    }

    /// `line` without the spaces around it.
    private func trimmed(_ line: String) -> String {
        String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The row of the player's label: "You: 21" and, right, the stake or what the hand paid.
    private func playerLabelRow(_ screen: BlackjackScreen, in frame: Frame = wide) -> String {
        let lines = screen.text(in: frame).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines[BlackjackLayout(frame: frame).playerLabel.y]
    }

    // MARK: - A payout is labelled with what was paid

    @Test func aThreeToTwoNaturalIsLabelledWithWhatItPaid() {
        var screen = table(player: [Card(.ace, of: .spades), Card(.king, of: .hearts)],
                           dealer: [Card(.nine, of: .clubs), Card(.seven, of: .diamonds)],
                           rules: TableRules(blackjackPayout: .threeToTwo))
        for _ in 0..<4 { _ = screen.update(.key(.character("-")), in: Self.wide) }  // bet 10
        _ = screen.update(.key(.enter), in: Self.wide)
        #expect(screen.shownScore == 115)
        let text = screen.text(in: Self.wide)
        #expect(text.contains("Blackjack! You win 15"), "\(text)")
        #expect(playerLabelRow(screen).contains("✓ Won 15"))
        #expect(!text.contains("Won 10") && !text.contains("win 10"))
    }

    @Test func insuranceIsInTheHandsLabelAndASplitsResult() {
        // Insurance taken for 25 and lost; the hand of 20 wins 50: the score goes up by 25.
        let rules = TableRules(offersInsurance: true)
        var screen = table(player: [Card(.ten, of: .spades), Card(.queen, of: .hearts)],
                           dealer: [Card(.ace, of: .clubs), Card(.seven, of: .diamonds)], rules: rules)
        _ = screen.update(.key(.enter), in: Self.wide)
        _ = screen.update(.key(.character("i")), in: Self.wide)
        #expect(statusRows(screen, in: Self.wide).contains("No Blackjack: insurance loses 25."))
        _ = screen.update(.key(.character("s")), in: Self.wide)
        finish(&screen)
        #expect(screen.shownScore == 125)
        #expect(playerLabelRow(screen).contains("✓ Won 50 · insurance −25"), "\(playerLabelRow(screen))")

        // A split after insurance lost (a bet of 20, insurance 10): each hand, the insurance and the net.
        var split = table(player: [Card(.eight, of: .spades), Card(.eight, of: .hearts)],
                          dealer: [Card(.ace, of: .clubs), Card(.seven, of: .diamonds)],
                          next: [Card(.ten, of: .clubs), Card(.king, of: .hearts)], rules: rules)
        for _ in 0..<3 { _ = split.update(.key(.character("-")), in: Self.wide) }
        _ = split.update(.key(.enter), in: Self.wide)
        _ = split.update(.key(.character("i")), in: Self.wide)
        _ = split.update(.key(.character("p")), in: Self.wide)
        _ = split.update(.key(.character("s")), in: Self.wide)
        _ = split.update(.key(.character("s")), in: Self.wide)
        finish(&split)
        // 18 and 18 against soft 18: two pushes, the insurance lost.
        #expect(split.shownScore == 90)
        #expect(statusRows(split, in: Self.wide).contains("Hand 1 pushes · Hand 2 pushes · insurance −10 · net −10"))
        #expect(playerLabelRow(split).contains("insurance −10"))
    }

    /// The last hand's sentence in the game-over box names the insurance as the status line
    /// does: a dealer natural against an insured hand costs nothing, and the box says why.
    @Test func theGameOverBoxNamesTheInsuranceOfTheLastHand() throws {
        // Four hands of 20 against 17, then 19 against a dealer natural, insured.
        let win = [Card(.ten, of: .spades), Card(.ten, of: .clubs), Card(.ten, of: .hearts), Card(.seven, of: .diamonds)]
        let last = [Card(.ten, of: .spades), Card(.ace, of: .clubs), Card(.nine, of: .hearts), Card(.king, of: .diamonds)]
        let stacked = Array(repeating: win, count: BlackjackGame.handsPerGame - 1).flatMap { $0 } + last
        var screen = BlackjackScreen(game: BlackjackGame(seed: 11, rules: TableRules(offersInsurance: true),
                                                         stackedCards: stacked),
                                     showsNewGameAlert: false)
        for _ in 1..<BlackjackGame.handsPerGame {
            _ = screen.update(.key(.enter), in: Self.wide)
            _ = screen.update(.key(.character("s")), in: Self.wide)
            finish(&screen)
        }
        _ = screen.update(.key(.enter), in: Self.wide)
        #expect(screen.mode == .insurance)
        let before = screen.game.score
        _ = screen.update(.key(.character("i")), in: Self.wide)
        finish(&screen)
        #expect(screen.game.isGameOver && screen.game.score == before)
        let over = try #require(screen.gameOver(in: Self.wide))
        #expect(over.message.contains("Insurance pays 50. Dealer has Blackjack — you lose 50."), "\(over.message)")
    }

    // MARK: - The totals after splitting aces

    @Test func afterSplittingAcesTheLineGivesEachHandsTotal() {
        // A♣ A♥ against 8♦: hand 1 draws a Ten (21), hand 2 a Nine (soft 20); both stand.
        var screen = table(player: [Card(.ace, of: .clubs), Card(.ace, of: .hearts)],
                           dealer: [Card(.eight, of: .diamonds), Card(.nine, of: .spades)],
                           next: [Card(.ten, of: .clubs), Card(.nine, of: .hearts)])
        _ = screen.update(.key(.enter), in: Self.wide)
        _ = screen.update(.key(.character("p")), in: Self.wide)
        let rows = statusRows(screen, in: Self.wide)
        #expect(rows.contains("Hand 1 drew a Ten (21)"), "\(rows)")
        #expect(rows.contains("Hand 2 drew a Nine (20)"), "\(rows)")
        #expect(!rows.contains("a Ten (20)"))
    }

    // MARK: - The status line is never cut

    @Test func aLongResultWrapsOntoTheRowUnderItWhole() {
        // Eights split into four hands: 18, 16, 18 and 18 against the dealer's 17.
        let eight = { (suit: Suit) in Card(.eight, of: suit) }
        var screen = table(player: [eight(.spades), eight(.hearts)], dealer: [Card(.ten, of: .clubs), Card(.seven, of: .diamonds)],
                           next: [eight(.clubs), eight(.diamonds), Card(.ten, of: .spades), eight(.spades),
                                  Card(.ten, of: .hearts), Card(.ten, of: .diamonds), Card(.two, of: .clubs)])
        for _ in 0..<3 { _ = screen.update(.key(.character("-")), in: Self.wide) }  // bet 20: room for four
        _ = screen.update(.key(.enter), in: Self.wide)
        _ = screen.update(.key(.character("p")), in: Self.wide)  // 8 8 | 8
        _ = screen.update(.key(.character("p")), in: Self.wide)  // 8 8 | 8 | 8
        _ = screen.update(.key(.character("p")), in: Self.wide)  // 8 10 | 8 | 8 | 8
        for _ in 0..<4 { _ = screen.update(.key(.character("s")), in: Self.wide) }
        finish(&screen)
        #expect(screen.game.playerHands.count == 4)
        for frame in [Self.wide, Self.narrow] {
            let rows = statusRows(screen, in: frame)
            #expect(!rows.contains("…"), "\(rows)")
            let net = screen.game.totalScoreChange
            #expect(rows.contains("net " + (net > 0 ? "+\(net)" : net < 0 ? "−\(-net)" : "0")), "\(rows)")
        }
        #expect(statusRows(screen, in: Self.wide).contains("Hand 4"), "at 80 columns each hand by name")
    }

    @Test func theInsuranceLineAndTheChoicesAreShownWhole() {
        // 5 7 against an ace, insurance taken and lost: the result, the total and every choice.
        var screen = table(player: [Card(.five, of: .spades), Card(.seven, of: .hearts)],
                           dealer: [Card(.ace, of: .clubs), Card(.seven, of: .diamonds)],
                           next: [Card(.two, of: .clubs)], rules: TableRules(offersInsurance: true))
        for _ in 0..<4 { _ = screen.update(.key(.character("-")), in: Self.wide) }  // bet 10
        _ = screen.update(.key(.enter), in: Self.wide)
        _ = screen.update(.key(.character("i")), in: Self.wide)
        for frame in [Self.wide, Self.narrow] {
            let rows = statusRows(screen, in: frame)
            #expect(!rows.contains("…"), "\(rows)")
            #expect(rows.contains("insurance loses 5.") || rows.contains("Insurance loses 5."), "\(rows)")
            #expect(rows.contains("Surrender"), "\(rows)")
        }
    }

    /// Hands played at random at 80×24 and 60×20, the coach on and off: no line is cut, a
    /// settled hand's payout is on it, and on a decision it names every enabled button.
    @Test(arguments: [wide, narrow])
    func noStatusLineIsCutAndItNamesWhatTheButtonsOffer(frame: Frame) {
        var random = SeededGenerator(seed: 7)
        let rulesChoices = [TableRules(), TableRules(blackjackPayout: .threeToTwo, offersInsurance: true),
                            TableRules(decks: 1, dealerHitsSoft17: true, offersInsurance: true)]
        for seed in UInt64(1)...30 {
            var screen = BlackjackScreen(game: BlackjackGame(seed: seed, rules: rulesChoices[Int(seed) % 3]),
                                         showsNewGameAlert: false)
            if seed % 2 == 0 { _ = screen.update(.key(.character("c")), in: frame) }
            var inputs = 0
            while screen.alert != .gameOver, inputs < 300 {
                inputs += 1
                let before = screen.mode, handBefore = screen.game.handNumber
                let key: Key
                switch screen.mode {
                case .betting:
                    key = [.enter, .enter, .character("+"), .character("-")].randomElement(using: &random)!
                case .insurance:
                    key = [.character("i"), .character("n")].randomElement(using: &random)!
                case .hand:
                    let plays = screen.game.allowedActions.map { Self.key(for: $0) }
                    key = (plays + [.character("b")]).randomElement(using: &random)!
                default:
                    key = .enter
                }
                if before == .dealerPlay, Bool.random(using: &random) {
                    _ = screen.update(.tick(0.5), in: frame)
                } else {
                    _ = screen.update(.key(key), in: frame)
                }
                guard screen.alert != .gameOver else { break }
                let rows = statusRows(screen, in: frame)
                #expect(!rows.contains("…"), "seed \(seed): \(rows)")
                if screen.mode == .hand {
                    for (button, _) in screen.actionButtons.buttons where button.isEnabled && button.title != "Deal" {
                        #expect(rows.contains(button.title), "seed \(seed): \(button.title) not in \(rows)")
                    }
                }
                let justSettled = before != .betting || screen.game.handNumber != handBefore  // a natural settles at the deal
                if screen.mode == .betting, justSettled, let outcome = screen.game.outcome {
                    // Just settled: what each hand paid is on the line; the label says what it paid.
                    for change in screen.game.handScoreChanges where change != 0 {
                        #expect(Self.saysPayout(change, in: rows), "seed \(seed): \(change) not in \(rows)")
                    }
                    if !screen.game.isSplit, outcome.isWin {
                        let paid = screen.game.handScoreChanges[0]
                        #expect(playerLabelRow(screen, in: frame).contains("Won \(paid)"), "seed \(seed)")
                    }
                }
            }
        }
    }

    /// True when `rows` word the payout `change` whole, as the line says it: "win 15",
    /// "Hand 2 loses 10", "+15", "−10" (and not a "5" inside a "15").
    static func saysPayout(_ change: Int, in rows: String) -> Bool {
        let amount = String(abs(change))
        let phrases: [[String]] = change > 0 ? [["win", amount], ["wins", amount], ["+" + amount]]
            : [["lose", amount], ["loses", amount], ["−" + amount]]
        let words = rows.split(separator: " ").map { word in
            String(word.reversed().drop { ".,;:!".contains($0) }.reversed())
        }
        return phrases.contains { phrase in
            words.indices.contains { Array(words[$0...].prefix(phrase.count)) == phrase }
        }
    }

    /// The key that plays `action` (also used by the drill's tests).
    static func key(for action: PlayerAction) -> Key {
        switch action {
        case .hit: .character("h")
        case .stand: .character("s")
        case .doubleDown: .character("d")
        case .split: .character("p")
        case .surrender: .character("r")
        }
    }

    // MARK: - The line offers what the buttons offer

    @Test func theLineNamesEveryEnabledButton() {
        var pair = table(player: [Card(.ace, of: .diamonds), Card(.ace, of: .diamonds)],
                         dealer: [Card(.six, of: .clubs), Card(.ten, of: .hearts)])
        _ = pair.update(.key(.enter), in: Self.wide)
        let enabled = pair.actionButtons.buttons.filter(\.button.isEnabled).map(\.button.title)
        #expect(enabled == ["Hit", "Stand", "Double", "Split", "Surrender"])
        let rows = statusRows(pair, in: Self.wide)
        #expect(rows.contains("Split") && rows.contains("Surrender"), "\(rows)")

        var fourteen = table(player: [Card(.ten, of: .diamonds), Card(.four, of: .spades)],
                             dealer: [Card(.six, of: .clubs), Card(.ten, of: .hearts)])
        for _ in 0..<5 { _ = fourteen.update(.key(.character("+")), in: Self.wide) }  // bet 100: no double
        _ = fourteen.update(.key(.enter), in: Self.wide)
        #expect(fourteen.actionButtons.buttons.filter(\.button.isEnabled).map(\.button.title)
            == ["Hit", "Stand", "Surrender"])
        #expect(statusRows(fourteen, in: Self.wide).contains("You can Hit, Stand or Surrender"))
    }

    // MARK: - The coach's advice has its own key; ? is help

    @Test func withTheCoachOnQuestionMarkIsHelpAndAdviceHasItsOwnKey() {
        var screen = table(player: [Card(.ten, of: .spades), Card(.six, of: .hearts)],
                           dealer: [Card(.six, of: .clubs), Card(.ten, of: .diamonds)])
        _ = screen.update(.key(.character("c")), in: Self.wide)
        _ = screen.update(.key(.enter), in: Self.wide)
        #expect(!screen.consumes(.character("?"), in: Self.wide), "? is help during a hand too")
        var shell = TestShell.hosting(screen, as: .blackjack)
        #expect(shell.text.contains("b advice") && shell.text.contains("? help"))
        _ = shell.update(.key(.character("b")))
        #expect(shell.text.contains("Advice: stand on 16 against a 6."))
        _ = shell.update(.key(.character("?")))
        #expect(shell.overlay == .help)
        #expect(shell.text.contains("the coach (b: its advice); its chart (d: drill)"))
    }
}
