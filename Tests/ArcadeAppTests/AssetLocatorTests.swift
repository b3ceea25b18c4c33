import Foundation
import Testing

@testable import ArcadeApp

@Suite struct AssetLocatorTests {
    @Test func looksInTheEnvironmentThenBesideAnInstallThenInTheCheckout() {
        let locator = AssetLocator(environment: ["ARCADE_ASSETS": "/opt/art"],
                                   executablePath: "/home/ann/arcade/.build/debug/arcade",
                                   currentDirectory: "/tmp/here")
        #expect(locator.roots == [
            "/opt/art",
            "/home/ann/arcade/.build/share/arcade",
            "/home/ann/arcade/.build/Assets",
            "/home/ann/arcade/Assets",
            "/home/ann/Assets",
            "/home/Assets",
            "/tmp/here/Assets",
        ])
        let installed = AssetLocator(environment: [:], executablePath: "/usr/local/bin/arcade", currentDirectory: nil)
        #expect(installed.roots.first == "/usr/local/share/arcade")
    }

    @Test func findsTheFirstFolderThatExistsAndOtherwiseSaysWhereItLooked() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.createDirectory(at: base.appendingPathComponent("b/Sounds"), withIntermediateDirectories: true)
        let locator = AssetLocator(roots: [base.path + "/a", base.path + "/b"])
        #expect(try locator.directory("Sounds").get() == base.path + "/b/Sounds")
        switch locator.directory("Temples") {
        case .success(let path):
            Issue.record("found \(path)")
        case .failure(let error):
            #expect(error.searched == [base.path + "/a/Temples", base.path + "/b/Temples"])
            #expect(error.description.contains("ARCADE_ASSETS"))
        }
    }
}
