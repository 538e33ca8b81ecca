import XCTest

/// An `XCTestCase` that checks, after each test, that the test left no state behind in its
/// stored properties.
///
/// XCTest creates one instance per test method before the run and keeps them all alive until the
/// process exits, so a property that still holds a launcher, a sandbox or a large buffer after
/// teardown leaks it for the rest of the run. After `tearDown()` (and the teardown blocks), this
/// class sets every ``AutoTearDown`` property to nil and then fails the test, naming each other
/// stored property that still holds a value. Mark properties kept on purpose ``TestConstant``.
open class CleanSlateTestCase: XCTestCase {
    override open func invokeTest() {
        super.invokeTest()
        StateLeakCheck.releaseAutoTearDownProperties(of: self)
        if testRun?.hasBeenSkipped == true { return }
        let leaked = StateLeakCheck.leakedProperties(of: self)
        guard !leaked.isEmpty else { return }
        let names = leaked.map { "'\($0)'" }.joined(separator: ", ")
        XCTFail("""
            stored properties still hold values after teardown: \(names). XCTest keeps every test-case \
            instance alive for the whole run, so these are never released. Set them to nil in tearDown(), \
            declare them @AutoTearDown, or mark them @TestConstant if they are kept on purpose.
            """)
    }
}
