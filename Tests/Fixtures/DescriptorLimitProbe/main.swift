import Foundation
import TestSupport

// Prints the soft limit on open descriptors it runs with and the hard limit: what a process that
// links TestSupport gets (`DescriptorLimit`). Exits 1 when it cannot read them.
guard let now = DescriptorLimit.current() else {
    FileHandle.standardError.write(Data("the limits on open descriptors could not be read\n".utf8))
    exit(1)
}
print(now.soft, now.hard)
