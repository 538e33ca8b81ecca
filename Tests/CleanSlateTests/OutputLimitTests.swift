@testable import CleanSlate
import CleanSlateScreen
import CleanSlateXCTest
import Foundation
import XCTest

/// Output is kept within ``OutputLimit``: the start and the end, with the cut said in place, while
/// plain-text waits still see every byte.
final class OutputLimitTests: XCTestCase {
    /// 1 GB of output keeps this process's memory bounded (default limit), and the count is exact.
    func testAGigabyteOfOutputKeepsMemoryBounded() throws {
        let before = residentBytes()
        let size = 1_000_000_000
        let app = try launchApp(.name("head"), arguments: ["-c", "\(size)", "/dev/zero"])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(300)), .exited(0))
        XCTAssertEqual(app.outputByteCount(), size)
        let grown = residentBytes() - before
        XCTAssertLessThan(grown, 100 << 20, "the test process grew by \(grown >> 20) MiB for 1 GB of output")
        let kept = app.outputBytes()
        let limit = OutputLimit.standard
        let notice = Array(OutputBuffer.cutNotice(size - limit.headBytes - limit.tailBytes, limit: limit).utf8)
        XCTAssertEqual(kept.count, limit.headBytes + notice.count + limit.tailBytes)
        XCTAssertEqual(Array(kept[limit.headBytes..<(limit.headBytes + notice.count)]), notice)
    }

    /// The documented default, pinned as literals: the first 1 MiB and the last 8 MiB of a stream,
    /// seen from outside with 1,000 bytes more than that.
    func testTheDefaultKeepsTheFirstMebibyteAndTheLastEightMebibytes() throws {
        let head = 1_048_576, tail = 8_388_608
        let app = try launchApp(.name("head"), arguments: ["-c", "\(head + 1_000 + tail)", "/dev/zero"])
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(60)), .exited(0))
        XCTAssertEqual(app.outputLimit, OutputLimit(headBytes: head, tailBytes: tail))
        let kept = app.outputBytes()
        XCTAssertEqual(kept[..<head].count { $0 == 0 }, head, "the first MiB, as written")
        let notice = kept[head...].prefix { $0 != 0 }
        XCTAssertTrue(String(decoding: notice, as: UTF8.self).contains("1000 bytes of output cut here"), String(decoding: notice, as: UTF8.self))
        XCTAssertEqual(kept.count - head - notice.count, tail, "the last 8 MiB, as written")
        XCTAssertEqual(kept[(head + notice.count)...].count { $0 == 0 }, tail)
    }

    /// A marker printed after much more output than the limit keeps is found by a plain-text wait,
    /// also when the wait starts after the marker arrived (it is in the kept tail).
    func testAMarkerAfterTheCutIsFound() throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "head -c 30000000 /dev/zero; echo MARKER; read line; echo AFTER-$line"])
        app.outputLimit = OutputLimit(headBytes: 1000, tailBytes: 1000)
        try app.launch()
        try app.waitForOutput("MARKER")
        try app.typeText("x\n")
        try app.waitForOutput("AFTER-x")
        let text = app.standardOutput
        XCTAssertTrue(text.contains("bytes of output cut here"), String(text.prefix(2000)))
        XCTAssertTrue(text.hasSuffix("MARKER\nAFTER-x\n"))
        XCTAssertLessThanOrEqual(app.outputBytes().count, 3000 + 200)
    }

    /// A wait in progress sees every byte as it arrives, even bytes the limit then drops: the
    /// marker is followed by far more output than the tail keeps before the wait can look.
    func testAWaitInProgressSeesBytesTheLimitDrops() throws {
        let app = try makeApp(.name("sh"), arguments: ["-c", "read line; echo NEEDLE; head -c 5000000 /dev/zero; cat > /dev/null"])
        // Too small to ever hold the needle: only a search of each chunk as it arrives can find it.
        app.outputLimit = OutputLimit(headBytes: 0, tailBytes: 4)
        try app.launch()
        let sent = typeTextOnceAWaitBegins("go\n", into: app)
        try app.waitForOutput("NEEDLE")
        sent.wait()
        try app.closeInput()
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertEqual(app.outputByteCount(), 7 + 5_000_000)
    }

    /// The watch used by plain-text waits finds a needle however the stream is cut into chunks.
    func testTheWatchFindsANeedleAcrossAnyChunking() {
        var generator = SeededRandom(seed: 0xC1EA_5107)
        for round in 0..<2_000 {
            let needle = (0..<Int(generator.next() % 6 + 1)).map { _ in UInt8(ascii: "a") + UInt8(generator.next() % 3) }
            let stream = (0..<Int(generator.next() % 60)).map { _ in UInt8(ascii: "a") + UInt8(generator.next() % 3) }
            let expected = stream.count >= needle.count && (0...(stream.count - needle.count)).contains { Array(stream[$0..<($0 + needle.count)]) == needle }
            let watch = OutputWatch(needle: needle, stream: .standardOutput, seen: [])
            var offset = 0
            while offset < stream.count {
                let length = min(stream.count - offset, Int(generator.next() % 7) + 1)
                stream[offset..<(offset + length)].withUnsafeBytes { watch.scan($0) }
                offset += length
            }
            XCTAssertEqual(watch.found, expected, "round \(round): \(needle) in \(stream)")
        }
    }

    private func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ")[1]) ?? 0) * 1024
    }
}

