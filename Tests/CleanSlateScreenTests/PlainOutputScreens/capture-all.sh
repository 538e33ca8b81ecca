#!/bin/bash
# capture-all.sh: every screen of this folder, captured again with capture.sh (after
# make-work-folder.sh). Each line: name, size, seconds to wait, keys sent, --, the command.
set -e
here=$(cd "$(dirname "$0")" && pwd)
c() { "$here/capture.sh" "$@"; }
inner='tmux -L plain6inner -f /dev/null'
c apt-cache-policy 24 80 1 -- apt-cache policy bash coreutils
c bash-prompt 24 80 1 'ls files' Enter 'echo hello world' Enter 'cd repo; git log --oneline | cat' Enter 'false; echo exit: $?' Enter -- /bin/bash --norc -i
c bash-help 24 80 1 -- "bash -c 'help | head -30'"
c column-table 24 80 1 -- column -t -s, cities.csv
c curl-help 24 80 1 -- curl --help
c csv-cat 24 80 1 -- cat cities.csv
c df-human 24 80 1 -- df -h
c diff-unified 24 80 1 -- diff -u --color=always old.txt new.txt
c dmesg-like 24 80 1 -- cat kernel.log
c dpkg-list 24 80 1 -- "dpkg -l | head -20"
c env-list 24 80 1 -- "env -i HOME=/tmp/plain6-work TERM=xterm-256color LANG=C.UTF-8 LOGNAME=ada USER=ada SHELL=/bin/bash PATH=/usr/bin:/bin PWD=/tmp/plain6-work EDITOR=nano PAGER=less env"
c find-tree 24 80 1 -- "find files repo -not -path '*/.git*' | sort"
c free-human 24 80 1 -- free -h
c gcc-errors 24 80 1 -- gcc -fdiagnostics-color=always -Wall -c broken.c -o /dev/null
c git-branch 24 80 1 -- "git -C repo branch -a --color=always"
c git-diff 24 80 1 -- "git -C repo --no-pager diff --color"
c git-log 24 80 1 -- "git -C repo --no-pager log --color=always"
c git-log-wrapped-30x105 30 105 1 -- "git -C repo --no-pager log --color=always"
c git-log-stat-40x100 40 100 1 -- "git -C repo --no-pager log --stat --color=always"
c git-status 24 80 1 -- "git -C repo -c color.status=always status"
c grep-matches 24 80 1 -- grep --color=always -n -r bread .
c ip-addr 24 80 1 -- ip addr
c ip-link-oneline 24 80 1 -- ip -o link
c less-help 24 80 1 h -- less story.txt
c less-story 24 80 1 -- less story.txt
c log-cat 24 80 1 -- cat system.log
c ls-columns 24 80 1 -- ls --color=always /usr/share
c ls-help 24 80 1 -- "ls --help | head -40"
c ls-long 24 80 1 -- ls -la --color=always /
c lsblk-list 24 80 1 -- lsblk
c make-errors 24 80 1 -- make
c man-bash-40x100 40 100 1 -- man bash
c man-ls 24 80 1 -- man ls
c markdown-cat 24 80 1 -- cat README.md
c mount-list 24 80 1 -- mount
c ps-aux 24 80 1 -- "ps -e -o user,pid,%cpu,%mem,vsz,rss,tty,stat,start,time,comm | head -60"
c ps-forest-40x100 40 100 1 -- "ps -e --forest -o uid,pid,ppid,c,stime,tty,time,comm | head -80"
c python-repl 24 80 1 '1 + 2' Enter 'print("hello")' Enter '[x * x for x in range(5)]' Enter 'import os; os.getcwd()' Enter -- /usr/bin/python3 -q
c python-traceback 24 80 1 -- /usr/bin/python3 fails.py
c sqlite-columns 24 80 1 -- sqlite3 -header -column shop.db "'select * from items'"
c swift-help 24 80 1 -- swift --help
c tmux-list-keys 24 80 1 -- "$inner new-session -d -s work && $inner list-keys | head -30; $inner kill-server"
c tmux-list-windows 24 80 1 -- "$inner new-session -d -s work -n editor && $inner new-window -t work -n logs && $inner new-window -t work -n shell && $inner list-windows -t work; $inner kill-server"
c top-batch 24 80 1 -- "top -b -n1 | head -24"
c uname-os-release 24 80 1 -- "uname -a; cat /etc/os-release; id"
# Added after the first rules, as a second check (see README.md).
c apt-help 24 80 1 -- apt --help
c gcc-help 24 80 1 -- "gcc --help | head -40"
c git-help 24 80 1 -- "git help | cat"
c git-show 24 80 1 -- "git -C repo --no-pager show --stat --color=always HEAD~1"
c less-kernel 24 80 1 -- less -N kernel.log
c ls-recursive 24 80 1 -- "ls -lR --color=always files"
c man-tmux-40x100 40 100 1 -- man tmux
c ps-help 24 80 1 -- "ps --help all | head -40"
c python-help 24 80 1 -- "/usr/bin/python3 --help | head -40"
c ss-listening 24 80 1 -- ss -tln
c stat-file 24 80 1 -- "stat README.md Makefile"
c systemctl-help 24 80 1 -- "systemctl --help | head -40"
c tar-help 24 80 1 -- "tar --help | head -40"
c uptime-who 24 80 1 -- "uptime; who; w; last -n 5 | cat; cat /etc/fstab"
# A third block, captured after all the rules above as a last unseen check (see README.md).
c du-share 24 80 1 -- "du -sh /usr/share/doc/bash /usr/share/man /usr/share/zoneinfo /usr/share/locale"
c find-help 24 80 1 -- "find --help | head -40"
c git-blame 24 80 1 -- "git -C repo --no-pager blame shop.py"
c git-graph 24 80 1 -- "git -C repo --no-pager log --graph --oneline --all --decorate --color=always"
c grep-help 24 80 1 -- "grep --help | head -40"
c ip-route 24 80 1 -- ip route
c json-tool 24 80 1 -- "printf '{\"name\": \"milk\", \"price\": 120, \"tags\": [\"dairy\", \"cold\"], \"stock\": {\"shop\": 4, \"store\": null}}' | /usr/bin/python3 -m json.tool"
c make-help 24 80 1 -- "make --help | head -40"
c man-git 24 80 1 -- man git
c man-less-40x100 40 100 1 -- man less
c nano-help 24 80 1 -- "nano --help | head -40"
c python-doc 24 80 1 -- "/usr/bin/python3 -c 'help(len); help(str.split)' | cat"
c sed-help 24 80 1 -- "sed --help"
c sqlite-schema 24 80 1 -- sqlite3 shop.db .schema .dump
c vim-help 24 80 1 -- "vim --help | head -40"
c wc-sort 24 80 1 -- "wc -l *.txt *.log *.c; sort old.txt new.txt | uniq -c"
