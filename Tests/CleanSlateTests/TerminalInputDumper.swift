import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

extension XCTestCase {
    /// What a real program on a terminal reads: a shell puts the terminal in raw mode (no echo, no
    /// signal keys, no line editing) and `od` prints every byte it reads in hex. `modes` is printed
    /// first (printf escapes such as `\033[?1h`), then `send` runs, then a `.` end marker is typed;
    /// returns the bytes read before the marker.
    func bytesReceived(
        enabling modes: String = "", file: StaticString = #filePath, line: UInt = #line,
        _ send: (AppLauncher) throws -> Void
    ) throws -> [UInt8] {
        let app = try launchApp(.name("sh"), arguments: ["-c", "stty raw -echo; printf '\(modes)READY'; exec od -An -tx1 -v -w1"], terminalSize: .standard)
        app.defaultTimeout = .seconds(5)
        try app.waitForScreen(containing: "READY")
        try send(app)
        try app.typeText(".")
        try app.waitForOutput(" 2e")
        let output = app.standardOutput
        guard let ready = output.range(of: "READY") else {
            XCTFail("the dumper's output lacks READY: \(output.debugDescription)", file: file, line: line)
            return []
        }
        let bytes = output[ready.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" })
            .compactMap { UInt8($0, radix: 16) }
        XCTAssertEqual(bytes.last, 0x2E, "od output: \(output.debugDescription)", file: file, line: line)
        return Array(bytes.dropLast())
    }

}
