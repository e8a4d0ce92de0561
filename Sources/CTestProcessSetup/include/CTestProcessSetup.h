#ifndef C_TEST_PROCESS_SETUP_H
#define C_TEST_PROCESS_SETUP_H

/// The highest soft limit on open descriptors a process raises itself to as it loads
/// (DescriptorLimit.c).
#define CHARBROWSER_TEST_DESCRIPTOR_LIMIT_CAP 65536L

#endif
