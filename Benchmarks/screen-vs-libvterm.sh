#!/usr/bin/env bash
# Compares the throughput of CleanSlate's TerminalEmulator with libvterm at 24x80 on identical input files.
#
# Needs libvterm's headers and library: apt-get install -y libvterm-dev
# Usage: Benchmarks/screen-vs-libvterm.sh [RUNS]   (from anywhere; RUNS defaults to 7)
#
# The two programs take turns, one run each per workload, so that load from other processes on a shared
# machine hits both alike; the median of the runs is reported.
set -euo pipefail

runs="${1:-7}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$root"
swift build -c release --scratch-path .build-screen --product cleanslate-benchmarks >/dev/null
benchmarks="$root/.build-screen/release/cleanslate-benchmarks"
cc -O2 -o "$work/libvterm-driver" Benchmarks/libvterm/driver.c -lvterm
"$benchmarks" screen --write-inputs "$work" >/dev/null

median() { sort -n | awk '{ values[NR] = $1 } END { print values[int((NR + 1) / 2)] }'; }

printf '%-14s %14s %14s %8s\n' workload "CleanSlate" "libvterm" ratio
for name in ascii-scroll find-lines sgr-color htop mc; do
    input="$work/$name.bin"
    [[ -f "$input" ]] || continue
    : >"$work/$name.swift"
    : >"$work/$name.libvterm"
    for ((run = 0; run < runs; run++)); do
        "$benchmarks" screen --runs 1 "$input" | awk '{ print $2 }' >>"$work/$name.swift"
        "$work/libvterm-driver" --runs 1 "$input" | awk '{ print $2 }' >>"$work/$name.libvterm"
    done
    ours="$(median <"$work/$name.swift")"
    theirs="$(median <"$work/$name.libvterm")"
    printf '%-14s %9.1f MB/s %9.1f MB/s %7.2fx\n' "$name" "$ours" "$theirs" "$(awk -v a="$ours" -v b="$theirs" 'BEGIN { print a / b }')"
done
