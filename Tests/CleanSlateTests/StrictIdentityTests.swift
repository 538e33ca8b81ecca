import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The Isolation levels article's table of strict isolation, checked from inside the app: the users and groups it
/// is shown, what `/run` holds, and that it cannot gain privileges (`no_new_privs`).
final class StrictIdentityTests: XCTestCase {
    /// Runs `script` with `sh` in strict isolation in this test's sandbox and returns its standard output.
    private func strictOutput(_ script: String) throws -> String {
        try requireStrictIsolation()
        let app = try makeApp(.name("sh"), arguments: ["-c", script])
        app.isolation = .strict
        try app.launch()
        XCTAssertEqual(try app.waitForExit(timeout: .seconds(10)), .exited(0), app.standardError)
        return app.standardOutput
    }

    func testPasswdListsRootCleanslateAndNobodyAndGroupRootCleanslateAndNogroup() throws {
        let output = try strictOutput("cut -d: -f1,3 /etc/passwd; echo --; cut -d: -f1,3 /etc/group")
        XCTAssertEqual(output, """
            root:0
            cleanslate:1000
            nobody:65534
            --
            root:0
            cleanslate:1000
            nogroup:65534

            """, "Debian names gid 65534 nogroup")
    }

    func testRunHoldsOnlyTheSandboxAndTheUserFilesAndIsReadOnly() throws {
        let output = try strictOutput("ls -A /run; echo --; ls -A /run/.cleanslate; echo --; touch /run/probe 2>/dev/null || echo read-only")
        XCTAssertEqual(output, """
            .cleanslate
            cleanslate
            --
            group
            passwd
            --
            read-only

            """)
    }

    func testTheAppRunsWithNoNewPrivilegesAndNoCapabilities() throws {
        let output = try strictOutput("grep -E '^(NoNewPrivs|CapEff):' /proc/self/status")
        XCTAssertEqual(output, "CapEff:\t0000000000000000\nNoNewPrivs:\t1\n", "as a set-user-id program would see it")
    }
}
