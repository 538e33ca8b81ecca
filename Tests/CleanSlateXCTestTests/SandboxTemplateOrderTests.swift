import CleanSlate
import CleanSlateXCTest
import XCTest

/// `sandboxForTest(template:)` after the test's sandbox was created without that template is an
/// error, not a silently ignored template.
final class SandboxTemplateOrderTests: XCTestCase {
    func testATemplateAfterTheSandboxExistsThrowsAClearError() throws {
        let template = try SandboxTemplate { try $0.write("seeded\n", to: "seed.txt", in: .config) }
        addTeardownBlock { try? template.wipe() }
        let app = try makeApp(.name("true"))
        XCTAssertThrowsError(try sandboxForTest(template: template)) { error in
            let error = error as? CleanSlateError
            XCTAssertEqual(error?.code, .sandboxAlreadyCreated)
            XCTAssertTrue(error?.message.contains(app.sandbox.root) == true, "\(String(describing: error))")
            XCTAssertTrue(error?.message.contains("call sandboxForTest(template:) first") == true, "\(String(describing: error))")
        }
    }

    func testTheSameTemplateAgainReturnsTheSandboxMadeFromIt() throws {
        let template = try SandboxTemplate { try $0.write("seeded\n", to: "seed.txt", in: .config) }
        addTeardownBlock { try? template.wipe() }
        let sandbox = try sandboxForTest(template: template)
        XCTAssertTrue(try sandboxForTest(template: template) === sandbox)
        XCTAssertTrue(try sandboxForTest() === sandbox)
        XCTAssertEqual(try sandbox.text(of: "seed.txt", in: .config), "seeded\n")
    }
}
