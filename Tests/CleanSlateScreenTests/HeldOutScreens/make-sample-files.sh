#!/bin/bash
# make-sample-files.sh DIR: the sample files that sets 4 and 5's work folders share, written into
# DIR: files/ (a report, a 40000-byte manual, a C source, a shopping list, a note) and cities.csv.
set -e
cd "$1"
mkdir -p files/docs files/src
printf 'Quarterly report\n' > files/docs/report.md
head -c 40000 /dev/zero > files/docs/manual.pdf
printf 'int main(void){return 0;}\n' > files/src/main.c
printf 'Shopping list\nmilk\neggs\nbread\n' > files/groceries.txt
printf 'hello\n' > files/notes.txt
printf 'city,country,population\nLisbon,Portugal,545000\nOslo,Norway,709000\nQuito,Ecuador,2011000\nLima,Peru,9751000\n' > cities.csv
