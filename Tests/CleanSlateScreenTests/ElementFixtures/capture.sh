#!/bin/bash
# capture.sh OUT ROWS COLS WAIT_SECONDS KEYS... -- command...
# Runs command in a detached tmux pane of ROWS x COLS, with its raw output piped to OUT.
out=$1; rows=$2; cols=$3; wait=$4; shift 4
keys=()
while [ "$1" != "--" ]; do keys+=("$1"); shift; done
shift
sess=cap$$
rm -f "$out"
tmux new-session -d -s $sess -x $cols -y $rows "sleep 0.5; $*; sleep 1"
tmux pipe-pane -t $sess -o "cat > $out"
sleep $wait
for k in "${keys[@]}"; do tmux send-keys -t $sess "$k"; sleep 0.6; done
sleep 0.5
tmux kill-session -t $sess
