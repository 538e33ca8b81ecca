import CleanSlate
import CleanSlateScreen

/// The Swift source of a written test: the launch, the recorded steps and the end (the exit status,
/// the last screen, the files the app created), for Swift Testing or XCTest.
struct TestSource {
    /// The framework the test is written for.
    enum Framework { case swiftTesting, xctest }

    /// A file the app created, as a sandbox folder's property (`configHome`) and a relative path.
    struct CreatedFile {
        let folder: String
        let path: String
    }

    var framework = Framework.swiftTesting
    /// The suite's (Swift Testing) or class's (XCTest) name.
    var name = "RecordedSessionTests"
    /// `.product("X")`, `.name("x")` or `.path("...")`.
    var executable: String
    var arguments: [String] = []
    var environment: [String: String] = [:]
    /// The terminal size; nil for a session over pipes.
    var size: (rows: Int, columns: Int)?
    var steps: [String] = []
    /// How the app ended.
    var status = AppExitStatus.exited(0)
    /// The last screen of a terminal session, asserted with an inline snapshot.
    var lastScreen: String?
    var createdFiles: [CreatedFile] = []

    /// The whole file.
    var text: String {
        var body: [String] = []
        // In an async Swift Testing test the awaited launchApp is the one Swift picks.
        var launch = (framework == .swiftTesting ? "let app = try await launchApp(" : "let app = try launchApp(") + executable
        if !arguments.isEmpty { launch += ", arguments: [" + arguments.map(SwiftLiteral.string).joined(separator: ", ") + "]" }
        if !environment.isEmpty {
            launch += ", environment: [" + environment.keys.sorted().map { "\(SwiftLiteral.string($0)): \(SwiftLiteral.string(environment[$0]!))" }
                .joined(separator: ", ") + "]"
        }
        if let size {
            launch += size == (24, 80) ? ", terminalSize: .standard" : ", terminalSize: try TerminalSize(rows: \(size.rows), columns: \(size.columns))"
        }
        body.append(launch + ")")
        body += steps.map(awaited)
        body.append("")
        body.append(expectEqual(awaited("try app.waitForExit()"), Self.literal(status)))
        if let lastScreen {
            body.append("assertScreenSnapshot(of: app, matches: #\"\"\"")
            // The assertion drops one trailing line feed of the expected text: one more line keeps
            // a screen that ends with blank rows whole.
            body += lastScreen.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) } + [""]
            body.append("\"\"\"#)")
        }
        for file in createdFiles {
            let path = "app.sandbox.\(file.folder) + \(SwiftLiteral.string("/" + file.path))"
            body.append(expectTrue("FileManager.default.fileExists(atPath: \(path))"))
        }
        let indented = body.map { $0.isEmpty ? "" : "        " + $0 }
        switch framework {
        case .swiftTesting:
            return """
                import CleanSlate
                import CleanSlateTesting
                import Foundation
                import Testing

                // Written by `cleanslate record`: no sleeps, each step waits for what was on the screen.
                @Suite(.cleanSlate)
                struct \(name) {
                    @Test func recordedSession() async throws {
                \(indented.joined(separator: "\n"))
                    }
                }

                """
        case .xctest:
            return """
                import CleanSlate
                import CleanSlateXCTest
                import Foundation
                import XCTest

                // Written by `cleanslate record`: no sleeps, each step waits for what was on the screen.
                final class \(name): XCTestCase {
                    func testRecordedSession() throws {
                \(indented.joined(separator: "\n"))
                    }
                }

                """
        }
    }

    /// A step as the framework's test calls it: awaited in Swift Testing's `async` test (every wait
    /// and action has an awaited form), as recorded in XCTest's synchronous one.
    private func awaited(_ step: String) -> String {
        framework == .swiftTesting && step.hasPrefix("try app.") ? "try await app." + step.dropFirst("try app.".count) : step
    }

    private func expectEqual(_ actual: String, _ expected: String) -> String {
        framework == .swiftTesting ? "#expect(\(actual) == \(expected))" : "XCTAssertEqual(\(actual), \(expected))"
    }

    private func expectTrue(_ condition: String) -> String {
        framework == .swiftTesting ? "#expect(\(condition))" : "XCTAssertTrue(\(condition))"
    }

    /// `status` as Swift: `.exited(0)`, `.signaled(15, coreDumped: false)`.
    static func literal(_ status: AppExitStatus) -> String {
        switch status {
        case let .exited(code): return ".exited(\(code))"
        case let .signaled(signal, coreDumped): return ".signaled(\(signal), coreDumped: \(coreDumped))"
        }
    }

    /// Whether `name` can name the suite: a Swift identifier of letters, digits and underscores
    /// that does not start with a digit.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
