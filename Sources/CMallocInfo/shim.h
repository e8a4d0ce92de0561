// glibc's allocator statistics (mallinfo2), which Swift's Glibc module does not bring in.
#if defined(__GLIBC__) || __has_include(<malloc.h>)
#include <malloc.h>
#endif
