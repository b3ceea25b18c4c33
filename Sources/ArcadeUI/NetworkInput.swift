/// What a network connection brought a screen (`Input.network`): a connection opened, one line
/// it sent, or its end. The network layer (`NetworkSource`) reads the sockets; a screen only
/// ever sees these values, so what it does with them is as pure and replayable as a key.
public struct NetworkInput: Hashable, Sendable {
    public enum Event: Hashable, Sendable {
        /// Listening for players on `port` (the one asked for, or the one the system gave).
        case listening(port: Int)
        /// A player connected to the table this arcade hosts.
        case accepted
        /// This arcade's connection to a host is open.
        case connected
        /// One line the connection sent, without its newline (at most the connection's limit).
        case line([UInt8])
        /// The connection is gone, or could not be made, and why.
        case closed(String)
    }

    /// The connection's number, as the network layer gave it (0: the listener).
    public var connection: Int
    public var event: Event
    /// The run loop's clock (monotonic seconds) when it arrived.
    public var time: Double

    public init(connection: Int, event: Event, time: Double) {
        self.connection = connection
        self.event = event
        self.time = time
    }
}

/// A descriptor the run loop waits on beside the terminal: for reading, and for writing too
/// while something waits to be sent on it.
public struct WatchedDescriptor: Hashable, Sendable {
    public var descriptor: Int32
    public var forWriting: Bool

    public init(_ descriptor: Int32, forWriting: Bool = false) {
        self.descriptor = descriptor
        self.forWriting = forWriting
    }
}

/// The network as the run loop sees it: the descriptors to wait on, and what they brought
/// once ready. It never blocks: its sockets are non-blocking, and it reads and writes only
/// what the system has ready.
public protocol NetworkSource: AnyObject {
    /// The sockets to wait on now (none: the run loop waits on the terminal alone).
    var watched: [WatchedDescriptor] { get }
    /// The descriptors `ready` were found ready at `time`: read and write what can be, and
    /// say what arrived.
    func serve(_ ready: [Int32], at time: Double) -> [NetworkInput]
}
