// An orderly end on a hang-up, a termination request or an interrupt.
#define _GNU_SOURCE
#include "CTerminalSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const int termination_signals[] = { SIGHUP, SIGTERM, SIGINT };
#define TERMINATION_COUNT (sizeof(termination_signals) / sizeof(termination_signals[0]))

static struct sigaction previous_actions[TERMINATION_COUNT];
static int replaced[TERMINATION_COUNT];
// The first signal received (0: none yet); every later one is swallowed.
static int received_signal = 0;
// The pipe the handler writes the signal's number to; the waiting thread reads it.
static int notify_read = -1;
static int notify_write = -1;

static void on_termination(int signal_number) {
    int saved_errno = errno;
    int none = 0;
    if (__atomic_compare_exchange_n(&received_signal, &none, signal_number, 0, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST)) {
        int descriptor = __atomic_load_n(&notify_write, __ATOMIC_SEQ_CST);
        if (descriptor >= 0) {
            unsigned char byte = (unsigned char)signal_number;
            ssize_t ignored = write(descriptor, &byte, 1);
            (void)ignored;
        }
    }
    errno = saved_errno;
}

static void termination_mask(sigset_t *set) {
    sigemptyset(set);
    for (unsigned i = 0; i < TERMINATION_COUNT; i++) {
        sigaddset(set, termination_signals[i]);
    }
}

int cts_termination_watch(void) {
    if (__atomic_load_n(&notify_write, __ATOMIC_SEQ_CST) >= 0) {
        return 0;
    }
    int descriptors[2];
    if (pipe2(descriptors, O_CLOEXEC) != 0) {
        return -1;
    }
    notify_read = descriptors[0];
    __atomic_store_n(&notify_write, descriptors[1], __ATOMIC_SEQ_CST);
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = on_termination;
    // Interrupted system calls elsewhere resume; poll and ppoll never do, so a waiting input loop
    // still wakes with EINTR.
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (unsigned i = 0; i < TERMINATION_COUNT; i++) {
        sigaction(termination_signals[i], NULL, &previous_actions[i]);
        // A signal the process was told to ignore (nohup, a shell's trap '') stays ignored.
        replaced[i] = previous_actions[i].sa_handler != SIG_IGN;
        if (replaced[i]) {
            sigaction(termination_signals[i], &action, NULL);
        }
    }
    return 0;
}

int cts_termination_is_watched(int signal_number) {
    if (__atomic_load_n(&notify_write, __ATOMIC_SEQ_CST) < 0) {
        return 0;
    }
    for (unsigned i = 0; i < TERMINATION_COUNT; i++) {
        if (termination_signals[i] == signal_number) {
            return replaced[i];
        }
    }
    return 0;
}

int cts_termination_wait(void) {
    // This thread always accepts the signals, so one is handled even while every other thread
    // blocks them (as Dispatch's threads and the drawing thread outside its wait do).
    sigset_t accepted;
    termination_mask(&accepted);
    pthread_sigmask(SIG_UNBLOCK, &accepted, NULL);
    int descriptor = notify_read;
    if (descriptor < 0) {
        return 0;
    }
    unsigned char byte = 0;
    while (1) {
        ssize_t count = read(descriptor, &byte, 1);
        if (count == 1) {
            return byte;
        }
        if (count < 0 && errno == EINTR) {
            continue;
        }
        return 0;
    }
}

int cts_termination_received(void) { return __atomic_load_n(&received_signal, __ATOMIC_SEQ_CST); }

void cts_termination_end_process(int signal_number) {
    (void)cts_signal_guard_restore_once();
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, NULL);
    sigset_t this_signal;
    sigemptyset(&this_signal);
    sigaddset(&this_signal, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &this_signal, NULL);
    raise(signal_number);
    // Not reached for SIGHUP, SIGTERM and SIGINT, whose default action ends the process.
    _exit(128 + signal_number);
}
