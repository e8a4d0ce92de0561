// A signal guard that gives the terminal back before the process dies.
#define _GNU_SOURCE
#include "CTerminalSupport.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const int guarded_signals[] = {
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
};
#define GUARDED_COUNT (sizeof(guarded_signals) / sizeof(guarded_signals[0]))

static struct sigaction previous_actions[GUARDED_COUNT];
// Whether the guard replaced each signal's disposition (so uninstall puts back only those).
static int replaced_actions[GUARDED_COUNT];
static struct sigaction previous_resize_action;
static volatile sig_atomic_t resize_watched = 0;
static volatile sig_atomic_t wake_descriptor = -1;
static cts_restore_function restore_function = NULL;
static int restore_pending = 0;
static int installed = 0;
static int exit_hook_registered = 0;
// The kernel id of the thread that draws (cts_signal_guard_adopt_thread); 0 while none.
static volatile pid_t owner_thread = 0;

int cts_signal_guard_restore_once(void) {
    if (!__atomic_exchange_n(&restore_pending, 0, __ATOMIC_SEQ_CST)) {
        return 0;
    }
    cts_restore_function restore = restore_function;
    if (restore != NULL) {
        restore();
    }
    return 1;
}

static void restore_at_exit(void) { (void)cts_signal_guard_restore_once(); }

// Signals sent to the process (not caused by the thread that receives them).
static int is_asynchronous(int signal_number) {
    return signal_number == SIGINT || signal_number == SIGTERM || signal_number == SIGHUP
        || signal_number == SIGQUIT;
}

static void on_fatal_signal(int signal_number) {
    int saved_errno = errno;
    // A signal sent to the process lands on any thread that does not block it. Restoring the
    // terminal there races the drawing thread: its next refresh after endwin() puts the
    // terminal back in program mode before the process dies. So the drawing thread handles it:
    // it never returns to the code it interrupted, and nothing else draws.
    // (A kernel thread id, not a pthread_t: once that thread has ended, tgkill fails with
    // ESRCH and this thread restores the terminal itself.)
    pid_t owner = __atomic_load_n(&owner_thread, __ATOMIC_SEQ_CST);
    if (is_asynchronous(signal_number) && owner != 0 && owner != gettid()
        && syscall(SYS_tgkill, getpid(), owner, signal_number) == 0) {
        errno = saved_errno;
        return;
    }
    (void)cts_signal_guard_restore_once();
    for (unsigned i = 0; i < GUARDED_COUNT; i++) {
        if (guarded_signals[i] == signal_number) {
            sigaction(signal_number, &previous_actions[i], NULL);
        }
    }
    raise(signal_number);
    // The signal is blocked while this handler runs. A fault is delivered to the previous
    // disposition when the handler returns (the instruction runs again and faults again). A
    // signal sent to the process is delivered now: returning would restore the mask of the code
    // it interrupted, and the drawing thread blocks these signals everywhere but in its wait
    // (cts_poll_with_terminal_signals). The signal would stay pending while the loop draws its
    // next frame, which puts the terminal back in program mode before the process dies.
    if (is_asynchronous(signal_number)) {
        sigset_t this_signal;
        sigemptyset(&this_signal);
        sigaddset(&this_signal, signal_number);
        pthread_sigmask(SIG_UNBLOCK, &this_signal, NULL);
    }
    errno = saved_errno;
}

static void on_resize(int signal_number, siginfo_t *info, void *context) {
    int saved_errno = errno;
    // The previous handler (ncurses's) runs first: once the loop thread wakes, possibly on
    // another CPU, ncurses must already know about the resize to report KEY_RESIZE.
    if (previous_resize_action.sa_flags & SA_SIGINFO) {
        if (previous_resize_action.sa_sigaction != NULL) {
            previous_resize_action.sa_sigaction(signal_number, info, context);
        }
    } else if (previous_resize_action.sa_handler != SIG_DFL
               && previous_resize_action.sa_handler != SIG_IGN) {
        previous_resize_action.sa_handler(signal_number);
    }
    int fd = wake_descriptor;
    if (fd >= 0) {
        char byte = 'w';
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

void cts_signal_guard_install(cts_restore_function restore) {
    restore_function = restore;
    __atomic_store_n(&restore_pending, 1, __ATOMIC_SEQ_CST);
    if (!exit_hook_registered) {
        exit_hook_registered = 1;
        atexit(restore_at_exit);
    }
    if (installed) {
        return;
    }
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = on_fatal_signal;
    sigemptyset(&action.sa_mask);
    for (unsigned i = 0; i < GUARDED_COUNT; i++) {
        sigaction(guarded_signals[i], NULL, &previous_actions[i]);
        // A signal the process was told to ignore (nohup, a shell's trap '') stays ignored, and
        // one the termination watch handles ends the program through its loop.
        replaced_actions[i] = previous_actions[i].sa_handler != SIG_IGN
            && !cts_termination_is_watched(guarded_signals[i]);
        if (replaced_actions[i]) {
            sigaction(guarded_signals[i], &action, NULL);
        }
    }
    installed = 1;
}

void cts_signal_guard_watch_resize(int wake_fd) {
    wake_descriptor = wake_fd;
    if (resize_watched) {
        return;
    }
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = on_resize;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    sigaction(SIGWINCH, &action, &previous_resize_action);
    resize_watched = 1;
}

void cts_signal_guard_adopt_thread(void) { __atomic_store_n(&owner_thread, gettid(), __ATOMIC_SEQ_CST); }

void cts_signal_guard_uninstall(void) {
    __atomic_store_n(&owner_thread, 0, __ATOMIC_SEQ_CST);
    if (resize_watched) {
        sigaction(SIGWINCH, &previous_resize_action, NULL);
        resize_watched = 0;
        wake_descriptor = -1;
    }
    if (installed) {
        for (unsigned i = 0; i < GUARDED_COUNT; i++) {
            if (replaced_actions[i]) {
                sigaction(guarded_signals[i], &previous_actions[i], NULL);
            }
        }
        installed = 0;
    }
    __atomic_store_n(&restore_pending, 0, __ATOMIC_SEQ_CST);
}
