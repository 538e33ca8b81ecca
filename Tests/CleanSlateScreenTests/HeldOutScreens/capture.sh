#!/bin/bash
# capture.sh NAME ROWS COLS WAIT_SECONDS KEYS... -- command...
# Runs command in a detached tmux pane of ROWS x COLS (its own tmux server, so no other session is
# touched), with TERM=xterm-256color LANG=C.UTF-8 and a fresh HOME, in /tmp/heldout-work.
# The pane's raw output goes to NAME.bin; just before the pane is killed its text goes to NAME.txt
# (tmux capture-pane -p), which is what the annotation was written from.
# A key written as `sleep:N` waits N seconds instead of being sent.
# HELDOUT_SET (default heldout) names the tmux server and the work folder /tmp/$HELDOUT_SET-work,
# and HELDOUT_OUT (default this folder) where the files go: HeldOutScreens-2/capture.sh sets both.
name=$1; rows=$2; cols=$3; wait=$4; shift 4
keys=()
while [ "$1" != "--" ]; do keys+=("$1"); shift; done
shift
server=${HELDOUT_SET:-heldout}
here=${HELDOUT_OUT:-$(cd "$(dirname "$0")" && pwd)}
sess=ho$$
home=$(mktemp -d /tmp/$server-home.XXXXXX)
rm -f "$here/$name.bin" "$here/$name.txt"
tmux -L $server -f /dev/null new-session -d -s $sess -x $cols -y $rows \
  "cd /tmp/$server-work; sleep 0.5; env HOME=$home TERM=xterm-256color LANG=C.UTF-8 $*; sleep 2"
tmux -L $server pipe-pane -t $sess -o "cat > '$here/$name.bin'"
sleep $wait
for k in "${keys[@]}"; do
  case $k in sleep:*) sleep "${k#sleep:}";; *) tmux -L $server send-keys -t $sess "$k"; sleep 0.6;; esac
done
sleep 0.8
tmux -L $server capture-pane -p -t $sess > "$here/$name.txt"
tmux -L $server kill-session -t $sess
rm -rf "$home"
