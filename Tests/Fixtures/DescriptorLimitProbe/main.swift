import TestSupport

// Prints the soft limit on open descriptors it started with, the one it runs with and the hard
// limit: what a process that links TestSupport gets (`DescriptorLimit`).
if let start = DescriptorLimit.atStart, let now = DescriptorLimit.current() {
    print(start, now.soft, now.hard)
} else {
    print("the limits could not be read")
}
