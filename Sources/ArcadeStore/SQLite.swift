import ArcadeRecords
import CSQLite
import Glibc

/// A SQLite result that was not what the call wanted, with SQLite's words for it.
public struct SQLiteError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The primary result code (`SQLITE_CORRUPT`, `SQLITE_NOTADB`, `SQLITE_READONLY`...).
    public var code: Int32
    /// What SQLite said (`sqlite3_errmsg`), or the code's description.
    public var message: String
    /// What the arcade was doing ("open", "prepare", the statement...).
    public var context: String
    /// The database file, when known.
    public var file: String = ""
    /// The `errno` of the system call that failed under SQLite (`sqlite3_system_errno`), or 0.
    public var systemErrno: Int32 = 0

    public var description: String { "\(context): \(message) (SQLite \(code))" }

    /// The file is damaged or not a database at all: it is to be moved aside.
    public var isCorrupt: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// What went wrong, in words a player understands: no SQL, no result codes. A refused
    /// write (`writeRefusal`: read-only, locked, a full disk or a file-size limit) is worded
    /// by `WriteRefusal`, as every notice words it.
    public var reason: String {
        if let refusal = writeRefusal { return refusal.words(naming: "it") }
        switch code {
        case SQLITE_IOERR: return "the disk could not be read or written" + because
        case SQLITE_CORRUPT, SQLITE_NOTADB: return "the file is damaged"
        case SQLITE_CANTOPEN: return "it could not be opened" + because
        case SQLITE_AUTH: return "permission was refused" + because
        case SQLITE_NOMEM: return "the arcade ran out of memory"
        default:
            if message.hasPrefix("no such table") || message.hasPrefix("no such column") {
                return "it lacks part of the arcade's tables (\(message))"
            }
            return "SQLite could not use it (\(message))"
        }
    }

    /// The system's words for `systemErrno` in brackets ("(Too many open files)"), or nothing.
    private var because: String {
        guard systemErrno > 0, let words = strerror(systemErrno) else { return "" }
        return " (" + String(cString: words) + ")"
    }
}

/// One connection to a SQLite database file. Every result code is checked in `check`,
/// which throws a `SQLiteError`; nothing else calls SQLite's C functions.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    /// The file, for the errors.
    let path: String
    /// False once `close` has run.
    private var isOpen = true
    /// Statements already prepared, by their text: start-up asks the same questions of every
    /// game (its best, its best games' figures ten at a time), and preparing one is most of
    /// what asking costs. Reset after each use; SQLite prepares one again itself
    /// when the schema changes.
    private var prepared: [String: OpaquePointer] = [:]
    /// More different statements than the arcade has means text built from values: then
    /// the cache is emptied rather than let grow.
    private static let preparedLimit = 64

    /// Whether SQLite counts the heap it holds (`memoryHighWater`), read once, at the first
    /// connection: off in the arcade, where it would cost a mutex at every allocation; a
    /// program that measures the heap (the store writer tool) turns it on before its first
    /// store.
    nonisolated(unsafe) static var countsMemory = false

    /// SQLite set up once, before its first connection: no bulk page cache, and the heap
    /// counted only when asked (see shim.h).
    private static let configured: Void = {
        _ = arcade_sqlite3_config_no_bulk_page_cache()
        _ = arcade_sqlite3_config_memory_status(countsMemory ? 1 : 0)
    }()

    /// Open `path` read-write (creating it), or only for reading, never through a symbolic
    /// link. `immutable` (with `readOnly`) reads a file SQLite may assume nobody changes: the
    /// one way to read a WAL database in a folder where its `-shm` file cannot be made.
    init(path: String, readOnly: Bool = false, immutable: Bool = false) throws(SQLiteError) {
        _ = Self.configured
        var opened: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        var flags = access | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            name = "file:" + Self.uriEscaped(path) + "?immutable=1"
        }
        let code = sqlite3_open_v2(name, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            let systemErrno = opened.map { sqlite3_system_errno($0) } ?? 0
            if let opened { sqlite3_close_v2(opened) }
            throw SQLiteError(code: code & 0xFF, message: message, context: "open \(path)", file: path,
                              systemErrno: systemErrno)
        }
        handle = opened
        self.path = path
        sqlite3_extended_result_codes(handle, 0)
    }

    deinit { close() }

    /// Close the connection now (the last one to a WAL database checkpoints it and removes
    /// the log); nothing may be asked of it after.
    func close() {
        guard isOpen else { return }
        isOpen = false
        for statement in prepared.values { sqlite3_finalize(statement) }
        prepared.removeAll()
        sqlite3_close_v2(handle)
    }

    /// `sql` prepared, from the cache when it was prepared before.
    private func statement(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = prepared[sql] { return statement }
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil), "prepare \(sql)")
        guard let statement else {
            // Only a text with no statement in it (a comment, white space) prepares as nothing.
            throw SQLiteError(code: SQLITE_MISUSE, message: "no statement", context: "prepare \(sql)")
        }
        if prepared.count >= Self.preparedLimit {
            for old in prepared.values { sqlite3_finalize(old) }
            prepared.removeAll()
        }
        prepared[sql] = statement
        return statement
    }

    /// True when SQLite opened the file for reading only (as it does a write-protected file
    /// asked for read-write, without a word).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// How many rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The most heap SQLite has held at once in this process, in bytes (counted only when
    /// SQLite started with counting on: `countsMemory` set before this file's first
    /// connection, and no other code having started SQLite before it).
    static var memoryHighWater: Int64 {
        var current: Int64 = 0, highest: Int64 = 0
        sqlite3_status64(SQLITE_STATUS_MEMORY_USED, &current, &highest, 0)
        return highest
    }

    /// `path` with the characters a URI gives meaning to escaped.
    private static func uriEscaped(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                escaped += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            default:
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return escaped
    }

    /// Throw unless `code` is one of `accepted`. (An array: a Set<Int32> would be the start's
    /// only one, and its first use costs a search of every protocol conformance in the binary.)
    func check(_ code: Int32, _ context: @autoclosure () -> String, accepted: [Int32] = [SQLITE_OK]) throws(SQLiteError) {
        guard !accepted.contains(code) else { return }
        throw SQLiteError(code: code & 0xFF, message: String(cString: sqlite3_errmsg(handle)), context: context(),
                          file: path, systemErrno: sqlite3_system_errno(handle))
    }

    /// Run `sql` (one or more statements without parameters).
    func execute(_ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), sql)
    }

    /// Run `sql` once with `values` bound to its `?` parameters, and return its rows.
    @discardableResult
    func rows(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try statement(sql)
        // Reset for the next use, also when a step failed: a statement left mid-way would
        // keep its read of the database open.
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(values, to: statement, of: sql)
        var result: [[SQLiteValue]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            try check(code, sql, accepted: [SQLITE_ROW])
            result.append(Self.row(of: statement))
        }
        return result
    }

    /// Run `sql` with `values` and hand each row to `body` as it is read, so a whole table
    /// is never held at once (the copy of a damaged store). Prepared afresh, not cached.
    func each(_ sql: String, _ values: [SQLiteValue] = [],
              _ body: ([SQLiteValue]) throws(SQLiteError) -> Void) throws(SQLiteError) {
        var prepared: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &prepared, nil), "prepare \(sql)")
        guard let statement = prepared else { return }
        defer { sqlite3_finalize(statement) }
        try bind(values, to: statement, of: sql)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            try check(code, sql, accepted: [SQLITE_ROW])
            try body(Self.row(of: statement))
        }
    }

    private func bind(_ values: [SQLiteValue], to statement: OpaquePointer, of sql: String) throws(SQLiteError) {
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(statement, position)
            case .integer(let number): code = sqlite3_bind_int64(statement, position, number)
            case .real(let number): code = sqlite3_bind_double(statement, position, number)
            case .text(let text): code = sqlite3_bind_text(statement, position, text, -1, Self.transient)
            }
            try check(code, "bind \(position) of \(sql)")
        }
    }

    /// The current row of `statement`.
    private static func row(of statement: OpaquePointer) -> [SQLiteValue] {
        (0..<sqlite3_column_count(statement)).map { column in
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
            case SQLITE_NULL: return .null
            default: return .text(sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "")
            }
        }
    }

    /// Whether a transaction is open (one `transaction` is running, or `BEGIN` was executed
    /// and not yet committed).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Run `body` in one transaction (`BEGIN IMMEDIATE`, so a writer waits for another at
    /// the start, not half-way): committed when it returns, rolled back when it throws.
    /// Within a transaction already open, `body` runs in a savepoint of it: its writes are
    /// undone alone when it throws, and kept with the rest when that is committed.
    func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        if isInTransaction {
            try rows("SAVEPOINT part")
            do {
                let value = try body()
                try rows("RELEASE part")
                return value
            } catch {
                try? execute("ROLLBACK TO part")
                try? execute("RELEASE part")
                throw error
            }
        }
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// SQLite copies bound text at once (`SQLITE_TRANSIENT`, a macro Swift cannot import).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A value in or out of a statement.
enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    var integer: Int64? { if case .integer(let value) = self { return value } else { return nil } }
    var real: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }
    var text: String? { if case .text(let value) = self { return value } else { return nil } }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
