#!/bin/bash
# Creates /tmp/plain6-work, the folder capture.sh runs every command in: the sample files sets 4
# and 5 share (../HeldOutScreens/make-sample-files.sh), a small git repository with four commits,
# a staged and an unstaged change and two branches, a broken C file and a Makefile that compiles
# it, a failing Python script, a faked system log, a markdown README, two versions of a text file
# for diff, a small SQLite database, and a long text file for less.
set -e
here=$(cd "$(dirname "$0")" && pwd)
W=/tmp/plain6-work
rm -rf $W; mkdir -p $W
cd $W
"$here/../HeldOutScreens/make-sample-files.sh" $W
git_() { env HOME=$W GIT_CONFIG_NOSYSTEM=1 git -c user.name='Ada Lovelace' -c user.email=ada@example.invalid -c init.defaultBranch=main "$@"; }
mkdir repo; cd repo
git_ init -q
printf 'Shopping helper\n===============\n\nAdds prices.\n' > README.md
git_ add README.md; GIT_AUTHOR_DATE='2026-11-01T10:00:00Z' GIT_COMMITTER_DATE='2026-11-01T10:00:00Z' git_ commit -qm 'Start the shopping helper'
printf 'def total(prices):\n    return sum(prices)\n' > shop.py
git_ add shop.py; GIT_AUTHOR_DATE='2026-11-02T10:00:00Z' GIT_COMMITTER_DATE='2026-11-02T10:00:00Z' git_ commit -qm 'Add total: it sums the prices of every item on the list, which is what most users asked for in reviews:'
git_ branch feature/discounts
printf 'def total(prices):\n    return sum(prices)\n\ndef average(prices):\n    return total(prices) / len(prices)\n' > shop.py
git_ add shop.py; GIT_AUTHOR_DATE='2026-11-03T10:00:00Z' GIT_COMMITTER_DATE='2026-11-03T10:00:00Z' git_ commit -qm 'Add average' -m 'Fixes: #12. Note: average of an empty list still raises.'
printf 'milk\neggs\n' > list.txt
git_ add list.txt; GIT_AUTHOR_DATE='2026-11-04T10:00:00Z' GIT_COMMITTER_DATE='2026-11-04T10:00:00Z' git_ commit -qm 'Keep a sample list'
printf 'milk\neggs\nbread\n' > list.txt
git_ add list.txt
printf 'def total(prices):\n    return sum(prices) * 1.0\n\ndef average(prices):\n    return total(prices) / len(prices)\n' > shop.py
printf 'scratch\n' > notes.tmp
cd $W
printf 'int main(void)\n{\n    int count = "three";\n    return count +;\n}\n' > broken.c
printf 'all: broken\n\nbroken: broken.c\n\tgcc -Wall -o broken broken.c\n' > Makefile
printf 'def average(prices):\n    return sum(prices) / len(prices)\n\nprint(average([]))\n' > fails.py
for i in $(seq 1 30); do printf 'Nov 28 08:%02d:%02d host sshd[%d]: Accepted publickey for ada from 192.0.2.%d port %d ssh2: ED25519 SHA256:abc%d\n' $i $((i*2)) $((1000+i)) $i $((40000+i)) $i; done > system.log
printf 'Nov 28 09:01:00 host kernel: [    0.000000] Linux version 6.1.0 (gcc 12.2.0) #1 SMP\nNov 28 09:01:00 host kernel: [    0.004000] Command line: BOOT_IMAGE=/vmlinuz root=/dev/vda1 ro quiet\nNov 28 09:01:01 host systemd[1]: Started Daily apt upgrade and clean activities.\nNov 28 09:01:02 host CRON[401]: (root) CMD (test -x /usr/sbin/anacron || ( cd / && run-parts --report /etc/cron.daily ))\nNov 28 09:01:03 host kernel: [    3.100000] EXT4-fs (vda1): re-mounted. Opts: errors=remount-ro. Quota mode: none.\nNov 28 09:01:04 host kernel: [    3.200000] e1000: eth0 NIC Link is Up 1000 Mbps Full Duplex, Flow Control: RX\n' > kernel.log
cat > README.md <<'MD'
# Shopping helper

A tiny tool. See [the guide](docs/guide.md) and [issues][tracker].

## Install

    pip install shopping-helper

Options:

- `--total`: print the total
- `--average`: print the average [default: off]
- <kbd>Ctrl</kbd>+<kbd>C</kbd> stops it.

> Note: prices are in cents.

| option | default |
|--------|---------|
| total  | on      |

[tracker]: https://example.invalid/issues
MD
printf 'milk\neggs\nbread\nbutter\njam\n' > old.txt
printf 'milk\neggs\nbrown bread\nbutter\ncheese\njam\n' > new.txt
python3 - <<'PY'
import sqlite3
c = sqlite3.connect("shop.db")
c.execute("create table items(name text, price integer, aisle text)")
c.executemany("insert into items values(?,?,?)", [("milk", 120, "dairy"), ("eggs", 250, "dairy"), ("bread", 199, "bakery")])
c.commit()
PY
for i in $(seq 1 80); do printf 'Line %d of the story: the grocer counted the apples, wrote the sum down and went on.\n' $i; done > story.txt
