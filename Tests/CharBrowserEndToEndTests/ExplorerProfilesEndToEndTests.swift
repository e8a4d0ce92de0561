import Foundation
import TestSupport
import Testing

/// The built browser exploring `serve --mirror` of the shared SWAPI data with profiles, headless:
/// the built-in profile's columns on the people list, a hand-written `--profile FILE`, moving with
/// `1`–`3` and `:` from the Cache screen, and a bad profile's exit 2.
@Suite("Profiles end to end", .serialized)
struct ExplorerProfilesEndToEndTests {
    static func mirror(_ browser: Browser) async throws -> ServedAPI {
        try await ServedAPI.start(
            executable: browser.executable, arguments: ["--mirror", SharedData.dataSet("swapi").path],
            environment: browser.environment)
    }

    @Test("SWAPI's built-in profile: people with gender and birth year, filled in as the rows are read")
    func builtIn() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await Self.mirror(browser)
        defer { api.stop() }
        let run = try await browser.headless(keys: "wait:19BBY q", size: "120x30", extra: ["--api", api.url, "--no-images"])
        let screen = run.outcome.standardOutput
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        for text in ["people 1/82", "gender", "birth_year", "Luke Skywalker", "male", "19BBY", "Darth Vader", "41.9BBY"] {
            #expect(screen.contains(text), "\(text): \(screen)")
        }
        // 2 shows the second resource of the profile's order (films), from the Cache screen too.
        let films = try await browser.headless(
            keys: "4 2 wait:1977-05-25 q", size: "120x30", extra: ["--api", api.url, "--no-images"])
        #expect(films.outcome.standardOutput.contains("films 1/6"), "\(films.outcome.standardOutput)")
        #expect(films.outcome.standardOutput.contains("A New Hope"))
        let picked = try await browser.headless(
            keys: ": text:star enter wait:starship_class q", size: "120x30", extra: ["--api", api.url, "--no-images"])
        #expect(picked.outcome.standardOutput.contains("starships 1/36"), "\(picked.outcome.standardOutput)")
    }

    @Test("--profile FILE: its order, columns with labels, and no API search for a resource")
    func fromFile() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let api = try await Self.mirror(browser)
        defer { api.stop() }
        let file = browser.folder.appendingPathComponent("films-profile.json")
        try Data(
            """
            {"order": ["films", "people"],
             "resources": {"films": {"title": "title", "search": null,
                                     "columns": [{"field": "director", "width": 16}, {"field": "episode_id", "label": "ep", "width": 4}]}}}
            """.utf8
        ).write(to: file)
        let run = try await browser.headless(
            keys: "wait:Irvin\\sKershner q", size: "120x30", extra: ["--api", api.url, "--no-images", "--profile", file.path])
        let screen = run.outcome.standardOutput
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        for text in ["films 1/6", "director", "ep", "A New Hope", "George Lucas", "/ filters with the rows read so far"] {
            #expect(screen.contains(text), "\(text): \(screen)")
        }
        let second = try await browser.headless(
            keys: "2 wait:Luke q", size: "120x30", extra: ["--api", api.url, "--no-images", "--profile", file.path])
        #expect(second.outcome.standardOutput.contains("people 1/82"), "\(second.outcome.standardOutput)")
    }

    @Test("A bad profile exits 2 with one sentence naming the field and what was expected")
    func badProfile() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let file = browser.folder.appendingPathComponent("bad.json")
        try Data(#"{"resources": {"people": {"columns": ["name", 12]}}}"#.utf8).write(to: file)
        let outcome = try await browser.run(
            ["--headless", "--keys", "q", "--api", "http://127.0.0.1:1/api/", "--profile", file.path])
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains("--profile \(file.path): resources.people.columns[1] must be a field path"),
            "\(outcome.standardError)")
        #expect(outcome.standardError.split(separator: "\n").count == 1)
        let missing = try await browser.run(
            ["--headless", "--keys", "q", "--api", "http://127.0.0.1:1/api/", "--profile", file.path + ".nope"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("cannot be read"), "\(missing.standardError)")
    }
}
