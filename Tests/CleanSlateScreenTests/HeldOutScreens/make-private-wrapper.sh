#!/bin/bash
# make-private-wrapper.sh DIR: the games' side of a held-out set's work folder DIR (sets 4 to 8):
# a copy of /var/games in DIR/games and DIR/private, a wrapper that runs a program with empty
# /var/log, /var/lib, /run, /var/tmp and that copy mounted over /var/games (bubblewrap), so that
# nothing outside the work folder and the fresh HOME is written (games' score files, lock files).
set -e
mkdir -p "$1/games"
cp -a /var/games/. "$1/games/"
cat > "$1/private" <<SH
#!/bin/sh
# private COMMAND...: COMMAND with empty /var/log, /var/lib, /run, /var/tmp and the work folder's
# copy of /var/games over /var/games.
exec bwrap --dev-bind / / --tmpfs /var/log --tmpfs /var/lib --tmpfs /run --dir /run/lock \\
  --tmpfs /var/tmp --bind $1/games /var/games -- "\$@"
SH
chmod +x "$1/private"
