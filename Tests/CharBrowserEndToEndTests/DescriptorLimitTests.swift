import TestSupport
import Testing

/// The test processes raise their own limit on open descriptors (`DescriptorLimit`), so the
/// suite runs for a user whose login session allows 1,024, not only as root.
@Suite("A test process's limit on open descriptors")
struct DescriptorLimitTests {
    @Test("A process that links TestSupport and starts at a soft limit of 256 runs at its hard limit")
    func raisedAtLoad() async throws {
        // GIVEN the probe, started by a shell that lowers the soft limit to 256 (the hard limit is
        // this process's)
        let probe = try #require(BuiltExecutable.url(named: "DescriptorLimitProbe"), "build first: swift build")
        let hard = try #require(DescriptorLimit.current()).hard
        // WHEN it runs
        let run = try await ChildProcess.run(["/bin/sh", "-c", "ulimit -S -n 256 && exec \"$0\"", probe.path])
        // THEN it runs at the hard limit, or at the cap below a higher or unlimited one
        #expect(run.status == 0, "\(run.errors)")
        let figures = run.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(figures == [min(hard, DescriptorLimit.cap), hard], "\(run.output)")
    }

    @Test("This test process runs at its hard limit, or at the cap")
    func thisProcess() throws {
        // Meaningful where the session's soft limit is below the hard one (a user's login, not
        // root here): the bundle links TestSupport too.
        let now = try #require(DescriptorLimit.current())
        #expect(now.soft >= min(now.hard, DescriptorLimit.cap))
    }
}
