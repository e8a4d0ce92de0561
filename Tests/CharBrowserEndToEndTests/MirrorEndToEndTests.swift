import Foundation
import TestSupport
import Testing

/// `charbrowser serve --mirror DIR` as a process of its own: it serves SWAPI's arrays offline on
/// the port it was given, its links on that port; a folder it cannot mirror, or flags of the
/// Rick and Morty server beside it, end it at once with exit code 2 and one sentence.
@Suite("charbrowser serve --mirror end to end")
struct MirrorEndToEndTests {
    @Test("serve --mirror <swapi> --port 0 serves people's second page, linked on its own port")
    func servesSWAPI() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let swapi = SharedData.dataSet("swapi")
        let api = try await ServedAPI.start(
            executable: browser.executable, arguments: ["--mirror", swapi.path], environment: browser.environment)
        defer { api.stop() }
        let root = try #require(URL(string: api.url))
        #expect(root.path == "/api")
        let origin = "http://\(root.host ?? ""):\(api.port)"

        let first = try await LoopbackHTTPClient.send(root.appendingPathComponent("people/"))
        let page2URL = try #require(
            (try JSONSerialization.jsonObject(with: first.body) as? [String: Any])?["next"] as? String)
        #expect(page2URL == origin + "/api/people/?page=2")
        #expect(first.status == 200)

        let second = try await LoopbackHTTPClient.send(try #require(URL(string: page2URL)))
        let page2 = try #require(try JSONSerialization.jsonObject(with: second.body) as? [String: Any])
        #expect(page2["count"] as? Int == 82)
        let results = try #require(page2["results"] as? [[String: Any]])
        #expect(results.count == 10)
        #expect(page2["next"] as? String == origin + "/api/people/?page=3")
        #expect(page2["previous"] as? String == origin + "/api/people/")
        #expect(results.allSatisfy { ($0["url"] as? String)?.hasPrefix(origin + "/api/people/") == true })
    }

    @Test("A folder that cannot be mirrored, or --data beside --mirror, exits 2 with one sentence")
    func refusals() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let missing = browser.folder.appendingPathComponent("no-such-folder").path
        let absent = try await browser.run(["serve", "--port", "0", "--mirror", missing])
        #expect(absent.status == 2)
        #expect(absent.standardError == "charbrowser: the mirror folder \(missing) does not exist or is not a folder\n")

        let both = try await browser.run([
            "serve", "--port", "0", "--mirror", SharedData.dataSet("swapi").path, "--data", browser.folder.path,
        ])
        #expect(both.status == 2)
        #expect(both.standardError.contains("--mirror serves the folder alone: drop --data"), "\(both.standardError)")
    }
}
