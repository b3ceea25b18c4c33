import ArcadeTestSupport
import ArcadeUI
import BlackjackModel
import Testing

@testable import ArcadeApp

/// What the end-to-end hand of Blackjack showed, on the screen itself: a stand on 17 against
/// a dealer who draws and busts wins the bet, with a cue for each card dealt and one for the
/// win (that the cues reach a real sound command is SoundTests' and SoundEndToEndTests').
@Suite struct BlackjackFromEndToEndTests {
    init() { prepareForDrawing() }

    private typealias Card = BlackjackModel.Card

    @Test func aStandAgainstADealerWhoBustsWinsTheBetWithItsCues() {
        // Player 10♦ 7♦ (17), dealer J♠ and 6♣ (16), who must draw: K♥ busts.
        let cards = [Card(.ten, of: .diamonds), Card(.jack, of: .spades), Card(.seven, of: .diamonds),
                     Card(.six, of: .clubs), Card(.king, of: .hearts)]
        var screen = BlackjackScreen(game: BlackjackGame(seed: 11, stackedCards: cards), scores: [],
                                     showsNewGameAlert: false)
        var cues = screen.update(.key(.enter))  // the deal
        #expect(cues == [.sound(.cardDrawn), .sound(.cardDrawn)])
        var grid = CellGrid(size: Size(width: 80, height: 23), theme: Theme())
        screen.render(into: &grid)
        #expect(grid.text.contains("You: 17") && grid.text.contains("Dealer: 10 + ?"), "\(grid.text)")
        #expect(screen.status.text == "You have 17. You can Hit, Stand, Double down or Surrender")

        cues = screen.update(.key(.character("s")))
        var ticks = 0
        while screen.wantsTicks && ticks < 20 {  // the dealer's cards, half a second apart
            cues += screen.update(.tick(0.5))
            ticks += 1
        }
        #expect(cues == [.sound(.handWon)])
        #expect(screen.status.text == "Dealer busts — you win 50", "\(screen.status.text)")
        #expect(screen.shownScore == 150)
    }
}
