#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations the score store needs, with errno kept for messages.
enum ScoreFiles {
    /// The whole file, or nil when there is no such file (or no such directory).
    static func readAll(_ path: String) throws(FileFailure) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileFailure("open", path)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileFailure("read", path)
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Writes `bytes` to a new or truncated file and flushes it to disk before returning.
    static func writeSynced(_ bytes: [UInt8], to path: String) throws(FileFailure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileFailure("create", path) }
        defer { close(fd) }
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
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileFailure("open the lock file", path) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw FileFailure("lock", path) }
        }
        return try body()
    }
}
