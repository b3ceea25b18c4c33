/// What a Set score is kept with: the sets found and the time played (m:ss).
struct SetFigures: ScoreFigures, Equatable {
    var sets: Int
    var time: String
    /// The seconds played, kept beside the score (not among the figures).
    var duration: Double?
    /// The mode played ("versus normal"; nil for the classic game), kept beside the score.
    var mode: String?
    /// The computer's score, in a game against it.
    var computer: Int?
    /// At a table for friends: everyone's scores, best first ("Ann 12, Bob 9"), and the
    /// winner (several, comma-separated, for a tie).
    var table: String?
    var winner: String?

    var stored: [String: String] {
        var figures = ["sets": String(sets), "time": time]
        if let computer { figures["computer"] = String(computer) }
        if let table { figures["table"] = table }
        if let winner { figures["winner"] = winner }
        return figures
    }

    init(sets: Int, time: String, duration: Double? = nil) {
        self.sets = sets
        self.time = time
        self.duration = duration
    }

    init?(stored: [String: String]) {
        guard let sets = stored["sets"].flatMap({ Int($0) }), let time = stored["time"] else { return nil }
        self.init(sets: sets, time: time)
        computer = stored["computer"].flatMap { Int($0) }
        table = stored["table"]
        winner = stored["winner"]
    }
}
