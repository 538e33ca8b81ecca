import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// SampleApp's wizard on a terminal, with a file in the sandbox: one test fails and one passes, for
/// ``ArtifactChildRunTests``. They run only in a child test process.
@Suite(.enabled(if: Fixture.isActive), .cleanSlate)
struct ArtifactFixtures {
    private func driveWizard() throws {
        let app = try launchApp(.product("SampleApp"), terminalSize: .standard)
        try app.waitForScreen(containing: "Name:")
        try app.typeText("Ada")
        try app.waitForScreen(containing: "Name: Ada")
        try "evidence\n".write(toFile: app.sandbox.home + "/note.txt", atomically: false, encoding: .utf8)
    }

    @Test func failsOnATerminal() throws {
        try driveWizard()
        Issue.record("deliberate failure")
    }

    @Test func passesOnATerminal() throws {
        try driveWizard()
    }

    @Test func failsOverPipes() throws {
        let app = try launchApp(.path("/bin/sh"), arguments: ["-c", "seq 1 100; echo broken >&2"])
        try app.waitForExit()
        Issue.record("deliberate failure")
    }
}
