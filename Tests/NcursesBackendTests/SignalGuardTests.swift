import CTerminalSupport
import Synchronization
import Testing

/// Counts calls of the restore function (a C function pointer cannot capture state).
private let restoreCalls = Atomic<Int>(0)

@Suite("Signal guard")
struct SignalGuardTests {
    @Test("The restore function runs exactly once per installed guard")
    func restoresOnce() {
        // GIVEN an installed guard
        let before = restoreCalls.load(ordering: .sequentiallyConsistent)
        cts_signal_guard_install { restoreCalls.add(1, ordering: .sequentiallyConsistent) }
        // WHEN restoring twice (as a signal and a normal shutdown both would)
        let first = cts_signal_guard_restore_once()
        let second = cts_signal_guard_restore_once()
        cts_signal_guard_uninstall()
        // THEN the terminal was restored once, and an uninstalled guard restores nothing
        #expect(first == 1 && second == 0)
        #expect(cts_signal_guard_restore_once() == 0)
        #expect(restoreCalls.load(ordering: .sequentiallyConsistent) == before + 1)
    }
}
