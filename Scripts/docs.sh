#!/usr/bin/env bash
# Builds the DocC documentation of the four library products with the toolchain's own docc (no
# package dependency), and fails on any warning: a link to a symbol or article that does not
# exist, a topic that names nothing, and also a public symbol without a doc comment (docc does not
# warn about those, so the symbol graphs are checked here).
#
#   Scripts/docs.sh [--output DIR]      # default: .build/docs/<Module>.doccarchive
#
# Needs a debug build (it runs `swift build` first, a no-op when up to date) and python3.
# Exit: 0 without warnings, 1 on a warning or an undocumented symbol, 2 when a tool is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
output=".build/docs"
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output=$2; shift ;;
        *) echo "usage: $0 [--output DIR]" >&2; exit 2 ;;
    esac
    shift
done

# docc ships beside swift in the toolchain; xcrun does not exist on Linux.
docc=$(command -v docc || true)
[ -n "$docc" ] || docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
[ -x "$docc" ] || { echo "docs.sh: docc not found beside swift ($docc); a Swift 6 toolchain ships it" >&2; exit 2; }
extract="$(dirname "$docc")/swift-symbolgraph-extract"
[ -x "$extract" ] || { echo "docs.sh: $extract not found" >&2; exit 2; }
command -v python3 >/dev/null || { echo "docs.sh: python3 is needed (apt-get install -y python3)" >&2; exit 2; }

swift build --scratch-path .build >/dev/null
bin=$(swift build --scratch-path .build --show-bin-path)
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
target=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')

graphs=$(mktemp -d "${TMPDIR:-/tmp}/cleanslate-docs.XXXXXX")
trap 'rm -rf "$graphs"' EXIT
mkdir -p "$output"
failed=0
for module in CleanSlate CleanSlateScreen CleanSlateXCTest CleanSlateTesting; do
    mkdir -p "$graphs/$module"
    # Both test integrations re-export CleanSlateTestSupport (the snapshot assertions, the keep
    # policy), which is no product of its own: its symbols are documented in each of them.
    "$extract" -module-name "$module" -target "$target" -I "$modules" \
        -Xcc -fmodule-map-file="$bin/_CleanSlateCShim.build/module.modulemap" \
        -minimum-access-level public -skip-synthesized-members \
        -experimental-allowed-reexported-modules=CleanSlateTestSupport \
        -output-dir "$graphs/$module"
    # A symbol counts as documented with a comment of its own or one it inherits from the
    # protocol requirement it implements (`description`, `init(rawValue:)`).
    if ! python3 - "$graphs/$module" <<'PY'
import glob, json, sys
missing = []
for path in sorted(glob.glob(sys.argv[1] + "/*.symbols.json")):
    for symbol in json.load(open(path))["symbols"]:
        if not symbol.get("docComment", {}).get("lines"):
            location = symbol.get("location", {})
            where = location.get("uri", "?").replace("file://", "")
            line = location.get("position", {}).get("line", -1) + 1
            missing.append(f"{where}:{line}: warning: public symbol {'.'.join(symbol['pathComponents'])} has no doc comment")
for line in missing:
    print(line)
sys.exit(1 if missing else 0)
PY
    then
        failed=1
    fi
    if ! "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.cleanslate.$module" \
        --output-dir "$output/$module.doccarchive" --warnings-as-errors >"$graphs/$module.log" 2>&1; then
        cat "$graphs/$module.log"
        failed=1
    fi
    echo "docs.sh: $module -> $output/$module.doccarchive"
done
if [ "$failed" -ne 0 ]; then
    echo "docs.sh: documentation has warnings (above)" >&2
    exit 1
fi
echo "docs.sh: built without warnings"
