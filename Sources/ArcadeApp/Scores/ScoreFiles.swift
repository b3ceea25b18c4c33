#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the score store needs, with errno kept for messages.
enum ScoreFiles {
    /// The most bytes a score file may have (ten entries for each of five games take a few KiB).
    static let readLimit = 4 << 20

    /// The whole file, or nil when there is no such file (or no such directory). Only a
    /// regular file is read (a FIFO never blocks the start), and at most ``readLimit`` bytes.
    static func readAll(_ path: String) throws(FileFailure) -> [UInt8]? {
        do {
            return try RegularFile.readIfPresent(path, limit: readLimit)
        } catch {
            throw FileFailure(description: "could not read \(path) (\(error))")
        }
    }

    /// Writes `bytes` to a new or truncated file and flushes it to disk before returning.
    static func writeSynced(_ bytes: [UInt8], to path: String) throws(FileFailure) {
        // Without waiting, and only into a regular file: a FIFO left in its place never
        // blocks the save.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o644)
        guard fd >= 0 else { throw FileFailure("create", path) }
        defer { close(fd) }
        try requireRegular(fd, path)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileFailure("write", path)
            }
            offset += count
        }
        if fsync(fd) != 0 { throw FileFailure("flush", path) }
    }

    /// Atomically replaces `destination` with `source`, then flushes the directory entry.
    static func replace(_ source: String, to destination: String, in directory: String) throws(FileFailure) {
        if rename(source, destination) != 0 {
            throw FileFailure("replace", destination)
        }
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }

    /// Creates `path` and any missing parents (like `mkdir -p`).
    static func makeDirectories(_ path: String) throws(FileFailure) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw FileFailure("create the folder", prefix)
            }
        }
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Runs `body` while holding an exclusive `flock` on `path` (created if missing).
    ///
    /// The lock belongs to this open file, so it excludes other threads as well as
    /// other processes, and is released when the file closes — even if a process dies.
    static func withExclusiveLock<T>(
        _ path: String, _ body: () throws(FileFailure) -> T
    ) throws(FileFailure) -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o644)
        guard fd >= 0 else { throw FileFailure("open the lock file", path) }
        defer { close(fd) }
        try requireRegular(fd, path)
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw FileFailure("lock", path) }
        }
        return try body()
    }

    /// Throws unless `fd` is open on a regular file.
    private static func requireRegular(_ fd: Int32, _ path: String) throws(FileFailure) {
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw FileFailure("look at", path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw FileFailure(description: "could not use \(path) (not a regular file)")
        }
    }
}
