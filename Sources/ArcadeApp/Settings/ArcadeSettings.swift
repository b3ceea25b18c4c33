import ArcadeUI

/// The arcade's settings, each kept in the store under a key as a word ("light", "off"), and
/// what a setting means to the screens that read it.
///
/// The shell holds them as the store answered (`[String: String]`, as games read them from
/// their context); the command line and environment override some for one run.
enum SettingKey {
    static let theme = "theme"
    static let palette = "palette"
    static let sound = "sound"
    static let animations = "animations"
    static let cursor = "cursor"
    static let memoryFlipBack = "memory.flipBack"
}

/// How fast the arcade's animations run: the slot spin, the dealer's play, the Temples slide.
enum AnimationPace: String, CaseIterable, Sendable {
    case normal, fast, off

    /// The pace kept in `settings` (normal when none is, or one this version does not know).
    init(settings: [String: String]) {
        self = settings[SettingKey.animations].flatMap(AnimationPace.init(rawValue:)) ?? .normal
    }

    /// How long an animation takes at this pace, as a share of its normal length: 0 when off.
    var factor: Double {
        switch self {
        case .normal: 1
        case .fast: 0.5
        case .off: 0
        }
    }
}

/// What this run was told on the command line or in the environment, over the settings kept:
/// `--theme`, `--palette`, `--mute` (or `ARCADE_SOUND=off`) and `--cursor`.
public struct SettingOverrides: Equatable, Sendable {
    /// One setting decided for this run: its value, and the flag or variable that said so.
    public struct Override: Equatable, Sendable {
        public var value: String
        public var source: String
    }

    /// The settings decided for this run, by key.
    var values: [String: Override] = [:]

    public init() {}

    public init(options: ArcadeOptions, environment: [String: String], mute: Bool) {
        if let theme = options.theme {
            values[SettingKey.theme] = Override(value: theme.rawValue, source: "--theme")
        } else if let theme = environment["ARCADE_THEME"].flatMap(ThemeName.init(rawValue:)) {
            values[SettingKey.theme] = Override(value: theme.rawValue, source: "ARCADE_THEME")
        }
        if let palette = options.palette {
            values[SettingKey.palette] = Override(value: palette.rawValue, source: "--palette")
        } else if let palette = environment["ARCADE_PALETTE"].flatMap(PaletteName.init(rawValue:)) {
            values[SettingKey.palette] = Override(value: palette.rawValue, source: "ARCADE_PALETTE")
        }
        if mute { values[SettingKey.sound] = Override(value: "off", source: options.mute ? "--mute" : "ARCADE_SOUND") }
        if options.cursor { values[SettingKey.cursor] = Override(value: "on", source: "--cursor") }
    }

    /// `settings` with this run's overrides on top.
    func applied(to settings: [String: String]) -> [String: String] {
        settings.merging(values.mapValues(\.value)) { _, override in override }
    }
}

/// The settings as the shell holds them: those kept, and this run's overrides over them.
struct ChosenSettings {
    /// The settings kept, as the store has them.
    private(set) var kept: [String: String]
    /// What this run's command line and environment decided over them.
    private(set) var overrides: SettingOverrides

    init(kept: [String: String], overrides: SettingOverrides) {
        self.kept = kept
        self.overrides = overrides
    }

    /// The settings as games and the settings page see them: those kept, with the overrides.
    var effective: [String: String] { overrides.applied(to: kept) }

    /// The theme and palette to draw with now (dark until one was chosen).
    var look: (theme: ThemeName, palette: PaletteName) {
        let settings = effective
        return (settings.theme ?? .dark, settings.palette)
    }

    /// A game chose `value` for `key` on its own screen (`GameEffect.remember`).
    mutating func remember(_ key: String, _ value: String) {
        kept[key] = value
    }

    /// The player chose `value` for `key` on the settings page: kept, over this run's
    /// override of it, and applied now (the look, the sound; others are read by the next
    /// game opened).
    mutating func change(_ key: String, to value: String) -> [AppEffect] {
        kept[key] = value
        overrides.values[key] = nil
        var effects: [AppEffect] = [.remember(setting: key, value: value)]
        switch key {
        case SettingKey.theme, SettingKey.palette:
            let look = self.look  // the settings in effect, merged once
            effects.append(.look(look.theme, look.palette))
        case SettingKey.sound:
            effects.append(.soundSwitched(on: value != "off"))
        default:
            break
        }
        return effects
    }
}

extension Dictionary where Key == String, Value == String {
    /// The theme these settings name (nil before the first start chose one).
    var theme: ThemeName? { self[SettingKey.theme].flatMap(ThemeName.init(rawValue:)) }
    /// The palette these settings name: standard unless cvd was chosen.
    var palette: PaletteName { self[SettingKey.palette].flatMap(PaletteName.init(rawValue:)) ?? .standard }
    /// Whether sound is on (unless it was switched off).
    var soundOn: Bool { self[SettingKey.sound] != "off" }
    /// Whether the cursor follows focus.
    var cursorFollowsFocus: Bool { self[SettingKey.cursor] == "on" }
}
