#!/bin/sh
# Checks the pictures CleanSlate draws of real sessions in a real headless browser (Debian's chromium):
#
#   - screen.svg and screen.html of a failed test's artifact folder (the SampleApp wizard, from the
#     deliberately failing fixture ArtifactsFixture.testFailsOnATerminal);
#   - the side-by-side page of a screen snapshot mismatch (the fixture ScreenSnapshotFixtures with an
#     inline expected text that differs);
#   - `cleanslate render --format svg` and `--format html` of a recording whose app redefined the
#     background and palette colour 1 (OSC 11, OSC 4).
#
# For each, `chromium --headless --dump-dom` must hold the screen's text and colours (and no XML
# error page), and `--screenshot` must give a PNG that is not blank: several distinct pixel colours,
# among them a colour the picture fills an area with.
#
#   Scripts/check-pictures.sh [--keep DIR]    (--keep copies the pictures and screenshots to DIR)
#
# Builds the package (swift build --build-tests) first. Needs chromium and python3; when chromium is
# missing it says so and exits 0, unless CLEANSLATE_REQUIRE_EXTERNAL=1 (as in .ci/run), when that is
# a failure. CHROMIUM names another browser binary. Exit: 0 all pictures pass (or skipped), 1 not.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
browser=${CHROMIUM:-chromium}
keep=
if [ "${1:-}" = "--keep" ] && [ $# -eq 2 ]; then keep=$2
elif [ $# -gt 0 ]; then echo "usage: $0 [--keep DIR]" >&2; exit 1; fi

missing() {
    if [ "${CLEANSLATE_REQUIRE_EXTERNAL:-}" = 1 ]; then
        echo "check-pictures.sh: FAILED: $1 is required here (CLEANSLATE_REQUIRE_EXTERNAL=1) but missing: $2" >&2
        exit 1
    fi
    echo "check-pictures.sh: skipped: $1 is not installed ($2)"
    exit 0
}
command -v "$browser" >/dev/null 2>&1 || missing chromium "apt-get install -y chromium, or set CHROMIUM to a Chromium binary"
command -v python3 >/dev/null 2>&1 || missing python3 "apt-get install -y python3"

fail() { echo "check-pictures.sh: FAILED: $*" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/check-pictures.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$root"
swift build --build-tests >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; fail "swift build --build-tests failed"; }
bin=$(swift build --show-bin-path)

# The fixtures fail on purpose; their sandboxes are not kept.
export CLEANSLATE_FIXTURE=1 CLEANSLATE_KEEP=never CLEANSLATE_ARTIFACTS="$work/artifacts"
if swift test --skip-build --filter ArtifactsFixture.testFailsOnATerminal >"$work/wizard.log" 2>&1; then
    fail "the fixture ArtifactsFixture.testFailsOnATerminal passed; it must fail to leave its artifacts (log: $(tail -5 "$work/wizard.log"))"
fi
wizard=$(find "$work/artifacts" -type d -name 'SampleApp-*' | head -1)
[ -n "$wizard" ] || { tail -30 "$work/wizard.log"; fail "the failing fixture left no SampleApp artifact folder in $work/artifacts"; }
if FIXTURE_EXPECTED="hello from nowhere" swift test --skip-build --filter ScreenSnapshotFixtures/screenSnapshot >"$work/snapshot.log" 2>&1; then
    fail "the fixture ScreenSnapshotFixtures/screenSnapshot passed; its expected text differs on purpose"
fi
comparison=$(find "$work/artifacts" -name 'snapshot-inline-*.html' | head -1)
[ -n "$comparison" ] || { tail -30 "$work/snapshot.log"; fail "the snapshot mismatch wrote no side-by-side page in $work/artifacts"; }
unset CLEANSLATE_FIXTURE CLEANSLATE_KEEP CLEANSLATE_ARTIFACTS

# A recording whose app set its own background and colour 1, drawn by `cleanslate render`.
"$bin/cleanslate" run --terminal 6x40 --record "$work/palette.cast" -- sh -c \
    'printf "\033]11;#203040\033\\\\\033]4;1;#ffa500\033\\\\\033[31mpalette\033[0m check"' </dev/null >"$work/run.log" 2>&1 \
    || { cat "$work/run.log"; fail "cleanslate run --record failed"; }
for format in svg html; do
    "$bin/cleanslate" render --format "$format" "$work/palette.cast" >"$work/palette.$format" || fail "cleanslate render --format $format failed"
done

# check NAME FILE PIXEL TEXT... -- COLOUR...: PIXEL is r,g,b[,tolerance], a colour some area is filled with.
checked=0
check() {
    name=$1 file=$2 pixel=$3
    shift 3
    dom="$work/$name.dom" png="$work/$name.png"
    "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$work/profile" --dump-dom "file://$file" \
        >"$dom" 2>"$work/browser.log" || { tail -5 "$work/browser.log"; fail "$name: chromium --dump-dom failed"; }
    "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$work/profile" --hide-scrollbars --window-size=1600,1000 \
        --screenshot="$png" "file://$file" >/dev/null 2>"$work/browser.log" || { tail -5 "$work/browser.log"; fail "$name: chromium --screenshot failed"; }
    python3 - "$name" "$dom" "$png" "$pixel" "$@" <<'PY' || exit 1
import struct, sys, zlib
name, dom_path, png_path, pixel = sys.argv[1:5]
texts, colours = [], []
target = texts
for argument in sys.argv[5:]:
    if argument == "--":
        target = colours
    else:
        target.append(argument)
def fail(message):
    print(f"check-pictures.sh: FAILED: {name}: {message}", file=sys.stderr)
    sys.exit(1)
dom = open(dom_path, encoding="utf-8", errors="replace").read()
if not dom.strip():
    fail("the browser's DOM is empty")
if "This page contains the following errors" in dom:
    fail("the browser could not parse the file: " + dom[:600])
for text in texts:
    if text not in dom:
        fail(f"the text {text!r} is not in the browser's DOM ({dom_path})")
for colour in colours:
    if colour.lower() not in dom.lower():
        fail(f"the colour {colour} is not in the browser's DOM")

# The screenshot: an 8-bit PNG (grey, RGB, grey+alpha or RGBA), read with zlib alone.
data = open(png_path, "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    fail(f"{png_path} is not a PNG")
position, idat = 8, b""
while position < len(data):
    length, kind = struct.unpack(">I4s", data[position:position + 8])
    body = data[position + 8:position + 8 + length]
    if kind == b"IHDR":
        width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
    elif kind == b"IDAT":
        idat += body
    position += 12 + length
channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour_type)
if depth != 8 or channels is None or interlace:
    fail(f"the screenshot is a PNG this check does not read (depth {depth}, colour type {colour_type}, interlace {interlace})")
raw, stride = zlib.decompress(idat), width * channels
rows, previous, offset = [], bytearray(stride), 0
for _ in range(height):
    kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
    offset += 1 + stride
    for i in range(stride):
        left = line[i - channels] if i >= channels else 0
        up, corner = previous[i], previous[i - channels] if i >= channels else 0
        if kind == 1: line[i] = (line[i] + left) & 0xFF
        elif kind == 2: line[i] = (line[i] + up) & 0xFF
        elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 0xFF
        elif kind == 4:
            estimate = left + up - corner
            a, b, c = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
            line[i] = (line[i] + (left if a <= b and a <= c else up if b <= c else corner)) & 0xFF
    rows.append(bytes(line))
    previous = line
seen = set()
for line in rows:
    for i in range(0, stride, channels):
        pixel_value = line[i:i + channels]
        seen.add(tuple(pixel_value[:3]) if channels >= 3 else (pixel_value[0],) * 3)
if len(seen) < 5:
    fail(f"the screenshot {png_path} looks blank: only {len(seen)} distinct colours")
wanted = [int(part) for part in pixel.split(",")]
tolerance = wanted[3] if len(wanted) > 3 else 0
if not any(all(abs(a - b) <= tolerance for a, b in zip(colour, wanted[:3])) for colour in seen):
    fail(f"the screenshot has no pixel of the colour {tuple(wanted[:3])} (±{tolerance}) that the picture fills an area with")
print(f"check-pictures.sh: {name}: text and colours in the DOM, screenshot {width}x{height} with {len(seen)} colours")
PY
    if [ -n "$keep" ]; then mkdir -p "$keep" && cp "$file" "$keep/$name.${file##*.}" && cp "$png" "$keep/"; fi
    checked=$((checked + 1))
}

# The wizard's title bar is blue (#0000ee) with the text "SampleApp setup".
check wizard-svg "$wizard/screen.svg" 0,0,238 "SampleApp setup" "Name: Ada" -- "#0000ee" "#e5e5e5"
check wizard-html "$wizard/screen.html" 0,0,238 "SampleApp setup" "Name: Ada" -- "#0000ee" "#e5e5e5"
# The differing cells are shaded #ff3b30 at 45 % over black: about (115, 27, 22).
check comparison "$comparison" 115,27,22,3 "hello from nowhere" "from \$HOME" "Reference" "Actual" -- "#cd0000" "#ff3b30"
check palette-svg "$work/palette.svg" 32,48,64 "palette" "check" -- "#203040" "#ffa500"
check palette-html "$work/palette.html" 32,48,64 "palette" "check" -- "#203040" "#ffa500"
echo "check-pictures.sh: $checked pictures pass in $("$browser" --version 2>/dev/null | head -1)"
