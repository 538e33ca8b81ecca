#!/bin/bash
# Creates /tmp/heldout7-work, the folder capture.sh runs every program in: the sample files sets 4
# to 6 share, a mail with links (urlscan), a tiny capture of one SIP call (sngrep), a Markdown and
# a tpp presentation (mdp, tpp), a letter with misspelt words (aspell), a copy of /var/games, and
# `private`, a wrapper that runs a program with empty /var/log, /var/lib, /run, /var/tmp and that
# copy mounted over /var/games (bubblewrap), so that nothing outside the work folder and the fresh
# HOME is written (games' score files, lock files).
set -e
here=$(cd "$(dirname "$0")" && pwd)
W=/tmp/heldout7-work
rm -rf $W; mkdir -p $W/games
cd $W
"$here/../HeldOutScreens/make-sample-files.sh" $W
cat > links.eml <<'MAIL'
From: Ada <ada@example.org>
To: Grace <grace@example.org>
Subject: Reading for the trip
Date: Sat, 28 Nov 2026 10:00:00 +0000

Hi Grace,

The train times are at https://trains.example.org/lisbon-porto and the
hotel is https://hotel.example.net/rooms?night=2 (breakfast included).
The museum's page: http://museum.example.com/visit

Ada
MAIL
python3 - <<'PY'
import struct
def udp(src, dst, sport, dport, payload):
    u = struct.pack('!HHHH', sport, dport, 8 + len(payload), 0) + payload
    ip = struct.pack('!BBHHHBBH4s4s', 0x45, 0, 20 + len(u), 1, 0, 64, 17, 0, bytes(src), bytes(dst))
    return b'\x02' * 6 + b'\x04' * 6 + b'\x08\x00' + ip + u
def sip(first, method, cseq, extra=b''):
    return (first + b'\r\nVia: SIP/2.0/UDP 10.0.0.1:5060;branch=z9hG4bK1\r\n'
            b'From: <sip:ada@example.org>;tag=1\r\nTo: <sip:grace@example.org>\r\n'
            b'Call-ID: call1@10.0.0.1\r\nCSeq: ' + cseq + b' ' + method + b'\r\n' + extra +
            b'Content-Length: 0\r\n\r\n')
a, b = [10, 0, 0, 1], [10, 0, 0, 2]
msgs = [
    (a, b, sip(b'INVITE sip:grace@example.org SIP/2.0', b'INVITE', b'1')),
    (b, a, sip(b'SIP/2.0 180 Ringing', b'INVITE', b'1')),
    (b, a, sip(b'SIP/2.0 200 OK', b'INVITE', b'1')),
    (a, b, sip(b'ACK sip:grace@example.org SIP/2.0', b'ACK', b'1')),
    (a, b, sip(b'BYE sip:grace@example.org SIP/2.0', b'BYE', b'2')),
    (b, a, sip(b'SIP/2.0 200 OK', b'BYE', b'2')),
]
with open('call.pcap', 'wb') as f:
    f.write(struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
    for i, (s, d, m) in enumerate(msgs):
        p = udp(s, d, 5060, 5060, m)
        f.write(struct.pack('<IIII', 1700000000 + i, 0, len(p), len(p)) + p)
PY
printf '%% Trip\n%% Ada\n\n# Lisbon to Porto\n\n- train at nine\n- hotel by the river\n- museum on Sunday\n\n-------------------------------------------------\n\n# Budget\n\nTrain: 25 euros\n' > trip.md
printf -- '--author Ada\n--title Trip\n--date today\n--newpage\n--heading Lisbon to Porto\n* train at nine\n* hotel by the river\n' > trip.tpp
printf 'Dear Grace,\n\nThe trian leaves at nine and the hotell is by the river.\nSee you on Sunday.\n' > letter.txt
"$here/../HeldOutScreens/make-private-wrapper.sh" $W
