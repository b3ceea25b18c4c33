/// The game on screen: its catalog entry, its screen, its seed, and the session of play it
/// belongs to (its runs are named by it: see `ScoreRecord.run`).
///
/// The entry and the screen are held in a box that is copied only when the screen is changed
/// while the box is shared (copy on write), so the value stays a value. The shell asks the
/// game something for every key read (does it fit, is it over, is it timed); an optional
/// holding the screen and the entry themselves would be copied whole for each question, a
/// dozen closures and the screen's storage retained and released every time.
struct ActiveGame {
    private final class Box {
        let info: GameInfo
        var screen: any GameScreen
        init(info: GameInfo, screen: any GameScreen) {
            self.info = info
            self.screen = screen
        }
    }

    private var box: Box
    let seed: UInt64?
    let session: String

    init(info: GameInfo, screen: any GameScreen, seed: UInt64?, session: String) {
        box = Box(info: info, screen: screen)
        self.seed = seed
        self.session = session
    }

    var info: GameInfo {
        _read { yield box.info }
    }

    var screen: any GameScreen {
        _read { yield box.screen }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(info: box.info, screen: box.screen) }
            yield &box.screen
        }
    }
}
