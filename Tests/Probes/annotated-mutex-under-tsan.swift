// Probe, the remedy: the same `Mutex`, with the lock's hand-over told to TSan. Right after the
// lock is taken, `__tsan_acquire`; right before it is given back, `__tsan_release`, both on one
// fixed address per lock. A contended `Mutex` is handed from thread to thread by the kernel (a
// priority-inheritance futex, called from the uninstrumented libswiftSynchronization), so without
// these two calls TSan sees no order between the threads' accesses.
//
// The address must be known before the guarded value is touched: Swift's own access tracking
// under TSan records the `inout` access to the value as a write as soon as it begins, so an
// annotation on the value's own address (taken through that `inout`) comes too late. Here the
// lock is a class holding the `Mutex`, and the address is the object's.
import Foundation
import Synchronization

@_silgen_name("__tsan_acquire") func tsanAcquire(_ address: UnsafeRawPointer)
@_silgen_name("__tsan_release") func tsanRelease(_ address: UnsafeRawPointer)

final class AnnotatedLock<Value: Sendable>: Sendable {
    let mutex: Mutex<Value>
    init(_ value: sending Value) { mutex = Mutex(value) }

    func withLock<Result: Sendable>(_ body: (inout sending Value) -> sending Result) -> sending Result {
        let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        return mutex.withLock { value in
            tsanAcquire(address)
            defer { tsanRelease(address) }
            return body(&value)
        }
    }
}

let counter = AnnotatedLock(0)
let done = DispatchGroup()
for _ in 0..<4 {
    done.enter()
    Thread.detachNewThread {
        for _ in 0..<100_000 { counter.withLock { $0 += 1 } }
        done.leave()
    }
}
done.wait()
print("annotated Mutex: \(counter.withLock { $0 }) (expected 400000)")
