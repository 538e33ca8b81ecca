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

/// Every process id in /proc.
func allProcessIDs() -> [Int32] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
}

/// The fields of /proc/<pid>/stat after the command name (state, parent, process group, ...), or
/// nil when the process is gone. The command name may hold spaces and parentheses: the last ')' ends it.
func statFields(of pid: Int32) -> [Substring]? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    return stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
}

/// The file that the program `name` on this process's PATH really is (its symlinks resolved), as
/// `/proc/PID/exe` names a process running it; nil when PATH has no such program.
func resolvedProgram(_ name: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    let found = folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    return found.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
}

/// Processes whose parent is this test process and which are zombies.
func zombieChildren() -> [Int32] {
    let me = getpid()
    return allProcessIDs().filter { pid in
        guard let fields = statFields(of: pid), fields.count > 1 else { return false }
        return fields[0] == "Z" && Int32(fields[1]) == me
    }
}

/// Number of descriptors open in this test process.
func openDescriptorCount() -> Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
}

/// Whether a process with this pid exists (and is not a zombie).
func processIsAlive(_ pid: Int32) -> Bool {
    guard let state = statFields(of: pid)?.first else { return false }
    return state != "Z"
}

/// The number printed right after `marker` in `text` (for pids that apps print, e.g. `child=123`).
func number(after marker: String, in text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int32 {
    let found = try XCTUnwrap(text.range(of: marker), "no \(marker) in \(text.debugDescription)", file: file, line: line)
    return try XCTUnwrap(Int32(text[found.upperBound...].prefix { $0.isNumber }), file: file, line: line)
}

/// The running test bundle (what `swift test` executes), for tests that run a copy of it.
func testBundlePath() throws -> String {
    try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
}

/// The build folder holding the test bundle and the package's executables (`cleanslate`, `SampleApp`).
func buildFolder() throws -> String {
    URL(fileURLWithPath: try testBundlePath()).deletingLastPathComponent().path
}

/// A value set once by another thread, waited for with a deadline.
final class ResultBox<Value>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value?

    func set(_ result: Value) {
        condition.withLock { value = result; condition.broadcast() }
    }

    /// The value, once set; nil if `deadline` passes first.
    func wait(until deadline: Date) -> Value? {
        condition.withLock {
            while value == nil { if !condition.wait(until: deadline) { break } }
            return value
        }
    }
}
