import ArcadeApp
import Glibc

/// The environment as a dictionary, read from `environ` directly: Foundation's
/// `ProcessInfo` costs a tenth of the start-up's instructions for the same thing.
/// Where a name appears twice, the first wins, as `getenv` finds it.
func environmentVariables() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") {
            let name = String(text[..<equals])
            if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
        }
        entry += 1
    }
    return variables
}

exit(Arcade.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: environmentVariables()))
