import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// XCTest's documented order holds with the harness's teardown blocks in it: setUp (async, throwing,
/// plain), the test, teardown blocks last-in first-out (the app is terminated, then the sandbox
/// wiped), then tearDown (plain, throwing, async).
final class LifecycleOrderTests: XCTestCase {
    private var events: [String] = []
    private var app: AppLauncher?
    private var sandboxRoot = ""

    override func setUp() async throws {
        events.append("setUp async")
    }

    override func setUpWithError() throws {
        events.append("setUpWithError")
        addTeardownBlock { [unowned self] in
            // Registered before the sandbox and the app: runs after the harness's own blocks.
            let rootExists = FileManager.default.fileExists(atPath: self.sandboxRoot)
            self.events.append("user block registered first: app \(self.app?.state.description ?? "nil"), sandbox exists \(rootExists)")
        }
        _ = try sandboxForTest(keep: .never)
        let app = try launchApp(.name("sleep"), arguments: ["60"])
        self.app = app
        sandboxRoot = app.sandbox.root
        addTeardownBlock { [unowned self] in
            // Registered after the app: runs before the harness terminates it.
            self.events.append("user block registered last: app running \(self.app?.state.description.hasPrefix("running") ?? false)")
        }
    }

    override func setUp() {
        events.append("setUp")
    }

    func testOrder() {
        events.append("test")
        XCTAssertTrue(FileManager.default.fileExists(atPath: sandboxRoot))
    }

    override func tearDown() {
        events.append("tearDown")
    }

    override func tearDownWithError() throws {
        events.append("tearDownWithError")
    }

    override func tearDown() async throws {
        events.append("tearDown async")
        XCTAssertEqual(events, [
            "setUp async", "setUpWithError", "setUp", "test",
            "user block registered last: app running true",
            "user block registered first: app killed by signal 15, sandbox exists false",
            "tearDown", "tearDownWithError", "tearDown async",
        ])
        app = nil
    }
}

/// The one line also works in `setUp() async throws`: the app is running in the test and has been
/// terminated (and its sandbox wiped) by the time `tearDown()` runs.
final class AsyncSetUpLaunchTests: XCTestCase {
    private var app: AppLauncher?

    override func setUp() async throws {
        app = try await launchApp(.name("sleep"), arguments: ["60"])
    }

    func testAppLaunchedInAsyncSetUpRuns() throws {
        let app = try XCTUnwrap(app)
        XCTAssertTrue(app.state.description.hasPrefix("running"), "\(app.state)")
    }

    override func tearDown() {
        XCTAssertEqual(app?.state, .exited(.signaled(SIGTERM, coreDumped: false)))
        XCTAssertEqual(app.map { FileManager.default.fileExists(atPath: $0.sandbox.root) }, false)
        app = nil
    }
}
