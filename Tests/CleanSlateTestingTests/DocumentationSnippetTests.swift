import CleanSlate
import CleanSlateTesting
import Testing

// The snippets of the Swift Testing integration article
// (Sources/CleanSlateTesting/CleanSlateTesting.docc/SwiftTestingIntegration.md), kept here so that
// they are compiled and run; lines marked "check" are the test's own.

@Suite(.cleanSlate(template: { sandbox in
    try sandbox.write(#"{"name":"Ada"}"#, to: "sampleapp/profile.json", in: .config)
}))
struct ReturningUserTests {
    @Test(arguments: ["milk", "eggs"]) func addsANote(note: String) async throws {
        let app = try await launchApp(.product("SampleApp"), arguments: ["notes", "add", note])
        #expect(try await app.waitForExit() == .exited(0))
        #expect(try app.sandbox.files(in: .data).contains { $0.hasPrefix("sampleapp") })  // check
    }
}

@Suite(.cleanSlate(isolation: .strict(StrictOptions(network: .hostPorts([5432])))),
       .enabled(if: StrictIsolationSupport.available, StrictIsolationSupport.reason))  // check: skips where refused
struct NotesTests {
    @Test func listsNoNotesAtFirst() async throws {
        let app = try await launchApp(.product("SampleApp"), arguments: ["notes", "list"])
        #expect(try await app.waitForExit() == .exited(0))
    }
}
