#ifndef C_TEST_PROCESS_SETUP_H
#define C_TEST_PROCESS_SETUP_H

/// The soft limit on open descriptors this process started with, before it was raised at load
/// (see DescriptorLimit.c); -1 when it could not be read.
long charbrowser_test_descriptor_limit_at_start(void);

/// The highest soft limit on open descriptors the process raises itself to at load.
#define CHARBROWSER_TEST_DESCRIPTOR_LIMIT_CAP 65536L

#endif
