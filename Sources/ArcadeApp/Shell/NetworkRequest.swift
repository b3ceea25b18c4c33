import ArcadeUI

/// What a game played over the network asks of the sockets (`GameEffect.network`). The
/// runtime carries it out on the arcade's `SocketNetwork`, which the run loop also waits on;
/// what comes back arrives as `Input.network` (and, for what is known at once, as
/// `RuntimeReport.network`).
public enum NetworkRequest: Equatable, Sendable {
    /// Listen for players on `host` (a numeric address) and `port` (0: any free one), for
    /// lines of at most `lineLimit` bytes: `.listening(port:)` or `.closed(why)` comes back.
    case listen(host: String, port: Int, lineLimit: Int)
    /// Connect to a host: `.connected` or `.closed(why)` comes back.
    case connect(host: String, port: Int, lineLimit: Int)
    /// Send `bytes` on `connection`.
    case send(connection: Int, bytes: [UInt8])
    /// Close `connection`.
    case close(connection: Int)
    /// Stop listening and close every connection (the game was left).
    case closeAll
}
