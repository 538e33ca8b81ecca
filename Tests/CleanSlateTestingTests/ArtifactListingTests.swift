import CleanSlate
import CleanSlateTestSupport
import CleanSlateTesting
import Foundation
import Testing

/// The sandbox listing of the failure artifacts: every file with its size, and at most 10,000 lines
/// (the Artifacts article's figure) however many files the app made.
@Suite(.cleanSlate)
struct ArtifactListingTests {
    /// The Artifacts article's limit, pinned here rather than read from the code under test.
    static let documentedLineLimit = 10_000

    /// How many paths `sandbox` holds in all its locations.
    private func pathCount(_ sandbox: Sandbox) throws -> Int {
        let snapshot = try sandbox.snapshot()
        return Sandbox.Location.allCases.map { snapshot.paths(in: $0).count }.reduce(0, +)
    }

    /// Makes `count` empty files in a new folder of the sandbox's cache.
    private func makeFiles(_ count: Int, in sandbox: Sandbox) throws {
        let folder = sandbox.cacheHome + "/many"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            #expect(FileManager.default.createFile(atPath: folder + "/f\(index)", contents: nil))
        }
    }

    @Test func theListingNamesFilesWithTheirSizesAndStopsAtItsLimit() throws {
        let sandbox = try sandboxForTest()
        try "hello\n".write(toFile: sandbox.home + "/a.txt", atomically: false, encoding: .utf8)
        try makeFiles(Self.documentedLineLimit + 25, in: sandbox)

        let lines = FailureArtifacts.listing(of: sandbox).split(separator: "\n")
        #expect(lines.first == "sandbox \(sandbox.root)")
        #expect(lines.contains("$HOME/a.txt  6 bytes"), "paths are written with the location's variable")
        #expect(lines.count == 10_000, "the header, 9,998 entries and the line saying what was left out")
        let total = try pathCount(sandbox)
        #expect(lines.last == "... and \(total - 9_998) more, not listed")
    }

    @Test func aListingThatFitsHasNoLineSayingWhatWasLeftOut() throws {
        let sandbox = try sandboxForTest()
        // One folder more (many/) and its files: 9,999 entries and the header, 10,000 lines.
        try makeFiles(Self.documentedLineLimit - 1 - (try pathCount(sandbox)) - 1, in: sandbox)
        #expect(try pathCount(sandbox) == 9_999)

        let lines = FailureArtifacts.listing(of: sandbox).split(separator: "\n")
        #expect(lines.count == 10_000, "the header and every entry")
        #expect(!lines.contains { $0.hasSuffix("more, not listed") })
    }
}
