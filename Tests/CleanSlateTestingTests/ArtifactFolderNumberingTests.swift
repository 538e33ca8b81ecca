import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// Artifacts: "Each app gets a new folder `TEST/APP-N`, so nothing is overwritten", and a screen
/// snapshot's page is `TEST/snapshot-NAME-N.html`, numbered likewise. Written here into a folder of
/// this test's sandbox (the task's artifact folder), never into the build folder.
@Suite(.cleanSlate)
struct ArtifactFolderNumberingTests {
    @Test func appsOfOneNameAndPagesOfOneNameGetNumbersAndNothingIsOverwritten() throws {
        let directory = try sandboxForTest().path(.temporary, "artifacts")
        let first = try launchApp(.name("sh"), arguments: ["-c", "echo one"])
        #expect(try first.waitForExit() == .exited(0))
        let second = try launchApp(.name("sh"), arguments: ["-c", "echo two"])
        #expect(try second.waitForExit() == .exited(0))
        let pages = try FailureArtifacts.$directoryInTask.withValue(directory) { () throws -> [String] in
            for app in [first, second] {
                FailureArtifacts.write(app, end: FailureArtifacts.EndOfTest(app), testName: "Suite/test()", failed: false)
            }
            return try ["first page", "second page"].map {
                try FailureArtifacts.writeNewFile($0, testName: "Suite/test()", named: "snapshot-wizard", extension: "html")
            }
        }
        let test = directory + "/Suite_test__"
        #expect(try String(contentsOfFile: test + "/sh-1/stdout.txt", encoding: .utf8) == "one\n")
        #expect(try String(contentsOfFile: test + "/sh-2/stdout.txt", encoding: .utf8) == "two\n")
        #expect(pages == [test + "/snapshot-wizard-1.html", test + "/snapshot-wizard-2.html"])
        #expect(try pages.map { try String(contentsOfFile: $0, encoding: .utf8) } == ["first page", "second page"])
    }
}
