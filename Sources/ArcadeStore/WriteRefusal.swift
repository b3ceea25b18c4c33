import ArcadeRecords
import CSQLite
import Glibc

/// Why the store refused a write, when it is a reason the player can do something about:
/// the one place that tells them apart, so every notice words each the same way.
public enum WriteRefusal: Equatable, Sendable, CaseIterable {
    /// The file, its folder, or the `-wal` or `-shm` file beside it may only be read.
    case readOnly
    /// Another program held the store's write lock for longer than a write waits.
    case locked
    /// The disk has no room for it, or the file may grow no more (`ulimit -f`, a quota).
    case full

    /// The refusal, worded about `subject` ("it", "the store /x/arcade.sqlite3") for the end
    /// of a sentence; no phrase of it repeats what a notice says around it ("can only be read").
    public func words(naming subject: String) -> String {
        switch self {
        case .readOnly: return "\(subject) is write-protected (the file, its folder, or its -wal or -shm file)"
        case .locked: return "\(subject) is locked by another program"
        case .full: return "the disk that holds \(subject) is full, or a file-size limit was reached"
        }
    }
}

extension SQLiteError {
    /// The reason a write failed, when it is one of `WriteRefusal`'s; nil for any other. SQLite
    /// reports a full disk, a file-size limit and a quota either as `SQLITE_FULL` or as an I/O
    /// error whose `errno` says which, and a read-only file system as an I/O error too.
    public var writeRefusal: WriteRefusal? {
        switch code {
        case SQLITE_READONLY, SQLITE_PERM: return .readOnly
        case SQLITE_BUSY, SQLITE_LOCKED: return .locked
        case SQLITE_FULL: return .full
        case SQLITE_IOERR:
            if [ENOSPC, EFBIG, EDQUOT].contains(systemErrno) { return .full }
            if systemErrno == EROFS { return .readOnly }
            return nil
        default: return nil
        }
    }
}

extension StoreError {
    /// The reason a write failed, when it is one of `WriteRefusal`'s; nil for any other.
    public var writeRefusal: WriteRefusal? {
        guard case .sqlite(let error) = self else { return nil }
        return error.writeRefusal
    }
}
