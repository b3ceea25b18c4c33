import Foundation
import Testing

@testable import ArcadeApp

@Suite struct AssetLocatorTests {
    /// The checkout holding this file (`<checkout>/Tests/ArcadeAppTests/AssetLocatorTests.swift`).
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    @Test func looksInTheEnvironmentThenTheBinarysPrefixThenTheCheckoutOnly() {
        let installed = AssetLocator(environment: ["ARCADE_ASSETS": "/opt/art"],
                                     executablePath: "/usr/local/bin/arcade", checkout: "/home/ann/arcade")
        #expect(installed.roots == ["/opt/art", "/usr/local/share/arcade", "/home/ann/arcade/Assets"])

        // `swift run`: no prefix (the binary is not in a bin/ folder), never the current
        // folder, never folders guessed above the binary.
        let built = AssetLocator(environment: [:], executablePath: "/home/ann/arcade/.build/x86_64-unknown-linux-gnu/debug/arcade",
                                 checkout: "/home/ann/arcade")
        #expect(built.roots == ["/home/ann/arcade/Assets"])

        let copied = AssetLocator(environment: [:], executablePath: "/tmp/arcade", checkout: nil)
        #expect(copied.roots.isEmpty, "a binary outside a bin/ folder has no prefix")
        #expect(AssetLocator(environment: [:], executablePath: "/bin/arcade", checkout: nil).roots == ["/share/arcade"])
    }

    /// Debian's games policy: the binary in `<prefix>/games`, its data in
    /// `<prefix>/share/games/arcade`.
    @Test func aBinaryInAGamesFolderLooksInItsPrefixsSharedGamesFolder() {
        let packaged = AssetLocator(environment: [:], executablePath: "/usr/games/arcade", checkout: "/home/ann/arcade")
        #expect(packaged.roots == ["/usr/share/games/arcade", "/home/ann/arcade/Assets"])
        #expect(AssetLocator(environment: [:], executablePath: "/usr/local/games/arcade", checkout: nil).roots
            == ["/usr/local/share/games/arcade"])
        #expect(AssetLocator(environment: [:], executablePath: "/games/arcade", checkout: nil).roots == ["/share/games/arcade"])
        let chosen = AssetLocator(environment: ["ARCADE_ASSETS": "/opt/art"], executablePath: "/usr/games/arcade", checkout: nil)
        #expect(chosen.roots == ["/opt/art", "/usr/share/games/arcade"], "ARCADE_ASSETS still comes first")

        // Only a folder named exactly `games`, as only one named exactly `bin`.
        for binary in ["/opt/minigames/arcade", "/usr/games/extra/arcade", "/usr/share/games/arcade/arcade"] {
            #expect(AssetLocator(environment: [:], executablePath: binary, checkout: nil).roots.isEmpty, "\(binary)")
        }
    }

    @Test func aGamesBinarysSharedFolderIsUsedOnlyWhenNoOtherUserCanChangeIt() throws {
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try makeFolder(base + "/prefix/share/games/arcade/Temples")
        try makeFolder(base + "/prefix/games")
        let locator = AssetLocator(environment: [:], executablePath: base + "/prefix/games/arcade", checkout: nil,
                                   safety: FolderSafety(executablePath: nil))
        #expect(try locator.directory("Temples").get() == base + "/prefix/share/games/arcade/Temples")

        chmod(base + "/prefix/share/games", 0o777)
        guard case .failure(let error) = locator.directory("Temples") else {
            Issue.record("used a folder below one everyone can write")
            return
        }
        #expect(error.unsafe == [base + "/prefix/share/games/arcade/Temples"])
        chmod(base + "/prefix/share/games", 0o755)

        // Below a sticky folder, only folders of trusted owners.
        chmod(base + "/prefix", 0o1777)
        let someoneElses = AssetLocator(environment: [:], executablePath: base + "/prefix/games/arcade", checkout: nil,
                                        safety: FolderSafety(trustedOwners: [54_321]))
        #expect(throws: AssetError.self) { try someoneElses.directory("Temples").get() }
        chmod(base + "/prefix", 0o755)
    }

    @Test func eachFolderIsSearchedAndListedOnce() {
        let locator = AssetLocator(environment: ["ARCADE_ASSETS": "/usr/local/share/arcade/"],
                                   executablePath: "/usr/local/bin/arcade", checkout: nil)
        #expect(locator.roots == ["/usr/local/share/arcade"])
        let nowhere = AssetLocator(environment: ["ARCADE_ASSETS": "/nonexistent/art"],
                                   executablePath: "/nonexistent/bin/arcade", checkout: "/nonexistent")
        guard case .failure(let error) = nowhere.directory("Temples") else {
            Issue.record("found Temples under /nonexistent")
            return
        }
        #expect(error.searched == ["/nonexistent/art/Temples", "/nonexistent/share/arcade/Temples", "/nonexistent/Assets/Temples"])
        for folder in error.searched {
            #expect(error.description.components(separatedBy: folder).count == 2, "\(folder) once: \(error.description)")
        }
    }

    @Test func theCheckoutIsWhereTheSourcesWereCompiled() throws {
        #expect(AssetLocator.checkout == Self.checkout)
        let fromProcess = AssetLocator(environment: [:])
        #expect(fromProcess.roots.last == Self.checkout + "/Assets")
        #expect(try fromProcess.directory("Temples").get() == Self.checkout + "/Assets/Temples")
    }

    @Test func findsTheFirstFolderThatExistsAndOtherwiseSaysWhereItLooked() throws {
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: base + "/b/Sounds", withIntermediateDirectories: true)
        let locator = AssetLocator(roots: [base + "/a", base + "/b"])
        #expect(try locator.directory("Sounds").get() == base + "/b/Sounds")
        switch locator.directory("Temples") {
        case .success(let path):
            Issue.record("found \(path)")
        case .failure(let error):
            #expect(error.searched == [base + "/a/Temples", base + "/b/Temples"])
            #expect(error.description.contains("ARCADE_ASSETS"))
        }
    }

    @Test func aFolderEveryoneCanWriteAboveTheBinaryIsPassedOver() throws {
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        // A binary in <base>/open/bin, where anyone may have made share/arcade/Temples.
        try makeFolder(base + "/open/share/arcade/Temples")
        try makeFolder(base + "/checkout/Assets/Temples")
        let locator = AssetLocator(environment: [:], executablePath: base + "/open/bin/arcade",
                                   checkout: base + "/checkout", safety: FolderSafety(executablePath: nil))
        #expect(try locator.directory("Temples").get() == base + "/open/share/arcade/Temples", "safe as it stands")

        chmod(base + "/open", 0o777)
        #expect(try locator.directory("Temples").get() == base + "/checkout/Assets/Temples")

        chmod(base + "/checkout/Assets/Temples", 0o777)
        guard case .failure(let error) = locator.directory("Temples") else {
            Issue.record("used a folder everyone can write")
            return
        }
        #expect(error.unsafe == [base + "/open/share/arcade/Temples", base + "/checkout/Assets/Temples"])
        #expect(error.description.contains(base + "/open/share/arcade/Temples (not used: other users can change it)"),
                "\(error.description)")
    }

    @Test func belowAStickyFolderOnlyYourOwnFoldersAreUsed() throws {
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        // <base>/shared is like /tmp: everyone may make folders in it, no one may take another's.
        try makeFolder(base + "/shared/mine/share/arcade/Sounds")
        chmod(base + "/shared", 0o1777)
        let binary = base + "/shared/mine/bin/arcade"
        let yours = AssetLocator(environment: [:], executablePath: binary, checkout: nil,
                                 safety: FolderSafety(executablePath: nil))
        #expect(try yours.directory("Sounds").get() == base + "/shared/mine/share/arcade/Sounds")

        // The same folders, as if they belonged to someone else.
        let someoneElses = AssetLocator(environment: [:], executablePath: binary, checkout: nil,
                                        safety: FolderSafety(trustedOwners: [54_321]))
        #expect(throws: AssetError.self) { try someoneElses.directory("Sounds").get() }

        // Whatever ARCADE_ASSETS names is used: you chose it.
        let chosen = AssetLocator(environment: ["ARCADE_ASSETS": base + "/shared/mine/share/arcade"],
                                  executablePath: binary, checkout: nil, safety: FolderSafety(trustedOwners: [54_321]))
        #expect(try chosen.directory("Sounds").get() == base + "/shared/mine/share/arcade/Sounds")
    }

    @Test func aLinkIsFollowedAndTheFolderItLeadsToIsChecked() throws {
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        try makeFolder(base + "/open/Temples")
        chmod(base + "/open", 0o777)
        try makeFolder(base + "/prefix/share")
        try FileManager.default.createSymbolicLink(atPath: base + "/prefix/share/arcade", withDestinationPath: base + "/open")
        let locator = AssetLocator(environment: [:], executablePath: base + "/prefix/bin/arcade", checkout: nil,
                                   safety: FolderSafety(executablePath: nil))
        #expect(throws: AssetError.self) { try locator.directory("Temples").get() }

        chmod(base + "/open", 0o755)
        #expect(try locator.directory("Temples").get() == base + "/open/Temples", "the path checked is the one used")
    }

    /// A file everyone can write, inside an asset folder found from the binary, is not used
    /// either (the folder rule, applied to what the folder holds): the picture is skipped and
    /// the descriptions passed over, each with a notice (a cue: `SoundTests`). Files
    /// the owner's group may write are used, as such folders are.
    @Test func aFileEveryoneCanWriteInAFolderFoundFromTheBinaryIsNotUsed() throws {
        let base = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let share = base + "/prefix/share/arcade"
        try makeFolder(share + "/Temples")
        for name in ["kirtland.png", "bern-switzerland.png"] {
            try FileManager.default.copyItem(atPath: Self.checkout + "/Assets/Temples/" + name, toPath: share + "/Temples/" + name)
            chmod(share + "/Temples/" + name, 0o644)
        }
        try Data(#"[{"file": "bern-switzerland.png", "name": "Bern"}, {"file": "kirtland.png", "name": "Kirtland"}]"#.utf8)
            .write(to: URL(fileURLWithPath: share + "/Temples/temples.json"))
        chmod(share + "/Temples/kirtland.png", 0o666)
        chmod(share + "/Temples/temples.json", 0o646)
        chmod(share + "/Temples/bern-switzerland.png", 0o664)
        let locator = AssetLocator(environment: [:], executablePath: base + "/prefix/bin/arcade", checkout: nil,
                                   safety: FolderSafety(executablePath: nil))

        let deck = try TempleDeck.builtIn(assets: locator).get()
        #expect(deck.entries.map(\.card.id) == ["bern-switzerland.png"])
        #expect(deck.entries.first?.card.name == "Bern Switzerland", "names come from the file names")
        #expect(deck.notices == ["temples.json could not be read (other users can change it); names come from the file names.",
                                 "Skipped kirtland.png: other users can change it"], "\(deck.notices)")

        // What ARCADE_ASSETS names is used as it is: you chose it.
        let chosen = AssetLocator(environment: ["ARCADE_ASSETS": share], executablePath: nil, checkout: nil,
                                  safety: FolderSafety(executablePath: nil))
        let all = try TempleDeck.builtIn(assets: chosen).get()
        #expect(all.entries.map(\.card.name) == ["Bern", "Kirtland"] && all.notices.isEmpty, "\(all.notices)")
    }

    @Test func messagesShowFoldersSafely() {
        let error = AssetError(name: "Temples", searched: ["/opt/\u{1B}]0;pwned\u{07}/Temples"])
        #expect(error.description.contains("/opt/\\e]0;pwned\\x07/Temples"), "\(error.description)")
    }
}

/// A new private folder under the temporary directory, links resolved.
private func temporaryFolder() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return url.resolvingSymlinksInPath().path
}

private func makeFolder(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
}
