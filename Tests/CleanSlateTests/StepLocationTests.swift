import CleanSlate
import CleanSlateXCTest
import XCTest

/// Every wait and action that can fail reports the line of the test that called it: the error it
/// throws carries that line (`sourceLocation`) and its description names it. Each step here is
/// called on an app that was never launched, so each throws `.notRunning` at once.
final class StepLocationTests: CleanSlateTestCase {
    /// The error `step` throws, checked to be located at `line` of this file and to name it.
    private func expectLocated(_ line: Int, _ step: () throws -> Void, file: StaticString = #filePath, callLine: UInt = #line) {
        do {
            try step()
            XCTFail("the step did not fail", file: file, line: callLine)
        } catch let error as CleanSlateError {
            XCTAssertEqual(error.sourceLocation?.fileID, "CleanSlateTests/StepLocationTests.swift", "\(error)", file: file, line: callLine)
            XCTAssertEqual(error.sourceLocation?.line, line, "\(error)", file: file, line: callLine)
            XCTAssertTrue(error.description.hasPrefix("CleanSlate notRunning at CleanSlateTests/StepLocationTests.swift:\(line): "),
                          error.description, file: file, line: callLine)
        } catch {
            XCTFail("unexpected \(error)", file: file, line: callLine)
        }
    }

    /// The awaited form of ``expectLocated(_:_:file:callLine:)``.
    private func expectLocated(_ line: Int, _ step: () async throws -> Void, file: StaticString = #filePath, callLine: UInt = #line) async {
        do {
            try await step()
            XCTFail("the step did not fail", file: file, line: callLine)
        } catch let error as CleanSlateError {
            XCTAssertEqual(error.sourceLocation?.fileID, "CleanSlateTests/StepLocationTests.swift", "\(error)", file: file, line: callLine)
            XCTAssertEqual(error.sourceLocation?.line, line, "\(error)", file: file, line: callLine)
        } catch {
            XCTFail("unexpected \(error)", file: file, line: callLine)
        }
    }

    func testEveryBlockingStepIsLocatedAtTheCallersLine() throws {
        let app = try makeApp(.name("true"))
        expectLocated(#line) { _ = try app.waitForOutput("x") }
        expectLocated(#line) { _ = try app.waitForOutput(matching: "x") }
        expectLocated(#line) { _ = try app.waitForExit() }
        expectLocated(#line) { _ = try app.waitForState("stopped") { _ in false } }
        expectLocated(#line) { _ = try app.waitForOutputProgress(beyond: .start) }
        expectLocated(#line) { try app.typeText("x") }
        expectLocated(#line) { try app.write([1]) }
        expectLocated(#line) { try app.closeInput() }
        expectLocated(#line) { try app.press(.enter) }
        expectLocated(#line) { try app.paste("x") }
        expectLocated(#line) { try app.resize(to: .standard) }
        expectLocated(#line) { try app.click(row: 0, column: 0) }
        expectLocated(#line) { try app.mouse(.press(.left), row: 0, column: 0) }
        expectLocated(#line) { _ = try app.waitForScreen(containing: "x") }
        expectLocated(#line) { _ = try app.waitForScreen(matching: "x") }
        expectLocated(#line) { _ = try app.waitForScreen { _ in false } }
        expectLocated(#line) { _ = try app.waitForScreenToSettle() }
        expectLocated(#line) { _ = try app.waitForAny([app.buttons["OK"]]) }
        expectLocated(#line) { _ = try app.buttons["OK"].waitForExistence() }
        expectLocated(#line) { _ = try app.buttons["OK"].waitForNonExistence() }
        expectLocated(#line) { _ = try app.textFields["Name"].waitUntil("it is empty") { _ in true } }
        expectLocated(#line) { try app.buttons["OK"].click() }
        expectLocated(#line) { try app.keyHints["Exit"].press() }
        expectLocated(#line) { try app.textFields["Name"].typeText("Ada") }
        expectLocated(#line) { try app.checkBoxes["Olives"].toggle() }
        expectLocated(#line) { try app.menuItems["Tea"].select() }
    }

    func testEveryAwaitedStepIsLocatedAtTheCallersLine() async throws {
        let app = try makeApp(.name("true"))
        await expectLocated(#line) { _ = try await app.waitForOutput("x") }
        await expectLocated(#line) { _ = try await app.waitForOutput(matching: "x") }
        await expectLocated(#line) { _ = try await app.waitForExit() }
        await expectLocated(#line) { _ = try await app.waitForState("stopped") { _ in false } }
        await expectLocated(#line) { _ = try await app.waitForOutputProgress(beyond: .start) }
        await expectLocated(#line) { try await app.typeText("x") }
        await expectLocated(#line) { try await app.write([1]) }
        await expectLocated(#line) { try await app.press(.enter) }
        await expectLocated(#line) { try await app.paste("x") }
        await expectLocated(#line) { try await app.click(row: 0, column: 0) }
        await expectLocated(#line) { try await app.mouse(.press(.left), row: 0, column: 0) }
        await expectLocated(#line) { _ = try await app.waitForScreen(containing: "x") }
        await expectLocated(#line) { _ = try await app.waitForScreen(matching: "x") }
        await expectLocated(#line) { _ = try await app.waitForScreen { _ in false } }
        await expectLocated(#line) { _ = try await app.waitForScreenToSettle() }
        await expectLocated(#line) { _ = try await app.waitForAny([app.buttons["OK"]]) }
        await expectLocated(#line) { _ = try await app.buttons["OK"].waitForExistence() }
        await expectLocated(#line) { _ = try await app.buttons["OK"].waitForNonExistence() }
        await expectLocated(#line) { _ = try await app.textFields["Name"].waitUntil("it is empty") { _ in true } }
        await expectLocated(#line) { try await app.buttons["OK"].click() }
        await expectLocated(#line) { try await app.keyHints["Exit"].press() }
        await expectLocated(#line) { try await app.textFields["Name"].typeText("Ada") }
        await expectLocated(#line) { try await app.checkBoxes["Olives"].toggle() }
        await expectLocated(#line) { try await app.menuItems["Tea"].select() }
    }

    func testWhereAStepFailedIsNotPartOfWhatWentWrong() {
        let error = CleanSlateError(.timedOut, "waited")
        let located = error.located(at: CleanSlateError.SourceLocation(fileID: "M/F.swift", filePath: "/p/M/F.swift", line: 7, column: 3))
        XCTAssertEqual(located, error)
        XCTAssertEqual(located.description, "CleanSlate timedOut at M/F.swift:7: waited")
        XCTAssertEqual(error.description, "CleanSlate timedOut: waited")
    }
}
