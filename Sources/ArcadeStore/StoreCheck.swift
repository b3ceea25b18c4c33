import ArcadeRecords
import CSQLite
import Glibc

/// What a database file holds, judged by what the arcade writes into one.
enum StoreKind: Equatable {
    /// No tables and schema version 0: a store still to be made (or an empty file).
    case empty
    /// The arcade's store at schema `version`, lacking the tables `missing` of that version.
    case arcade(version: Int, missing: [String])
    /// Not the arcade's: an application id of another program (`tables` empty), or tables the
    /// arcade does not make, or tables in a database without the arcade's schema version.
    case foreign(tables: [String])
}

/// What a look at the store with a connection that only reads found.
enum StoreFinding: Equatable {
    /// It could not be read at all (damaged header, no permission...): the ordinary opening
    /// deals with that as it always has.
    case unreadable
    /// Its kind, and what `PRAGMA quick_check` said when it was not "ok".
    case judged(StoreKind, damage: String?)

    /// An empty database, or the arcade's with every table and no damage.
    var isSound: Bool {
        switch self {
        case .judged(.empty, nil), .judged(.arcade(_, []), nil): return true
        default: return false
        }
    }
}

extension ArcadeStore {
    // MARK: - Recognising the store

    /// The arcade's `PRAGMA application_id`: "ARCD" in ASCII (0x41524344), in bytes 68–71 of
    /// the file's header. Set when a store is made, and given to a store of an arcade from
    /// before it when that store is brought up to date (and only when it is recognisably the
    /// arcade's: a schema version above 0 and only the arcade's tables). `file(1)` and other
    /// programs that read the header can tell the arcade's store by it.
    public static let applicationID: Int32 = 0x4152_4344

    /// Every table the arcade makes, with the schema version that made it (`migrations`).
    static let tablesByVersion: [(name: String, since: Int)] = [
        ("finished_games", 1), ("game_figures", 1), ("saved_games", 1), ("store_meta", 1), ("game_totals", 2),
        ("settings", 5), ("daily_results", 5), ("tallies", 6), ("learn_cards", 7), ("learn_days", 7),
    ]

    /// The kind of a database with application id `applicationID`, schema version `version`
    /// and `tables` (SQLite's own, `sqlite_…`, not counted).
    static func kind(applicationID: Int32, version: Int, tables: [String]) -> StoreKind {
        let own = tables.filter { !$0.hasPrefix("sqlite_") }
        if applicationID != 0 && applicationID != Self.applicationID { return .foreign(tables: []) }
        if applicationID == 0 {
            // Without the id: version 0 is a new store only while it holds nothing; above 0,
            // only the arcade's tables, its history among them.
            if version == 0 && !own.isEmpty { return .foreign(tables: own) }
            if version == 0 { return .empty }
            let strangers = own.filter { name in !tablesByVersion.contains { $0.name == name } }
            if !strangers.isEmpty { return .foreign(tables: strangers) }
            if !own.contains("finished_games") { return .foreign(tables: own) }
        }
        let expected = tablesByVersion.filter { $0.since <= min(version, schemaVersion) }.map(\.name)
        return .arcade(version: version, missing: expected.filter { !own.contains($0) })
    }

    /// Why a database of `tables` is not the arcade's, for the end of a sentence.
    static func notArcadeReason(_ tables: [String]) -> String {
        tables.isEmpty ? "it is another program's database"
            : "it holds tables the arcade did not make: " + tables.prefix(5).joined(separator: ", ")
                + (tables.count > 5 ? " and \(tables.count - 5) more" : "")
    }

    /// The application id, schema version and tables of the database `database` reads.
    static func facts(of database: SQLiteDatabase) throws(SQLiteError) -> (applicationID: Int32, version: Int, tables: [String]) {
        let id = try database.rows("PRAGMA application_id").first?.first?.integer ?? 0
        let version = try database.rows("PRAGMA user_version").first?.first?.integer ?? 0
        let tables = try database.rows("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
            .compactMap { $0.first?.text }
        return (Int32(truncatingIfNeeded: id), Int(version), tables)
    }

    /// Look at the store at `path` with a connection that only reads, so that nothing is
    /// written, migrated or checkpointed whatever it is: its kind and, for the arcade's
    /// store, SQLite's `quick_check` of every page. With `alone`, the file is read as it is
    /// on disk, without its `-wal` (SQLite reads an immutable file without its log).
    static func examine(_ path: String, alone: Bool = false) -> StoreFinding {
        do {
            let database = try SQLiteDatabase(path: path, readOnly: true, immutable: alone)
            try database.execute("PRAGMA busy_timeout = \(busyTimeoutMilliseconds)")
            try checkReadable(database)
            let facts = try facts(of: database)
            let kind = kind(applicationID: facts.applicationID, version: facts.version, tables: facts.tables)
            guard case .arcade(let version, let missing) = kind, missing.isEmpty, version <= schemaVersion else {
                return .judged(kind, damage: nil)
            }
            do {
                let verdict = try database.rows("PRAGMA quick_check").compactMap { $0.first?.text }
                return .judged(kind, damage: verdict == ["ok"] ? nil : verdict.first ?? "damaged")
            } catch let error where error.isCorrupt {
                return .judged(kind, damage: error.message)
            }
        } catch {
            return .unreadable
        }
    }

    // MARK: - Before SQLite opens the store

    /// Before SQLite opens the store: the files it keeps beside it (`-wal`, `-shm`,
    /// `-journal`) must be regular files; a `-journal` that is not the store's, and a `-wal`
    /// that cannot be the store's by its header's bytes (no store beside it, another page
    /// size), are moved aside, since SQLite replays either into the file at its first read,
    /// whatever database it came from; a store with another program's application id in its
    /// header is moved aside whole. Returns what the player should be told; throws when the
    /// store must not be opened for writing.
    static func checkBeforeOpening(_ path: String, now: () -> Int) throws(StoreError) -> [String] {
        for suffix in ["-wal", "-shm", "-journal"] {
            var status = stat()
            if lstat(path + suffix, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
                throw .sideFileNotRegular(path: path + suffix, kind: fileKind(status.st_mode))
            }
        }
        var notices: [String] = []
        let header = head(of: path, count: 100)
        if head(of: path + "-journal", count: 1)?.isEmpty == false && !isRollbackHeader(header) && !isBeingWritten(path) {
            if let notice = try setJournalAside(path, now: now) { notices.append(notice) }
        }
        if let header, header.count == 100, isDatabaseHeader(header) {
            let id = Int32(bitPattern: bigEndian(header, at: 68))
            if id != 0 && id != applicationID {
                let aside = try moveAside(path, now: now, because: notArcade(path), as: "foreign")
                return notices + ["\(path) is not an arcade store (\(notArcadeReason([]))); it was moved aside as \(aside) and a new one was started."]
            }
        }
        guard let log = head(of: path + "-wal", count: 32), let logPageSize = walPageSize(log) else { return notices }
        if header?.isEmpty ?? true {
            // No database, or an empty file: SQLite would delete the log at its first read.
            return notices + [try setLogAside(path, now: now, orphan: true)]
        }
        if let header, header.count == 100, isDatabaseHeader(header), pageSize(header) != logPageSize {
            return notices + [try setLogAside(path, now: now)]
        }
        return notices
    }

    /// True for the header of a database in rollback mode (bytes 18 and 19 are 1; 2 in WAL
    /// mode), whose `-journal` may be its own. The arcade's store is always in WAL mode, and
    /// SQLite writes no `-journal` for a database in WAL mode (only, for a moment, as it
    /// switches one to WAL mode, when the header still says rollback): a journal beside any
    /// other header, or beside no database, is another database's.
    static func isRollbackHeader(_ header: [UInt8]?) -> Bool {
        guard let header, isDatabaseHeader(header) else { return false }
        return header[18] == 1 && header[19] == 1
    }

    /// Move the `-journal` beside `path` aside and say so; throws when it cannot be moved,
    /// so that SQLite never rolls it back into the store. Nil when it is gone already: another
    /// arcade's write, seen between the look at the journal and the lock test, committed.
    static func setJournalAside(_ path: String, now: () -> Int) throws(StoreError) -> String? {
        let aside = asideName(path, kind: "foreign", now: now) + "-journal"
        guard rename(path + "-journal", aside) == 0 else {
            if errno == ENOENT { return nil }
            throw .foreignLog(path: path + "-journal")
        }
        return "The file \(path)-journal beside the arcade's store is another database's journal; it was moved aside as "
            + "\(aside) and the store was kept as it was."
    }

    /// Move the `-wal` beside `path` aside (its `-shm`, SQLite's index of it, is removed)
    /// and say so; throws when it cannot be moved, so that nobody replays it.
    static func setLogAside(_ path: String, now: () -> Int, orphan: Bool = false) throws(StoreError) -> String {
        let aside = asideName(path, kind: "foreign", now: now) + "-wal"
        guard rename(path + "-wal", aside) == 0 else { throw .foreignLog(path: path + "-wal") }
        unlink(path + "-shm")
        if orphan {
            return "The file \(path)-wal was found without the arcade's store beside it; it was moved aside as \(aside) "
                + "and a new store was started."
        }
        return "The file \(path)-wal beside the arcade's store is the log of another database; it was moved aside as "
            + "\(aside) and the store was kept as it was."
    }

    /// The error a store that is not the arcade's is moved aside because of.
    static func notArcade(_ path: String) -> SQLiteError {
        SQLiteError(code: SQLITE_NOTADB, message: "not an arcade store", context: "check", file: path)
    }

    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter), read
    /// without following a link or waiting on a FIFO; nil when there is no such file.
    static func head(of path: String, count: Int) -> [UInt8]? {
        let file = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(file, $0.baseAddress, count, 0) }
        return read < 0 ? nil : Array(bytes.prefix(read))
    }

    /// The header of a SQLite database: "SQLite format 3" and a NUL.
    static func isDatabaseHeader(_ header: [UInt8]) -> Bool {
        header.count >= 100 && Array(header.prefix(16)) == Array("SQLite format 3".utf8) + [0]
    }

    /// The page size a database header gives (bytes 16–17; 1 means 65536).
    static func pageSize(_ header: [UInt8]) -> UInt32 {
        let size = UInt32(header[16]) << 8 | UInt32(header[17])
        return size == 1 ? 65536 : size
    }

    /// The page size of a WAL file's 32-byte header, when it is a header SQLite would use:
    /// the magic number, format 3007000 and its checksum right (see the WAL format in
    /// SQLite's file format document). Nil for anything SQLite would ignore.
    static func walPageSize(_ log: [UInt8]) -> UInt32? {
        guard log.count >= 32 else { return nil }
        let magic = bigEndian(log, at: 0)
        guard magic == 0x377F_0682 || magic == 0x377F_0683, bigEndian(log, at: 4) == 3_007_000 else { return nil }
        // The checksum of the first 24 bytes, as 32-bit words in the order the magic's low bit says.
        let word: (Int) -> UInt32 = { offset in
            magic & 1 == 1 ? bigEndian(log, at: offset)
                : UInt32(log[offset]) | UInt32(log[offset + 1]) << 8 | UInt32(log[offset + 2]) << 16 | UInt32(log[offset + 3]) << 24
        }
        var first: UInt32 = 0, second: UInt32 = 0
        for offset in stride(from: 0, to: 24, by: 8) {
            first = first &+ word(offset) &+ second
            second = second &+ word(offset + 4) &+ first
        }
        guard first == bigEndian(log, at: 24), second == bigEndian(log, at: 28) else { return nil }
        return bigEndian(log, at: 8)
    }

    static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// What a file of mode `mode` is, in words.
    static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a named pipe"
        case S_IFSOCK: return "a socket"
        default: return "a device"
        }
    }

    // MARK: - The whole file, when it is not as the arcade left it

    /// Check the store at `path` before it is opened for writing, and deal with what is
    /// found: a `-wal` that does not belong to the file is moved aside (the file is kept); a
    /// database that is not the arcade's is moved aside whole; a damaged store, or one
    /// lacking tables, is recovered into a new one. Returns what the player should be told,
    /// and why a damaged store could not be recovered now (it is left in place, to be opened
    /// only for reading until a later start recovers it).
    ///
    /// A log belongs to its file when the file read through it is still the arcade's and
    /// sound. When it is not, and the file read alone is, the log came from elsewhere (another
    /// database's `-wal`, or an old one left beside a copy of the store): SQLite cannot tell,
    /// since a WAL names no database, only its own salts and checksums. A look through the
    /// log that could not be made at all (too few file descriptors, no memory, a `-shm` that
    /// cannot be opened or is locked) says nothing of the log, which is kept: it may hold the
    /// last games, and the opening deals with it as it always has. (`look` is `examine`; a
    /// test gives a look that fails.)
    static func checkWhole(_ path: String, now: () -> Int,
                           look: (_ path: String, _ alone: Bool) -> StoreFinding = { ArcadeStore.examine($0, alone: $1) })
        throws(StoreError) -> (notices: [String], unrecovered: SQLiteError?) {
        var notices: [String] = []
        var finding = look(path, false)
        if case .judged = finding, !finding.isSound, head(of: path + "-wal", count: 1)?.isEmpty == false {
            let alone = look(path, true)
            var throughLogForeign = false
            if case .judged(.foreign, _) = finding { throughLogForeign = true }
            if case .judged(.arcade, _) = alone, alone.isSound || throughLogForeign {
                notices.append(try setLogAside(path, now: now))
                finding = alone
            }
        }
        switch finding {
        case .unreadable, .judged(.empty, _):
            break
        case .judged(.foreign(let tables), _):
            let aside = try moveAside(path, now: now, because: notArcade(path), as: "foreign")
            notices.append("\(path) is not an arcade store (\(notArcadeReason(tables))); it was moved aside as \(aside) "
                           + "and a new one was started.")
        case .judged(.arcade(let version, let missing), let damage):
            // A newer arcade's store is left alone (opening says so); a sound one opens as it is.
            if version <= schemaVersion && (!missing.isEmpty || damage != nil) {
                switch try recovering(path, now: now, missing: missing) {
                case .recovered(let notice): notices.append(notice)
                case .putBack(let error): return (notices, error)
                }
            }
        }
        return (notices, nil)
    }

    // MARK: - Recovery

    /// Move the damaged store at `path` aside and copy what SQLite can still read of it into
    /// a new store in its place: every row of every table the arcade made, table by table in
    /// rowid order, stepping over pages that cannot be read (what `sqlite3 .recover` does,
    /// without the `sqlite_dbpage` table that this system's SQLite is built without). The
    /// indexes and each game's totals are made anew from the rows, so damage confined to an
    /// index (the usual kind: `REINDEX` cannot even drop a damaged index page, it stops at
    /// it) loses nothing. Returns what the player is told: how many finished games were kept
    /// of how many, and where the damaged file is.
    ///
    /// When the new store cannot be written (a full disk, a file-size limit, too few file
    /// descriptors), or the damaged file could not be read for a reason other than its damage,
    /// the file is put back as it was and the error thrown: the history is never left only in
    /// a file set aside, and recovery is tried again later.
    public static func recover(_ path: String, now: () -> Int, missing: [String] = []) throws(StoreError) -> String {
        switch try recovering(path, now: now, missing: missing) {
        case .recovered(let notice): return notice
        case .putBack(let error): throw .sqlite(error)
        }
    }

    /// What `recovering` did.
    enum Recovery {
        /// A new store is in the file's place; what the player is told.
        case recovered(String)
        /// The file was put back as it was, not recovered, because of this error (of the
        /// store's path).
        case putBack(SQLiteError)
    }

    /// `recover`, telling a recovery that could not be made apart.
    static func recovering(_ path: String, now: () -> Int, missing: [String]) throws(StoreError) -> Recovery {
        let damage = SQLiteError(code: SQLITE_CORRUPT, message: "damaged", context: "check", file: path)
        // The file with its log and SQLite's index of the log (a connection of this process
        // may still have them open): all three come back if no new store can be made.
        let aside = asideName(path, kind: "corrupt", now: now)
        guard rename(path, aside) == 0 else { throw .sqlite(damage) }
        for suffix in ["-wal", "-shm"] { _ = rename(path + suffix, aside + suffix) }
        let fresh = path + ".recovering"
        let removeFresh = { for suffix in ["", "-journal", "-wal", "-shm"] { unlink(fresh + suffix) } }
        removeFresh()
        let putBack = { for suffix in ["", "-wal", "-shm"] { _ = rename(aside + suffix, path + suffix) } }
        let dropSideFiles = {
            // SQLite's index of the log goes; an empty log is nothing to keep.
            unlink(aside + "-shm")
            if head(of: aside + "-wal", count: 1)?.isEmpty == true { unlink(aside + "-wal") }
        }
        let counted: (kept: Int, of: Int?, complete: Bool)
        do {
            counted = try copyReadable(from: aside, to: fresh)
        } catch where error.isCorrupt && error.file == aside {
            removeFresh()
            dropSideFiles()
            return .recovered("The arcade's store \(path) was damaged and nothing of it could be read (\(error.reason)); "
                + "it was moved aside to \(aside) and a new one was started.")
        } catch {
            removeFresh()
            putBack()
            var reason = error
            reason.file = path
            return .putBack(reason)
        }
        guard rename(fresh, path) == 0 else {
            removeFresh()
            putBack()
            throw .sqlite(damage)
        }
        dropSideFiles()
        let games: String
        if let of = counted.of {
            games = "\(grouped(counted.kept)) of \(grouped(max(of, counted.kept)))"
        } else if counted.complete {
            games = "\(grouped(counted.kept)) of \(grouped(counted.kept))"
        } else {
            games = "\(grouped(counted.kept)) (some may have been lost)"
        }
        if !missing.isEmpty {
            return .recovered("The arcade's store \(path) lacked some of its tables (\(missing.joined(separator: ", "))). "
                + "Recovered \(games) finished games into a new store; the old file is kept as \(aside).")
        }
        return .recovered("Recovered \(games) finished games from the damaged store \(path); the damaged file is kept as \(aside).")
    }

    /// Copy what can be read of the store at `source` into a new one at `target` (of the
    /// same schema version, made by the arcade's own steps): the finished games kept, as
    /// many as the damaged store's totals counted (nil when those could not be read), and
    /// whether every finished game was read (no page of them stepped over).
    static func copyReadable(from source: String, to target: String) throws(SQLiteError) -> (kept: Int, of: Int?, complete: Bool) {
        let old = try SQLiteDatabase(path: source, readOnly: true)
        let facts = try facts(of: old)
        let version = min(max(facts.version, 1), schemaVersion)
        let new = try SQLiteDatabase(path: target)
        var complete = true
        try new.transaction { () throws(SQLiteError) in
            for step in migrations.prefix(version) { try new.execute(step) }
            try new.execute("PRAGMA user_version = \(version); PRAGMA application_id = \(applicationID)")
            // The totals are the triggers' to keep: they count the rows copied.
            for table in tablesByVersion where table.since <= version && table.name != "game_totals"
                && facts.tables.contains(table.name) {
                let theirs = try old.rows("PRAGMA table_info(\(table.name))").compactMap { $0[1].text }
                let columns = try new.rows("PRAGMA table_info(\(table.name))").compactMap { $0[1].text }
                    .filter { theirs.contains($0) }
                let whole = try copyRows(of: table.name, columns: columns, from: old, to: new)
                if table.name == "finished_games" && !whole { complete = false }
            }
        }
        let kept = Int(try new.rows("SELECT count(*) FROM finished_games").first?.first?.integer ?? 0)
        var counted: Int?
        if facts.tables.contains("game_totals") {
            counted = (try? old.rows("SELECT total(played) FROM game_totals NOT INDEXED"))?.first?.first?.real.map { Int($0) }
        }
        return (kept, counted, complete && facts.tables.contains("finished_games"))
    }

    /// Copy `columns` of every row of `table` that can be read from `old` to `new`. Where a
    /// page cannot be read, the rows after it are found again by asking for rowids past the
    /// last one read, further and further (then back, to skip as little as can be). True
    /// when no page was stepped over.
    @discardableResult
    static func copyRows(of table: String, columns: [String], from old: SQLiteDatabase,
                         to new: SQLiteDatabase) throws(SQLiteError) -> Bool {
        let list = columns.joined(separator: ", ")
        // The first read from the smallest rowid there is, itself included; the next ones
        // from past the last row read.
        let first = "SELECT rowid, \(list) FROM \(table) NOT INDEXED WHERE rowid >= ? ORDER BY rowid"
        let select = "SELECT rowid, \(list) FROM \(table) NOT INDEXED WHERE rowid > ? ORDER BY rowid"
        let insert = "INSERT OR IGNORE INTO \(table) (\(list)) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        var (query, after) = (first, Int64.min)
        var whole = true
        while true {
            var last = after
            do {
                try old.each(query, [.integer(after)]) { row throws(SQLiteError) in
                    last = row[0].integer ?? last
                    try new.rows(insert, Array(row.dropFirst()))
                }
                return whole
            } catch where error.isCorrupt && error.file == old.path {
                whole = false
                guard let next = firstReadable(after: last, of: select, in: old) else { return whole }
                (query, after) = (select, next)
            }
        }
    }

    /// The smallest bound past `failed` from which `select` reads again (its first step gives
    /// a row or the end), or nil when none does.
    private static func firstReadable(after failed: Int64, of select: String, in old: SQLiteDatabase) -> Int64? {
        let enough = SQLiteError(code: SQLITE_DONE, message: "", context: "")
        func reads(after bound: Int64) -> Bool {
            do {
                try old.each(select, [.integer(bound)]) { _ throws(SQLiteError) in throw enough }  // one row is enough
                return true
            } catch {
                return error == enough
            }
        }
        var low = failed, step: Int64 = 1
        while true {
            let (probe, overflow) = failed.addingReportingOverflow(step)
            if overflow { return nil }
            if reads(after: probe) {
                var high = probe
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if reads(after: middle) { high = middle } else { low = middle }
                }
                return high
            }
            low = probe
            guard step <= Int64.max / 2 else { return nil }
            step *= 2
        }
    }

    /// `number` with a comma between thousands ("20,000").
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    // MARK: - Open elsewhere

    /// The byte of the `-shm` file on which every connection to a WAL database holds a
    /// shared lock while it has the database open (SQLite's unix VFS: `UNIX_SHM_DMS`).
    static let connectionLockByte: off_t = 128

    /// Linux's `F_OFD_GETLK` (<bits/fcntl-linux.h>), which Glibc shows Swift only with
    /// `_GNU_SOURCE`: asked through an open file description, a lock test meets every
    /// record lock on the byte, this process's own included.
    static let openFileLockTest: Int32 = 36

    /// True when a connection (another arcade, `arcade stats`) has the store at `path` open:
    /// one holds a lock on the connection byte of its `-shm` file. That arcade checked the
    /// store when it opened it; a second start neither reads it through again nor moves it
    /// (which would leave the first writing to a file set aside): damage met by a write is
    /// recovered then. Opening and closing the `-shm` here drops any record lock this
    /// process holds on it, so it is asked only before this process opens the store.
    static func isOpenElsewhere(_ path: String) -> Bool {
        isLocked(path + "-shm", from: connectionLockByte, count: 1, against: F_WRLCK)
    }

    /// SQLite's pending and reserved lock bytes of a database file (its unix VFS:
    /// `PENDING_BYTE`, then `RESERVED_BYTE`), one of which a connection holds while it writes.
    static let writeLockBytes: off_t = 0x4000_0000

    /// True when a connection is writing the database at `path`: then its `-journal` is that
    /// write's own (a new store being made by another arcade starting at the same moment, or
    /// one switching to WAL mode), not a journal left behind, and SQLite would not roll it
    /// back. Asked only before this process opens the store, as `isOpenElsewhere` is.
    ///
    /// The test is for a read lock, which only a write lock conflicts with: a writer holds
    /// those bytes write-locked, while every reader read-locks the pending byte for a moment
    /// as it starts, which must not count.
    static func isBeingWritten(_ path: String) -> Bool {
        isLocked(path, from: writeLockBytes, count: 2, against: F_RDLCK)
    }

    /// True when some process holds a record lock on `count` bytes of the file at `path` from
    /// `start` that a lock of `type` would conflict with (`F_WRLCK`: any lock; `F_RDLCK`: a
    /// write lock).
    private static func isLocked(_ path: String, from start: off_t, count: off_t, against type: Int32) -> Bool {
        let file = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var lock = flock()
        lock.l_type = Int16(type)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = start
        lock.l_len = count
        guard fcntl(file, openFileLockTest, &lock) == 0 else { return false }
        return lock.l_type != Int16(F_UNLCK)
    }

    // MARK: - As the arcade left it

    /// The file beside the store that says how the arcade last left it: device, inode, size
    /// and modification time of the store, written when the last arcade closes it cleanly
    /// (its log checkpointed and removed). A store found exactly so, with no log beside it,
    /// is the one that was checked when it was opened and written only by the arcade since,
    /// and is not read through again: `quick_check` reads every page, work that grows with
    /// the history, which a start cannot afford every time.
    /// Anything else (a change made outside the arcade, a crash, another arcade still
    /// running, a store from before this file) is checked.
    static func markName(_ path: String) -> String { path + "-checked" }

    /// The store's device, inode, size and modification time, as one line.
    static func signature(of path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return "\(status.st_dev) \(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)\n"
    }

    /// True when the store at `path` is as the arcade last left it, with no log or journal
    /// beside it.
    static func isAsLeft(_ path: String) -> Bool {
        guard access(path + "-wal", F_OK) != 0, access(path + "-journal", F_OK) != 0, let signature = signature(of: path),
              let mark = head(of: markName(path), count: 256) else { return false }
        return mark == Array(signature.utf8)
    }

    /// Write the mark for the store at `path` as it is now (best effort: a folder that
    /// cannot be written only means the next start checks).
    static func markAsLeft(_ path: String) {
        let mark = markName(path)
        guard let signature = signature(of: path) else { return }
        let file = open(mark, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard file >= 0 else { return }
        let bytes = Array(signature.utf8)
        let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
        if written != bytes.count { unlink(mark) }
    }
}
