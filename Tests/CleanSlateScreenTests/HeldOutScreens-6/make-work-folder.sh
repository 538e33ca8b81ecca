#!/bin/bash
# Creates /tmp/heldout6-work, the folder capture.sh runs every program in: the sample files sets 4
# and 5 share, a tiny SQLite database (litecli), a tiny capture of two UDP packets (termshark), a
# a seven-line C program built with -g (gdb), a copy of /var/games, and `private`, a wrapper that runs a program with empty /var/log, /var/lib,
# /run, /var/tmp and that copy mounted over /var/games (bubblewrap), so that nothing outside the
# work folder and the fresh HOME is written (games' score files, lock files).
set -e
here=$(cd "$(dirname "$0")" && pwd)
W=/tmp/heldout6-work
rm -rf $W; mkdir -p $W/games
cd $W
"$here/../HeldOutScreens/make-sample-files.sh" $W
python3 - <<'PY'
import sqlite3, struct
db = sqlite3.connect('shop.db')
db.execute('create table products (name text, price integer)')
db.execute('create table customers (name text, city text)')
db.executemany('insert into products values (?, ?)', [('milk', 1), ('eggs', 3), ('bread', 2)])
db.commit()
def udp(src, dst, payload):
    udp = struct.pack('!HHHH', 40000, 40001, 8 + len(payload), 0) + payload
    ip = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(udp), 1, 0, 64, 17, 0, bytes(src), bytes(dst))
    eth = b'\x02' * 6 + b'\x04' * 6 + b'\x08\x00'
    return eth + ip + udp
with open('two.pcap', 'wb') as f:
    f.write(struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
    for i, p in enumerate([udp([10, 0, 0, 1], [10, 0, 0, 2], b'hello'), udp([10, 0, 0, 2], [10, 0, 0, 1], b'world')]):
        f.write(struct.pack('<IIII', 1700000000 + i, 0, len(p), len(p)) + p)
PY
printf '#include <stdio.h>\n\nint main(void) {\n    int total = 0;\n    for (int i = 1; i <= 3; i++)\n        total += i;\n    printf("%%d\\n", total);\n    return 0;\n}\n' > sum.c
gcc -g -O0 -o sum sum.c
"$here/../HeldOutScreens/make-private-wrapper.sh" $W
cat > pinentry-ask <<'SH'
#!/bin/sh
# pinentry-ask: pinentry-curses asked for a passphrase on this terminal.
t=$(tty)
printf 'SETTITLE Unlock\nSETDESC Enter the passphrase for the backup key\nSETPROMPT Passphrase:\nGETPIN\n' |
  pinentry-curses --ttyname "$t"
SH
cat > pinentry-confirm <<'SH'
#!/bin/sh
# pinentry-confirm: pinentry-curses asking to confirm, with its two buttons renamed.
t=$(tty)
printf 'SETDESC Delete the old backup key?\nSETOK Delete\nSETCANCEL Keep\nCONFIRM\n' |
  pinentry-curses --ttyname "$t"
SH
chmod +x pinentry-ask pinentry-confirm
