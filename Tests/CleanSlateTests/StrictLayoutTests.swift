@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Which folders a strict launch hides and shows again, and how sandbox paths are given to the app.
final class StrictLayoutTests: XCTestCase {
    func testHiddenFoldersAreTheHomesTransientFoldersTheRunnersTreeAndTheSandboxFolder() throws {
        let sandbox = try sandboxForTest()
        let folder = (sandbox.root as NSString).deletingLastPathComponent
        let layout = StrictLayout(sandbox: sandbox, options: StrictOptions(hiddenPaths: ["/srv/secrets/", "/home/ada"]),
                                  executablePath: "/usr/bin/true", runnerDirectory: "/work/project")
        // Parents first; a folder inside a hidden one is not listed again.
        let expected = Set(StrictLayout.alwaysHidden + ["/work/project", "/srv/secrets", folder])
        XCTAssertEqual(Set(layout.hiddenFolders), expected.filter { path in !expected.contains { path != $0 && StrictLayout.isWithin(path, $0) } })
        XCTAssertEqual(layout.hiddenFolders, layout.hiddenFolders.sorted { $0.count < $1.count })
        XCTAssertFalse(layout.hiddenFolders.contains("/home/ada"))
        XCTAssertEqual(layout.exposedFolders, [], "/usr/bin is not hidden, so nothing is shown again")
    }

    func testFoldersTheSystemNeedsAreNeverHidden() throws {
        let layout = StrictLayout(sandbox: try sandboxForTest(), options: StrictOptions(hiddenPaths: ["/usr", "/etc/", "/opt"]),
                                  executablePath: "/bin/sh", runnerDirectory: "/")
        for path in ["/", "/usr", "/etc", "/opt"] { XCTAssertFalse(layout.hiddenFolders.contains(path), path) }
    }

    func testTheProgramsFolderIsShownAgainWhenItLiesInAHiddenOne() throws {
        let layout = StrictLayout(sandbox: try sandboxForTest(), options: StrictOptions(),
                                  executablePath: "/work/project/.build/debug/App", runnerDirectory: "/work/project")
        XCTAssertEqual(layout.exposedFolders, ["/work/project/.build/debug"])
    }

    func testHiddenPathsThatCannotBeHonouredAreTypedErrors() throws {
        for options in [StrictOptions(hiddenPaths: ["relative/folder"]), StrictOptions(hiddenPaths: ["/a\u{0}b"]),
                        StrictOptions(hiddenPaths: (0...StrictLayout.hiddenPathLimit).map { "/srv/\($0)" })] {
            let app = try makeApp(.path("/bin/true"))
            app.isolation = .strict(options)
            let error = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
            XCTAssertTrue(error?.message.contains("StrictOptions.hiddenPaths") ?? false, "\(String(describing: error))")
        }
    }

    func testAHiddenWorkingDirectoryIsATypedError() throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "pwd"])
        app.isolation = .strict
        app.workingDirectory = FileManager.default.currentDirectoryPath
        let error = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
        XCTAssertTrue(error?.message.contains("is hidden from the app in strict isolation") ?? false, "\(String(describing: error))")
        // Inside the sandbox it is fine (and given as the app sees it).
        try app.sandbox.createDirectory("work")
        app.workingDirectory = app.sandbox.path(.home, "work")
        try requireStrictIsolation()
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "/home/cleanslate/work\n")
    }

    func testSandboxPathsAreGivenAsTheAppSeesThem() throws {
        let sandbox = try sandboxForTest()
        let layout = StrictLayout(sandbox: sandbox, options: StrictOptions(), executablePath: "/bin/sh", runnerDirectory: "/")
        XCTAssertEqual(layout.insidePath(sandbox.home), "/home/cleanslate")
        XCTAssertEqual(layout.insidePath(sandbox.path(.config, "app/x")), "/run/cleanslate/xdg/config/app/x")
        XCTAssertEqual(layout.insidePath(sandbox.root + "-other"), sandbox.root + "-other", "a sibling is not inside")
        XCTAssertEqual(layout.insideValue("--file=\(sandbox.home)/a:\(sandbox.temporaryDirectory)"), "--file=/home/cleanslate/a:/run/cleanslate/tmp")
        XCTAssertEqual(layout.insideValue("/usr/bin:/bin"), "/usr/bin:/bin")
    }
}
