import Foundation
import XCTest

/// Locates the shared conformance data beside the checkout (`../shared/conformance`).
enum ConformanceData {
    /// The conformance folder, computed from this file's path: `<checkout>/Tests/CleanSlateScreenTests/` up three levels.
    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("../shared/conformance").standardizedFileURL
    }

    /// The files of a subfolder with the given extension, sorted. When the folder is missing (a
    /// fresh clone has no `../shared`) the test is skipped, saying what is missing; under `.ci/run`
    /// (`CLEANSLATE_REQUIRE_EXTERNAL=1`, and CI always has `../shared`) it fails instead.
    static func files(in subfolder: String, extension pathExtension: String, file: StaticString = #filePath, line: UInt = #line) throws -> [URL] {
        let folder = directory.appendingPathComponent(subfolder)
        guard FileManager.default.fileExists(atPath: folder.path) else {
            let message = "Conformance data missing: expected the folder \(folder.path) (the project's shared/ folder beside the checkout, "
                + "which holds public conformance data; see ../shared/conformance/README.md in the project's workspace)"
            if ProcessInfo.processInfo.environment["CLEANSLATE_REQUIRE_EXTERNAL"] == "1" {
                XCTFail(message, file: file, line: line)
                return []
            }
            throw XCTSkip(message)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let files = names.filter { $0.hasSuffix("." + pathExtension) }.sorted().map { folder.appendingPathComponent($0) }
        XCTAssertFalse(files.isEmpty, "No .\(pathExtension) files in \(folder.path)", file: file, line: line)
        return files
    }
}
