#!/bin/bash
# Creates /tmp/heldout2-work, the folder capture.sh runs every program in: a few files, a web page,
# a local news feed, a small spreadsheet, a Texinfo manual and a few empty "songs".
set -e
W=/tmp/heldout2-work
rm -rf $W; mkdir -p $W/files/docs $W/files/src $W/music $W/feeds; cd $W
printf 'Quarterly report\n' > files/docs/report.md
printf 'int main(void){return 0;}\n' > files/src/main.c
printf 'Shopping list\nmilk\neggs\n' > files/groceries.txt
printf 'hello\n' > files/notes.txt
for s in 'Morning Song' 'Evening Song' 'Night Song'; do : > "music/$s.ogg"; done
cat > page.html <<'HTML'
<html><head><title>Chess Club</title></head><body>
<h1>Chess Club</h1>
<p>The chess club meets every Thursday evening.</p>
<ul><li><a href="openings.html">Openings</a></li><li><a href="endgames.html">Endgames</a></li><li><a href="puzzles.html">Puzzles</a></li></ul>
<form action="signup"><p>Email: <input type="text" name="email"></p><p><input type="checkbox" name="weekly"> Weekly digest</p><p><input type="submit" value="Sign up"></p></form>
</body></html>
HTML
cat > feeds/news.xml <<'RSS'
<?xml version="1.0"?>
<rss version="2.0"><channel><title>Harbour News</title><link>http://example.org/</link><description>News from the harbour</description>
<item><title>Ferry timetable changes</title><link>http://example.org/ferry</link><description>The winter timetable starts on Monday.</description></item>
<item><title>New lighthouse keeper</title><link>http://example.org/keeper</link><description>Meet the new keeper.</description></item>
<item><title>Fish market reopens</title><link>http://example.org/market</link><description>The market is open again.</description></item>
</channel></rss>
RSS
printf 'file:///tmp/heldout2-work/feeds/news.xml\n' > urls
cat > budget.sc <<'SC'
label A0 = "Item"
label B0 = "Cost"
label A1 = "Rent"
let B1 = 900
label A2 = "Food"
let B2 = 250
label A3 = "Total"
let B3 = @sum(B1:B2)
SC
