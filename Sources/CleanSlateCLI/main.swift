import Foundation

/// `cleanslate`: run any program in a fresh sandbox, or render a captured terminal byte stream.

// This process is ours (unlike a test runner that embeds the library): a reader that goes away
// (`cleanslate run ... | head`) must not kill it with SIGPIPE before it wipes its sandbox.
signal(SIGPIPE, SIG_IGN)
// Before any other thread starts, so that every thread inherits the mask (see TerminationSignals).
TerminationSignals.block()

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "run":
    status = RunCommand.main(Array(arguments.dropFirst()))
case "record":
    status = RecordCommand.main(Array(arguments.dropFirst()))
case "render":
    TerminationSignals.exitOnSignal()
    status = RenderCommand.main(Array(arguments.dropFirst()))
case "sweep":
    TerminationSignals.exitOnSignal()
    status = SweepCommand.main(Array(arguments.dropFirst()))
case "-h", "--help", "help":
    print(Usage.text)
    status = 0
case nil:
    FileHandle.standardError.write(Data((Usage.text + "\n").utf8))
    status = 64
case let other?:
    CLIOutput.error("unknown command '\(other)'; see 'cleanslate --help'")
    status = 64
}
exit(status)
