import Foundation

/// `cleanslate-benchmarks SUITE [OPTIONS]`: release-mode benchmarks, never timed unit tests.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "launch":
    try runLaunchBenchmark(arguments: Array(arguments.dropFirst()))
case "roundtrip":
    try runRoundTripBenchmark(arguments: Array(arguments.dropFirst()))
case "output":
    try runOutputBenchmark(arguments: Array(arguments.dropFirst()))
case "sessions":
    try runSessionsBenchmark(arguments: Array(arguments.dropFirst()))
case "compare":
    try runCompareBenchmark(arguments: Array(arguments.dropFirst()))
case "compare-worker":
    try runCompareWorker(arguments: Array(arguments.dropFirst()))
case "element-waits":
    try runElementWaitBenchmark(arguments: Array(arguments.dropFirst()))
case "await":
    try runAwaitBenchmark(arguments: Array(arguments.dropFirst()))
case "screen":
    runScreenBenchmark(arguments: Array(arguments.dropFirst()))
case "elements":
    ElementsBenchmark.run(arguments: Array(arguments.dropFirst()))
case "recognition-score":
    RecognitionScoreCommand.run(arguments: Array(arguments.dropFirst()))
default:
    FileHandle.standardError.write(Data("""
        usage: cleanslate-benchmarks launch [--iterations N] [--only TEXT]
               cleanslate-benchmarks roundtrip [--iterations N]
               cleanslate-benchmarks output [--runs N]
               cleanslate-benchmarks sessions [--sessions N] [--runs N]
               cleanslate-benchmarks compare [--rounds N] [--launches N] [--round-trips N] [--tests N] [--also NAME=PATH]...
               cleanslate-benchmarks element-waits [--iterations N]
               cleanslate-benchmarks await [--tests N]... [--iterations N]
               cleanslate-benchmarks screen [--runs N] [--hostile] [--write-inputs DIR] [FILE...]
               cleanslate-benchmarks elements [--runs N] [--only TEXT]
               cleanslate-benchmarks recognition-score [--fixtures DIR] [--verbose]

        """.utf8))
    exit(64)
}
