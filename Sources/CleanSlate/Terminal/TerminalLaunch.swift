import Glibc

/// Starting an app on a new pseudo-terminal, as its controlling terminal.
enum TerminalLaunch {
    static func start(
        _ request: (SpawnRequest.StandardIO) -> SpawnRequest, executable: String, size: TerminalSize,
        output: (limit: OutputLimit, handler: AppLauncher.OutputHandler?, fragments: OutputFragmenter?)
    ) throws -> LaunchedProcess {
        let (master, slavePath) = try PseudoTerminal.openMaster(for: executable)
        var opened = [master]
        var handedOver = false
        defer { if !handedOver { opened.forEach(SystemCall.close) } }
        try PseudoTerminal.setSize(master, rows: size.rows, columns: size.columns)
        // The input side gets its own descriptor so the I/O thread can close the output side at
        // end of file without pulling the descriptor out from under a concurrent write.
        let input = try PseudoTerminal.duplicate(master)
        opened.append(input)

        let launch = try Spawner.spawn(request(.terminal(slavePath: slavePath)))
        handedOver = true
        return try LaunchedProcess.adopt(
            launch, executable: executable, input: input,
            sources: [.init(fd: master, stream: .standardOutput)], terminal: TerminalSession(size: size),
            output: output)
    }
}
