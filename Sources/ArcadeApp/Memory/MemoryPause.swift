/// A moment a Memory board waits out on its own clock, such as a mismatch before it turns back.
///
/// It is timed from the first tick after it began, not from `now` at the turn: while the
/// game clock runs, ticks come twice a second, so at a key press `now` can be half a
/// second old. The screen asks for a tick at once (see `tickInterval`); that tick's time,
/// most of it from before the press, does not count.
struct MemoryPause: Equatable {
    /// Seconds it lasts from its first tick.
    let duration: Double
    /// When it ends on the board's clock; nil until its first tick.
    private(set) var endsAt: Double?

    init(_ duration: Double) {
        self.duration = duration
    }

    /// Whether it has run out at `now`, the board's clock after a tick (the first one starts it).
    mutating func isOver(after now: Double) -> Bool {
        guard let endsAt else {
            endsAt = now + duration
            return false
        }
        return now >= endsAt - MemoryBoardPage.roundingSlack
    }
}

