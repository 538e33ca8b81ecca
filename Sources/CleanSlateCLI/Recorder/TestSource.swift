import CleanSlate
import CleanSlateScreen

/// The Swift source of a written test: the launch, the recorded steps and the end (the exit status,
/// the last screen, the files the app created), for Swift Testing or XCTest.
struct TestSource {
    /// The framework the test is written for.
    enum Framework { case swiftTesting, xctest }

    /// A file the app created, as a sandbox folder's property (`configHome`) and a relative path,
    /// and what the test checks of it (see ``CreatedFiles``).
    struct CreatedFile {
        let folder: String
        let path: String
        var check = CreatedFiles.Check.exists
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
    /// The last screen of a terminal session, asserted with an inline snapshot of its rows down
    /// to the last one with content (the assertion requires the rows below it to be blank).
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
            // Down to the last row with content: the rows below are blank, which the assertion checks.
            var rows = lastScreen.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
            while rows.last?.allSatisfy(\.isWhitespace) == true { rows.removeLast() }
            // In Swift Testing's async test the awaited assertion is the one Swift picks.
            body.append((framework == .swiftTesting ? "await " : "") + "assertScreenSnapshot(of: app, matches: #\"\"\"")
            body += rows
            body.append("\"\"\"#)")
        }
        for file in createdFiles { body += check(file) }
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

    /// The assertion of what `file` holds (see ``CreatedFiles``).
    private func check(_ file: CreatedFile) -> [String] {
        let path = "app.sandbox.\(file.folder) + \(SwiftLiteral.string("/" + file.path))"
        switch file.check {
        case .exists:
            return [expectTrue("FileManager.default.fileExists(atPath: \(path))")]
        case let .size(size):
            return [expectEqual("FileManager.default.contents(atPath: \(path))?.count", "\(size)")]
        case let .text(text, placeholders):
            let read = "try String(contentsOfFile: \(path), encoding: .utf8)"
            let actual = placeholders ? "app.sandbox.replacingPathsWithPlaceholders(in: \(read))" : read
            // One line is one literal; more lines are quoted as they read, in a raw multi-line literal
            // (each line of the file one line of it, a final line feed an empty last line).
            guard text.dropLast().contains("\n"), !text.contains("\"\"\"#") else { return [expectEqual(actual, SwiftLiteral.string(text))] }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let opening = framework == .swiftTesting ? "#expect(\(actual) == #\"\"\"" : "XCTAssertEqual(\(actual), #\"\"\""
            return [opening] + lines + ["\"\"\"#)"]
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
    /// that does not start with a digit and is no keyword (``SwiftKeywords``).
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), !SwiftKeywords.reserved.contains(name) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
