#!/bin/bash
# Creates /tmp/heldout-work, the folder capture.sh runs every program in: a few files, a web page,
# a DOS and a GPT disk image (files, not disks), a log, a two-message mbox and a small repository.
set -e
W=/tmp/heldout-work
rm -rf $W; mkdir -p $W/files/docs $W/files/src $W/Mail; cd $W
printf 'Quarterly report\n' > files/docs/report.md
printf 'int main(void){return 0;}\n' > files/src/main.c
printf 'Shopping list\nmilk\neggs\n' > files/groceries.txt
printf 'hello\n' > files/notes.txt
cat > page.html <<'HTML'
<html><head><title>Garden Club</title></head><body>
<h1>Garden Club</h1>
<p>Welcome to the garden club. We meet every Tuesday.</p>
<ul><li><a href="roses.html">Roses</a></li><li><a href="tulips.html">Tulips</a></li><li><a href="herbs.html">Herbs</a></li></ul>
<form action="join"><p>Name: <input type="text" name="name"></p><p><input type="checkbox" name="news"> Newsletter</p><p><input type="submit" value="Join"></p></form>
</body></html>
HTML
truncate -s 64M disk.img; printf 'label: dos\n,20M,83\n,,82\n' | sfdisk -q disk.img
truncate -s 64M gpt.img; sgdisk -o -n1:0:+20M -t1:8300 -c1:Data -n2:0:0 -t2:8200 -c2:Swap gpt.img >/dev/null
cat > app.log <<'LOG'
2026-11-27T10:00:01.000Z INFO server started on port 8080
2026-11-27T10:00:02.120Z INFO connected to database
2026-11-27T10:00:05.400Z WARN slow query took 1200ms
2026-11-27T10:00:07.010Z ERROR request failed: timeout
2026-11-27T10:00:09.800Z INFO request served in 12ms
LOG
cat > Mail/inbox <<'MBOX'
From ada@example.org Fri Nov 27 10:00:00 2026
From: Ada Lovelace <ada@example.org>
To: me@example.org
Subject: Engine notes
Date: Fri, 27 Nov 2026 10:00:00 +0000

The notes are attached.

From grace@example.org Fri Nov 27 11:00:00 2026
From: Grace Hopper <grace@example.org>
To: me@example.org
Subject: Compiler meeting
Date: Fri, 27 Nov 2026 11:00:00 +0000

See you at noon.

MBOX
git init -q repo; cd repo
printf 'one\n' > a.txt; git add a.txt; git -c user.name=Ada -c user.email=ada@example.org commit -qm 'Add a'
printf 'two\n' >> a.txt; printf 'new\n' > b.txt; git add b.txt
