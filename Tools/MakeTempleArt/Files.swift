import Glibc

/// The few file-system operations the tool needs, on plain paths, through Glibc.
enum Files {
    /// The names in `directory` ending in `suffix`, sorted; nil when it cannot be opened.
    static func names(in directory: String, endingWith suffix: String) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(suffix), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// The bytes of the file at `path`, or nil when it cannot be read.
    static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            bytes += chunk[0..<count]
            if count < chunk.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// True when something exists at `path`.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Creates `path` as a directory unless it already exists; false on failure.
    static func makeDirectory(_ path: String) -> Bool {
        mkdir(path, 0o755) == 0 || errno == EEXIST
    }

    /// Renames `from` to `to`, replacing `to` (atomic within one file system).
    static func move(_ from: String, to: String) -> Bool {
        rename(from, to) == 0
    }

    /// Deletes the file at `path`, ignoring failure.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// The text of the current `errno`.
    static var lastError: String {
        String(cString: strerror(errno))
    }
}
