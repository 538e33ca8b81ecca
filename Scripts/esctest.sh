#!/bin/sh
# Runs the esctest2 conformance suite inside `cleanslate run --terminal 24x80`, prints the pass count
# and the failing tests grouped by cause, and fails when fewer tests pass than the recorded figure.
#
#   Scripts/esctest.sh [--record] [--include REGEX] [--log FILE]
#
# esctest2 is looked for in ../shared/conformance/esctest2 beside the repository (ESCTEST2 overrides).
# The options are those of issue 9 (and SwiftTerm's suite). The figure is kept in
# Benchmarks/esctest-baseline.txt; --record writes the new count there when it is higher.
# Needs python3. Uses the debug `cleanslate` (run `swift build` first) unless CLEANSLATE is set.
# Exit: 0 at or above the figure, 1 below it, 2 when something needed is missing.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
esctest=${ESCTEST2:-$root/../shared/conformance/esctest2}
cleanslate=${CLEANSLATE:-$root/.build/debug/cleanslate}
baseline_file="$root/Benchmarks/esctest-baseline.txt"
record=no
include=.
keep_log=
while [ $# -gt 0 ]; do
    case "$1" in
        --record) record=yes ;;
        --include) include=$2; shift ;;
        --log) keep_log=$2; shift ;;
        *) echo "usage: $0 [--record] [--include REGEX] [--log FILE]" >&2; exit 2 ;;
    esac
    shift
done
[ -f "$esctest/esctest/esctest.py" ] || { echo "esctest.sh: esctest2 not found at $esctest (set ESCTEST2)" >&2; exit 2; }
[ -x "$cleanslate" ] || { echo "esctest.sh: $cleanslate not found: run 'swift build' first (or set CLEANSLATE)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "esctest.sh: python3 is needed (apt-get install -y python3)" >&2; exit 2; }

log=$(mktemp "${TMPDIR:-/tmp}/esctest-log.XXXXXX")
screen=$(mktemp "${TMPDIR:-/tmp}/esctest-screen.XXXXXX")
trap 'rm -f "$log" "$screen"' EXIT
start=$(date +%s)
"$cleanslate" run --terminal 24x80 -- python3 "$esctest/esctest/esctest.py" --expected-terminal xterm \
    --xterm-checksum=334 --max-vt-level 5 --timeout 0.5 --no-print-logs --logfile "$log" --include "$include" \
    </dev/null >"$screen" 2>&1 || true
seconds=$(( $(date +%s) - start ))
[ -z "$keep_log" ] || cp "$log" "$keep_log"

python3 - "$log" "$baseline_file" "$record" "$seconds" "$include" <<'PY'
import re, sys
log_path, baseline_path, record, seconds, include = sys.argv[1:]
text = open(log_path, errors="replace").read()
summary = re.search(r"\*\*\* (\d+) tests? passed, (\d+) known bugs?, (\d+) tests? failed \*\*\*", text, re.I)
if not summary:
    print("esctest.sh: no summary line in the log; esctest did not finish. Log tail:")
    print(text[-3000:])
    sys.exit(1)
passed, known, failed = (int(group) for group in summary.groups())
# Each failure: "*** TEST name FAILED:" then a traceback, up to the next "Run test:" line. The cause
# is the exception line (numbers folded), with the feature's test file, or for a missing reply the
# esctest helper that waited for it.
causes = {}
for name, body in re.findall(r"\*\*\* TEST (\S+) FAILED:\n(.*?)(?=\nRun test: |\Z)", text, re.S):
    exceptions = re.findall(r"^(esctypes\.\w+: .*)$", body, re.M) or ["(no exception line)"]
    cause = re.sub(r"\d+", "N", exceptions[-1])[:110]
    frames = [frame for frame in re.findall(r'File "[^"]*/(\w+)\.py", line \d+, in (\w+)', body) if frame[0] != "escio"]
    if "Timeout" in cause and frames:
        cause += " (waiting in %s.%s)" % frames[-1]
    else:
        tests = [module for module, _ in frames if module not in ("escutil", "esccmd", "esctest", "esctypes")]
        if tests:
            cause += " [%s.py]" % tests[0]
    causes.setdefault(cause, []).append(name)
for cause, names in sorted(causes.items(), key=lambda item: -len(item[1])):
    print(f"{len(names):4d}  {cause}")
    for name in names[:8]:
        print(f"        {name}")
    if len(names) > 8:
        print(f"        ... and {len(names) - 8} more")
print(f"esctest2: {passed} passed, {failed} failed, {known} known xterm bugs excused ({seconds} s)")
if include != ".":
    sys.exit(0)
recorded = int(open(baseline_path).read().split()[0])
if passed < recorded:
    print(f"esctest2: FAILED: {passed} passed, below the recorded {recorded} ({baseline_path})")
    sys.exit(1)
if passed > recorded and record == "yes":
    open(baseline_path, "w").write(f"{passed}\n")
    print(f"esctest2: recorded {passed} (was {recorded})")
elif passed > recorded:
    print(f"esctest2: {passed} is above the recorded {recorded}; run with --record to raise it")
PY
