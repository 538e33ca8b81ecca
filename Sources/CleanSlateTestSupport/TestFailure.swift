import Testing
import XCTest
import CleanSlate
import Foundation

/// The one way CleanSlate reports a test failure: at the caller's file and line, to whichever
/// framework runs the current test.
///
/// An assertion made through the wrong framework passes silently (`XCTFail` inside a `@Test` and
/// `Issue.record` inside an `XCTestCase` are both lost), so every failure the package reports, from
/// either integration, goes through here.
package enum TestFailure {
    /// The framework a failure reported now would reach.
    package enum Framework: Equatable, Sendable {
        /// A Swift Testing test (or one of its scopes) is running in this task.
        case swiftTesting
        /// No Swift Testing test is running in this task: XCTest is assumed.
        case xcTest
    }

    /// The framework running the current test. Swift Testing sets `Test.current` in the test's task
    /// (and the tasks it creates); XCTest has no such marker on Linux, so it is the fallback.
    package static var currentFramework: Framework {
        Test.current == nil ? .xcTest : .swiftTesting
    }

    /// Records a failure with `message` at `location`: a Swift Testing issue inside a `@Test`, an
    /// XCTest failure otherwise. The message is given in ASCII (`ConsoleText`), which reaches the
    /// console whole through `swift test`.
    package static func report(_ message: String, at location: CallerLocation) {
        let message = ConsoleText.safe(message)
        switch currentFramework {
        case .swiftTesting:
            Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
        case .xcTest:
            XCTFail(message, file: location.filePath, line: location.line)
        }
    }
}

extension TestFailure {
    /// Writes `text` on standard error, where the test log keeps it, in ASCII (`ConsoleText`): a
    /// screen in it reaches the console whole through `swift test`.
    package static func log(_ text: String) {
        FileHandle.standardError.write(Data(ConsoleText.safe(text).utf8))
    }
}

extension CallerLocation {
    /// The location as Swift Testing takes it.
    package var sourceLocation: SourceLocation {
        SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column))
    }
}
