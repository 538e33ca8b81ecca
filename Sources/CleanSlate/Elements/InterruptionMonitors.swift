import CleanSlateScreen

/// Identifies an interruption monitor, for ``AppLauncher/removeInterruptionMonitor(_:)``.
public struct InterruptionMonitorToken: Hashable, Sendable {
    let id: Int
}

/// Handles a prompt that may or may not appear (the analogue of XCUITest's
/// `addUIInterruptionMonitor`): given the launcher, it dismisses the prompt.
///
/// Inside an awaited wait the handler runs on a thread of its own (it is synchronous and may wait),
/// not in the test's task: task-local values (Swift Testing's `Test.current`, the `.cleanSlate`
/// trait's scope) are not set there, so a handler should only drive the launcher it is given.
public typealias InterruptionHandler = @Sendable (AppLauncher) throws -> Void

/// One launcher's interruption monitors.
final class InterruptionMonitors: @unchecked Sendable {
    struct Entry: Sendable {
        let id: Int
        let locator: ElementLocator
        let handler: InterruptionHandler
    }

    private let lock = Monitor()
    private var entries: [Entry] = []
    private var nextID = 0
    /// Whether a handler is running: the waits and actions it makes do not run handlers themselves.
    private var handling = false

    func add(_ locator: ElementLocator, _ handler: @escaping InterruptionHandler) -> InterruptionMonitorToken {
        lock.withLock {
            nextID += 1
            entries.append(Entry(id: nextID, locator: locator, handler: handler))
            return InterruptionMonitorToken(id: nextID)
        }
    }

    func remove(_ token: InterruptionMonitorToken) -> Bool {
        lock.withLock {
            let before = entries.count
            entries.removeAll { $0.id == token.id }
            return entries.count != before
        }
    }

    /// The monitors a wait should watch: none while a handler runs.
    var active: [Entry] { lock.withLock { handling ? [] : entries } }

    /// Runs `entry`'s handler with handlers turned off for the waits it makes.
    func run(_ entry: Entry, on app: AppLauncher) throws {
        lock.withLock { handling = true }
        defer { lock.withLock { handling = false } }
        try entry.handler(app)
    }

    /// The first of `monitors` whose element is on the screen and was not at the last look, while
    /// `deadline` has not passed (past it a wait ends: no handler keeps it going). `handled` keeps
    /// the monitors whose element is on the screen and already handled: one that leaves the screen
    /// is forgotten, so that its next appearance is handled again. The screen is recognised (by
    /// `tree`, at most once) only when a monitor's label words are on it.
    static func due(
        _ monitors: [Entry], on emulator: TerminalEmulator, tree: () -> ScreenElementTree,
        handled: inout Set<Int>, before deadline: MonotonicInstant
    ) -> Entry? {
        var recognized: ScreenElementTree?
        for monitor in monitors where MonotonicInstant.now < deadline {
            var shown = false
            if AppLauncher.mayShow(monitor.locator, on: emulator) {
                let elements = recognized ?? tree()
                recognized = elements
                shown = !monitor.locator.resolve(in: elements).matches.isEmpty
            }
            if !shown {
                handled.remove(monitor.id)
            } else if !handled.contains(monitor.id) {
                return monitor
            }
        }
        return nil
    }
}

extension AppLauncher {
    /// Registers `handler` for a prompt that appears only sometimes (`Send anonymous statistics?`):
    /// whenever a wait for the screen (an element wait or action, `waitForScreen(containing:)`,
    /// `waitForScreen(matching:)` or `waitForScreen(_:until:)`) is about to wait while `element` is on
    /// it (the thing waited for not being there), `handler` runs to dismiss it, and the wait goes
    /// on with its own deadline. A handler runs once each time its element appears; the waits and
    /// actions inside it do not run handlers. The monitor belongs to this launcher only.
    ///
    /// ```swift
    /// app.addInterruptionMonitor(for: app.staticTexts["Send anonymous statistics?"]) { app in
    ///     try app.buttons["No"].click()
    /// }
    /// ```
    ///
    /// `element`'s query is resolved against this launcher's screen.
    @discardableResult
    public func addInterruptionMonitor(for element: AppElement, _ handler: @escaping InterruptionHandler) -> InterruptionMonitorToken {
        interruptionMonitors.add(element.locator, handler)
    }

    /// Removes a monitor added by ``addInterruptionMonitor(for:_:)``; returns whether it was there.
    @discardableResult
    public func removeInterruptionMonitor(_ token: InterruptionMonitorToken) -> Bool {
        interruptionMonitors.remove(token)
    }
}

extension AppLauncher {
    /// A wait on the screen with interruption monitors: `check` runs on the live emulator (with the
    /// monitor held) now and after every chunk of output (every piece, under output faults), until
    /// it gives a value, the app ends or `deadline` passes. While `check` gives nothing and a
    /// monitor's element is on the screen, that monitor's handler runs (once per appearance) and
    /// the wait goes on until the same deadline. `check` may leave in its second argument the
    /// element tree it recognised, so that the monitors' look reuses it instead of recognising the
    /// screen again. The one wait behind text waits and element waits; never polls.
    func screenWaitHandlingInterruptions<Value>(
        until deadline: MonotonicInstant, check: @escaping (TerminalEmulator, inout ScreenElementTree?) throws -> Value?
    ) throws -> PreparedWait<ScreenWaitOutcome<Value>, ScreenWaitOutcome<Value>> {
        let (process, terminal) = try terminalProcess(for: "wait for its screen")
        var handled = Set<Int>()
        var monitors = interruptionMonitors.active
        let wait = LaunchWait<ScreenWaitOutcome<Value>>(process: process, deadline: deadline) { [self] in
            let emulator = terminal.emulator
            var tree: ScreenElementTree?
            if let value = try check(emulator, &tree) { return .finished(.held(value)) }
            if !monitors.isEmpty, let monitor = InterruptionMonitors.due(
                monitors, on: emulator, tree: { tree ?? emulator.elements }, handled: &handled, before: deadline) {
                return .interlude {
                    handled.insert(monitor.id)
                    try self.interruptionMonitors.run(monitor, on: self)
                    monitors = self.interruptionMonitors.active
                }
            }
            return process.exitStatus != nil && process.ioFinished ? .finished(.failed(.appExited, process)) : .pending
        }
        return PreparedWait(launcher: self, wait: wait) { $0 ?? .failed(.timedOut, process) }
    }
}
