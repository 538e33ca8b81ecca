import CleanSlate
import CleanSlateTesting
import Foundation
import Synchronization
import Testing

enum Roots {
    static let concurrent = PrivateRoot("concurrent")
    static let templates = PrivateRoot("templates")
}

/// 50 test cases of one parameterized test, run concurrently in this process, each onboarding a
/// different user in SampleApp through the trait's helpers. If any case saw another's sandbox, its
/// first launch would not ask for a name, or its profile would hold another name; ``PrivateRoot``
/// checks at the end of the suite that every case had a sandbox of its own, that each was wiped
/// and that every app was terminated.
@Suite(Roots.concurrent, .cleanSlate(rootDirectory: Roots.concurrent.path))
struct ConcurrentTraitTests {
    @Test(arguments: 0..<50)
    func eachTestCaseOnboardsInItsOwnSandbox(index: Int) throws {
        let name = "User\(index)"
        let app = try launchApp(.product("SampleApp"))
        let sandbox = try sandboxForTest()
        #expect(app.sandbox === sandbox)
        #expect(sandbox.root.hasPrefix(Roots.concurrent.path + "/"))
        PrivateRoot.Record.current?.roots.withLock { $0.append(sandbox.root) }
        try app.waitForOutput("What's your name? ")
        try app.typeText(name + "\n")
        #expect(try app.waitForExit() == .exited(0))
        #expect(try sandbox.text(of: "sampleapp/profile.json", in: .config).contains("\"\(name)\""))
        #expect(try sandbox.files(in: .config) == ["sampleapp/", "sampleapp/profile.json"])

        // AppLauncher(_:) uses the test's sandbox by default: the relaunch remembers this case's user.
        let relaunch = try AppLauncher(.product("SampleApp"))
        #expect(relaunch.sandbox === sandbox)
        try relaunch.launch()
        #expect(try relaunch.waitForExit() == .exited(0))
        #expect(relaunch.standardOutput == "Welcome back, \(name)!\n")

        // Left running on purpose: the trait terminates it when the case ends (checked by PrivateRoot).
        let lingering = try makeApp(.name("sleep"), arguments: ["60"])
        try lingering.launch()
        PrivateRoot.Record.current?.apps.withLock { $0.append(lingering) }
    }
}

/// Counts how often the suite template below is prepared.
private let templatePreparations = Atomic<Int>(0)

/// A template prepared once for the suite by the trait: every test case starts as the returning
/// user it holds, and changes only its own copy.
@Suite(
    Roots.templates,
    .cleanSlate(rootDirectory: Roots.templates.path, template: { sandbox in
        templatePreparations.add(1, ordering: .relaxed)
        try sandbox.write(#"{"name":"Ada"}"#, to: "sampleapp/profile.json", in: .config)
    }))
struct SuiteTemplateTests {
    @Test(arguments: ["milk", "eggs", "bread", "tea"])
    func everyCaseStartsFromTheTemplateAndChangesOnlyItsCopy(note: String) throws {
        let app = try launchApp(.product("SampleApp"))
        #expect(try app.waitForExit() == .exited(0))
        #expect(app.standardOutput == "Welcome back, Ada!\n")
        PrivateRoot.Record.current?.roots.withLock { $0.append(app.sandbox.root) }
        app.launchArguments = ["notes", "add", note]
        try app.launch()
        #expect(try app.waitForExit() == .exited(0))
        app.launchArguments = ["notes", "list"]
        try app.launch()
        #expect(try app.waitForExit() == .exited(0))
        #expect(app.standardOutput == "1. \(note)\n", "another case's note leaked into this sandbox")
        #expect(templatePreparations.load(ordering: .relaxed) == 1, "the template is prepared once for the suite")
    }

    @Test func anExplicitTemplateAfterTheSandboxExistsIsAClearError() throws {
        _ = try makeApp(.name("true"))
        let other = try SandboxTemplate(rootDirectory: Roots.templates.path) { _ in }
        defer { try? other.wipe() }
        let error = try #require(throws: CleanSlateError.self) { try sandboxForTest(template: other) }
        #expect(error.code == .sandboxAlreadyCreated)
        #expect(error.message.contains("call sandboxForTest(template:) first"), "\(error)")
    }
}

/// Without the trait the helpers say what is missing instead of making a sandbox nobody wipes.
@Suite struct HelpersWithoutTheTraitTests {
    @Test func helpersThrowNoCleanSlateTrait() throws {
        let error = try #require(throws: CleanSlateError.self) { try launchApp(.name("true")) }
        #expect(error.code == .noCleanSlateTrait)
        #expect(error.message.contains("write @Test(.cleanSlate) or @Suite(.cleanSlate)"), "\(error)")
        #expect(throws: CleanSlateError.self) { try AppLauncher(.name("true")) }
        #expect(throws: CleanSlateError.self) { try sandboxForTest() }
    }

    @Test func eachHelperNamesItselfInTheError() throws {
        let helpers: [(String, () throws -> Void)] = [
            ("launchApp(_:)", { _ = try launchApp(.name("true")) }),
            ("makeApp(_:)", { _ = try makeApp(.name("true")) }),
            ("AppLauncher(_:)", { _ = try AppLauncher(.name("true")) }),
            ("sandboxForTest()", { _ = try sandboxForTest() }),
        ]
        for (name, call) in helpers {
            let error = try #require(throws: CleanSlateError.self) { try call() }
            #expect(error.code == .noCleanSlateTrait)
            #expect(error.message.hasPrefix("\(name) needs a test with the .cleanSlate trait"), "\(error)")
        }
    }
}
