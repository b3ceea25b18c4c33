import ArcadeUI
import Glibc

/// Finds the arcade's assets (pictures, sounds) wherever the arcade was started from.
///
/// Looks, in order, in `$ARCADE_ASSETS`, in the binary's own prefix
/// (`<prefix>/bin/arcade` → `<prefix>/share/arcade`, as `make install` lays it out;
/// `<prefix>/games/arcade` → `<prefix>/share/games/arcade`, as Debian's games policy and the
/// package in `debian/` do), and in the `Assets` folder of the checkout whose sources the
/// binary was built from (`swift run`), each folder once.
/// Never in the current directory, nor in folders guessed above the binary: those may
/// belong to anyone.
///
/// The two folders found from where the binary and its sources are (not `$ARCADE_ASSETS`,
/// which you chose) are used only when no other user could have put files in them (see
/// `FolderSafety`): a binary copied to `/tmp/bin` must not load pictures from a
/// `/tmp/share/arcade` that someone else made. Only the game that needs a missing asset
/// says so, listing where it looked.
public struct AssetLocator: Sendable {
    /// The folders that may hold `Temples/`, `Sounds/`…, in the order they are searched.
    public let roots: [String]
    /// The roots that are used only when `safety` accepts them.
    let guardedRoots: Set<String>
    let safety: FolderSafety

    /// Asset roots for this process: from the environment, the executable's location and
    /// the checkout it was built from.
    public init(environment: [String: String], executablePath: String? = AssetLocator.executablePath(),
                checkout: String? = AssetLocator.checkout) {
        self.init(environment: environment, executablePath: executablePath, checkout: checkout,
                  safety: FolderSafety(executablePath: executablePath))
    }

    init(environment: [String: String], executablePath: String?, checkout: String?, safety: FolderSafety) {
        var roots: [String] = []
        if let custom = environment["ARCADE_ASSETS"], !custom.isEmpty { roots.append(Self.trimmingSlashes(custom)) }
        var found: [String] = []
        if let executablePath {
            let binDirectory = Self.parent(of: executablePath)
            let prefix = Self.parent(of: binDirectory)
            let share = (prefix == "/" ? "" : prefix) + "/share"
            if binDirectory.hasSuffix("/bin") {
                found.append(share + "/arcade")
            } else if binDirectory.hasSuffix("/games") {
                found.append(share + "/games/arcade")
            }
        }
        if let checkout { found.append(checkout + "/Assets") }
        var guardedRoots: Set<String> = []
        for root in found where !roots.contains(root) {
            roots.append(root)
            guardedRoots.insert(root)
        }
        self.roots = roots
        self.guardedRoots = guardedRoots
        self.safety = safety
    }

    /// Asset roots given directly (tests), used as they are.
    public init(roots: [String]) {
        self.roots = roots
        guardedRoots = []
        safety = FolderSafety(trustedOwners: [])
    }

    /// The first `<root>/<name>` that is a directory (and, for a root found from the
    /// binary, that no other user can change: then with its links resolved), or an error
    /// naming every place looked.
    public func directory(_ name: String) -> Result<String, AssetError> {
        folder(name).map(\.path)
    }

    /// `directory(_:)`, and whether files everyone may write can be used from it: not from
    /// a folder found from the binary (the rule `FolderSafety` applies to folders, applied to
    /// what they hold; the reader checks each file it opens, see `RegularFile.open`).
    public func folder(_ name: String) -> Result<AssetFolder, AssetError> {
        var unsafe: [String] = []
        for root in roots {
            let path = root + "/" + name
            guard Self.isDirectory(path) else { continue }
            guard guardedRoots.contains(root) else { return .success(AssetFolder(path: path, everyoneMayWriteFiles: true)) }
            if let checked = safety.checkedPath(path) { return .success(AssetFolder(path: checked, everyoneMayWriteFiles: false)) }
            unsafe.append(path)
        }
        return .failure(AssetError(name: name, searched: roots.map { $0 + "/" + name }, unsafe: unsafe))
    }

    /// The checkout the arcade was compiled from (this file is
    /// `<checkout>/Sources/ArcadeApp/Assets/AssetLocator.swift`), or nil.
    public static let checkout: String? = {
        var path = #filePath
        guard path.hasPrefix("/") else { return nil }
        for _ in 0..<4 { path = parent(of: path) }
        return path == "/" ? nil : path
    }()

    /// The path of the running executable (`/proc/self/exe`), if it can be read.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private static func trimmingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return String(path)
    }
}

/// Whether a folder found from the binary's location could hold files another user put there.
///
/// The rule: a folder is refused when it, or any folder above it, can be written by
/// everyone — except that a folder with the sticky bit (such as `/tmp`) may sit above
/// it, as long as the folder just below that belongs to root, to you, or to the owner of
/// the program (who could change the program itself). Group-writable folders are
/// accepted: their owner chose the group (as Debian's `staff` for `/usr/local`).
/// The check is made on the path with every link resolved, and that path is the one used.
struct FolderSafety: Sendable {
    /// The owners trusted below a folder everyone may write to. (An array of two or three: a
    /// Set<uid_t> would be the start's only one, and its first use costs a search of every
    /// protocol conformance in the binary.)
    var trustedOwners: [uid_t]

    init(trustedOwners: [uid_t]) {
        self.trustedOwners = trustedOwners
    }

    /// Root, the user running the arcade, and the owner of its executable.
    init(executablePath: String?) {
        var owners: [uid_t] = [0, geteuid()]
        var info = stat()
        if let executablePath, stat(executablePath, &info) == 0 { owners.append(info.st_uid) }
        self.init(trustedOwners: owners)
    }

    /// `path` with its links resolved, if no other user can change what it holds; else nil.
    func checkedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        let real = String(cString: resolved)
        free(resolved)
        var folders = ["/"]
        var prefix = ""
        for component in real.split(separator: "/") {
            prefix += "/" + component
            folders.append(prefix)
        }
        var belowShared = false  // the folder above can be written by everyone (sticky)
        for (index, folder) in folders.enumerated() {
            var info = stat()
            guard lstat(folder, &info) == 0 else { return nil }
            if belowShared && !trustedOwners.contains(info.st_uid) { return nil }
            let everyoneWrites = info.st_mode & S_IWOTH != 0
            let sticky = info.st_mode & S_ISVTX != 0
            if everyoneWrites && (!sticky || index == folders.count - 1) { return nil }
            belowShared = everyoneWrites
        }
        return real
    }
}

/// An asset folder found (`AssetLocator.folder`): where it is, and whether its files may be
/// ones everyone can write (only in a folder you chose with `ARCADE_ASSETS`).
public struct AssetFolder: Equatable, Sendable {
    public var path: String
    public var everyoneMayWriteFiles: Bool
}

/// An asset folder that could not be found, with every place that was searched.
public struct AssetError: Error, CustomStringConvertible, Equatable, Sendable {
    public var name: String
    /// Every folder looked for, each once, in order.
    public var searched: [String]
    /// Those that exist but were passed over because other users can change them.
    public var unsafe: [String] = []

    public var description: String {
        let places = searched.map { folder in
            folder.escapedForMessage(limit: String.messagePathLimit)
                + (unsafe.contains(folder) ? " (not used: other users can change it)" : "")
        }
        return "Could not find the \(name) assets. Looked in: " + places.joined(separator: ", ")
            + ". Set ARCADE_ASSETS to the folder that holds \(name)/."
    }
}
