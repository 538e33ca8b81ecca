#!/usr/bin/env bash
# Compares the throughput of CleanSlate's TerminalEmulator with SwiftTerm (and libvterm, when installed) at 24x80
# on identical input files, in the same run.
#
# SwiftTerm is not part of this repository and nothing of it is committed here. The script expects a checkout of
# its public source in $SWIFTTERM_SRC (default: /work/swiftterm-src, or ../swiftterm-src beside this checkout), e.g.
#     git clone https://github.com/migueldeicaza/SwiftTerm ../swiftterm-src    # measured at cb3c863
# It then writes a tiny driver package OUTSIDE the repository ($SWIFTTERM_DRIVER_DIR, default
# ${XDG_CACHE_HOME:-~/.cache}/cleanslate-swiftterm-driver, kept so that later runs rebuild nothing) that depends on
# that checkout by local path, and builds it in release mode. SwiftTerm's own package dependencies are resolved by
# SwiftPM from the network the first time. Without a checkout, the script says so and exits 0 (skipped).
#
# libvterm joins when its headers are installed (apt-get install -y libvterm-dev), with Benchmarks/libvterm/driver.c.
#
# Usage: Benchmarks/screen-vs-swiftterm.sh [--callgrind] [RUNS]
#   RUNS         timed runs per program and workload (default 7); the programs take turns, one run each, so that
#                load from other processes hits them alike; the median is reported
#   --callgrind  instead of timing, count the instructions each program executes per input byte with valgrind's
#                callgrind: (instructions for the first $CALLGRIND_BYTES bytes of the input, default 2000000,
#                minus instructions for a 1-byte input) / bytes. Deterministic, unlike wall time on a shared machine.
#
# BASELINE=PATH adds a column for another build of cleanslate-benchmarks (for example a release build of an
# earlier commit, extracted with `git archive COMMIT | tar -x -C DIR`), to compare before and after in one run.
set -euo pipefail

mode=time
runs=7
for argument in "$@"; do
    case "$argument" in
        --callgrind) mode=callgrind ;;
        *) runs="$argument" ;;
    esac
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source_dir="${SWIFTTERM_SRC:-}"
if [[ -z "$source_dir" ]]; then
    for candidate in /work/swiftterm-src "$root/../swiftterm-src"; do
        [[ -f "$candidate/Sources/SwiftTerm/Terminal.swift" ]] && { source_dir="$(cd "$candidate" && pwd)"; break; }
    done
fi
if [[ -z "$source_dir" || ! -f "$source_dir/Sources/SwiftTerm/Terminal.swift" ]]; then
    echo "skipped: no SwiftTerm source found. Clone https://github.com/migueldeicaza/SwiftTerm (measured at cb3c863)"
    echo "outside this repository and set SWIFTTERM_SRC to it (default places: /work/swiftterm-src, ../swiftterm-src)."
    exit 0
fi
if [[ "$mode" == callgrind ]] && ! command -v valgrind >/dev/null; then
    echo "--callgrind needs valgrind: apt-get install -y valgrind" >&2
    exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
driver_dir="${SWIFTTERM_DRIVER_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/cleanslate-swiftterm-driver}"
mkdir -p "$driver_dir/Sources/swiftterm-driver"

# The driver: the same measurement as `cleanslate-benchmarks screen FILE...` (fresh 24x80 terminal per run,
# 64 KiB chunks, 1000 lines of scrollback, median MB/s), with SwiftTerm's HeadlessTerminal as its own benchmarks
# use it. Written only when it changed, so that the cached build stays valid.
write_if_changed() { if ! cmp -s - "$1" 2>/dev/null <<<"$2"; then printf '%s\n' "$2" >"$1"; fi; }
write_if_changed "$driver_dir/Package.swift" "// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: \"swiftterm-driver\",
    dependencies: [.package(name: \"SwiftTerm\", path: \"$source_dir\")],
    targets: [.executableTarget(name: \"swiftterm-driver\", dependencies: [.product(name: \"SwiftTerm\", package: \"SwiftTerm\")])]
)"
write_if_changed "$driver_dir/Sources/swiftterm-driver/main.swift" '// Usage: swiftterm-driver [--runs N] FILE...   prints "NAME  MB/s" lines like cleanslate-benchmarks screen.
import Foundation
import SwiftTerm

func throughput(of bytes: [UInt8]) -> Double {
    let owner = HeadlessTerminal(queue: DispatchQueue(label: "driver"), options: TerminalOptions(cols: 80, rows: 24, scrollback: 1000)) { _ in }
    let terminal = owner.terminal!
    let chunk = 65_536
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            terminal.feed(buffer: bytes[offset..<end])
            offset = end
        }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Double(bytes.count) / seconds / 1e6
}

var runs = 7
var arguments = Array(CommandLine.arguments.dropFirst())
if let index = arguments.firstIndex(of: "--runs"), index + 1 < arguments.count {
    runs = max(1, Int(arguments[index + 1]) ?? runs)
    arguments.removeSubrange(index...index + 1)
}
for path in arguments {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
        exit(1)
    }
    let bytes = [UInt8](data)
    let rates = (0..<runs).map { _ in throughput(of: bytes) }.sorted()
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    print(name.padding(toLength: max(14, name.count), withPad: " ", startingAt: 0) + String(format: " %8.1f MB/s", rates[runs / 2]))
}'

cd "$root"
echo "building cleanslate-benchmarks (release) ..." >&2
swift build -c release --scratch-path .build-screen --product cleanslate-benchmarks >/dev/null
echo "building the SwiftTerm driver (release) in $driver_dir against $source_dir ($(git -C "$source_dir" rev-parse --short HEAD 2>/dev/null || echo unknown)) ..." >&2
swift build -c release --package-path "$driver_dir" >/dev/null
ours="$root/.build-screen/release/cleanslate-benchmarks screen"
swiftterm="$(swift build -c release --package-path "$driver_dir" --show-bin-path)/swiftterm-driver"
programs=(ours swiftterm)
names=("CleanSlate" "SwiftTerm")
baseline=""
if [[ -n "${BASELINE:-}" ]]; then
    [[ -x "$BASELINE" ]] || { echo "BASELINE=$BASELINE is not an executable" >&2; exit 1; }
    baseline="$BASELINE screen"
    programs+=(baseline)
    names+=("baseline")
fi
libvterm=""
if cc -O2 -o "$work/libvterm-driver" Benchmarks/libvterm/driver.c -lvterm 2>/dev/null; then
    libvterm="$work/libvterm-driver"
    programs+=(libvterm)
    names+=("libvterm")
else
    echo "(libvterm left out: apt-get install -y libvterm-dev to include it)" >&2
fi
$ours --write-inputs "$work" >/dev/null
workloads=()
for name in ascii-scroll find-lines sgr-color htop mc; do [[ -f "$work/$name.bin" ]] && workloads+=("$name"); done

command_of() {
    case "$1" in
        ours) echo "$ours" ;;
        baseline) echo "$baseline" ;;
        swiftterm) echo "$swiftterm" ;;
        libvterm) echo "$libvterm" ;;
    esac
}

median() { sort -n | awk '{ values[NR] = $1 } END { print values[int((NR + 1) / 2)] }'; }

# Instructions callgrind counts for one run of PROGRAM over FILE.
instructions() {
    local out="$work/callgrind.out"
    # shellcheck disable=SC2046
    if ! valgrind --tool=callgrind --callgrind-out-file="$out" $(command_of "$1") --runs 1 "$2" >/dev/null 2>"$work/valgrind.log"; then
        echo "valgrind failed on $1:" >&2
        tail -5 "$work/valgrind.log" >&2
        exit 1
    fi
    awk '/^summary:/ { print $2 }' "$out"
}

if [[ "$mode" == callgrind ]]; then
    # Valgrind 3.19 gives up on the DWARF that swiftc writes into our binary ("Possibly corrupted debuginfo"), so
    # every program runs as a copy without debug sections (its symbols stay, for callgrind_annotate).
    for program in "${programs[@]}"; do
        binary="$(command_of "$program")"
        cp "${binary%% *}" "$work/$program.bin-stripped"
        strip --strip-debug "$work/$program.bin-stripped"
    done
    ours="$work/ours.bin-stripped screen"
    [[ -n "$baseline" ]] && baseline="$work/baseline.bin-stripped screen"
    swiftterm="$work/swiftterm.bin-stripped"
    [[ -n "$libvterm" ]] && libvterm="$work/libvterm.bin-stripped"
    bytes="${CALLGRIND_BYTES:-2000000}"
    printf 'a' >"$work/one.bin"
    declare -A startup
    for program in "${programs[@]}"; do startup[$program]="$(instructions "$program" "$work/one.bin")"; done
    printf '%-14s' "instr/byte"
    for name in "${names[@]}"; do printf ' %12s' "$name"; done
    echo
    for workload in "${workloads[@]}"; do
        head -c "$bytes" "$work/$workload.bin" >"$work/$workload.head"
        printf '%-14s' "$workload"
        for program in "${programs[@]}"; do
            total="$(instructions "$program" "$work/$workload.head")"
            printf ' %12.1f' "$(awk -v t="$total" -v s="${startup[$program]}" -v n="$bytes" 'BEGIN { print (t - s) / (n - 1) }')"
        done
        echo
    done
    exit 0
fi

printf '%-14s' "MB/s"
for name in "${names[@]}"; do printf ' %12s' "$name"; done
for name in "${names[@]:1}"; do printf ' %12s' "vs $name"; done
echo
for workload in "${workloads[@]}"; do
    for program in "${programs[@]}"; do : >"$work/$workload.$program"; done
    for ((run = 0; run < runs; run++)); do
        for program in "${programs[@]}"; do
            # shellcheck disable=SC2046
            $(command_of "$program") --runs 1 "$work/$workload.bin" | awk 'END { print $2 }' >>"$work/$workload.$program"
        done
    done
    printf '%-14s' "$workload"
    rates=()
    for program in "${programs[@]}"; do
        rates+=("$(median <"$work/$workload.$program")")
        printf ' %12.1f' "${rates[-1]}"
    done
    for rate in "${rates[@]:1}"; do printf ' %11.2fx' "$(awk -v a="${rates[0]}" -v b="$rate" 'BEGIN { print a / b }')"; done
    echo
done
