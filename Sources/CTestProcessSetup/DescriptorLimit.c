#include "CTestProcessSetup.h"

#include <sys/resource.h>

/// Runs as the process loads, before any test: raises the soft limit on open descriptors to the
/// hard limit (at most CHARBROWSER_TEST_DESCRIPTOR_LIMIT_CAP). The suite runs its tests at once,
/// and together they hold some 2,000 descriptors at the peak (servers, their connections, SQLite
/// files), past the soft limit of 1,024 that a login session gets on most Linux systems; the hard
/// limit is what the system allows the process to take for itself. The cap keeps loops over every
/// possible descriptor short. Never lowers a limit.
__attribute__((constructor)) static void raise_descriptor_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) {
        return;
    }
    rlim_t wanted = limit.rlim_max;
    if (wanted == RLIM_INFINITY || wanted > (rlim_t)CHARBROWSER_TEST_DESCRIPTOR_LIMIT_CAP) {
        wanted = (rlim_t)CHARBROWSER_TEST_DESCRIPTOR_LIMIT_CAP;
    }
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < wanted) {
        limit.rlim_cur = wanted;
        (void)setrlimit(RLIMIT_NOFILE, &limit);
    }
}
