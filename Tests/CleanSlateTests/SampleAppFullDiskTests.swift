import CleanSlate
import CleanSlateXCTest
import XCTest

/// SampleApp's profile save on a full disk (a size-limited sandbox, strict isolation): the save is
/// atomic, so the profile is whole or absent, and the failure is exit 74 with a message that names
/// the file and the reason.
final class SampleAppFullDiskTests: XCTestCase {
    /// The sandbox's size limit in both launches.
    private let limit = 256 * 1024

    func testAFullDiskDuringOnboardingLeavesNoProfileAndExits74() throws {
        try requireStrictIsolation()
        // Fill the sandbox to the brim: the write stops at the limit (ENOSPC) and what was written
        // is copied back, so the next launch, under the same limit, starts with a full disk.
        let filler = try makeApp(.name("sh"), arguments: ["-c", "head -c 1000000 /dev/zero > \"$XDG_DATA_HOME/filler\"; true"],
                                 isolation: .strict)
        filler.faults = Faults(sandboxSizeLimit: limit)
        try filler.launch()
        XCTAssertEqual(try filler.waitForExit(), .exited(0))
        XCTAssertTrue(String(decoding: filler.outputBytes(.standardError), as: UTF8.self).contains("No space left on device"))

        let app = try makeApp(.product("SampleApp"), isolation: .strict)
        app.faults = Faults(sandboxSizeLimit: limit)
        try app.launch()
        try app.waitForOutput("What's your name? ")
        try app.typeText("Ada\n")
        XCTAssertEqual(try app.waitForExit(), .exited(74), "74 is SampleApp's documented exit code for a file it cannot write")
        let errors = String(decoding: app.outputBytes(.standardError), as: UTF8.self)
        XCTAssertTrue(errors.contains("cannot write /run/cleanslate/xdg/config/sampleapp/profile.json (No space left on device); it was left as it was"),
                      errors)
        let configFiles = try app.sandbox.files(in: .config)
        XCTAssertFalse(configFiles.contains { $0.contains("profile") }, "neither a truncated profile nor a temporary file stays: \(configFiles)")
    }

    func testWithRoomTheSameOnboardingSavesTheProfile() throws {
        // The control: the same launch under the same limit, without the filler, saves the profile.
        try requireStrictIsolation()
        let app = try makeApp(.product("SampleApp"), isolation: .strict)
        app.faults = Faults(sandboxSizeLimit: limit)
        try app.launch()
        try app.waitForOutput("What's your name? ")
        try app.typeText("Ada\n")
        XCTAssertEqual(try app.waitForExit(), .exited(0))
        XCTAssertTrue(try app.sandbox.text(of: "sampleapp/profile.json", in: .config).contains("\"Ada\""))
    }
}
