// A pseudo-terminal pair, for tests that need a real terminal they can hang up.
#define _GNU_SOURCE
#include "CTerminalSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int cts_open_pseudo_terminal(int *controller, int *terminal) {
    int primary = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (primary < 0) {
        return -1;
    }
    char name[128];
    if (grantpt(primary) != 0 || unlockpt(primary) != 0 || ptsname_r(primary, name, sizeof(name)) != 0) {
        int saved = errno;
        close(primary);
        errno = saved;
        return -1;
    }
    int secondary = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (secondary < 0) {
        int saved = errno;
        close(primary);
        errno = saved;
        return -1;
    }
    *controller = primary;
    *terminal = secondary;
    return 0;
}
