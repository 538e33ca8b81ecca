#!/bin/bash
# capture.sh NAME ROWS COLS WAIT_SECONDS KEYS... -- command...
# The first set's capture.sh (see it for what it does), with this set's tmux server, its work
# folder /tmp/heldout8-work (made by make-work-folder.sh) and this folder for the files.
here=$(cd "$(dirname "$0")" && pwd)
HELDOUT_SET=heldout8 HELDOUT_OUT="$here" exec "$here/../HeldOutScreens/capture.sh" "$@"
