import ArcadeUI
import Glibc

/// TCP connections for a game played over the network, served by the run loop (`NetworkSource`).
///
/// Every socket is non-blocking and waited on in the run loop's `poll`, beside the terminal:
/// no thread, and no call that waits on a peer. What a connection sends is cut into lines of at
/// most its limit, newline included (a longer line closes it); what is sent to it waits in a buffer of at most
/// `outgoingLimit` bytes (a peer that does not read closes instead of filling memory). A host
/// keeps at most `connectionLimit` connections: one more is accepted and closed at once, so the
/// queue of a listener under a flood of connections keeps moving.
public final class SocketNetwork: NetworkSource {
    /// The most bytes waiting to be sent to one connection.
    public static let outgoingLimit = 64 * 1024
    /// The most bytes read from one connection each time it is ready.
    static let readChunk = 4096

    public let connectionLimit: Int
    private var listener: Int32?
    private var listenerLineLimit = 0
    /// Accepting failed for want of descriptors: the listener is not waited on until a
    /// connection closes (else `poll` would find it ready, in vain, for ever).
    private var listenerResting = false
    private var connections: [Int: Connection] = [:]
    private var nextNumber = 1

    private struct Connection {
        let descriptor: Int32
        var reader: Reader
        var outgoing: [UInt8] = []
        var connecting: Bool
    }

    /// Lines of at most `limit` bytes out of a byte stream.
    private struct Reader {
        let limit: Int
        var pending: [UInt8] = []
    }

    public init(connectionLimit: Int = 64) {
        self.connectionLimit = connectionLimit
    }

    deinit { closeAll() }

    /// Listen on `host` (a numeric IPv4 or IPv6 address) and `port` (0: any free port), for
    /// connections whose lines are at most `lineLimit` bytes. Returns the port listened on, or
    /// why it could not listen.
    public func listen(host: String, port: Int, lineLimit: Int) -> Result<Int, NetworkError> {
        closeListener()
        guard let address = Self.address(host: host, port: port, passive: true) else {
            return .failure(NetworkError("\(host) is not an address to listen on"))
        }
        defer { freeaddrinfo(address) }
        let descriptor = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(NetworkError.fromErrno("socket")) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0,
              Glibc.listen(descriptor, 64) == 0 else {
            let error = NetworkError.fromErrno("listening on \(host):\(port)")
            Glibc.close(descriptor)
            return .failure(error)
        }
        listener = descriptor
        listenerLineLimit = lineLimit
        return .success(Self.localPort(of: descriptor) ?? port)
    }

    /// Start connecting to `host` (a numeric address, or `localhost` for 127.0.0.1) and
    /// `port`, for lines of at most `lineLimit` bytes (newline included): the connection's
    /// number, whose `connected` or `closed` comes through `serve`. Names are not looked up:
    /// a lookup can wait on the network for seconds, and the game would stand still.
    public func connect(host: String, port: Int, lineLimit: Int) -> Result<Int, NetworkError> {
        let numeric = host == "localhost" ? "127.0.0.1" : host
        guard let address = Self.address(host: numeric, port: port, passive: false) else {
            return .failure(NetworkError("\(host) is not an address (names are not looked up: use the host's address, e.g. 192.168.1.20)"))
        }
        defer { freeaddrinfo(address) }
        let descriptor = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(NetworkError.fromErrno("socket")) }
        Self.sendAtOnce(descriptor)
        if Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) != 0 && errno != EINPROGRESS {
            let error = NetworkError.fromErrno("connecting to \(host):\(port)")
            Glibc.close(descriptor)
            return .failure(error)
        }
        let number = nextNumber
        nextNumber += 1
        connections[number] = Connection(descriptor: descriptor, reader: Reader(limit: lineLimit), connecting: true)
        return .success(number)
    }

    /// Queue `bytes` to be sent on `connection`; false (and the connection closed) when its
    /// peer has left more than `outgoingLimit` bytes unread.
    @discardableResult
    public func send(_ bytes: [UInt8], to connection: Int) -> Bool {
        guard var open = connections[connection] else { return false }
        open.outgoing += bytes
        guard open.outgoing.count <= Self.outgoingLimit else {
            close(connection)
            return false
        }
        if !open.connecting { flush(&open) }
        connections[connection] = open
        return true
    }

    /// Close `connection` (what is still queued for it is dropped).
    public func close(_ connection: Int) {
        guard let open = connections.removeValue(forKey: connection) else { return }
        Glibc.close(open.descriptor)
        listenerResting = false
    }

    /// Stop listening and close every connection.
    public func closeAll() {
        closeListener()
        for number in Array(connections.keys) { close(number) }
    }

    /// The connections open now, by number.
    public var openConnections: [Int] { connections.keys.sorted() }

    /// Whether `connection` is open.
    public func isOpen(_ connection: Int) -> Bool { connections[connection] != nil }

    public var watched: [WatchedDescriptor] {
        (listenerResting ? [] : listener.map { [WatchedDescriptor($0)] } ?? [])
            + connections.values.map { WatchedDescriptor($0.descriptor, forWriting: $0.connecting || !$0.outgoing.isEmpty) }
    }

    public func serve(_ ready: [Int32], at time: Double) -> [NetworkInput] {
        var arrived: [NetworkInput] = []
        if let listener, ready.contains(listener) { arrived += acceptWaiting(at: time) }
        for number in connections.keys.sorted() {
            guard var open = connections[number], ready.contains(open.descriptor) else { continue }
            if open.connecting {
                var failure: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(open.descriptor, SOL_SOCKET, SO_ERROR, &failure, &length)
                if failure != 0 {
                    close(number)
                    arrived.append(NetworkInput(connection: number, event: .closed(String(cString: strerror(failure))), time: time))
                    continue
                }
                open.connecting = false
                arrived.append(NetworkInput(connection: number, event: .connected, time: time))
            }
            flush(&open)
            arrived += readLines(number, &open, at: time)
        }
        return arrived
    }

    // MARK: - Private

    private func closeListener() {
        if let listener { Glibc.close(listener) }
        listener = nil
        listenerResting = false
    }

    /// Send each line as soon as it is written (TCP_NODELAY): a game's lines are small and
    /// wanted at once, and waiting to gather them (Nagle's algorithm, with the peer's delayed
    /// acknowledgement) holds a verdict back for tens of milliseconds.
    private static func sendAtOnce(_ descriptor: Int32) {
        var yes: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Accept every connection waiting (up to a few dozen a turn), each with what it has sent
    /// so far: those over the limit are closed at once.
    private func acceptWaiting(at time: Double) -> [NetworkInput] {
        guard let listener else { return [] }
        var arrived: [NetworkInput] = []
        for _ in 0..<64 {
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else {
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM { listenerResting = true }
                break
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            Self.sendAtOnce(descriptor)
            guard connections.count < connectionLimit else {
                Glibc.close(descriptor)
                continue
            }
            let number = nextNumber
            nextNumber += 1
            var open = Connection(descriptor: descriptor, reader: Reader(limit: listenerLineLimit), connecting: false)
            connections[number] = open
            arrived.append(NetworkInput(connection: number, event: .accepted, time: time))
            // What it sent already comes with it, before the next connection: a player who
            // says hello at once is greeted before a flood accepted after it can crowd it out.
            arrived += readLines(number, &open, at: time)
        }
        return arrived
    }

    /// Read connection `number` (`open`): its whole lines, and its end if it ends (the
    /// connection is then closed; else kept as read).
    private func readLines(_ number: Int, _ open: inout Connection, at time: Double) -> [NetworkInput] {
        let (lines, end) = read(&open)
        var arrived = lines.map { NetworkInput(connection: number, event: .line($0), time: time) }
        if let end {
            close(number)
            arrived.append(NetworkInput(connection: number, event: .closed(end), time: time))
        } else {
            connections[number] = open
        }
        return arrived
    }

    /// Send what the connection's peer will take now.
    private func flush(_ open: inout Connection) {
        while !open.outgoing.isEmpty {
            let sent = open.outgoing.withUnsafeBytes { Glibc.send(open.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            open.outgoing.removeFirst(sent)
        }
    }

    /// Read what has arrived: the whole lines, and why the connection ends if it does.
    private func read(_ open: inout Connection) -> ([[UInt8]], String?) {
        var chunk = [UInt8](repeating: 0, count: Self.readChunk)
        let count = chunk.withUnsafeMutableBytes { Glibc.recv(open.descriptor, $0.baseAddress, $0.count, 0) }
        if count == 0 { return ([], "the connection was closed") }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return ([], nil) }
            return ([], String(cString: strerror(errno)))
        }
        var lines: [[UInt8]] = []
        for byte in chunk.prefix(count) {
            if byte == UInt8(ascii: "\n") {
                lines.append(open.reader.pending)
                open.reader.pending.removeAll(keepingCapacity: true)
            } else {
                open.reader.pending.append(byte)
                if open.reader.pending.count >= open.reader.limit {
                    return (lines, "a line longer than \(open.reader.limit) bytes")
                }
            }
        }
        return (lines, nil)
    }

    private static func address(host: String, port: Int, passive: Bool) -> UnsafeMutablePointer<addrinfo>? {
        guard (0...65535).contains(port) else { return nil }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = passive ? AI_NUMERICHOST | AI_PASSIVE : AI_NUMERICHOST
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0 else { return nil }
        return result
    }

    private static func localPort(of descriptor: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard found == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) } }
        case AF_INET6:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) } }
        default:
            return nil
        }
    }
}

/// Why a network operation failed, in words.
public struct NetworkError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }

    static func fromErrno(_ doing: String) -> NetworkError {
        NetworkError("\(doing): \(String(cString: strerror(errno)))")
    }
}
