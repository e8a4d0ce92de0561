// A child process for the signal guard's tests: a "drawing" thread that blocks the terminal's
// signals except while it waits (as the browser's loop thread does), and SIGTERM sent to it.
//
//     SignalGuardProbe self     SIGTERM is sent to the process while only the drawing thread exists
//     SignalGuardProbe other    SIGTERM reaches another thread, which forwards it to the drawing thread
//
// Prints `waiting` before the wait, `restored` from the guard's restore function, and `drew` if the
// wait returns, which stands for a frame drawn after the terminal was restored. The guard must end
// the process with SIGTERM before that: a frame after endwin() puts the terminal back in raw mode.
#define _GNU_SOURCE
#include "CTerminalSupport.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void say(const char *text) {
    ssize_t ignored = write(STDOUT_FILENO, text, strlen(text));
    (void)ignored;
}

static void restore(void) { say("restored\n"); }

// Lets SIGTERM in on this thread only, then waits for it (the drawing thread still blocks it).
static void *receiving_thread(void *unused) {
    (void)unused;
    sigset_t terminate;
    sigemptyset(&terminate);
    sigaddset(&terminate, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &terminate, NULL);
    for (;;) {
        pause();
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2 || (strcmp(argv[1], "self") != 0 && strcmp(argv[1], "other") != 0)) {
        fprintf(stderr, "usage: SignalGuardProbe self|other\n");
        return 2;
    }
    sigset_t terminate;
    sigemptyset(&terminate);
    sigaddset(&terminate, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &terminate, NULL);
    cts_signal_guard_install(restore);
    cts_signal_guard_adopt_thread();
    if (strcmp(argv[1], "self") == 0) {
        kill(getpid(), SIGTERM);
    } else {
        pthread_t receiver;
        if (pthread_create(&receiver, NULL, receiving_thread, NULL) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 1;
        }
        pthread_kill(receiver, SIGTERM);
    }
    say("waiting\n");
    (void)cts_poll_with_terminal_signals(NULL, 0, 10000);
    say("drew\n");
    return 0;
}
