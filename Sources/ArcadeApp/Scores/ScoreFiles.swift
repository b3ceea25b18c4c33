#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder operations the data folder needs, with errno kept for messages.
enum ScoreFiles {
    /// Creates `path` and any missing parents (like `mkdir -p`).
    static func makeDirectories(_ path: String) throws(FileFailure) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            // Appended as a Substring: `"/" + component` is the generic `+`, whose first call
            // looks up Substring's conformances by name, a cost every start would pay.
            prefix += "/"
            prefix.append(contentsOf: component)
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw FileFailure("create the folder", prefix)
            }
        }
    }
}
