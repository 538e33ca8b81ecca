import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// The sandbox listing of the failure artifacts: every file with its size, and bounded however many
/// files the app made.
@Suite(.cleanSlate)
struct ArtifactListingTests {
    @Test func theListingNamesFilesWithTheirSizesAndStopsAtItsLimit() throws {
        let sandbox = try sandboxForTest()
        let folder = sandbox.cacheHome + "/many"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let extra = 25
        for index in 0..<(FailureArtifacts.listingLimit + extra) {
            #expect(FileManager.default.createFile(atPath: folder + "/f\(index)", contents: nil))
        }
        try "hello\n".write(toFile: sandbox.home + "/a.txt", atomically: false, encoding: .utf8)

        let lines = FailureArtifacts.listing(of: sandbox).split(separator: "\n")
        #expect(lines.first == "sandbox \(sandbox.root)")
        #expect(lines.contains("$HOME/a.txt  6 bytes"))
        #expect(lines.count == 1 + FailureArtifacts.listingLimit + 1, "the header, the limit, the line saying what was left out")
        let snapshot = try sandbox.snapshot()
        let total = Sandbox.Location.allCases.map { snapshot.paths(in: $0).count }.reduce(0, +)
        #expect(total >= FailureArtifacts.listingLimit + extra + 2, "the files, many/ and a.txt")
        #expect(lines.last == "... and \(total - FailureArtifacts.listingLimit) more, not listed")
    }
}
