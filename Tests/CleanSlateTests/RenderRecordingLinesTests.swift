import CleanSlate
import XCTest

/// `cleanslate render` reads a recording in 64 KiB chunks and splits it into event lines: a line that
/// spans many chunks, many lines in one chunk, and a last line without a newline must all replay.
final class RenderRecordingLinesTests: XCTestCase {
    func testEventsSplitAcrossAndWithinChunksReplayAsTheRawCapture() throws {
        let sandbox = try sandboxForTest()
        var output = ""
        var recording = "{\"version\": 2, \"width\": 40, \"height\": 6}\n"
        // One event of about 300 KB (five chunks), then 4000 small events (many per chunk), the last
        // without a newline.
        var big = ""
        for number in 0..<10_000 { big += "line \(number) of the big event\r\n" }
        output += big
        recording += "[0.1, \"o\", \"\(big.replacingOccurrences(of: "\r\n", with: "\\r\\n"))\"]\n"
        for number in 0..<4000 {
            output += "small \(number)\r\n"
            recording += "[0.2, \"o\", \"small \(number)\\r\\n\"]" + (number == 3999 ? "" : "\n")
        }
        let cast = sandbox.temporaryDirectory + "/lines.cast", raw = sandbox.temporaryDirectory + "/lines.bin"
        try Data(recording.utf8).write(to: URL(fileURLWithPath: cast))
        try Data(output.utf8).write(to: URL(fileURLWithPath: raw))
        let (castStatus, castApp) = try runCleanslate(["render", "--cursor", cast])
        XCTAssertEqual(castStatus, .exited(0), castApp.standardError)
        let (rawStatus, rawApp) = try runCleanslate(["render", "--rows", "6", "--cols", "40", "--cursor", raw])
        XCTAssertEqual(rawStatus, .exited(0), rawApp.standardError)
        XCTAssertEqual(castApp.standardOutput, rawApp.standardOutput)
        XCTAssertTrue(castApp.standardOutput.contains("small 3999"), castApp.standardOutput)
    }
}
