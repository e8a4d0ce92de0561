// glibc's own column widths, for checking the display-width table against the C library.
#define _GNU_SOURCE
#include "CTerminalSupport.h"

#include <locale.h>
#include <pthread.h>
#include <wchar.h>

static locale_t utf8_locale = (locale_t)0;
static pthread_once_t utf8_locale_once = PTHREAD_ONCE_INIT;

static void open_utf8_locale(void) {
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

int cts_glibc_wcwidth(uint32_t scalar) {
    pthread_once(&utf8_locale_once, open_utf8_locale);
    if (utf8_locale == (locale_t)0) {
        return -2;
    }
    locale_t previous = uselocale(utf8_locale);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}
