#!/bin/bash
# Creates /tmp/heldout8-work, the folder capture.sh runs every program in: the sample files sets 4
# to 7 share, a small disk image with two partitions (testdisk), a web server log (goaccess), a
# mailbox of three mails (neomutt), a todo.txt list (topydo), and the games' copy of /var/games
# with its `private` wrapper (../HeldOutScreens/make-private-wrapper.sh).
set -e
here=$(cd "$(dirname "$0")" && pwd)
W=/tmp/heldout8-work
rm -rf $W; mkdir -p $W
"$here/../HeldOutScreens/make-sample-files.sh" $W
cd $W
truncate -s 64M disk.img
printf 'label: dos\n,24M,83\n,,7\n' | sfdisk -q disk.img
for i in 1 2 3 4 5 6; do
  printf '10.0.0.%d - - [28/Nov/2026:10:0%d:00 +0000] "GET /trip/day%d.html HTTP/1.1" 200 %d "-" "curl/7.88"\n' \
    $i $i $i $((1000 * i))
done > access.log
for n in 1 2 3; do
  subject=$(sed -n ${n}p <<'S'
Train times for Saturday
Hotel booking confirmed
Museum tickets
S
)
  printf 'From ada@example.org Sat Nov 28 1%d:00:00 2026\nFrom: Ada <ada@example.org>\nTo: Grace <grace@example.org>\nSubject: %s\nDate: Sat, 28 Nov 2026 1%d:00:00 +0000\nMessage-ID: <%d@example.org>\n\nSee you there.\n\n' \
    $n "$subject" $n $n
done > trip.mbox
printf '(A) Book the train +trip\nPack the bags +trip @home\n(B) Call the hotel @phone\nBuy museum tickets due:2026-12-05\n' > todo.txt
"$here/../HeldOutScreens/make-private-wrapper.sh" $W
