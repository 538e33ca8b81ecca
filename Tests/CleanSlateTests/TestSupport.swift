import CleanSlate
import Foundation
import XCTest

/// Asserts that `body` throws a ``CleanSlateError`` with `code`, and returns it for further checks.
@discardableResult
func assertThrowsCleanSlateError(
    _ code: CleanSlateError.Code, file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Void
) -> CleanSlateError? {
    do {
        try body()
        XCTFail("expected CleanSlateError \(code), nothing was thrown", file: file, line: line)
    } catch let error as CleanSlateError {
        XCTAssertEqual(error.code, code, "unexpected error: \(error)", file: file, line: line)
        return error
    } catch {
        XCTFail("expected CleanSlateError \(code), got \(error)", file: file, line: line)
    }
    return nil
}

/// Processes whose parent is this test process and which are zombies.
func zombieChildren() -> [Int32] {
    let me = getpid()
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { Int32($0) }.filter { pid in
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        return fields.count > 1 && fields[0] == "Z" && Int32(fields[1]) == me
    }
}

/// Number of descriptors open in this test process.
func openDescriptorCount() -> Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
}

/// Whether a process with this pid exists (and is not a zombie).
func processIsAlive(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return false }
    return !stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
}

/// The running test bundle (what `swift test` executes), for tests that run a copy of it.
func testBundlePath() throws -> String {
    try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
}

/// The build folder holding the test bundle and the package's executables (`cleanslate`, `SampleApp`).
func buildFolder() throws -> String {
    URL(fileURLWithPath: try testBundlePath()).deletingLastPathComponent().path
}
