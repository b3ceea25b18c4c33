import ArcadeApp
import CArcadeShim
import Glibc

/// The environment as a dictionary, read from `environ` directly, so the product needs no
/// Foundation (`ProcessInfo`), whose setup at start-up is far more work than this.
/// Where a name appears twice, the first wins, as `getenv` finds it. The `=` is found
/// with strchr: searching the String for a Character would compare grapheme clusters, a
/// far slower walk over every variable for the same answer.
func environmentVariables() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
            // CChar and UInt8 may alias: the name's bytes are read in place.
            let name = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                           count: pointer.distance(to: equals))
            let key = String(decoding: name, as: UTF8.self)
            if variables[key] == nil { variables[key] = String(cString: equals + 1) }
        }
        entry += 1
    }
    return variables
}

/// The arcade, run by `arcade_start` on the main thread or on a thread of its own (a
/// function, not a closure of the top-level code, which would belong to the main actor).
func runArcade() -> Int32 {
    Arcade.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: environmentVariables())
}

// Standard descriptors, SIGXFSZ and the stack are seen to before anything else is done
// (Sources/CArcadeShim/arcade_start.c).
exit(arcade_start(runArcade))
