import Glibc

/// Finds the arcade's assets (pictures, sounds) wherever the arcade was started from.
///
/// Looks, in order, under `$ARCADE_ASSETS`, beside an installed binary
/// (`<prefix>/bin/arcade` → `<prefix>/share/arcade`), and in an `Assets` folder of
/// the checkout the binary was built in (`.build/debug/arcade` → `Assets`) or the
/// current directory. Only the game that needs a missing asset says so, listing
/// where it looked.
public struct AssetLocator: Sendable {
    /// The folders that may hold `Temples/`, `Sounds/`…, most specific first.
    public let roots: [String]

    /// Asset roots for this process: from the environment and the executable's location.
    public init(environment: [String: String], executablePath: String? = AssetLocator.executablePath(),
                currentDirectory: String? = AssetLocator.currentDirectory()) {
        var roots: [String] = []
        if let custom = environment["ARCADE_ASSETS"], !custom.isEmpty { roots.append(custom) }
        if let executablePath {
            let binDirectory = Self.parent(of: executablePath)
            roots.append(Self.parent(of: binDirectory) + "/share/arcade")
            // A checkout: <checkout>/.build/<triple>/<config>/arcade or .build/<config>/arcade.
            var directory = binDirectory
            for _ in 0..<4 {
                directory = Self.parent(of: directory)
                roots.append(directory + "/Assets")
            }
        }
        if let currentDirectory { roots.append(currentDirectory + "/Assets") }
        self.roots = roots
    }

    /// Asset roots given directly (tests).
    public init(roots: [String]) {
        self.roots = roots
    }

    /// The first `<root>/<name>` that is a directory, or an error naming every place looked.
    public func directory(_ name: String) -> Result<String, AssetError> {
        for root in roots where Self.isDirectory(root + "/" + name) { return .success(root + "/" + name) }
        return .failure(AssetError(name: name, searched: roots.map { $0 + "/" + name }))
    }

    /// The path of the running executable (`/proc/self/exe`), if it can be read.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The current working directory, if it can be read.
    public static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// An asset folder that could not be found, with every place that was searched.
public struct AssetError: Error, CustomStringConvertible, Equatable, Sendable {
    public var name: String
    public var searched: [String]

    public var description: String {
        "Could not find the \(name) assets. Looked in: " + searched.joined(separator: ", ")
            + ". Set ARCADE_ASSETS to the folder that holds \(name)/."
    }
}
