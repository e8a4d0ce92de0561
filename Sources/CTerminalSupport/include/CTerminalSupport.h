// Process-level helpers for a full-screen terminal program, in C because they run inside
// signal handlers or need declarations Swift cannot import.
#ifndef CTERMINALSUPPORT_H
#define CTERMINALSUPPORT_H

#include <poll.h>
#include <stdint.h>

/// Restores the terminal; called at most once per installed guard.
typedef void (*cts_restore_function)(void);

/// Installs handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash signals (SIGSEGV,
/// SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP). On such a signal the handler calls `restore`
/// (unless it already ran), reinstates the previous disposition and re-raises the signal: a
/// signal sent to the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT) reaches that disposition
/// before the handler returns, so the code it interrupted never runs again after the restore.
/// `restore` also runs at normal process exit if the guard is still installed. Signals the
/// process ignores (SIG_IGN) are left ignored, and so are those a termination watch
/// (`cts_termination_watch`) handles: they end the program through its own loop instead.
/// Call once per screen, before the terminal is switched to full-screen mode.
void cts_signal_guard_install(cts_restore_function restore);

/// Chains a SIGWINCH handler onto the current one: it calls the previous handler, then
/// writes one byte to `wake_fd` so a thread blocked in poll() wakes.
void cts_signal_guard_watch_resize(int wake_fd);

/// Runs the restore function if it has not run yet. Returns 1 when it ran now, 0 otherwise.
/// Async-signal-safe and safe to call from any thread.
int cts_signal_guard_restore_once(void);

/// Makes the calling thread, the one that draws, the one that handles SIGINT, SIGTERM, SIGHUP
/// and SIGQUIT: another thread that receives one sends it on to this thread (tgkill), so the
/// terminal is restored where no drawing can follow; once this thread has ended, the thread
/// that receives the signal handles it. Until `cts_signal_guard_uninstall`.
void cts_signal_guard_adopt_thread(void);

/// Reinstates every disposition the guard replaced. Does not run the restore function.
void cts_signal_guard_uninstall(void);

/// poll() that lets the terminal's signals in while it waits: SIGWINCH, SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT and SIGTSTP are unblocked for the duration of the wait (ppoll), so they
/// are handled even when every thread blocks them at other times (as Dispatch's threads do).
/// `timeout_ms` < 0 waits forever. Returns like poll(); -1 with EINTR after a signal.
int cts_poll_with_terminal_signals(struct pollfd *descriptors, unsigned long count, int timeout_ms);

/// Watches SIGHUP, SIGTERM and SIGINT for an orderly end: the first one received is recorded and
/// its number written to a pipe that `cts_termination_wait` reads; later ones are swallowed (a
/// hang-up often comes twice: from the terminal and from the shell). Signals the process ignores
/// (SIG_IGN, as under nohup) stay ignored. A signal guard installed afterwards leaves watched
/// signals to this watch. Once per process; a second call does nothing. Returns 0, or -1 with
/// errno when the pipe could not be made.
int cts_termination_watch(void);

/// 1 when `signal_number` is one the termination watch handles, else 0.
int cts_termination_is_watched(int signal_number);

/// Blocks the calling thread, which accepts the watched signals from then on, until one is
/// received; returns its number (0 when the watch is not installed or its pipe failed).
int cts_termination_wait(void);

/// The first watched signal received so far, or 0.
int cts_termination_received(void);

/// Ends the process by `signal_number` as its default action does, so a parent sees the signal:
/// restores the terminal if a guard still holds it, reinstates the default disposition, unblocks
/// the signal in the calling thread and raises it. Never returns.
void cts_termination_end_process(int signal_number) __attribute__((noreturn));

/// Opens a pseudo-terminal pair without making it the controlling terminal: `controller` is the
/// emulator's side (closing it hangs the terminal up), `terminal` the program's. Both are
/// close-on-exec. Returns 0, or -1 with errno. (For tests that need a real terminal.)
int cts_open_pseudo_terminal(int *controller, int *terminal);

/// glibc's wcwidth() of `scalar` evaluated in the C.UTF-8 locale, independent of the
/// process locale. Returns -2 when the C.UTF-8 locale is not installed.
int cts_glibc_wcwidth(uint32_t scalar);

#endif
