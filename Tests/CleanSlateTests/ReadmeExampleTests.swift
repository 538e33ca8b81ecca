import CleanSlate
import CleanSlateXCTest
import XCTest

// The XCTest example that opens README.md (and the CleanSlateXCTest documentation's root page), kept here so that it is compiled and run.
final class OnboardingTests: XCTestCase {
    func testFirstLaunchAsksSecondLaunchRemembers() throws {
        let app = try launchApp(.product("SampleApp"))
        try app.waitForOutput("What's your name? ")
        try app.typeText("Ada\n")
        XCTAssertEqual(try app.waitForExit(), .exited(0))

        try app.launch()  // same sandbox, as XCUIApplication.launch() relaunches
        try app.waitForOutput("Welcome back, Ada!")
    }
}
