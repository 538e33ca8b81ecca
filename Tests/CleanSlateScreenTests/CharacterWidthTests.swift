@testable import CleanSlateScreen
import XCTest

/// Widths of characters whose East Asian Width and general category are known from the Unicode Character Database.
final class CharacterWidthTests: XCTestCase {
    func testNarrowCharacters() {
        for scalar: UInt32 in [0x41, 0xE9, 0xAD, 0x3B1, 0x2500, 0x10348, 0x1F10] {
            XCTAssertEqual(CharacterWidth.of(scalar), 1, "U+\(String(scalar, radix: 16))")
        }
    }

    func testZeroWidthCharacters() {
        // Combining acute (Mn), enclosing circle (Me), ZWJ (Cf), variation selector 16 (Mn),
        // Hangul jungseong A (joins the preceding jamo), language tag (Cf, astral).
        for scalar: UInt32 in [0x301, 0x20DD, 0x200D, 0xFE0F, 0x1161, 0xE0001] {
            XCTAssertEqual(CharacterWidth.of(scalar), 0, "U+\(String(scalar, radix: 16))")
        }
    }

    func testWideCharacters() {
        // Hangul syllable, CJK ideograph, fullwidth A, emoji with emoji presentation, CJK extension B, ideographic space.
        for scalar: UInt32 in [0xAC00, 0x4E2D, 0xFF21, 0x1F600, 0x20000, 0x3000] {
            XCTAssertEqual(CharacterWidth.of(scalar), 2, "U+\(String(scalar, radix: 16))")
        }
    }

    func testTablesAreSortedDisjointRanges() {
        for table in [CharacterWidthTables.zeroWidth, CharacterWidthTables.wide] {
            XCTAssertEqual(table.count % 2, 0)
            for index in stride(from: 0, to: table.count, by: 2) {
                XCTAssertLessThanOrEqual(table[index], table[index + 1])
                if index > 0 { XCTAssertGreaterThan(table[index], table[index - 1] + 1) }
            }
        }
    }

    func testTheBasicPlaneTableAgreesWithTheRangeTablesForEveryScalar() {
        // The 64 KiB table is built from the ranges at first use; every entry must give what the
        // binary searches give, zero width winning where a scalar is in both lists.
        let mismatches = (0...0xFFFF).map(UInt32.init).filter { CharacterWidth.of($0) != CharacterWidth.widthFromRanges($0) }
        XCTAssertEqual(mismatches.map { String($0, radix: 16) }, [])
    }
}
