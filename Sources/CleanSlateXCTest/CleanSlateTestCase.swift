import CleanSlateTestSupport
import XCTest

/// An `XCTestCase` that checks, after each test, that the test left no state behind in its
/// stored properties, and keeps or wipes the test's sandbox only once the whole test has ended.
///
/// XCTest creates one instance per test method before the run and keeps them all alive until the
/// process exits, so a property that still holds a launcher, a sandbox or a large buffer after
/// teardown leaks it for the rest of the run. After `tearDown()` (and the teardown blocks), this
/// class sets every ``AutoTearDown`` property to nil and then fails the test, naming each other
/// stored property that still holds a value. Mark properties kept on purpose ``TestConstant``.
///
/// The sandbox of `sandboxForTest(template:keep:rootDirectory:isolation:)` is kept or
/// wiped after that check, so a failure in `tearDown()` or in the leak check keeps it under
/// `CLEANSLATE_KEEP=failed` (in a plain `XCTestCase` the decision is made in a teardown block,
/// before `tearDown()`).
///
/// A `CleanSlateError` that a wait or an action throws out of the test method is reported at the
/// line of that step (`Module/File.swift:LINE`), where a plain `XCTestCase` reports it at
/// `<EXPR>:0` (its message names the line either way).
open class CleanSlateTestCase: XCTestCase {
    override open func invokeTest() {
        super.invokeTest()
        checkForLeakedState()
        TestSandboxes.finish(self)
    }

    /// Records a failure as `XCTestCase` does, except that a step's error thrown out of the test
    /// method is recorded at the step's line (see ``CleanSlateTestCase``).
    override open func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        let step = ThrownStepLocation.location(inReport: description, file: filePath, line: lineNumber)
        super.recordFailure(withDescription: description, inFile: step?.file ?? filePath, atLine: step?.line ?? lineNumber, expected: expected)
    }

    private func checkForLeakedState() {
        StateLeakCheck.releaseAutoTearDownProperties(of: self)
        if testRun?.hasBeenSkipped == true { return }
        let leaked = StateLeakCheck.leakedProperties(of: self)
        guard !leaked.isEmpty else { return }
        let names = leaked.map { "'\($0)'" }.joined(separator: ", ")
        TestFailure.report("""
            stored properties still hold values after teardown: \(names). XCTest keeps every test-case \
            instance alive for the whole run, so these are never released. Set them to nil in tearDown(), \
            declare them @AutoTearDown, or mark them @TestConstant if they are kept on purpose.
            """, at: CallerLocation(filePath: #filePath, line: #line))
    }
}
