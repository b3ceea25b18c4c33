import Testing

/// Parent of every end-to-end suite: `.serialized` is inherited by nested suites, so only one
/// real terminal session runs at a time (the machine has 2 cores; sessions must not fight).
///
/// Add a game's end-to-end tests as `extension EndToEnd { @Suite struct SlotsEndToEndTests {...} }`.
@Suite(.serialized) enum EndToEnd {}

extension EndToEnd {
    /// A way out of the arcade (a key, or a signal) and the status it ends with.
    struct ExitPath: Sendable, CustomTestStringConvertible {
        var name: String
        var signal: Int32?
        var status: Int32
        var testDescription: String { "\(name) → \(status)" }
    }
}
