import CleanSlate
import CleanSlateTesting
import Testing

// The Swift Testing example that opens README.md (and the CleanSlateTesting documentation's root page), kept here so that it is compiled and run.
@Suite(.cleanSlate)
struct OnboardingTests {
    @Test func firstLaunchAsksSecondLaunchRemembers() async throws {
        let app = try await launchApp(.product("SampleApp"))
        try await app.waitForOutput("What's your name? ")
        try await app.typeText("Ada\n")
        #expect(try await app.waitForExit() == .exited(0))

        try await app.launch()  // same sandbox, as XCUIApplication.launch() relaunches
        try await app.waitForOutput("Welcome back, Ada!")
    }
}
