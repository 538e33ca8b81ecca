#!/bin/sh
# Fuzzes the terminal emulator and the key and mouse encoders with libFuzzer for a fixed time.
#
#   Scripts/fuzz.sh [SECONDS] [extra libFuzzer options...]     (default 300 seconds)
#
# Builds Fuzz/TerminalFuzzTarget.swift with the emulator's sources and the encoders' sources into
# .build/fuzz/terminal-fuzzer (optimised, with AddressSanitizer and libFuzzer coverage), then runs
# it on one core. The corpus grows in .build/fuzz/corpus, seeded from Fuzz/seeds. A crash, an
# invariant failure (a fatalError in the target), a hang of more than 10 s on one input or a
# memory use over 2 GB stops the run with a non-zero exit and leaves the input as
# .build/fuzz/crash-* (or timeout-*, oom-*) to turn into a test. Exit 0 means nothing was found.
set -eu
seconds=${1:-300}
[ $# -gt 0 ] && shift
root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/.build/fuzz"
mkdir -p "$out/corpus"
terminal="$root/Sources/CleanSlate/Terminal"
flags="-O -g -sanitize=fuzzer,address -parse-as-library"

# The emulator as its own module, as the package builds it.
swiftc $flags -emit-module -emit-library -static -module-name CleanSlateScreen \
    -emit-module-path "$out/CleanSlateScreen.swiftmodule" -o "$out/libCleanSlateScreen.a" \
    "$root"/Sources/CleanSlateScreen/*.swift
# The encoders (internal to CleanSlate) compiled into the fuzzer with the error type they throw.
swiftc $flags -I "$out" -L "$out" -lCleanSlateScreen -o "$out/terminal-fuzzer" \
    "$terminal/Key.swift" "$terminal/Mouse.swift" "$terminal/KeyEncoder.swift" "$terminal/MouseEncoder.swift" \
    "$root/Sources/CleanSlate/Errors/CleanSlateError.swift" "$root/Sources/CleanSlate/System/SystemCall.swift" \
    "$root/Sources/CleanSlate/System/ErrnoNames.swift" "$root/Fuzz/TerminalFuzzTarget.swift" 2>&1 \
    | grep -v "Cannot export local symbol" || true
[ -x "$out/terminal-fuzzer" ] || { echo "fuzz.sh: the fuzzer did not build" >&2; exit 1; }

cd "$out"
exec ./terminal-fuzzer -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 "$@" corpus "$root/Fuzz/seeds"
