#!/bin/bash
# Creates /tmp/heldout4-work, the folder capture.sh runs every program in: a few files and folders,
# a small CSV table, an empty Taskwarrior data folder and its rc file, a copy of /var/games, and
# `private`, a wrapper that runs a program with empty /var/log, /var/lib, /run, /var/tmp and that
# copy mounted over /var/games (bubblewrap), so that nothing outside the work folder and the fresh
# HOME is written (games' score files, nvi's recovery files).
set -e
here=$(cd "$(dirname "$0")" && pwd)
W=/tmp/heldout4-work
rm -rf $W; mkdir -p $W/files/docs $W/files/src $W/games $W/task
cd $W
"$here/../HeldOutScreens/make-sample-files.sh" $W
printf 'data.location=%s/task\nconfirmation=off\nnews.version=2.6.2\n' $W > taskrc
"$here/../HeldOutScreens/make-private-wrapper.sh" $W
