import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// The `cleanslate` command's top level, run as a user would: every error message of a subcommand
/// says "see 'cleanslate --help'", so that must print the help and succeed; no command at all, or an
/// unknown one, is a usage error (64, as the subcommands' usage errors are).
final class CommandLineHelpTests: XCTestCase {
    /// The first line of the help, as `cleanslate --help` prints it (Usage.swift).
    private let firstLineOfTheHelp = "usage: cleanslate run [OPTIONS] [--] [COMMAND [ARGUMENTS...]]"

    func testHelpPrintsTheUsageOnStandardOutputAndSucceeds() throws {
        for spelling in ["--help", "-h", "help"] {
            let (status, app) = try runCleanslate([spelling])
            XCTAssertEqual(status, .exited(0), "\(spelling): \(app.standardError)")
            XCTAssertTrue(app.standardOutput.hasPrefix(firstLineOfTheHelp + "\n"), "\(spelling): \(app.standardOutput)")
            for command in ["cleanslate record [OPTIONS]", "cleanslate render [", "cleanslate sweep ["] {
                XCTAssertTrue(app.standardOutput.contains(command), "\(spelling) names \(command): \(app.standardOutput)")
            }
            XCTAssertEqual(app.standardError, "", spelling)
        }
    }

    func testNoCommandIsAUsageErrorThatShowsTheUsageOnStandardError() throws {
        let (status, app) = try runCleanslate([])
        XCTAssertEqual(status, .exited(64))
        XCTAssertTrue(app.standardError.hasPrefix(firstLineOfTheHelp + "\n"), app.standardError)
        XCTAssertEqual(app.standardOutput, "", "the usage of a usage error is not output a pipeline reads")
    }

    func testAnUnknownCommandIsAUsageErrorNamingItAndTheHelp() throws {
        let (status, app) = try runCleanslate(["frobnicate"])
        XCTAssertEqual(status, .exited(64))
        XCTAssertTrue(app.standardError.contains("unknown command 'frobnicate'; see 'cleanslate --help'"), app.standardError)
        XCTAssertEqual(app.standardOutput, "")
    }
}
