import Testing

/// Parent of every end-to-end suite: `.serialized` is inherited by nested suites, so only one
/// real terminal session runs at a time (the machine has 2 cores; sessions must not fight).
///
/// Add a game's end-to-end tests as `extension EndToEnd { @Suite struct SlotsEndToEndTests {...} }`.
@Suite(.serialized) enum EndToEnd {}
