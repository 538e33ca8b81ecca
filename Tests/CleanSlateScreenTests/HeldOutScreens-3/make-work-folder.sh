#!/bin/bash
# Creates /tmp/heldout3-work, the folder capture.sh runs every program in: a few files and folders,
# a few empty "songs", a copy of nethack's playground, and `private`, a wrapper that runs a program
# with empty /var/log, /var/lib, /run and that playground copy mounted over the system's
# (bubblewrap), so that nothing outside the work folder and the fresh HOME is written.
set -e
W=/tmp/heldout3-work
rm -rf $W; mkdir -p $W/files/docs $W/files/src $W/music/Jazz $W/music/Folk $W/nethack $W/screens
cd $W
chmod 700 screens
printf 'Quarterly report\n' > files/docs/report.md
head -c 40000 /dev/zero > files/docs/manual.pdf
printf 'int main(void){return 0;}\n' > files/src/main.c
printf 'Shopping list\nmilk\neggs\nbread\n' > files/groceries.txt
printf 'hello\n' > files/notes.txt
for s in 'Jazz/Blue Morning' 'Jazz/Late Train' 'Folk/River Song'; do : > "music/$s.ogg"; done
cp -a /var/games/nethack/. nethack/
cat > private <<'SH'
#!/bin/sh
# private COMMAND...: COMMAND with empty /var/log, /var/lib, /run and the work folder's nethack
# playground over /var/games/nethack.
exec bwrap --dev-bind / / --tmpfs /var/log --tmpfs /var/lib --tmpfs /run --dir /run/lock \
  --bind /tmp/heldout3-work/nethack /var/games/nethack -- "$@"
SH
chmod +x private
