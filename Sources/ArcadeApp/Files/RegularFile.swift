#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file the arcade reads is opened here: only regular files, never waiting, and
/// never more bytes than the caller allows.
///
/// A FIFO named like a picture or a score file would block a plain `open` until some
/// writer came; a link to `/dev/zero` would read for ever. So a file is opened with
/// `O_NONBLOCK`, looked at with `fstat`, and read only when it is a regular file whose
/// size is within the limit.
enum RegularFile {
    /// Why a file could not be read, in words for the player (without the path).
    enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case missing
        case notPermitted
        case folder
        /// A FIFO, socket or device.
        case notRegular
        case tooLarge(limit: Int)
        /// Everyone may write it, and it was asked for from a folder no other user may change
        /// (an asset folder found from the binary's location, see `FolderSafety`).
        case changeableByOthers
        /// Any other failure, with the system's words.
        case system(String)

        var description: String {
            switch self {
            case .missing: "the file does not exist"
            case .notPermitted: "reading it is not permitted"
            case .folder: "it is a folder, not a file"
            case .notRegular: "not a regular file"
            case .tooLarge(let limit): "larger than the \(RegularFile.words(bytes: limit)) it may have"
            case .changeableByOthers: "other users can change it"
            case .system(let text): text
            }
        }

        init(errno code: Int32) {
            switch code {
            case ENOENT, ENOTDIR: self = .missing
            case EACCES, EPERM: self = .notPermitted
            case EISDIR: self = .folder
            default:
                let text = String(cString: strerror(code))
                self = .system(text.prefix(1).lowercased() + String(text.dropFirst()))
            }
        }
    }

    /// A descriptor open for reading on the regular file at `path`, and its size; the caller
    /// closes it. Throws for anything but a regular file, and, unless `everyoneMayWrite`, for
    /// a file everyone may write (`Problem.changeableByOthers`). `O_NONBLOCK` stays set: it
    /// changes nothing for a real file, and a "regular" one that would block (`/proc/kmsg`)
    /// fails its read instead of hanging the arcade.
    static func open(_ path: String, everyoneMayWrite: Bool = true) throws(Problem) -> (descriptor: Int32, size: Int) {
        try open(pathBytes: Array(path.utf8), everyoneMayWrite: everyoneMayWrite)
    }

    /// `open(_:)` for a path given as the bytes the file system holds: a file name need not
    /// be UTF-8, and one that is not can only be opened by its bytes.
    static func open(pathBytes: [UInt8], everyoneMayWrite: Bool = true) throws(Problem) -> (descriptor: Int32, size: Int) {
        let descriptor = (pathBytes + [0]).withUnsafeBytes { raw in
            Glibc.open(raw.baseAddress!.assumingMemoryBound(to: CChar.self), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        }
        guard descriptor >= 0 else { throw Problem(errno: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw Problem(errno: code)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            // Judged on what was opened, links followed: the mode of the file itself.
            if !everyoneMayWrite && status.st_mode & S_IWOTH != 0 {
                Glibc.close(descriptor)
                throw .changeableByOthers
            }
            return (descriptor, Int(status.st_size))
        case S_IFDIR:
            Glibc.close(descriptor)
            throw .folder
        default:
            Glibc.close(descriptor)
            throw .notRegular
        }
    }

    /// The whole regular file at `path`, at most `limit` bytes (a file that grows past the
    /// limit while being read is refused too); see `open` for `everyoneMayWrite`.
    static func read(_ path: String, limit: Int, everyoneMayWrite: Bool = true) throws(Problem) -> [UInt8] {
        let (descriptor, size) = try open(path, everyoneMayWrite: everyoneMayWrite)
        defer { Glibc.close(descriptor) }
        guard size <= limit else { throw .tooLarge(limit: limit) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Problem(errno: errno)
            }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw .tooLarge(limit: limit) }
            bytes += chunk[..<count]
        }
    }

    /// The regular file at `path`, or nil when there is no such file.
    static func readIfPresent(_ path: String, limit: Int, everyoneMayWrite: Bool = true) throws(Problem) -> [UInt8]? {
        do {
            return try read(path, limit: limit, everyoneMayWrite: everyoneMayWrite)
        } catch .missing {
            return nil
        }
    }

    /// "64 MiB", "512 KiB", "100 bytes".
    static func words(bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
