import Foundation
import TestSupport
import Testing

/// Two `charbrowser` processes over one shared cache: a refresh in one redraws the other's list,
/// through the shared tier's `NOTIFY`, without a read of the other's.
@Suite("charbrowser --shared-cache: another process's NOTIFY redraws the list")
struct NotifyEndToEndTests {
    /// The sample the embedded server serves by default.
    static let sample = SharedData.packageRoot.appendingPathComponent("Assets", isDirectory: true)

    @Test(
        "A waits with Rick on screen; its server is updated; B refreshes the renamed Rick; A's row shows the new name, and A read nothing",
        .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
    func refreshElsewhereRedrawsTheList() async throws {
        // GIVEN a fresh database on the test server, a server of the sample, and the sample with
        // character 1 renamed (what that server will serve once updated)
        let url = try await TestPostgres.freshDatabase("notify")
        let executable = try #require(BuiltExecutable.url(named: "charbrowser"))
        var server = try await ServedAPI.onFixedPort(executable: executable)
        let (first, second) = (try Browser(), try Browser())
        defer {
            first.cleanUp()
            second.cleanUp()
        }
        let renamed = try Self.sampleWithCharacterOne(named: "Rick Renamed", in: second.cacheDirectory)
        // (a budget for the shared tier on a machine busy running the rest of the tests)
        let shared = ["--shared-cache", url, "--shared-cache-timeout", "30", "--no-images"]
        // WHEN A shows the server's list and waits for the new name; the server is updated (the
        // renamed sample on the same port: the same API); and B, with its own disk cache, opens
        // Rick and refreshes him
        let a = try RunningBrowser(
            first.executable,
            arguments: [
                "--headless", "--size", "100x30", "--cache-dir", first.cacheDirectory.path, "--events", "-",
                "--keys", #"wait:Rick\sSanchez wait@60s:Rick\sRenamed q"#, "--api", server.url,
            ] + shared,
            environment: first.environment, limit: .seconds(120))
        // B starts once A is listening: a script that waits starts only once its process
        // listens on the shared tier, so A's first answer (its events line on standard
        // output, read as it comes) means A will hear every write that follows.
        let opening = try await a.line { Self.event($0)?[text: "query"] == "page 1" }
        guard opening != nil else {
            let ended = try await a.ended()
            Issue.record("A ended before its first page (\(ended.status)): \(ended.standardError)")
            server.stop()
            return
        }
        await server.stopped()
        server = try await ServedAPI.start(
            executable: executable, port: server.port, arguments: ["--data", renamed.path])
        defer { server.stop() }
        let b = try await second.headless(keys: "enter r q", extra: shared + ["--api", server.url])
        let ended = try await a.ended()
        // THEN B read the new name from its server and showed it
        #expect(b.outcome.status == 0, "\(b.outcome.standardError)")
        let refresh = b.events.first { $0[text: "policy"] == "remoteFirst" }
        #expect(refresh?[text: "query"] == "character 1" && refresh?[text: "origin"] == "network")
        #expect(b.outcome.standardOutput.contains("Rick Renamed"))
        // AND A's wait was met: it ended on q, in time
        #expect(!ended.timedOut, "A was still running after two minutes")
        #expect(ended.status == 0, "\(ended.standardError)")
        // AND A's last frame shows the new name in Rick's row, the old one nowhere
        let frame = a.lines.filter { Self.event($0) == nil }
        #expect(frame.contains { $0.contains("1 Rick Renamed") }, "\(frame.joined(separator: "\n"))")
        #expect(!frame.contains { $0.contains("Rick Sanchez") }, "\(frame.joined(separator: "\n"))")
        // AND A read nothing but its list pages: the new name came with the NOTIFY, not a read
        let events = a.lines.compactMap(Self.event)
        #expect(events.first?[text: "query"] == "page 1")
        #expect(
            events.allSatisfy { $0[text: "query"].hasPrefix("page ") },
            "\(events.map { $0[text: "query"] })")
    }

    @Test("A wait that is never met ends the run with status 1, naming the token and showing the screen")
    func waitGivesUp() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(keys: #"j wait@200ms:Rick\sRenamed q"#, extra: ["--no-images"])
        #expect(run.outcome.status == 1)
        let error = run.outcome.standardError
        #expect(
            error.contains(
                #"key script token 2 'wait@200ms:Rick\sRenamed' gave up after 200 ms: no row of the screen "#
                    + #"contained "Rick Renamed""#), "\(error)")
        #expect(error.contains("| │   1 Rick Sanchez"), "\(error)")
    }

    @Test(
        "A bad wait token is a usage error (status 2) naming the token",
        arguments: ["wait:", #"wait:a\qb"#, "wait@0s:x"])
    func badWaitToken(token: String) async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(keys: "j \(token) q", extra: ["--no-images"])
        #expect(run.outcome.status == 2)
        #expect(
            run.outcome.standardError.contains("key script token 2 '\(token)'"),
            "\(run.outcome.standardError)")
    }

    /// A copy of the sample in `folder/renamed` whose character 1 is called `name`; its folder.
    static func sampleWithCharacterOne(named name: String, in folder: URL) throws -> URL {
        let copy = folder.appendingPathComponent("renamed", isDirectory: true)
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for file in ["episodes.json", "locations.json"] {
            try FileManager.default.copyItem(
                at: sample.appendingPathComponent(file), to: copy.appendingPathComponent(file))
        }
        let data = try Data(contentsOf: sample.appendingPathComponent("characters.json"))
        var characters = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let index = try #require(characters.firstIndex { $0["id"] as? Int == 1 })
        characters[index]["name"] = name
        try JSONSerialization.data(withJSONObject: characters).write(
            to: copy.appendingPathComponent("characters.json"))
        return copy
    }

    /// The `--events` object a line of standard output holds; nil for a line of the frame.
    static func event(_ line: String) -> [String: Any]? {
        guard line.hasPrefix("{") else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}
