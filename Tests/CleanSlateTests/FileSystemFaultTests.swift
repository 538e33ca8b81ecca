import CleanSlate
import CleanSlateXCTest
import XCTest

/// File system faults: a full sandbox and a read-only folder (strict isolation, where the sandbox's
/// mounts are CleanSlate's own), and a missing XDG folder.
final class FileSystemFaultTests: XCTestCase {
    private func launchStrict(_ script: String, faults: Faults) throws -> AppLauncher {
        try requireStrictIsolation()
        let app = try makeApp(.name("sh"), arguments: ["-c", script], isolation: .strict)
        app.faults = faults
        try app.launch()
        return app
    }

    private func errors(of app: AppLauncher) -> String { String(decoding: app.outputBytes(.standardError), as: UTF8.self) }

    func testPastTheSizeLimitWritesFailWithNoSpaceAndWhatWasWrittenIsCopiedBack() throws {
        let app = try launchStrict("""
            echo kept > "$HOME/note"
            head -c 300000 /dev/zero > "$XDG_DATA_HOME/big" || echo "write failed"
            """, faults: Faults(sandboxSizeLimit: 64 * 1024))
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertTrue(errors(of: app).contains("No space left on device"), errors(of: app))
        XCTAssertEqual(String(decoding: app.outputBytes(), as: UTF8.self), "write failed\n")
        XCTAssertEqual(try app.sandbox.text(of: "note"), "kept\n", "the app's writes are in the sandbox once it has exited")
        let big = try app.sandbox.contents(of: "big", in: .data)
        XCTAssertLessThan(big.count, 64 * 1024, "the file stopped at the limit")
    }

    func testAReadOnlyFolderRefusesWritesAndTheOthersTakeThem() throws {
        let app = try launchStrict("""
            echo x > "$XDG_CONFIG_HOME/settings" || echo "config refused"
            echo y > "$XDG_DATA_HOME/data" && echo "data written"
            """, faults: Faults(readOnlyFolders: [.config]))
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertTrue(errors(of: app).contains("Read-only file system"), errors(of: app))
        XCTAssertEqual(String(decoding: app.outputBytes(), as: UTF8.self), "config refused\ndata written\n")
    }

    func testAReadOnlyFolderCannotBeSwappedForAWritableOneByRenamingItsParent() throws {
        for sizeLimit in [nil, 1 << 20] {
            let app = try launchStrict("""
                parent=$(dirname "$XDG_CONFIG_HOME")
                mv "$parent" "$parent.old" && echo "parent renamed"
                mkdir -p "$XDG_CONFIG_HOME" && echo forged > "$XDG_CONFIG_HOME/settings" && echo "config written"
                echo y > "$XDG_DATA_HOME/data" && echo "data written"
                """, faults: Faults(sandboxSizeLimit: sizeLimit, readOnlyFolders: [.config, .cache]))
            XCTAssertEqual(try app.waitForExit(), .exited(0))
            XCTAssertTrue(errors(of: app).contains("Device or resource busy"), "the parent is a mount point: \(errors(of: app))")
            XCTAssertEqual(String(decoding: app.outputBytes(), as: UTF8.self), "data written\n", "the parent stays, writable")
            XCTAssertEqual(try app.sandbox.files(in: .config), [], "nothing reached the read-only folder")
            XCTAssertFalse(Host.exists(app.sandbox.root + "/xdg.old"))
            XCTAssertEqual(try app.sandbox.text(of: "data", in: .data), "y\n", "size limit \(sizeLimit.map(String.init) ?? "none")")
        }
    }

    func testAReadOnlyHomeIsReadOnlyThroughTheSandboxFolderToo() throws {
        let app = try launchStrict("""
            echo x > "$HOME/note" || echo "home refused"
            echo x > "\(StrictOptions.sandboxPath)/home/note" || echo "home refused through the sandbox folder"
            echo y > "$XDG_DATA_HOME/data" && echo "data written"
            """, faults: Faults(readOnlyFolders: [.home]))
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(String(decoding: app.outputBytes(), as: UTF8.self),
                       "home refused\nhome refused through the sandbox folder\ndata written\n", errors(of: app))
        XCTAssertFalse(Host.exists(app.sandbox.home + "/note"))
    }

    func testSizeLimitAndReadOnlyFoldersWithoutStrictIsolationAreRefused() throws {
        for faults in [Faults(sandboxSizeLimit: 1 << 20), Faults(readOnlyFolders: [.config])] {
            let app = try makeApp(.name("true"))
            app.faults = faults
            let error = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
            XCTAssertTrue(error?.message.contains("need strict isolation (app.isolation = .strict)") == true, String(describing: error))
        }
    }

    func testAMissingFolderIsAbsentWhenTheAppStarts() throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "test -e \"$XDG_CACHE_HOME\" && echo present || echo missing"])
        app.faults = Faults(missingFolders: [.cache])
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(String(decoding: app.outputBytes(), as: UTF8.self), "missing\n")
    }

    func testAMissingFolderThatHoldsFilesIsRefused() throws {
        let app = try makeApp(.name("true"))
        try app.sandbox.write("cached", to: "entry", in: .cache)
        app.faults = Faults(missingFolders: [.cache])
        let error = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
        XCTAssertTrue(error?.message.contains("which holds files") == true, String(describing: error))
        XCTAssertEqual(try app.sandbox.text(of: "entry", in: .cache), "cached", "nothing was lost")
    }

    func testASandboxLargerThanTheLimitIsRefusedSayingSo() throws {
        try requireStrictIsolation()
        let app = try makeApp(.name("true"), isolation: .strict)
        try app.sandbox.write([UInt8](repeating: 0, count: 200_000), to: "seeded")
        app.faults = Faults(sandboxSizeLimit: 64 * 1024)
        let error = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
        XCTAssertTrue(error?.message.contains("the sandbox holds more than faults.sandboxSizeLimit allows") == true, String(describing: error))
        XCTAssertEqual(try app.sandbox.contents(of: "seeded").count, 200_000, "the sandbox is untouched")
    }

    func testAReadOnlyFolderThatIsMissingIsRefusedSayingSo() throws {
        try requireStrictIsolation()
        let app = try makeApp(.name("true"), isolation: .strict)
        app.faults = Faults(readOnlyFolders: [.cache], missingFolders: [.cache])
        let error = assertThrowsCleanSlateError(.invalidArgument) { try app.launch() }
        XCTAssertTrue(error?.message.contains("a folder of faults.readOnlyFolders is not in the sandbox") == true, String(describing: error))
    }
}
