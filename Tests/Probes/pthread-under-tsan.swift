// Probe, the control: the same counter guarded by a pthread mutex (which TSan intercepts).
import Foundation

nonisolated(unsafe) let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
pthread_mutex_init(mutex, nil)
nonisolated(unsafe) var counter = 0  // every access holds `mutex`
let done = DispatchGroup()
for _ in 0..<4 {
    done.enter()
    Thread.detachNewThread {
        for _ in 0..<100_000 {
            pthread_mutex_lock(mutex)
            counter += 1
            pthread_mutex_unlock(mutex)
        }
        done.leave()
    }
}
done.wait()
print("pthread mutex: \(counter) (expected 400000)")
