#!/usr/bin/env bash
# Runs the test suite as an ordinary user from a fresh clone in that user's home, as a newcomer
# would: what a run as root cannot show (file modes that bind, a umask of one's own, a clone under
# /home, which strict isolation hides). Run as root; .ci/run runs it after the root run.
#
#   sudo Scripts/test-as-user.sh [USER]        (default user: cleanslate-ci, created when missing)
#
# The clone is of this checkout's HEAD (committed work only), made through a bundle in a world-
# readable temporary file, so the user needs no access to this checkout (which may be under /root)
# and git's ownership check does not refuse it. The project's shared/ folder, when it is beside this
# checkout, is copied beside the user's clone (1 MiB), so the conformance tests run there too.
# Swift is the one on root's PATH; it must be readable by the user (as /opt/swift or /usr are).
# Environment passed on: CLEANSLATE_REQUIRE_EXTERNAL. Exit status: that of `swift test`, or 2 when
# something needed is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
user=${1:-cleanslate-ci}

if [ "$(id -u)" -ne 0 ]; then
  echo "test-as-user: run as root (it creates the user and runs the tests as them); as an ordinary user, just run swift test in your clone" >&2
  exit 2
fi
swift=$(command -v swift) || { echo "test-as-user: swift is not on PATH" >&2; exit 2; }
swift_bin=$(dirname "$(readlink -f "$swift")")
if ! id "$user" >/dev/null 2>&1; then
  echo "test-as-user: creating the user $user"
  useradd -m "$user"
fi
home=$(getent passwd "$user" | cut -d: -f6)
# A login shell: the user's own environment (HOME, PATH, no variable of root's session).
as_user() { su - "$user" -s /bin/bash -c "$1"; }
if ! as_user "test -x '$swift_bin/swift'"; then
  echo "test-as-user: $user cannot run $swift_bin/swift; install Swift where every user can read it" >&2
  exit 2
fi

bundle=$(mktemp /tmp/cleanslate-head-XXXXXX.bundle)
trap 'rm -f "$bundle"' EXIT
git -C "$root" bundle create -q "$bundle" HEAD
chmod 644 "$bundle"
as_user "rm -rf ~/cleanslate ~/shared && git -c advice.detachedHead=false clone -q '$bundle' ~/cleanslate"
if [ -d "$root/../shared" ]; then
  cp -R "$root/../shared" "$home/shared"
  chown -R "$user:" "$home/shared"
  chmod -R u+w "$home/shared"
fi

echo "test-as-user: swift test as $user in $home/cleanslate ($(git -C "$root" rev-parse --short HEAD))"
as_user "cd ~/cleanslate && export PATH='$swift_bin':\$PATH CLEANSLATE_REQUIRE_EXTERNAL='${CLEANSLATE_REQUIRE_EXTERNAL:-}' && swift test"
