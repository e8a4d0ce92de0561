import Foundation
import TestSupport
import Testing

/// `--stats-file` through the built binary: the heap figures a watcher (the soak run) reads.
@Suite("charbrowser --stats-file: the heap in use, from inside the process")
struct HeapStatsEndToEndTests {
    @Test(
        "A headless run leaves one JSON line: the heap in use, within what the arenas and mappings hold",
        .disabled(
            if: Sanitizers.address,
            "under AddressSanitizer the built binary's allocator is ASan's, and glibc's counts read zero"))
    func writesHeapFigures() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let statsFile = browser.cacheDirectory.appendingPathExtension("stats.json")
        defer { try? FileManager.default.removeItem(at: statsFile) }
        // WHEN a short run writes its figures
        let run = try await browser.headless(keys: "enter esc q", extra: ["--stats-file", statsFile.path])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        // THEN the file holds one line whose numbers hang together
        let text = try String(contentsOf: statsFile, encoding: .utf8)
        #expect(text.hasSuffix("\n") && text.split(separator: "\n").count == 1)
        let figures = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int])
        let inUse = try #require(figures["inUse"])
        let arenas = try #require(figures["arenas"])
        let freeHeld = try #require(figures["freeHeld"])
        let mapped = try #require(figures["mapped"])
        #expect(inUse > 1_000_000, "a running browser holds more than a megabyte")
        #expect(inUse <= arenas + mapped)
        #expect(freeHeld <= arenas)
        #expect((figures["samples"] ?? 0) >= 1)
    }

    @Test(
        "A stats file that cannot be written is a usage error (status 2) that names it, before anything runs")
    func unwritablePath() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let path = "/nonexistent-\(UUID().uuidString)/stats.json"
        let run = try await browser.headless(keys: "q", extra: ["--stats-file", path])
        #expect(run.outcome.status == 2)
        #expect(run.outcome.standardError.contains("cannot write the stats file '\(path)'"))
        #expect(run.events.isEmpty)
    }

    @Test("--malloc-trim-every trims while the browser runs; a negative interval is a usage error")
    func mallocTrim() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(keys: "enter esc q", extra: ["--malloc-trim-every", "0.01"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(run.events.contains { $0[text: "query"] == "page 1" })
        let refused = try await browser.headless(keys: "q", extra: ["--malloc-trim-every=-1"])
        #expect(refused.outcome.status == 2)
        #expect(refused.outcome.standardError.contains("--malloc-trim-every must be 0 or more seconds"))
    }
}
