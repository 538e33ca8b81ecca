@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The `LLVM_PROFILE_FILE` a launched app gets: only when the test process has one, in the same
/// folder under a name unique to the launch, and a folder the app can write even in strict
/// isolation. (The fixture package in `LaunchedAppCoverageTests` shows real profiles being counted.)
/// The test process's variable is given to each launcher, never set in this process's environment.
final class CoverageProfileTests: XCTestCase {
    /// Prints the app's `LLVM_PROFILE_FILE`, or `unset`.
    private let printProfileVariable = ["-c", "echo \"profile=${LLVM_PROFILE_FILE-unset}\""]

    /// A folder outside the sandbox for profiles, removed when the test ends.
    private func profileFolder() throws -> String {
        let folder = try buildFolder() + "/coverage-profile-test-\(UUID().uuidString)"
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    private func profileVariable(of app: AppLauncher) throws -> String {
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let line = String(decoding: app.outputBytes(), as: UTF8.self)
        return String(line.dropFirst("profile=".count).dropLast())
    }

    func testWithoutAProfileInTheTestProcessTheAppGetsNoneEvenInheritingEverything() throws {
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(profileFile: nil))
        app.launchArguments = printProfileVariable
        app.environmentPolicy = EnvironmentPolicy(passedThrough: [], inheritsHostEnvironment: true)
        XCTAssertEqual(try profileVariable(of: app), "unset")
    }

    func testAnInheritedProfileVariableIsReplacedOrDropped() throws {
        let host = ["PATH": "/usr/bin", "LLVM_PROFILE_FILE": "/build/codecov/XCTest%m.%p.profraw"]
        func build(coverage: String?, policy: EnvironmentPolicy) throws -> [String: String] {
            try LaunchEnvironmentBuilder(host: host, policy: policy, sandbox: [:], terminalType: "dumb", launchEnvironment: [:],
                                         coverageProfile: coverage).build()
        }
        let inheriting = EnvironmentPolicy(passedThrough: [], inheritsHostEnvironment: true)
        XCTAssertNil(try build(coverage: nil, policy: inheriting)["LLVM_PROFILE_FILE"], "the test process's own name never reaches the app")
        XCTAssertEqual(try build(coverage: "/build/codecov/app-%p-%m.profraw", policy: inheriting)["LLVM_PROFILE_FILE"],
                       "/build/codecov/app-%p-%m.profraw")
        XCTAssertEqual(try build(coverage: "/build/codecov/app-%p-%m.profraw", policy: .isolated)["LLVM_PROFILE_FILE"],
                       "/build/codecov/app-%p-%m.profraw")
    }

    func testTheAppsProfileGoesToAPrivateFolderOfTheLaunchInTheSandbox() throws {
        let folder = try profileFolder()
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(),
                              hostSettings: LauncherHostSettings(profileFile: folder + "/XCTest%m.%p.profraw"))
        app.launchArguments = printProfileVariable
        let sandboxName = (app.sandbox.root as NSString).lastPathComponent
        let expected = try Regex("^" + NSRegularExpression.escapedPattern(for: app.sandbox.root)
            + "/\\.cleanslate-coverage/" + sandboxName + "-[0-9a-f]+-2/%p-%m\\.profraw$")
        XCTAssertNotNil(try app.resolvedEnvironment()["LLVM_PROFILE_FILE"].flatMap { $0.wholeMatch(of: /.*-1\/%p-%m\.profraw/) },
                        "what the first launch gets")
        let first = try profileVariable(of: app)
        XCTAssertTrue(first.hasSuffix("-1/%p-%m.profraw"), first)
        XCTAssertNotNil(try app.resolvedEnvironment()["LLVM_PROFILE_FILE"]?.wholeMatch(of: expected), "what the next launch gets")
        XCTAssertNotNil(try profileVariable(of: app).wholeMatch(of: expected), "a relaunch has a folder of its own")
    }

    func testARelativeProfileIsTakenFromTheTestProcessFolder() throws {
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(),
                              hostSettings: LauncherHostSettings(profileFile: "cov/default.profraw", currentDirectory: "/work/package"))
        app.launchArguments = printProfileVariable
        let sandboxName = (app.sandbox.root as NSString).lastPathComponent
        XCTAssertTrue(try profileVariable(of: app).hasPrefix(app.sandbox.root + "/.cleanslate-coverage/\(sandboxName)-"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/work/package/cov") == false, "nothing was moved: the app wrote no profile")
    }

    func testTheTestsOwnLaunchEnvironmentWins() throws {
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(),
                              hostSettings: LauncherHostSettings(profileFile: "/tmp/cov/XCTest%p.profraw"))
        app.launchArguments = printProfileVariable
        app.launchEnvironment = ["LLVM_PROFILE_FILE": "/elsewhere/mine.profraw"]
        XCTAssertEqual(try profileVariable(of: app), "/elsewhere/mine.profraw")
    }

    func testInStrictIsolationTheAppsProfileReachesTheTestProcessFolderThoughTheBuildFolderIsHidden() throws {
        try requireStrictIsolation()
        // The folder lies in the package's build folder, which strict isolation hides (it is in the
        // test process's working directory) and whose rest is read-only.
        let folder = try profileFolder()
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(),
                              hostSettings: LauncherHostSettings(profileFile: folder + "/XCTest%m.%p.profraw"))
        app.isolation = .strict
        app.launchArguments = ["-c", Self.writeProfile("${LLVM_PROFILE_FILE%/*}/1-a.profraw") + " && ! ls \(ShellWords.quoted(folder)) 2>/dev/null"]
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), String(decoding: app.outputBytes(.standardError), as: UTF8.self))
        app.terminate()
        XCTAssertEqual(try profiles(in: folder).values.map(\.count), [Self.profileBytes.count])
    }

    /// `LLVM_PROFILE_FILE` in a folder strict isolation hides entirely (`/tmp`) or at the root: the
    /// test process's folder is never bound into the app's view, so neither keeps a strict launch
    /// from starting (both failed with "unprivileged user namespaces may be restricted").
    func testAProfileFolderInTmpOrAtTheRootDoesNotKeepAStrictLaunchFromStarting() throws {
        try requireStrictIsolation()
        let temporary = try FileSystemCall.makeTemporaryDirectory(template: "/tmp/cleanslate-coverage-test-XXXXXX")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: temporary) }
        for (profileFile, writes) in [(temporary + "/XCTest%p.profraw", true), ("/XCTest%p.profraw", false)] {
            let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(profileFile: profileFile))
            app.isolation = .strict
            app.launchArguments = ["-c", writes ? Self.writeProfile("${LLVM_PROFILE_FILE%/*}/1-a.profraw") : "true"]
            try app.launch()
            XCTAssertEqual(try app.waitForExit(), .exited(0), profileFile)
            app.terminate()
        }
        XCTAssertEqual(try profiles(in: temporary).values.map(\.count), [Self.profileBytes.count])
    }

    /// A hostile app fills its profile folder with what must never reach the test process's folder
    /// (where SwiftPM's merge would follow a link, read a device or fail on garbage): only the one
    /// real profile is moved, the links' targets are untouched, and the sandbox keeps nothing of it.
    func testOnlyRegularProfilesAreMovedAndNoLinkIsFollowed() throws {
        let folder = try profileFolder()
        let outside = try profileFolder()
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let hostFile = outside + "/default.profdata"
        try Data(Self.profileBytes).write(to: URL(fileURLWithPath: hostFile))
        let sandbox = try sandboxForTest()
        for strict in [false, true] {
            if strict { try requireStrictIsolation() }
            let app = AppLauncher(.name("sh"), sandbox: sandbox, hostSettings: LauncherHostSettings(profileFile: folder + "/XCTest%p.profraw"))
            if strict { app.isolation = .strict }
            app.launchArguments = ["-c", """
                cd "${LLVM_PROFILE_FILE%/*}" && \(Self.writeProfile("real.profraw")) &&
                ln -s \(ShellWords.quoted(hostFile)) linked.profraw && ln -s \(ShellWords.quoted(hostFile)) default.profdata &&
                ln -s \(ShellWords.quoted(outside)) folder.profraw &&
                printf 'garbage, not a profile' > garbage.profraw && mkfifo fifo.profraw && mkdir nested.profraw &&
                \(Self.writeProfile("big.profraw")) && truncate -s 300M big.profraw && \(Self.writeProfile("not-a-profile.txt"))
                """]
            try app.launch()
            XCTAssertEqual(try app.waitForExit(), .exited(0), String(decoding: app.outputBytes(.standardError), as: UTF8.self))
            app.terminate()
            let kept = try profiles(in: folder)
            XCTAssertEqual(kept.count, 1, "strict: \(strict): \(kept.keys.sorted())")
            XCTAssertEqual(kept.first.map { String($0.key.split(separator: "-").last!) }, "real.profraw")
            XCTAssertEqual(kept.first?.value, Self.profileBytes)
            for name in kept.keys { try FileManager.default.removeItem(atPath: folder + "/" + name) }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: hostFile)), Data(Self.profileBytes))
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), ["default.profdata"])
            let leftInSandbox = try FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/.cleanslate-coverage")
            XCTAssertEqual(leftInSandbox.count, 1, "only the folder the app made is left, for the wipe: \(leftInSandbox)")
            for name in leftInSandbox { try FileManager.default.removeItem(atPath: sandbox.root + "/.cleanslate-coverage/" + name) }
        }
    }

    /// A terminal launch gets its `LLVM_PROFILE_FILE` as a launch over pipes does, and the profile
    /// it writes reaches the test process's folder.
    func testATerminalLaunchGetsAProfileAndItsProfileIsKept() throws {
        let folder = try profileFolder()
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(),
                              hostSettings: LauncherHostSettings(profileFile: folder + "/XCTest%m.%p.profraw"))
        app.terminalSize = try TerminalSize(rows: 24, columns: 400)  // the whole path on one row
        app.launchArguments = ["-c", "echo \"profile=${LLVM_PROFILE_FILE-unset}\" && " + Self.writeProfile("${LLVM_PROFILE_FILE%/*}/1-a.profraw")]
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        let screen = try app.screen().text
        app.terminate()
        XCTAssertTrue(screen.contains("profile=" + app.sandbox.root + "/.cleanslate-coverage/"), screen)
        XCTAssertEqual(try profiles(in: folder).values.map(\.count), [Self.profileBytes.count])
    }

    /// The same profile name in two launches into one sandbox (in strict isolation pids repeat
    /// across launches): each launch's profile is kept under a name of its own.
    func testTwoLaunchesIntoOneSandboxKeepTheirOwnProfiles() throws {
        let folder = try profileFolder()
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(profileFile: folder + "/XCTest%p.profraw"))
        app.launchArguments = ["-c", Self.writeProfile("${LLVM_PROFILE_FILE%/*}/2-same.profraw")]
        for _ in 0..<2 {
            try app.launch()
            XCTAssertEqual(try app.waitForExit(), .exited(0))
        }
        app.terminate()
        XCTAssertEqual(try profiles(in: folder).count, 2)
    }

    /// A sandbox with the private profile folder of a launch named `launch` (made, empty), the test
    /// process's profile folder, and the launch's profile.
    private func harvestedLaunch() throws -> (Sandbox, String, CoverageProfile, String) {
        let sandbox = try sandboxForTest()
        let folder = try profileFolder()
        let profile = try XCTUnwrap(CoverageProfile(testProcessValue: folder + "/x.profraw", currentDirectory: "/", sandboxRoot: sandbox.root,
                                                    launchName: "launch"))
        let launchFolder = sandbox.root + "/.cleanslate-coverage/launch"
        try FileManager.default.createDirectory(atPath: launchFolder, withIntermediateDirectories: true)
        return (sandbox, folder, profile, launchFolder)
    }

    /// The harvest's own word on what it left: one sentence per entry, naming it.
    func testTheHarvestNamesWhatItDidNotMove() throws {
        let (sandbox, folder, profile, launchFolder) = try harvestedLaunch()
        try Data("garbage, not a profile".utf8).write(to: URL(fileURLWithPath: launchFolder + "/garbage.profraw"))
        try FileManager.default.createSymbolicLink(atPath: launchFolder + "/link.profraw", withDestinationPath: "/etc/passwd")
        try Data(Self.profileBytes).write(to: URL(fileURLWithPath: launchFolder + "/big.profraw"))
        XCTAssertEqual(truncate(launchFolder + "/big.profraw", 256 << 20 + 1), 0)
        try Data(Self.profileBytes).write(to: URL(fileURLWithPath: launchFolder + "/fits.profraw"))
        let notes = CoverageHarvest(profile: profile, sandbox: sandbox).run().sorted()
        XCTAssertEqual(notes, [
            ".cleanslate-coverage/launch/big.profraw is 268435457 bytes, over the 268435456 bytes a profile may have",
            ".cleanslate-coverage/launch/garbage.profraw is not an LLVM raw profile (it does not start with the profile magic)",
            ".cleanslate-coverage/launch/link.profraw is a symbolic link",
        ])
        XCTAssertEqual(try profiles(in: folder).keys.sorted(), ["launch-fits.profraw"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.root + "/.cleanslate-coverage"), "the emptied folders are removed")
    }

    /// A folder filled with junk gets at most 32 notes naming entries, then one line for the rest.
    func testTheHarvestNamesAtMost32EntriesAndCountsTheRest() throws {
        let (sandbox, folder, profile, launchFolder) = try harvestedLaunch()
        for index in 0..<100 { try Data("junk".utf8).write(to: URL(fileURLWithPath: launchFolder + "/\(index).txt")) }
        let notes = CoverageHarvest(profile: profile, sandbox: sandbox).run()
        XCTAssertEqual(notes.count, 33)
        XCTAssertEqual(notes.last, "68 more entries were not kept either")
        XCTAssertFalse(FileManager.default.fileExists(atPath: launchFolder), "every entry was removed all the same")
    }

    /// At most 64 profiles are moved from one launch.
    func testAtMost64ProfilesAreMovedFromOneLaunch() throws {
        let folder = try profileFolder()
        let app = AppLauncher(.name("sh"), sandbox: try sandboxForTest(), hostSettings: LauncherHostSettings(profileFile: folder + "/XCTest%p.profraw"))
        app.launchArguments = ["-c", "cd \"${LLVM_PROFILE_FILE%/*}\" && for i in $(seq 70); do \(Self.writeProfile("$i.profraw")); done"]
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        app.terminate()
        XCTAssertEqual(try profiles(in: folder).count, 64)
    }

    /// Past the total size of one launch's profiles, the rest are left and named.
    func testTheHarvestStopsAtTheTotalSizeOfOneLaunchsProfiles() throws {
        let (sandbox, folder, profile, launchFolder) = try harvestedLaunch()
        for index in 0..<4 { try Data(Self.profileBytes).write(to: URL(fileURLWithPath: launchFolder + "/\(index).profraw")) }
        var harvest = CoverageHarvest(profile: profile, sandbox: sandbox)
        harvest.totalSizeLimit = 2 * Self.profileBytes.count + 1
        let notes = harvest.run()
        XCTAssertEqual(try profiles(in: folder).count, 2, "two profiles fit")
        XCTAssertEqual(notes.count, 2, "\(notes)")
        XCTAssertTrue(notes.allSatisfy { $0.hasSuffix("is 12 bytes, past the 25 bytes the profiles of one launch may have together (24 bytes moved)") },
                      "\(notes)")
    }

    /// A file with the LLVM raw profile magic (`\xfflprofr\x81`, little-endian) and a body.
    static let profileBytes: [UInt8] = [0x81, 0x72, 0x66, 0x6f, 0x72, 0x70, 0x6c, 0xff] + Array("body".utf8)

    /// A shell command writing ``profileBytes`` to `path`.
    static func writeProfile(_ path: String) -> String {
        "printf '\\201\\162\\146\\157\\162\\160\\154\\377body' > \"\(path)\""
    }

    /// The regular files in `folder` and their bytes (none when it does not exist); fails on any
    /// other kind of entry.
    private func profiles(in folder: String) throws -> [String: [UInt8]] {
        guard FileManager.default.fileExists(atPath: folder) else { return [:] }
        var result: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular, name)
            result[name] = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        }
        return result
    }
}
