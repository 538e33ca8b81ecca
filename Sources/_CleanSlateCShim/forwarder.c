// Forwarded host ports of a strict launch (StrictNetwork.hostPorts): the relay between the launch's
// network namespace and the host's loopback.
//
// Why it is C in the shim and runs in the keeper outside the namespaces: a socket belongs to the
// network namespace of the process that made it, and an unprivileged process cannot enter the
// host's network namespace again once it has left it. So the child inside listens on 127.0.0.1:PORT
// in its namespace and hands the listeners over (isolation.c); the keeper outside, which stayed in
// the host's namespace and otherwise only waits for that child, accepts on them and connects each
// connection to the host's 127.0.0.1:PORT, copying bytes both ways in one poll loop (the keeper is
// single-threaded C, see supervisor.c). The relay ends with the launch.
//
// Limits: TCP over IPv4 only; the host's server sees the connection come from the keeper (the test
// process's tree), not from the app; a connection to a forwarded port with nothing listening on the
// host is accepted inside and then reset (ECONNRESET on the app's first read or write), not refused.
#define _GNU_SOURCE
#include "isolation.h"

#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define CS_RELAY_BUFFER 16384
#define CS_MAX_RELAYS 256

/// One forwarded connection: side 0 is the app's (accepted inside), side 1 the host's. Bytes read
/// from side d wait in buffer[d] until written to the other side.
struct cs_relay {
    int fd[2];
    int connecting;        // side 1's non-blocking connect is still under way
    int ended[2];          // side d read end of file (the other side's writing was shut down)
    size_t length[2], offset[2];
    char buffer[2][CS_RELAY_BUFFER];
};

int cs_forwarder_receive(int forwarder, int *listeners, int count) {
    char byte;
    int received = 0;
    if (cs_receive_with_descriptors(forwarder, &byte, 1, listeners, count, &received) == 0 && received == count) return 0;
    for (int i = 0; i < received; i++) close(listeners[i]);
    return -1;
}

/// Ends a relay; with `reset`, the app's side is reset (RST) rather than closed in order.
static void relay_close(struct cs_relay *relay, int reset) {
    if (reset) {
        struct linger abort_now = {1, 0};
        setsockopt(relay->fd[0], SOL_SOCKET, SO_LINGER, &abort_now, sizeof abort_now);
    }
    close(relay->fd[0]);
    if (relay->fd[1] >= 0) close(relay->fd[1]);
    free(relay);
}

/// A relay for a connection just accepted inside, connecting to the host's 127.0.0.1:`port`.
static struct cs_relay *relay_open(int accepted, int port) {
    struct cs_relay *relay = calloc(1, sizeof *relay);
    if (!relay) { close(accepted); return NULL; }
    relay->fd[0] = accepted;
    relay->fd[1] = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (relay->fd[1] < 0) { relay_close(relay, 1); return NULL; }
    if (connect(relay->fd[1], (struct sockaddr *)&address, sizeof address) != 0) {
        if (errno != EINPROGRESS) { relay_close(relay, 1); return NULL; }
        relay->connecting = 1;
    }
    return relay;
}

/// The poll events side `side` of `relay` waits for.
static short relay_events(const struct cs_relay *relay, int side) {
    if (relay->connecting) return side == 1 ? POLLOUT : 0;
    short events = 0;
    if (!relay->ended[side] && relay->length[side] == 0) events |= POLLIN;
    if (relay->length[1 - side] > 0) events |= POLLOUT;
    return events;
}

/// Moves bytes after poll reported `revents` for both sides. Returns 0 to keep the relay, 1 when it
/// ended in order, -1 when it must be reset.
static int relay_step(struct cs_relay *relay, const short revents[2]) {
    if (relay->connecting) {
        if (!revents[1]) return 0;
        int error = 0;
        socklen_t length = sizeof error;
        if (getsockopt(relay->fd[1], SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0) return -1;
        relay->connecting = 0;
        return 0;
    }
    for (int side = 0; side < 2; side++) {
        int other = 1 - side;
        if ((revents[side] & (POLLIN | POLLHUP | POLLERR)) && !relay->ended[side] && relay->length[side] == 0) {
            ssize_t n = read(relay->fd[side], relay->buffer[side], CS_RELAY_BUFFER);
            if (n > 0) {
                relay->length[side] = (size_t)n;
                relay->offset[side] = 0;
            } else if (n == 0) {
                relay->ended[side] = 1;
                shutdown(relay->fd[other], SHUT_WR);
            } else if (errno != EAGAIN && errno != EINTR) {
                return -1;
            }
        }
        if (relay->length[side] > 0) {
            ssize_t n = send(relay->fd[other], relay->buffer[side] + relay->offset[side],
                             relay->length[side] - relay->offset[side], MSG_NOSIGNAL);
            if (n > 0) {
                relay->offset[side] += (size_t)n;
                if (relay->offset[side] == relay->length[side]) relay->length[side] = 0;
            } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
                return -1;
            }
        }
    }
    return relay->ended[0] && relay->ended[1] ? 1 : 0;
}

void cs_forwarder_run(pid_t child, int signals, const int *listeners, const int *ports, int count) {
    struct cs_relay *relays[CS_MAX_RELAYS];
    int active = 0;
    struct pollfd entries[1 + 64 + 2 * CS_MAX_RELAYS];
    while (1) {
        int status;
        pid_t ended = waitpid(child, &status, WNOHANG);
        if (ended == child || (ended < 0 && errno == ECHILD)) break;
        int used = 0;
        entries[used++] = (struct pollfd){signals, POLLIN, 0};
        for (int i = 0; i < count; i++)
            entries[used++] = (struct pollfd){listeners[i], active < CS_MAX_RELAYS ? POLLIN : 0, 0};
        for (int r = 0; r < active; r++)
            for (int side = 0; side < 2; side++) {
                // A side with nothing to wait for is left out: a hung-up socket would wake poll forever.
                short events = relay_events(relays[r], side);
                entries[used++] = (struct pollfd){events ? relays[r]->fd[side] : -1, events, 0};
            }
        if (poll(entries, (nfds_t)used, -1) < 0) continue;
        if (entries[0].revents) {
            struct signalfd_siginfo ignored;
            while (read(signals, &ignored, sizeof ignored) > 0) {}
        }
        // Relays first: accepting below appends to the list the entries were built from.
        for (int r = active - 1; r >= 0; r--) {
            const struct pollfd *pair = &entries[1 + count + 2 * r];
            short revents[2] = {pair[0].revents, pair[1].revents};
            if (!revents[0] && !revents[1]) continue;
            int outcome = relay_step(relays[r], revents);
            if (outcome == 0) continue;
            relay_close(relays[r], outcome < 0);
            relays[r] = relays[--active];
        }
        for (int i = 0; i < count && active < CS_MAX_RELAYS; i++) {
            if (!entries[1 + i].revents) continue;
            int accepted = accept4(listeners[i], NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (accepted < 0) continue;
            struct cs_relay *relay = relay_open(accepted, ports[i]);
            if (relay) relays[active++] = relay;
        }
    }
    for (int r = 0; r < active; r++) relay_close(relays[r], 1);
}
