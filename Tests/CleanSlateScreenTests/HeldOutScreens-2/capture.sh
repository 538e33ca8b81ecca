#!/bin/bash
# capture.sh NAME ROWS COLS WAIT_SECONDS KEYS... -- command...
# Runs command in a detached tmux pane of ROWS x COLS (its own tmux server, so no other session is
# touched), with TERM=xterm-256color LANG=C.UTF-8 and a fresh HOME, in /tmp/heldout2-work.
# The pane's raw output goes to NAME.bin; just before the pane is killed its text goes to NAME.txt
# (tmux capture-pane -p), which is what the annotation was written from.
# A key written as `sleep:N` waits N seconds instead of being sent.
name=$1; rows=$2; cols=$3; wait=$4; shift 4
keys=()
while [ "$1" != "--" ]; do keys+=("$1"); shift; done
shift
here=$(cd "$(dirname "$0")" && pwd)
sess=hb$$
home=$(mktemp -d /tmp/heldout2-home.XXXXXX)
rm -f "$here/$name.bin" "$here/$name.txt"
tmux -L heldout2 -f /dev/null new-session -d -s $sess -x $cols -y $rows \
  "cd /tmp/heldout2-work; sleep 0.5; env HOME=$home TERM=xterm-256color LANG=C.UTF-8 $*; sleep 2"
tmux -L heldout2 pipe-pane -t $sess -o "cat > '$here/$name.bin'"
sleep $wait
for k in "${keys[@]}"; do
  case $k in sleep:*) sleep "${k#sleep:}";; *) tmux -L heldout2 send-keys -t $sess "$k"; sleep 0.6;; esac
done
sleep 0.8
tmux -L heldout2 capture-pane -p -t $sess > "$here/$name.txt"
tmux -L heldout2 kill-session -t $sess
rm -rf "$home"
