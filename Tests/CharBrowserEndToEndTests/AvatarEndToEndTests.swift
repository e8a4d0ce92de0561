import Foundation
import TestSupport
import Testing

/// The avatar through the built binary and its embedded server: the download cache provider's
/// policies as a person browsing meets them, in the `--events` log and on screen.
@Suite("charbrowser --headless: avatars end to end")
struct AvatarEndToEndTests {
    @Test("First open downloads the avatar, the next run finds it in the file cache, r revalidates it (304)")
    func provenanceAcrossRuns() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        // WHEN a character is opened on a fresh cache
        let first = try await browser.headless(keys: "enter q", extra: ["--frames"])
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        let downloaded = try #require(first.events.first { $0[text: "query"] == "avatar 1" })
        // THEN the avatar came from the network, with its size, and the frame shows it
        #expect(downloaded[text: "origin"] == "network")
        #expect((downloaded["bytes"] as? Int ?? 0) > 1_000)
        #expect(first.outcome.standardOutput.contains("network · "))
        // WHEN the next run (a new embedded server on another port) opens it and refreshes it
        let second = try await browser.headless(keys: "enter r q")
        #expect(second.outcome.status == 0, "\(second.outcome.standardError)")
        let avatars = second.events.filter { $0[text: "query"] == "avatar 1" }
        // THEN navigation is a file-cache hit, and r sends If-None-Match and gets a 304
        #expect(avatars.map { $0[text: "origin"] } == ["file cache", "revalidated"])
        #expect(
            avatars.map { $0[text: "policy"] } == [
                "bypassServerCallOnFoundItem", "alwaysFetchWithCustomHeader",
            ])
        // AND the avatars folder sits beside the cache file
        let folder = browser.cacheDirectory.appendingPathComponent("avatars")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".index.json").path))
    }

    @Test("--no-images downloads nothing and draws no art")
    func noImages() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(keys: "enter q", extra: ["--no-images"])
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(!run.events.contains { $0[text: "query"].hasPrefix("avatar") })
        #expect(!run.outcome.standardOutput.contains("▀"))
        #expect(
            !FileManager.default.fileExists(
                atPath: browser.cacheDirectory.appendingPathComponent("avatars").path))
    }
}
