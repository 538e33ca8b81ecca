// Benchmarks for CleanSlate. Usage: cleanslate-benchmarks SUBCOMMAND [ARGUMENTS...]
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "screen":
    runScreenBenchmark(arguments: Array(arguments.dropFirst()))
default:
    print("usage: cleanslate-benchmarks screen [--runs N] [--write-inputs DIR] [FILE...]")
}
