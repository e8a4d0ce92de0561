// Probe: does ThreadSanitizer understand the standard library's `Synchronization.Mutex`?
// Four threads add to a counter only inside `withLock`: the program has no data race, so any
// TSan report here is a false positive. Built and run by Tests/Probes/tsan-probe.
import Foundation
import Synchronization

let counter = Mutex(0)
let done = DispatchGroup()
for _ in 0..<4 {
    done.enter()
    Thread.detachNewThread {
        for _ in 0..<100_000 { counter.withLock { $0 += 1 } }
        done.leave()
    }
}
done.wait()
print("Mutex: \(counter.withLock { $0 }) (expected 400000)")
