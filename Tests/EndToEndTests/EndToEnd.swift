import Testing

/// Parent of every end-to-end suite. Each test's processes have a pty and a temporary folder
/// of their own (`PtySession`), so the tests run side by side; their waits sleep between
/// polls, on threads of their own (`EndToEndExecutor`), beside the unit tests.
///
/// Add a game's end-to-end tests as `extension EndToEnd { @Suite struct SlotsEndToEndTests {...} }`.
@Suite(.runsOnEndToEndThreads) enum EndToEnd {}

extension EndToEnd {
    /// A way out of the arcade (a key, or a signal) and the status it ends with.
    struct ExitPath: Sendable, CustomTestStringConvertible {
        var name: String
        var signal: Int32?
        var status: Int32
        var testDescription: String { "\(name) → \(status)" }
    }
}
