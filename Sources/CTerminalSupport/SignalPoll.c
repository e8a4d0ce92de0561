// Waiting for input while accepting the signals a full-screen program must see.
#define _GNU_SOURCE
#include "CTerminalSupport.h"

#include <pthread.h>
#include <signal.h>
#include <time.h>

int cts_poll_with_terminal_signals(struct pollfd *descriptors, unsigned long count, int timeout_ms) {
    sigset_t during_wait;
    pthread_sigmask(SIG_BLOCK, NULL, &during_wait);
    const int accepted[] = { SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP };
    for (unsigned i = 0; i < sizeof(accepted) / sizeof(accepted[0]); i++) {
        sigdelset(&during_wait, accepted[i]);
    }
    struct timespec timeout;
    struct timespec *limit = NULL;
    if (timeout_ms >= 0) {
        timeout.tv_sec = timeout_ms / 1000;
        timeout.tv_nsec = (long)(timeout_ms % 1000) * 1000000L;
        limit = &timeout;
    }
    return ppoll(descriptors, (nfds_t)count, limit, &during_wait);
}
