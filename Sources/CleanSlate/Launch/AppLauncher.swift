import Foundation

/// Launches a real executable in a clean sandbox and lets a test talk to it: the command-line
/// counterpart of XCUITest's `XCUIApplication`.
///
/// Configure ``launchArguments`` and ``launchEnvironment``, call ``launch()-3ynqr``, then write to the
/// app's input and wait for its output or its exit. Every launch gets the same ``sandbox`` (a fresh
/// HOME and XDG tree for the test), so a relaunch sees what the previous launch saved. The app runs
/// in its own session and process group with only descriptors 0, 1 and 2; ``terminate()-2geh4`` stops the
/// whole group according to ``terminationPolicy`` and reaps it. Nothing process-global is changed,
/// so launchers in concurrently running tests do not interfere.
///
/// ```swift
/// let app = try AppLauncher(.product("SampleApp"), sandbox: Sandbox())
/// try app.launch()
/// try app.waitForOutput("What's your name? ")
/// try app.typeText("Ada\n")
/// XCTAssertEqual(try app.waitForExit(), .exited(0))
/// ```
public final class AppLauncher: @unchecked Sendable {
    /// The program this launcher runs.
    public let executable: Executable
    /// The sandbox every launch of this launcher runs in.
    public let sandbox: Sandbox

    private let lock = Monitor()
    /// The handlers of prompts that may appear (see ``addInterruptionMonitor(for:_:)``).
    let interruptionMonitors = InterruptionMonitors()
    private var configuration = Configuration()
    private var process: LaunchedProcess?
    /// Whether `process` runs in strict isolation, where the pids its keeper reports count in its
    /// own PID namespace.
    private var processIsStrict = false
    private var activeWaits = 0
    private var isLaunching = false
    private var escapedSoFar: [EscapedProcess] = []
    /// How many of `escapedSoFar` a `terminate()` has returned already.
    private var escapedReported = 0
    /// The environment the latest launch was given.
    private var environmentOfLaunch: [String: String]?
    /// The latest launch's argument vector as a process's command line reads (arguments separated
    /// by spaces): a survivor with this command line is a fork of the app that had not exec'd.
    private var commandLineOfLaunch = ""
    /// The latest launch's arguments as the test gave them (for its session recording).
    private var launchedArguments: [String] = []
    /// The test process's variables as they were when this launcher was created.
    private let hostSettings: LauncherHostSettings
    /// The seed of the latest launch's faults, when it had random ones.
    private var seedOfLaunch: UInt64?
    /// The scale parsed from `timeoutScaleSetting` by the first launch (unscaled before it).
    private var parsedTimeoutScale = TimeoutScale.unscaled
    /// Names this launcher's private coverage folders apart from other launchers' in the same sandbox.
    private let coverageToken = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    /// How many launches have started (the next one's number is one more).
    private var launchCount = 0
    /// The coverage profile of the launch whose profiles are not harvested yet (see ``CoverageHarvest``).
    private var unharvestedCoverage: CoverageProfile?

    struct Configuration {
        var launchArguments: [String] = []
        var launchEnvironment: [String: String] = [:]
        var environmentPolicy = EnvironmentPolicy.isolated
        var workingDirectory: String?
        var terminationPolicy = TerminationPolicy.graceful()
        var defaultTimeout: Duration = .seconds(10)
        var terminalSize: TerminalSize?
        var outputLimit = OutputLimit.standard
        var outputHandler: OutputHandler?
        var isolation = Isolation.standard
        var faults = Faults.none
    }

    /// Receives an app's output as it arrives: the stream and the bytes (valid only during the call).
    public typealias OutputHandler = @Sendable (AppOutputStream, UnsafeRawBufferPointer) -> Void

    /// Creates a launcher for `executable` in `sandbox`. Nothing runs until ``launch()-3ynqr``.
    /// The launcher's timeouts are scaled by `CLEANSLATE_TIMEOUT_SCALE` as the test process has it
    /// now (see ``TimeoutScale``; a bad value is refused by the first ``launch()-3ynqr``), and when the
    /// test process runs under code coverage (`LLVM_PROFILE_FILE` is set) every launch writes its
    /// profile next to the test process's (see the README's "Coverage of launched apps").
    public convenience init(_ executable: Executable, sandbox: Sandbox) {
        self.init(executable, sandbox: sandbox, hostSettings: .current())
    }

    /// A launcher that takes `hostSettings` for the test process's variables: tests of the timeout
    /// scale and of coverage use it instead of changing the process's environment.
    init(_ executable: Executable, sandbox: Sandbox, hostSettings: LauncherHostSettings) {
        self.executable = executable
        self.sandbox = sandbox
        self.hostSettings = hostSettings
    }

    /// Arguments passed to the app after `argv[0]`, exactly as given (no shell).
    public var launchArguments: [String] {
        get { lock.withLock { configuration.launchArguments } }
        set { lock.withLock { configuration.launchArguments = newValue } }
    }

    /// Variables applied last to the app's environment; they win over everything else.
    public var launchEnvironment: [String: String] {
        get { lock.withLock { configuration.launchEnvironment } }
        set { lock.withLock { configuration.launchEnvironment = newValue } }
    }

    /// Which host variables reach the app (default: only `PATH`).
    public var environmentPolicy: EnvironmentPolicy {
        get { lock.withLock { configuration.environmentPolicy } }
        set { lock.withLock { configuration.environmentPolicy = newValue } }
    }

    /// The app's working directory; nil (the default) means the sandbox's home.
    public var workingDirectory: String? {
        get { lock.withLock { configuration.workingDirectory } }
        set { lock.withLock { configuration.workingDirectory = newValue } }
    }

    /// How ``terminate()-2geh4`` stops the app (default: SIGTERM, 2 s grace, SIGKILL); its waits are
    /// multiplied by ``timeoutScale``.
    public var terminationPolicy: TerminationPolicy {
        get { lock.withLock { configuration.terminationPolicy } }
        set { lock.withLock { configuration.terminationPolicy = newValue } }
    }

    /// The timeout of waits that are not given one (default 10 s), before ``timeoutScale`` applies.
    public var defaultTimeout: Duration {
        get { lock.withLock { configuration.defaultTimeout } }
        set { lock.withLock { configuration.defaultTimeout = newValue } }
    }

    /// When set, the app is launched on a pseudo-terminal of this size (as its controlling terminal,
    /// with `TERM=xterm-256color`) and its output is turned into a ``screen()``; when nil (the default)
    /// standard input, output and error are pipes.
    public var terminalSize: TerminalSize? {
        get { lock.withLock { configuration.terminalSize } }
        set { lock.withLock { configuration.terminalSize = newValue } }
    }

    /// How much of each output stream is kept in memory (default ``OutputLimit/standard``: the first
    /// 1 MiB and the last 8 MiB); applies from the next launch.
    public var outputLimit: OutputLimit {
        get { lock.withLock { configuration.outputLimit } }
        set { lock.withLock { configuration.outputLimit = newValue } }
    }

    /// Called with every chunk of output, in order, as it arrives, before it is kept (within the
    /// ``outputLimit``) and before waits see it; applies from the next launch. It runs on the launch's
    /// I/O thread: while it blocks, the app's output is not read, so the app is held back as a pipe's
    /// reader holds back its writer. Use it to stream output somewhere (`cleanslate run` copies it
    /// to its own standard output this way) without losing bytes the limit would drop. It must not
    /// call back into this launcher.
    public var outputHandler: OutputHandler? {
        get { lock.withLock { configuration.outputHandler } }
        set { lock.withLock { configuration.outputHandler = newValue } }
    }

    /// How far the app is kept from the machine (default ``Isolation/standard``); applies from the
    /// next launch. With ``Isolation/strict(_:)`` every launch runs in its own Linux namespaces: see
    /// <doc:IsolationLevels> for what the app then sees. A launch throws
    /// `.isolationUnavailable` where the kernel refuses user namespaces, unless
    /// ``StrictOptions/fallsBackToStandard`` is set (then it warns on standard error and runs standard).
    public var isolation: Isolation {
        get { lock.withLock { configuration.isolation } }
        set { lock.withLock { configuration.isolation = newValue } }
    }

    /// What every timeout of this launcher is multiplied by: `CLEANSLATE_TIMEOUT_SCALE` as the test
    /// process had it when the launcher was created, checked by the first ``launch()-3ynqr`` (``TimeoutScale/unscaled``
    /// before it).
    public var timeoutScale: TimeoutScale { lock.withLock { parsedTimeoutScale } }

    /// Conditions the next launches run under on purpose (default ``Faults/none``): output in
    /// pieces, slow typing, and in strict isolation a full or read-only file system. See ``Faults``.
    public var faults: Faults {
        get { lock.withLock { configuration.faults } }
        set { lock.withLock { configuration.faults = newValue } }
    }

    /// The seed the latest launch's random faults used (nil when it had none): failed waits and
    /// failed tests print it; `CLEANSLATE_FAULT_SEED=<seed>` replays it.
    public var faultSeed: UInt64? { lock.withLock { seedOfLaunch } }

    /// Where the app is in its life.
    public var state: AppState {
        guard let process = lock.withLock({ process }) else { return .notRunning }
        return process.monitor.withLock { process.stateWhileLocked }
    }

    /// The environment the latest launch was given (nil before the first launch), for failure reports.
    /// In strict isolation its values name sandbox paths as the app sees them (`HOME=/home/cleanslate`).
    public var launchedEnvironment: [String: String]? { lock.withLock { environmentOfLaunch } }

    /// The environment the next launch will receive, fully resolved.
    public func resolvedEnvironment() throws -> [String: String] {
        let configuration = lock.withLock { self.configuration }
        return try environment(for: configuration, coverage: coverageProfile)
    }

    /// Starts the app. If it is already running it is terminated first, and the new launch runs in
    /// the same sandbox, as `XCUIApplication.launch()` does.
    ///
    /// - Throws: ``CleanSlateError`` with `.executableNotFound`, `.notExecutable`, `.invalidArgument`
    ///   (NUL in an argument or variable, missing working directory), `.sandboxWiped`, `.sandboxFailed`
    ///   (the sandbox, or its HOME, an XDG or the TMPDIR folder, is a symlink or no directory any
    ///   more: an app replaced it), `.busy` (a wait
    ///   is in progress on another thread), `.spawnFailed`, `.isolationUnavailable` (strict
    ///   ``isolation`` where the kernel refuses user namespaces), or `.invalidArgument` for a bad
    ///   `CLEANSLATE_TIMEOUT_SCALE` (see ``TimeoutScale``).
    public func launch() throws {
        let (configuration, previous, previousIsStrict, scale) = try beginLaunch()
        defer { lock.withLock { isLaunching = false } }
        if let previous {
            record(previous.terminate(policy: scale.apply(configuration.terminationPolicy)), inAppPIDNamespace: previousIsStrict)
            harvestCoverage()
        }
        let (started, strict) = try start(configuration)
        lock.withLock { (process, processIsStrict) = (started, strict) }
    }

    /// The awaited form of ``launch()-3ynqr``: the same launch, whose blocking parts suspend the
    /// task instead of holding its thread. A running app is ended by the awaited
    /// ``terminate()-2geh4`` first; the spawn (the round trip to the launch's keeper, and on a
    /// process's first launch the start of the supervisor and the fork of a keeper) runs on a thread
    /// of its own while the task is suspended.
    ///
    /// - Throws: what ``launch()-3ynqr`` throws, and `CancellationError` when the task is
    ///   cancelled: before the call, nothing is done (a running app keeps running); before the spawn
    ///   (while the app it replaces is ended), nothing is started; during it, the spawn finishes and the app is
    ///   terminated at once (its processes that outlived it are reported by the next
    ///   ``terminate()-2geh4``, as escapes of any launch are), so a cancelled launch leaves nothing running.
    public func launch() async throws {
        try Task.checkCancellation()
        let (configuration, previous, previousIsStrict, scale) = try beginLaunch()
        defer { lock.withLock { isLaunching = false } }
        if let previous {
            record(await previous.terminate(policy: scale.apply(configuration.terminationPolicy)), inAppPIDNamespace: previousIsStrict)
            harvestCoverage()
        }
        try Task.checkCancellation()
        let (started, strict) = try await BlockingWorkThreads.shared.run { [self] in try start(configuration) }
        lock.withLock { (process, processIsStrict) = (started, strict) }
        if Task.isCancelled {
            record(await started.terminate(policy: scale.apply(configuration.terminationPolicy)), inAppPIDNamespace: strict)
            harvestCoverage()
            throw CancellationError()
        }
    }

    /// Checks that a launch may start now and marks it started: the configuration it uses, the
    /// launch it replaces (and whether that one is strict), and the timeout scale.
    private func beginLaunch() throws -> (Configuration, LaunchedProcess?, Bool, TimeoutScale) {
        let scale = try TimeoutScale(parsing: hostSettings.timeoutScale)
        return try lock.withLock {
            parsedTimeoutScale = scale
            if activeWaits > 0 {
                throw CleanSlateError(.busy, "cannot launch \(executable) while \(activeWaits) wait(s) on it are in progress; let the wait finish first")
            }
            if isLaunching {
                throw CleanSlateError(.busy, "cannot launch \(executable): another launch() of the same launcher is in progress on another thread")
            }
            isLaunching = true
            return (configuration, process, processIsStrict, scale)
        }
    }

    /// Ends the app and everything it started, and closes its descriptors. Output captured so far
    /// stays readable.
    ///
    /// On a terminal it first hangs up, as closing a terminal window does (the app's process group
    /// gets SIGHUP; shells pass it on to their jobs). Then ``terminationPolicy`` runs against the
    /// app's process group. Then every process the app started that is still alive, daemons that
    /// left its group or session included, is killed and reaped by the launch's keeper process.
    ///
    /// - Returns: the processes that were still alive once the policy had run, other than members of
    ///   the app's own process group while the app itself was still running (those are what the
    ///   policy stops), and not returned by an earlier call (escapes of earlier launches, ended by a
    ///   relaunch, are included). They were killed anyway; a test should treat them as a failure,
    ///   and the XCTest integration does. All of them are kept in ``escapedProcesses``. Empty when
    ///   nothing escaped, or when the app was not launched. A nested CleanSlate (an app that itself
    ///   launches apps, such as a test process or `cleanslate run`) cleans up its own launches:
    ///   its supervisor and what runs under it are killed but not reported.
    ///
    /// Calling it again, or from several threads at once, is safe: every call returns only once
    /// the app and its tree are gone (or, for a process that SIGKILL cannot end at once, such as one
    /// in uninterruptible sleep, after a bound of a few seconds; its keeper still reaps it later).
    @discardableResult
    public func terminate() -> [EscapedProcess] {
        if let (process, strict) = lock.withLock({ process.map { ($0, processIsStrict) } }) {
            record(process.terminate(policy: timeoutScale.apply(terminationPolicy)), inAppPIDNamespace: strict)
            harvestCoverage()
        }
        return escapesNotReported()
    }

    /// The awaited form of ``terminate()``: the same teardown, whose waits (the grace period of the
    /// ``terminationPolicy`` above all) suspend the task instead of blocking its thread. A cancelled
    /// task cuts the grace period short; the app and its tree are ended all the same.
    @discardableResult
    public func terminate() async -> [EscapedProcess] {
        if let (process, strict) = lock.withLock({ process.map { ($0, processIsStrict) } }) {
            record(await process.terminate(policy: timeoutScale.apply(terminationPolicy)), inAppPIDNamespace: strict)
            harvestCoverage()
        }
        return escapesNotReported()
    }

    /// The escaped processes no call of ``terminate()`` returned yet, now counted as returned.
    private func escapesNotReported() -> [EscapedProcess] {
        lock.withLock {
            defer { escapedReported = escapedSoFar.count }
            return Array(escapedSoFar[escapedReported...])
        }
    }

    /// Keeps the processes a launch's keeper reported, marked as counted in the launch's PID
    /// namespace when it ran strict (see ``EscapedProcess/isInAppPIDNamespace``), and as forks of
    /// the app when their command line is the launch's (``EscapedProcess/isForkOfTheApp``).
    private func record(_ escaped: [EscapedProcess], inAppPIDNamespace: Bool) {
        lock.withLock {
            let marked = escaped.map {
                EscapedProcess(pid: $0.pid, commandLine: $0.commandLine, executable: $0.executable, isInAppPIDNamespace: inAppPIDNamespace,
                               isForkOfTheApp: !$0.commandLine.isEmpty && $0.commandLine == commandLineOfLaunch)
            }
            for entry in marked where !escapedSoFar.contains(entry) { escapedSoFar.append(entry) }
        }
    }

    /// The latest launch's arguments as the test gave them (empty before the first launch).
    var argumentsOfLaunch: [String] { lock.withLock { launchedArguments } }

    /// Every process that outlived a launch of this launcher (see ``terminate()-2geh4``), in the order found.
    public var escapedProcesses: [EscapedProcess] { lock.withLock { escapedSoFar } }

    /// Continues an app that is stopped (Ctrl-Z, SIGSTOP) by sending SIGCONT to its process group,
    /// as `fg` does in a shell.
    ///
    /// - Throws: `.notRunning` before the first launch and after ``terminate()-2geh4``.
    public func resume() throws {
        try currentProcess(for: "resume it").resume()
    }

    deinit {
        process?.terminate(policy: .immediate)
        harvestCoverage()
    }

    /// Moves the profiles of the launch that ended into the test process's coverage folder (once per
    /// launch; see ``CoverageHarvest``), warning on standard error about anything it did not move.
    private func harvestCoverage() {
        guard let profile = lock.withLock({ () -> CoverageProfile? in
            defer { unharvestedCoverage = nil }
            return unharvestedCoverage
        }) else { return }
        for note in CoverageHarvest(profile: profile, sandbox: sandbox).run() {
            FileHandle.standardError.write(Data("CleanSlate warning: a coverage profile of \(executable) was not kept: \(note)\n".utf8))
        }
    }

    // MARK: Internals shared with the extensions

    /// The current launch, or an error naming what to do.
    func currentProcess(for action: String) throws -> LaunchedProcess {
        guard let process = lock.withLock({ process }) else {
            throw CleanSlateError(.notRunning, "cannot \(action): \(executable) has not been launched; call launch() first")
        }
        return process
    }

    /// The current launch, if any.
    var currentProcessIfAny: LaunchedProcess? { lock.withLock { process } }

    /// Whether a `launch()` is in progress (for tests of the `.busy` rule).
    var launchInProgress: Bool { lock.withLock { isLaunching } }

    /// How many writes to the app's input are in progress (for tests).
    var activeWriterCount: Int { lock.withLock { process }?.activeWriterCount ?? 0 }

    /// How many waits are in progress (for tests of the `.busy` rule).
    var activeWaitCount: Int { lock.withLock { activeWaits } }

    /// The limit of a wait given `timeout` (nil: ``defaultTimeout``), scaled by ``timeoutScale``.
    func waitLimit(_ timeout: Duration?) -> WaitLimit {
        lock.withLock { WaitLimit(requested: timeout ?? configuration.defaultTimeout, scale: parsedTimeoutScale) }
    }

    /// Marks a wait as in progress for the duration of `body`.
    func whileWaiting<T>(_ body: () throws -> T) rethrows -> T {
        lock.withLock { activeWaits += 1 }
        defer { lock.withLock { activeWaits -= 1 } }
        return try body()
    }

    /// Marks an awaited wait as in progress for the duration of `body`.
    func whileWaiting<T>(_ body: () async throws -> T) async rethrows -> T {
        lock.withLock { activeWaits += 1 }
        defer { lock.withLock { activeWaits -= 1 } }
        return try await body()
    }

    /// The coverage profile of the next launch, when the test process runs under coverage.
    private var coverageProfile: CoverageProfile? {
        let launchName = "\((sandbox.root as NSString).lastPathComponent)-\(coverageToken)-\(lock.withLock { launchCount } + 1)"
        return CoverageProfile(testProcessValue: hostSettings.profileFile, currentDirectory: hostSettings.currentDirectory,
                               sandboxRoot: sandbox.root, launchName: launchName)
    }

    private func environment(for configuration: Configuration, coverage: CoverageProfile?) throws -> [String: String] {
        try LaunchEnvironmentBuilder(
            host: configuration.environmentPolicy.inheritsHostEnvironment
                ? HostEnvironment.current()
                : HostEnvironment.values(of: configuration.environmentPolicy.passedThrough, and: "PATH"),
            policy: configuration.environmentPolicy,
            sandbox: sandbox.environment,
            terminalType: configuration.terminalSize == nil ? PinnedEnvironment.pipeTerminal : PinnedEnvironment.terminalType,
            launchEnvironment: configuration.launchEnvironment,
            coverageProfile: coverage?.appValue
        ).build()
    }

    /// Starts a launch; returns it and whether it runs in strict isolation (not when it fell back).
    private func start(_ configuration: Configuration) throws -> (LaunchedProcess, strict: Bool) {
        if sandbox.isWiped {
            throw CleanSlateError(.sandboxWiped, "cannot launch \(executable): its sandbox \(sandbox.root) has been wiped; create a new Sandbox")
        }
        // Before anything reads a path of the sandbox: the environment and the working directory name them.
        try sandbox.checkLaunchFolders(launching: executable.displayName)
        let coverage = coverageProfile
        let environment = try environment(for: configuration, coverage: coverage)
        lock.withLock { environmentOfLaunch = environment }
        if let coverage { try makePrivateFolder(for: coverage) }
        let path = try executable.resolve(searchPath: environment["PATH"] ?? PinnedEnvironment.fallbackPath)
        for (index, argument) in configuration.launchArguments.enumerated() where argument.utf8.contains(0) {
            throw CleanSlateError(.invalidArgument,
                "launch argument \(index) \(argument.debugDescription) contains a NUL byte, which exec cannot pass")
        }
        let directory = configuration.workingDirectory ?? sandbox.home
        try Executable.validate(directory, what: "working directory")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CleanSlateError(.invalidArgument, "the working directory \(directory) does not exist or is not a directory")
        }
        var strictOptions: StrictOptions?
        if case let .strict(options) = configuration.isolation { strictOptions = options }
        try configuration.faults.validate(strict: strictOptions != nil)
        var fragmenter: OutputFragmenter?
        if let length = configuration.faults.outputFragmentLength {
            let seed = try Faults.seed(replay: hostSettings.faultSeed, configured: configuration.faults.seed)
            fragmenter = OutputFragmenter(maximumLength: length, seed: seed)
        }
        lock.withLock { seedOfLaunch = fragmenter?.seed }
        for location in configuration.faults.missingFolders { try sandbox.removeForMissingFolderFault(location) }
        guard let options = strictOptions else {
            return (try start(configuration, path: path, environment: environment, directory: directory, layout: nil, fragmenter: fragmenter), false)
        }
        try StrictLayout.validate(options)
        var layout = StrictLayout(sandbox: sandbox, options: options, executablePath: path,
                                  runnerDirectory: FileManager.default.currentDirectoryPath)
        layout.makeReadOnly(configuration.faults.readOnlyFolders.map { sandbox.path($0) })
        layout.sandboxSizeLimit = configuration.faults.sandboxSizeLimit
        try layout.validateWorkingDirectory(directory)
        do {
            return (try start(configuration, path: path, environment: environment, directory: directory, layout: layout, fragmenter: fragmenter), true)
        } catch let error as CleanSlateError
                    where error.code == .isolationUnavailable && options.fallsBackToStandard && !configuration.faults.needsStrictIsolation {
            let warning = "CleanSlate warning: \(executable) runs with standard isolation, not strict: \(error)\n"
            FileHandle.standardError.write(Data(warning.utf8))
            return (try start(configuration, path: path, environment: environment, directory: directory, layout: nil, fragmenter: fragmenter), false)
        }
    }

    /// Creates the launch's private profile folder in the sandbox (never through a symlink the app
    /// left) and counts the launch, whose profiles the end of the launch then harvests.
    private func makePrivateFolder(for coverage: CoverageProfile) throws {
        try sandbox.withDirectory(under: [], [FileName(CoverageProfile.sandboxFolderName.utf8), FileName(coverage.launchFolderName.utf8)],
                                  create: true) { _ in }
        lock.withLock {
            launchCount += 1
            unharvestedCoverage = coverage
        }
    }

    /// Spawns the app; with a strict `layout`, paths into the sandbox are given as the app sees them.
    private func start(
        _ configuration: Configuration, path: String, environment: [String: String], directory: String, layout: StrictLayout?,
        fragmenter: OutputFragmenter?
    ) throws -> LaunchedProcess {
        let inside = { (value: String) in layout?.insideValue(value) ?? value }
        let argumentVector = [executable.displayName] + configuration.launchArguments.map(inside)
        lock.withLock {
            environmentOfLaunch = environment.mapValues(inside)
            var commandLine = argumentVector.joined(separator: " ")
            while commandLine.last == " " { commandLine.removeLast() }
            commandLineOfLaunch = commandLine
            launchedArguments = configuration.launchArguments
        }
        let output = (limit: configuration.outputLimit, handler: configuration.outputHandler, fragments: fragmenter)
        let request = { (io: SpawnRequest.StandardIO) in
            SpawnRequest(
                executablePath: layout?.insidePath(path) ?? path,
                argumentVector: argumentVector,
                environment: environment.map { "\($0.key)=\(inside($0.value))" }.sorted(),
                workingDirectory: layout?.insidePath(directory) ?? directory,
                standardIO: io,
                strictLayout: layout)
        }
        if let size = configuration.terminalSize {
            return try TerminalLaunch.start(request, executable: executable.displayName, size: size, output: output)
        }
        return try PipeLaunch.start(request, executable: executable.displayName, output: output)
    }
}
