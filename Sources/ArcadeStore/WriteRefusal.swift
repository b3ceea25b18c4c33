import CSQLite

/// Why the store refused a write, when it is a reason the player can do something about.
public enum WriteRefusal: Equatable, Sendable {
    /// The file, or the folder it is in, may only be read.
    case readOnly
    /// Another program held the store's write lock for longer than a write waits.
    case locked
    /// The disk has no room for it.
    case full
}

extension StoreError {
    /// The reason a write failed, when it is one of `WriteRefusal`'s; nil for any other.
    public var writeRefusal: WriteRefusal? {
        guard case .sqlite(let error) = self else { return nil }
        switch error.code {
        case SQLITE_READONLY, SQLITE_PERM: return .readOnly
        case SQLITE_BUSY, SQLITE_LOCKED: return .locked
        case SQLITE_FULL: return .full
        default: return nil
        }
    }
}
