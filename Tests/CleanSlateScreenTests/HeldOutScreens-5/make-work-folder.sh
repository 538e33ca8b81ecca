#!/bin/bash
# Creates /tmp/heldout5-work, the folder capture.sh runs every program in: a few files and folders,
# a small CSV table, a tiny Python script (pudb), a tiny hledger journal, an empty khal calendar and
# its config (XDG_CONFIG_HOME points there), an empty reminders file (wyrd), a word list (peco), a
# copy of /var/games, and `private`, a wrapper that runs a program with empty /var/log, /var/lib,
# /run, /var/tmp and that copy mounted over /var/games (bubblewrap), so that nothing outside the
# work folder and the fresh HOME is written (games' score files).
set -e
here=$(cd "$(dirname "$0")" && pwd)
W=/tmp/heldout5-work
rm -rf $W; mkdir -p $W/files/docs $W/files/src $W/games $W/xdg/khal $W/cal/home
cd $W
"$here/../HeldOutScreens/make-sample-files.sh" $W
printf 'def total(prices):\n    s = 0\n    for p in prices:\n        s += p\n    return s\n\nprint(total([3, 4, 5]))\n' > shop.py
printf '2026-11-01 Salary\n    assets:bank       1000\n    income:salary\n\n2026-11-03 Grocer\n    expenses:food       42\n    assets:bank\n\n2026-11-05 Rent\n    expenses:rent      600\n    assets:bank\n' > money.journal
printf '[calendars]\n[[home]]\npath = %s/cal/home\ntype = calendar\n\n[locale]\ntimeformat = %%H:%%M\ndateformat = %%Y-%%m-%%d\nlongdateformat = %%Y-%%m-%%d\ndatetimeformat = %%Y-%%m-%%d %%H:%%M\nlongdatetimeformat = %%Y-%%m-%%d %%H:%%M\n\n[sqlite]\npath = %s/cal/khal.db\n' $W $W > xdg/khal/config
: > reminders.rem
printf 'apple\nbanana\ncherry\ndate\nelderberry\nfig\n' > fruit.txt
printf 'Hello, hex world.\n' > files/hello.bin
"$here/../HeldOutScreens/make-private-wrapper.sh" $W
cat > peco-fruit <<'SH'
#!/bin/sh
# peco-fruit: peco reading the fruit list from a pipe.
cat /tmp/heldout5-work/fruit.txt | peco
SH
chmod +x peco-fruit
