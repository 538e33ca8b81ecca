import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Failure artifacts under XCTest, seen from outside a child test run: written for a failing test,
/// with every file a person needs, and not for a passing one unless asked.
final class ArtifactOutcomeTests: XCTestCase {
    private func artifactFolder(in errors: String) throws -> String {
        let line = try XCTUnwrap(errors.split(separator: "\n").first { $0.contains(") are in ") }, errors)
        return String(line[line.range(of: ") are in ")!.upperBound...])
    }

    private func read(_ folder: String, _ name: String) throws -> String {
        try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }

    func testAFailingTestWritesTheArtifactsOfItsAppAndPrintsWhere() throws {
        let directory = try sandboxForTest().temporaryDirectory + "/chosen"
        let outcome = try runFixture("ArtifactsFixture/testFailsOnATerminal", keep: "never", environment: ["CLEANSLATE_ARTIFACTS": directory])
        XCTAssertEqual(outcome.status, .exited(1), outcome.output)
        let folder = try artifactFolder(in: outcome.errors)
        XCTAssertTrue(folder.hasPrefix(directory + "/ArtifactsFixture.testFailsOnATerminal/SampleApp-"), folder)
        XCTAssertTrue(outcome.errors.contains("CleanSlate: the test failed; artifacts of SampleApp in ArtifactsFixture.testFailsOnATerminal"), outcome.errors)

        let screen = try read(folder, "screen.txt")
        XCTAssertTrue(screen.contains("SampleApp setup") && screen.contains("Name: Ada"), screen)
        XCTAssertTrue(try read(folder, "screen.styled.txt").hasPrefix("screen 24x80 cursor "))
        XCTAssertTrue(try read(folder, "screen.svg").hasPrefix("<svg"))
        XCTAssertTrue(try read(folder, "screen.html").contains("Name: Ada"))
        let recording = try read(folder, "session.cast")
        XCTAssertTrue(recording.hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24"), recording)
        XCTAssertTrue(recording.contains(", \"i\", \"Ada\"]"), "the typed text is an input event")
        XCTAssertTrue(try read(folder, "stdout.txt").contains("SampleApp setup"))
        let status = try read(folder, "status.txt")
        XCTAssertTrue(status.hasPrefix("at the end of the test: running (pid "), status)
        let environment = try read(folder, "environment.txt")
        XCTAssertTrue(environment.contains("HOME=/") && environment.contains("TERM=xterm-256color\n"), environment)
        let files = try read(folder, "sandbox-files.txt")
        XCTAssertTrue(files.contains("$HOME/note.txt  9 bytes"), files)
    }

    func testAPassingTestWritesNoArtifactsUnlessAsked() throws {
        let directory = try sandboxForTest().temporaryDirectory + "/chosen"
        let passing = try runFixture("ArtifactsFixture/testPassesOnATerminal", environment: ["CLEANSLATE_ARTIFACTS": directory])
        XCTAssertEqual(passing.status, .exited(0), passing.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory), "no artifacts for a passing test")
        XCTAssertFalse(passing.errors.contains(") are in "), passing.errors)

        let always = try runFixture("ArtifactsFixture/testPassesOnATerminal",
                                    environment: ["CLEANSLATE_ARTIFACTS": directory, "CLEANSLATE_ARTIFACTS_ALWAYS": "1"])
        XCTAssertEqual(always.status, .exited(0), always.output)
        let folder = try artifactFolder(in: always.errors)
        XCTAssertFalse(always.errors.contains("the test failed"), always.errors)
        XCTAssertTrue(try read(folder, "screen.txt").contains("Name: Ada"))
    }
}
