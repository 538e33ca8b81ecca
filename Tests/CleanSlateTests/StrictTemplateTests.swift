@testable import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Templates work the same in strict isolation: what a template seeded is what the app finds at its
/// stable paths, and what the app writes there is in the test's sandbox afterwards.
final class StrictTemplateTests: XCTestCase {
    func testAStrictAppSeesWhatTheTemplateSeededAndWritesBackIntoTheSandbox() throws {
        let template = try SandboxTemplate { sandbox in
            try sandbox.write("theme = dark\n", to: "tool/config.toml", in: .config)
        }
        defer { try? template.wipe() }
        let sandbox = try sandboxForTest(template: template)
        try requireStrictIsolation()
        let app = try makeApp(.name("sh"), arguments: ["-c", #"cat "$XDG_CONFIG_HOME/tool/config.toml"; echo seen > "$HOME/seen""#])
        app.isolation = .strict
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "theme = dark\n")
        XCTAssertEqual(try sandbox.text(of: "seen", in: .home), "seen\n")
        XCTAssertEqual(try template.sandbox.files(in: .home), [], "the template itself is unchanged")
    }
}
