import Foundation
import Locking
import TerminalUI

/// A non-blocking pipe that wakes the input `poll`: background threads and the SIGWINCH
/// handler write a byte, the loop drains it. Thread-safe: `wake` and `close` are serialised
/// by a `PThreadMutex`, so a late `wake` never writes to a closed (possibly reused) descriptor.
final class WakePipe: WakeSignal {
    /// The end the loop polls and drains; used only on the loop thread.
    let readDescriptor: Int32
    /// The end written to; also handed to the signal handler.
    let writeDescriptor: Int32
    private let isOpen = PThreadMutex(true)

    /// A new pipe with both ends non-blocking and close-on-exec.
    init() throws(NcursesBackendError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw .wakePipeFailed(code: errno) }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    func wake() {
        isOpen.withLock { isOpen in
            guard isOpen else { return }
            var byte: UInt8 = 1
            _ = write(writeDescriptor, &byte, 1)
        }
    }

    /// Reads and discards every pending wake byte.
    func drain() {
        var scratch = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &scratch, scratch.count) > 0 {}
    }

    /// Closes both ends; later `wake` calls do nothing.
    func close() {
        isOpen.withLock { isOpen in
            guard isOpen else { return }
            isOpen = false
            _ = Foundation.close(readDescriptor)
            _ = Foundation.close(writeDescriptor)
        }
    }
}
