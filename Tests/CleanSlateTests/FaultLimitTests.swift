@testable import CleanSlate
import XCTest

/// The bounds of each fault, as `Faults`' reference gives them, checked at both ends: "1 to
/// `maximumFragmentLength` (65,536)" bytes of a piece, "0 to 10 seconds" of typing pause, "4096 bytes
/// to 1 TiB" of sandbox; anything else is `.invalidArgument` naming the fault.
final class FaultLimitTests: XCTestCase {
    private func assertRefused(_ faults: Faults, naming field: String, line: UInt = #line) {
        XCTAssertThrowsError(try faults.validate(strict: true), line: line) { error in
            XCTAssertEqual((error as? CleanSlateError)?.code, .invalidArgument, "\(error)", line: line)
            XCTAssertTrue("\(error)".contains("faults.\(field) is "), "\(error)", line: line)
        }
    }

    func testAPieceIsOneTo65536Bytes() {
        XCTAssertEqual(Faults.maximumFragmentLength, 65_536)
        for length in [1, 65_536] { XCTAssertNoThrow(try Faults(outputFragmentLength: length).validate(strict: false), "\(length)") }
        for length in [0, 65_537] { assertRefused(Faults(outputFragmentLength: length), naming: "outputFragmentLength") }
    }

    func testTheTypingPauseIsZeroToTenSeconds() {
        for pause in [Duration.zero, .seconds(10)] { XCTAssertNoThrow(try Faults(typingDelay: pause).validate(strict: false), "\(pause)") }
        for pause in [Duration.nanoseconds(-1), .seconds(10) + .nanoseconds(1)] { assertRefused(Faults(typingDelay: pause), naming: "typingDelay") }
    }

    func testTheSandboxSizeIs4096BytesToOneTebibyte() {
        for size in [4096, 1_099_511_627_776] { XCTAssertNoThrow(try Faults(sandboxSizeLimit: size).validate(strict: true), "\(size)") }
        for size in [4095, 1_099_511_627_777] { assertRefused(Faults(sandboxSizeLimit: size), naming: "sandboxSizeLimit") }
    }
}
