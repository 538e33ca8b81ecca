import Glibc

/// Starting an app whose standard input, output and error are three pipes.
enum PipeLaunch {
    static func start(
        _ request: (SpawnRequest.StandardIO) -> SpawnRequest, executable: String,
        output kept: (limit: OutputLimit, handler: AppLauncher.OutputHandler?, fragments: OutputFragmenter?)
    ) throws -> LaunchedProcess {
        var opened: [Int32] = []
        var handedOver = false
        defer { if !handedOver { opened.forEach(SystemCall.close) } }
        let input = try Descriptors.pipe(for: "standard input of \(executable)")
        opened += [input.read, input.write]
        let output = try Descriptors.pipe(for: "standard output of \(executable)")
        opened += [output.read, output.write]
        let error = try Descriptors.pipe(for: "standard error of \(executable)")
        opened += [error.read, error.write]
        // Larger pipes wake the I/O thread less often for an app that writes a lot (best effort).
        Descriptors.enlargePipe(output.read, to: LaunchedProcess.readSize)
        Descriptors.enlargePipe(error.read, to: LaunchedProcess.readSize)

        let launch = try Spawner.spawn(request(.descriptors(input: input.read, output: output.write, error: error.write)))
        for fd in [input.read, output.write, error.write] { SystemCall.close(fd) }
        handedOver = true
        return try LaunchedProcess.adopt(
            launch, executable: executable, input: input.write,
            sources: [.init(fd: output.read, stream: .standardOutput), .init(fd: error.read, stream: .standardError)],
            output: kept)
    }
}
