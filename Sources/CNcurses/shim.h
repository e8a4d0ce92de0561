// The wide-character ncurses API as Swift can import it.
//
// Swift cannot import function-like or expression macros (the attribute masks, getmaxyx),
// and in Swift 6 mode it rejects C globals such as stdscr, COLOR_PAIRS, stdin and stdout.
// Each is wrapped here in a small static inline function.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/// The process's standard input stream.
static inline FILE *cn_stdin(void) { return stdin; }

/// The process's standard output stream.
static inline FILE *cn_stdout(void) { return stdout; }

/// The standard window of the current screen.
static inline WINDOW *cn_current_stdscr(void) { return stdscr; }

/// How many color pairs the terminal supports (valid after start_color).
static inline int cn_color_pair_count(void) { return COLOR_PAIRS; }

/// How many colors the terminal supports (valid after start_color).
static inline int cn_color_count(void) { return COLORS; }

static inline attr_t cn_attr_normal(void) { return A_NORMAL; }
static inline attr_t cn_attr_bold(void) { return A_BOLD; }
static inline attr_t cn_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cn_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_attr_dim(void) { return A_DIM; }

/// The key code of function key `n` (KEY_F(n)).
static inline int cn_key_function(int n) { return KEY_F(n); }

/// The mouse events the browser asks for: presses, releases and clicks of every button (the
/// wheel is buttons 4 and 5), no motion reports.
static inline mmask_t cn_mouse_all_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }

/// The current terminal's terminfo string capability `name`; NULL when it is absent, cancelled
/// or not a string capability (tigetstr's (char *)-1).
static inline const char *cn_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

/// Whether the current locale's character set is UTF-8.
static inline int cn_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/// glibc's column width of a wide character (declared only under _XOPEN_SOURCE).
static inline int cn_wcwidth(wchar_t c) { return wcwidth(c); }

#endif
