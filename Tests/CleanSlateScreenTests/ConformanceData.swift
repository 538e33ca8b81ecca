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

    /// The files of a subfolder with the given extension, sorted; fails the test if the folder is missing.
    static func files(in subfolder: String, extension pathExtension: String, file: StaticString = #filePath, line: UInt = #line) throws -> [URL] {
        let folder = directory.appendingPathComponent(subfolder)
        guard FileManager.default.fileExists(atPath: folder.path) else {
            XCTFail("Conformance data missing: expected the folder \(folder.path) (shared/ beside the checkout)", file: file, line: line)
            return []
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let files = names.filter { $0.hasSuffix("." + pathExtension) }.sorted().map { folder.appendingPathComponent($0) }
        XCTAssertFalse(files.isEmpty, "No .\(pathExtension) files in \(folder.path)", file: file, line: line)
        return files
    }
}
