import CTerminalSupport
import Foundation
import Synchronization
import TestSupport
import Testing

/// Counts calls of the restore function (a C function pointer cannot capture state).
private let restoreCalls = Atomic<Int>(0)

/// One suite at a time: the guard is process-wide, and a backend installs it too.
@Suite("Signal guard", .serialized)
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

/// The guard in a child process (`SignalGuardProbe`), whose drawing thread blocks SIGTERM except
/// while it waits, as the browser's loop thread does.
@Suite("Signal guard in a process")
struct SignalGuardProcessTests {
    @Test(
        "SIGTERM ends the process in the drawing thread's wait, after the restore and before another frame",
        arguments: ["self", "other"])
    func terminationDrawsNothingAfterTheRestore(receiver: String) async throws {
        // GIVEN the probe, with SIGTERM sent to its drawing thread or to another thread
        let executable = try #require(BuiltExecutable.url(named: "SignalGuardProbe"))
        // WHEN it runs
        let outcome = try await BuiltExecutable.run(executable, arguments: [receiver])
        // THEN the terminal was restored, the wait never returned to draw, and SIGTERM ended it
        // (the probe's own exit statuses are 0, 1 and 2)
        #expect(outcome.standardOutput == "waiting\nrestored\n")
        #expect(outcome.status == SIGTERM)
    }
}
