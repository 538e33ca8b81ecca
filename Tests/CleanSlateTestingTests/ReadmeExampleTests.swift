import CleanSlate
import CleanSlateTesting
import Testing

// The Swift Testing example that opens README.md (and the CleanSlateTesting documentation's root page), kept here so that it is compiled and run.
@Suite(.cleanSlate)
struct OnboardingTests {
    @Test func firstLaunchAsksSecondLaunchRemembers() throws {
        let app = try launchApp(.product("SampleApp"))
        try app.waitForOutput("What's your name? ")
        try app.typeText("Ada\n")
        #expect(try app.waitForExit() == .exited(0))

        try app.launch()  // same sandbox, as XCUIApplication.launch() relaunches
        try app.waitForOutput("Welcome back, Ada!")
    }
}
