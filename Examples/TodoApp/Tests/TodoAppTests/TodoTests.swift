import CleanSlate
import CleanSlateTesting
import Testing

/// The to-do app under Swift Testing: each test case gets a brand-new HOME and XDG tree.
@Suite(.cleanSlate)
struct OnboardingTests {
    @Test func firstLaunchAsksTheNameSecondLaunchRemembersIt() async throws {
        let app = try await launchApp(.product("todo"))
        try await app.waitForOutput("What's your name? ")
        try await app.typeText("Ada\n")
        #expect(try await app.waitForExit() == .exited(0))
        #expect(try app.sandbox.text(of: "todo/name", in: .config) == "Ada\n")

        try await app.launch()  // the same sandbox: the second launch finds the name
        try await app.waitForOutput("Welcome back, Ada! You have 0 to-dos.")
        #expect(try await app.waitForExit() == .exited(0))
    }

    @Test func anEmptyNameIsRefused() async throws {
        let app = try await launchApp(.product("todo"))
        try await app.waitForOutput("What's your name? ")
        try app.closeInput()
        #expect(try await app.waitForExit() == .exited(64))
        #expect(app.standardError == "todo: a name is needed to get started\n")
        #expect(!app.sandbox.fileExists("todo/name", in: .config))
    }
}

/// A returning user, prepared once as a template and copied into each test case's sandbox.
@Suite(.cleanSlate(template: { sandbox in
    try sandbox.write("Ada\n", to: "todo/name", in: .config)
    try sandbox.write("buy milk\nx call Bob\n", to: "todo/items.txt", in: .data)
}))
struct ReturningUserTests {
    @Test func listsWhatTheTemplateHolds() async throws {
        let app = try await launchApp(.product("todo"), arguments: ["list"])
        #expect(try await app.waitForExit() == .exited(0))
        #expect(app.standardOutput == "1. [ ] buy milk\n2. [x] call Bob\n")
    }

    @Test(arguments: ["water the plants", "pay rent"]) func addsATodo(text: String) async throws {
        let app = try await launchApp(.product("todo"), arguments: ["add", text])
        #expect(try await app.waitForExit() == .exited(0))
        #expect(try app.sandbox.text(of: "todo/items.txt", in: .data) == "buy milk\nx call Bob\n\(text)\n")
        // Only the XDG data folder changed: nothing was written to HOME itself.
        #expect(try app.sandbox.files(in: .home).isEmpty)
    }

    @Test func theFullScreenListTicksATodo() async throws {
        let app = try await launchApp(.product("todo"), arguments: ["ui"], terminalSize: TerminalSize(rows: 10, columns: 40))
        try await app.waitForScreen(containing: "To-do for Ada")
        try await app.press(.down)
        try await app.waitForScreen("call Bob to be selected") { screen in
            guard let row = screen.find("call Bob").first else { return false }
            return try screen.cell(row: row.row, column: row.column).attributes.contains(.inverse)
        }
        try await app.typeText(" ")
        try await app.waitForScreen(containing: "[ ] call Bob")
        try await app.typeText("q")
        #expect(try await app.waitForExit() == .exited(0))
        #expect(try app.sandbox.text(of: "todo/items.txt", in: .data) == "buy milk\ncall Bob\n")
    }

    /// The reference is committed in __Snapshots__/TodoTests/list.txt; a change of the screen
    /// (text, colours, the selection) fails here with a diff.
    @Test func theFullScreenListLooksAsReviewed() async throws {
        let app = try await launchApp(.product("todo"), arguments: ["ui"], terminalSize: TerminalSize(rows: 8, columns: 40))
        try await app.waitForScreen(containing: "q quits")
        await assertScreenSnapshot(of: app, named: "list", format: .styled)
    }
}

/// Strict isolation: the app sees a read-only machine, its own PID namespace and a home at
/// /home/cleanslate, and still keeps its state in the sandbox.
@Suite(.cleanSlate(isolation: .strict), .enabled(if: StrictSupport.available, Comment(rawValue: StrictSupport.reason)))
struct StrictTodoTests {
    @Test func onboardingWorksInStrictIsolation() async throws {
        let app = try await launchApp(.product("todo"))
        try await app.waitForOutput("What's your name? ")
        try await app.typeText("Ada\n")
        #expect(try await app.waitForExit() == .exited(0))
        #expect(app.launchedEnvironment?["HOME"] == "/home/cleanslate")
        #expect(try app.sandbox.text(of: "todo/name", in: .config) == "Ada\n")
    }
}
