#!/usr/bin/env bash
# Builds and tests the example package (Examples/TodoApp) from a clean build folder, the way a
# user's package meets CleanSlate: it depends on this checkout by relative path, lists the products
# it uses, and launches its own executable with `.product("todo")`.
#
#   Scripts/test-examples.sh
#
# Environment passed on: CLEANSLATE_REQUIRE_EXTERNAL (strict isolation must then run, not skip).
# Exit: that of the first command that fails, else 0.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/Examples/TodoApp"
rm -rf .build
# `swift build` builds the package's own executable, as for any package...
swift build
[ -x .build/debug/todo ] || { echo "test-examples: swift build did not build the todo executable" >&2; exit 1; }
# ...and `swift test` builds the test target (and CleanSlate with it) and runs both frameworks.
swift test
