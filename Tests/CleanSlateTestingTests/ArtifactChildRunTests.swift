import CleanSlate
import CleanSlateTesting
import Foundation
import Testing

/// Failure artifacts under Swift Testing, seen from outside a child test run: the folder is written
/// for a failing test (and its path printed), the recording, screen text and SVG are attached to the
/// test, and nothing is written for a passing one. Serialized: one child bundle at a time.
@Suite(.cleanSlate, .serialized)
struct ArtifactChildRunTests {
    private func folder(in outcome: ChildTestRun) throws -> String {
        let line = try #require(outcome.lines(containing: ") are in ").first, "\(outcome.output)\n\(outcome.errors)")
        return String(line[line.range(of: ") are in ")!.upperBound...])
    }

    @Test func aFailingTestWritesItsArtifactsAndAttachesTheRecordingScreenAndSVG() throws {
        let scratch = try sandboxForTest().temporaryDirectory
        let attachments = scratch + "/attachments"
        try FileManager.default.createDirectory(atPath: attachments, withIntermediateDirectories: true)
        let outcome = try runChildTests("ArtifactFixtures/failsOnATerminal", framework: .swiftTesting, keep: "never",
                                        environment: ["CLEANSLATE_ARTIFACTS": scratch + "/chosen"],
                                        arguments: ["--attachments-path", attachments])
        #expect(outcome.status == .exited(1))
        let folder = try folder(in: outcome)
        #expect(folder.hasPrefix(scratch + "/chosen/CleanSlateTestingTests.ArtifactFixtures_failsOnATerminal__/SampleApp-"), "\(folder)")
        let screen = try String(contentsOfFile: folder + "/screen.txt", encoding: .utf8)
        #expect(screen.contains("Name: Ada"))
        let files = try String(contentsOfFile: folder + "/sandbox-files.txt", encoding: .utf8)
        #expect(files.contains("$HOME/note.txt  9 bytes"), "\(files)")

        let attached = try FileManager.default.contentsOfDirectory(atPath: attachments)
        for name in ["SampleApp-session.cast", "SampleApp-screen.txt", "SampleApp-screen.svg"] {
            let file = try #require(attached.first { $0.hasSuffix(name) }, "\(name) not attached: \(attached)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: attachments + "/" + file)) == Data(contentsOf: URL(fileURLWithPath: folder + "/" + name.dropFirst("SampleApp-".count))),
                    "the attachment \(name) is the artifact")
        }
    }

    /// Runs a fixture of ``ArtifactFixtures`` that fails; returns its outcome and its whole log.
    private func runFailingFixture(_ name: String) throws -> (ChildTestRun, String) {
        let outcome = try runChildTests("ArtifactFixtures/\(name)", framework: .swiftTesting, keep: "never",
                                        environment: ["CLEANSLATE_ARTIFACTS": try sandboxForTest().temporaryDirectory + "/chosen"])
        return (outcome, outcome.output + outcome.errors)
    }

    @Test func theLogShowsTheFinalScreenOfAFailedTestsTerminalApp() throws {
        let (outcome, log) = try runFailingFixture("failsOnATerminal")
        #expect(outcome.lines(containing: "SampleApp when the test ended: running").count == 1, "\(log)")
        #expect(outcome.lines(containing: "its screen (24x80, cursor at row").count == 1, "\(log)")
        #expect(outcome.lines(containing: "| ").contains { $0.hasPrefix("| ") && $0.contains("Name: Ada") }, "\(log)")
    }

    @Test func theLogShowsTheLastLinesOfAFailedTestsPipeOutput() throws {
        let (outcome, log) = try runFailingFixture("failsOverPipes")
        #expect(outcome.lines(containing: "its standard output (the last 40 lines):").count == 1, "\(log)")
        let quoted = outcome.lines(containing: "| ").filter { $0.hasPrefix("| ") }
        #expect(quoted.first == "| 61" && quoted.contains("| 100"), "\(quoted)")
        #expect(!quoted.contains("| 60"))
        #expect(quoted.last == "| broken", "\(quoted)")
    }

    @Test func theArtifactsLineListsAScreenOnlyForATerminalApp() throws {
        let (pipes, pipesLog) = try runFailingFixture("failsOverPipes")
        #expect(pipes.lines(containing: "artifacts of sh in ").count == 1, "\(pipesLog)")
        #expect(pipes.lines(containing: "(recording, output, environment, files) are in ").count == 1, "\(pipesLog)")
        let (terminal, terminalLog) = try runFailingFixture("failsOnATerminal")
        #expect(terminal.lines(containing: "(recording, screen, output, environment, files) are in ").count == 1, "\(terminalLog)")
    }

    @Test func aPassingTestWritesNoArtifacts() throws {
        let directory = try sandboxForTest().temporaryDirectory + "/chosen"
        let outcome = try runChildTests("ArtifactFixtures/passesOnATerminal", framework: .swiftTesting,
                                        environment: ["CLEANSLATE_ARTIFACTS": directory])
        #expect(outcome.status == .exited(0), "\(outcome.output)")
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(outcome.lines(containing: ") are in ").isEmpty)
    }
}
