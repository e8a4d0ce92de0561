import Foundation
import TestSupport
import Testing

@Suite("charbrowser --headless, end to end against the embedded server")
struct HeadlessEndToEndTests {
    @Test("First run from the network, second from disk, back to a page from memory, r from the network")
    func answersAcrossRuns() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }

        // GIVEN an empty cache folder WHEN the browser starts and quits
        let first = try await browser.headless(keys: "q")
        #expect(first.outcome.status == 0, "\(first.outcome.standardError)")
        let opening = try #require(first.events.first)
        // THEN page 1 came from the network, read localFirst / cacheSync, and is on screen
        #expect(opening[text: "query"] == "page 1")
        #expect(opening[text: "origin"] == "network")
        #expect(opening[text: "policy"] == "localFirst")
        #expect(opening[text: "operation"] == "cacheSync")
        #expect(opening["stale"] as? Bool == false)
        #expect(opening["ms"] is Double || opening["ms"] is Int)
        // Every line carries every field, null when there is nothing to say.
        #expect(
            Set(opening.keys).isSuperset(of: [
                "query", "policy", "operation", "origin", "stale", "ms", "error",
            ]))
        #expect(opening["error"] is NSNull)
        #expect(first.outcome.standardOutput.contains("Rick Sanchez"))
        #expect(first.outcome.standardOutput.split(separator: "\n").count == 30)

        // WHEN it runs again on the same cache, cycles the status filter round, then refreshes
        let second = try await browser.headless(keys: "s s s s r q")
        #expect(second.outcome.status == 0, "\(second.outcome.standardError)")
        let pageOne = second.events.filter { $0[text: "query"] == "page 1" }
        // THEN page 1 comes from disk first, from memory when the filter comes back round,
        // and from the network (remoteFirst / mainSync) on r
        #expect(pageOne.first?[text: "origin"] == "disk")
        #expect(pageOne.contains { $0[text: "origin"] == "memory" && $0[text: "policy"] == "localFirst" })
        let refresh = try #require(second.events.last { $0[text: "policy"] == "remoteFirst" })
        #expect(refresh[text: "origin"] == "network")
        #expect(refresh[text: "operation"] == "mainSync")
        #expect(
            second.events.contains {
                $0[text: "query"].contains("status=alive") && $0[text: "origin"] == "network"
            })
    }

    @Test("Opening a character seen in the list answers from memory; its episodes come in one read")
    func detailFromMemory() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(keys: "j enter q")
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let character = try #require(run.events.first { $0[text: "query"].hasPrefix("character") })
        #expect(character[text: "origin"] == "memory")
        #expect(run.events.filter { $0[text: "query"].hasPrefix("episodes") }.count == 1)
        #expect(run.outcome.standardOutput.contains("S01E01"))
    }

    @Test("Keys can come on standard input")
    func keysFromStandardInput() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let outcome = try await browser.run(
            ["--headless", "--size", "80x24", "--no-disk-cache"], input: "j j q\n")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.split(separator: "\n").count == 24)
        #expect(!FileManager.default.fileExists(atPath: browser.cacheDirectory.path))
    }

    @Test("Standard input that cannot be read (a directory) is exit 1 and a sentence with the reason, not a crash")
    func unreadableStandardInput() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let command = "exec '\(browser.executable.path)' --headless --no-disk-cache < /"
        let outcome = try await BuiltExecutable.run(
            URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", command], environment: browser.environment)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(
            outcome.standardError
                == "Error: cannot read the key script from standard input: Is a directory\n")
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("A reader that goes away early (| head) ends the run quietly with status 0")
    func closedPipe() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let command =
            "set -o pipefail; '\(browser.executable.path)' --headless --no-disk-cache --keys 'j j j' --events - --frames"
            + " | head -n 1"
        let outcome = try await BuiltExecutable.run(
            URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", command], environment: browser.environment)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("{"))
        #expect(!outcome.standardError.contains("crashed"))
    }

    @Test("--frames prints every frame")
    func everyFrame() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(keys: "j j q", extra: ["--frames"])
        let markers = run.outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix("--- frame ") }
        #expect(markers.count >= 3)
    }

    @Test(
        "Bad tokens, sizes and flags exit with status 2 and say what is wrong",
        arguments: [
            (["--headless", "--keys", "j bogus!! q"], "bogus!!"),
            (["--headless", "--keys", "resize:0x"], "resize:0x"),
            (["--headless", "--size", "100by30", "--keys", "q"], "100by30"),
            (["--headless", "--size", "0x0", "--keys", "q"], "0x0"),
            (["--frobnicate"], "--frobnicate"),
            (["--ttl", "-5"], "--ttl"),
            (["--api", "ftp://example.invalid"], "--api"),
            (["--keys", "q"], "--headless"),
            (["--max-answer-size", "16MB"], "--max-answer-size"),
            (["--max-answer-size", "100"], "between 1 KiB and 1 GiB"),
            (["--server-cache-control", "max-age=1\r\nSet-Cookie: x"], "--server-cache-control"),
            (["--data", "/nonexistent-dump", "--headless", "--keys", "q"], "no /nonexistent-dump/characters.json"),
            (["serve", "--data", "/nonexistent-dump"], "no /nonexistent-dump/characters.json"),
        ])
    func badUsage(arguments: [String], mentioned: String) async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let outcome = try await browser.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(mentioned), "\(outcome.standardError)")
    }

    @Test("Without a terminal the full-screen UI refuses to start and points at --headless")
    func refusesWithoutTerminal() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let outcome = try await browser.run(["--cache-dir", browser.cacheDirectory.path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--headless"))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test("A corrupt cache file is moved aside, the user is told, and the browser works on a fresh cache")
    func corruptCacheFile() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        // GIVEN a cache file of random bytes
        try FileManager.default.createDirectory(at: browser.cacheDirectory, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: browser.cacheDirectory.appendingPathComponent("cache.sqlite"))
        // WHEN the browser starts
        let run = try await browser.headless(keys: "q", size: "120x30")
        // THEN it runs, says what happened, and kept the bad file under a new name
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        #expect(run.outcome.standardOutput.contains("moved to cache.sqlite.corrupt-"))
        #expect(run.events.first?[text: "origin"] == "network")
        let kept = try FileManager.default.contentsOfDirectory(atPath: browser.cacheDirectory.path)
            .filter {
                $0.hasPrefix("cache.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
            }
        #expect(kept.count == 1)
        let movedAside = try #require(kept.first)
        #expect(try Data(contentsOf: browser.cacheDirectory.appendingPathComponent(movedAside)) == garbage)
    }

    @Test("Hostile strings from the server never reach the screen raw")
    func hostileStrings() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        // GIVEN a dump whose character carries escape sequences, bidi overrides and zero-width text
        let dump = browser.cacheDirectory.appendingPathComponent("dump", isDirectory: true)
        try FileManager.default.createDirectory(at: dump, withIntermediateDirectories: true)
        let base = "https://rickandmortyapi.com/api"
        let hostile = #"Evil\u001b[2J\u001b]0;pwned\u0007 Morty\u202e\u200b"#
        let character = """
            [{"id":1,"name":"\(hostile)","status":"Alive","species":"Hu\\u0000man","type":"","gender":"Male",
              "origin":{"name":"unknown","url":""},"location":{"name":"Citadel\\u009b31m","url":""},
              "image":"\(base)/character/avatar/1.jpeg","episode":["\(base)/episode/1"],
              "url":"\(base)/character/1","created":"2017-11-04T18:48:46.250Z"}]
            """
        let episode = """
            [{"id":1,"name":"Pilot\\u001b[31m","air_date":"December 2, 2013","episode":"S01E01",
              "characters":["\(base)/character/1"],"url":"\(base)/episode/1","created":"2017-11-10T12:56:33.798Z"}]
            """
        try Data(character.utf8).write(to: dump.appendingPathComponent("characters.json"))
        try Data(episode.utf8).write(to: dump.appendingPathComponent("episodes.json"))
        try Data("[]".utf8).write(to: dump.appendingPathComponent("locations.json"))
        // WHEN the browser shows the list and the character's detail, copying it from each (y, Y)
        let run = try await browser.headless(keys: "y enter Y", extra: ["--data", dump.path, "--frames"])
        // THEN the text is there, cleaned, and no control character reached any frame
        #expect(run.outcome.status == 0, "\(run.outcome.standardError)")
        let screen = run.outcome.standardOutput
        #expect(screen.contains("Evil Morty"))
        #expect(screen.contains("Human"))
        #expect(screen.contains("Pilot"))
        let controls = screen.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
                || $0 == "\u{200B}"
        }
        #expect(controls.isEmpty, "\(controls.map { String($0.value, radix: 16) })")
        // AND the copies, recorded in the events log instead of an escape sequence, are as clean
        let copies = run.events.filter { $0["copied"] != nil }
        #expect(copies.map { $0[text: "format"] } == ["json", "url"])
        let json = try #require(copies.first)
        #expect(json[text: "copied"] == "character 1")
        #expect(json[text: "text"].contains("\"name\" : \"Evil Morty\""))
        #expect((json["bytes"] as? Int) == json[text: "text"].utf8.count)
        #expect(copies.last?[text: "text"].hasSuffix("/api/character/1") == true)
        let copiedText = copies.map { $0[text: "text"] }.joined()
        let copiedControls = copiedText.unicodeScalars.filter { (scalar: Unicode.Scalar) -> Bool in
            let control = (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
            return control || scalar == "\u{202E}" || scalar == "\u{200B}"
        }
        #expect(copiedControls.isEmpty)
        #expect(!screen.contains("\u{1B}]52"))
    }

    @Test("--no-mouse turns clicks off for this run and the next ones, until --fresh")
    func noMouseIsRemembered() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        // The third character is on screen row 6; a click there selects it while the mouse is on
        let click = "click:11,6"
        func selection(_ run: (outcome: BuiltExecutable.Outcome, events: [[String: Any]])) -> String {
            run.outcome.standardOutput.split(separator: "\n").first { $0.contains("┌ Characters ") }
                .map(String.init) ?? ""
        }
        let on = try await browser.headless(keys: click)
        #expect(on.outcome.status == 0, "\(on.outcome.standardError)")
        #expect(selection(on).contains("Characters 3/"))
        // WHEN a run says --no-mouse THEN the click selects nothing, in it and in the next run
        let off = try await browser.headless(keys: "g \(click)", extra: ["--no-mouse"])
        #expect(selection(off).contains("Characters 1/"))
        let stillOff = try await browser.headless(keys: "g \(click)")
        #expect(selection(stillOff).contains("Characters 1/"))
        let help = try await browser.headless(keys: "?")
        #expect(help.outcome.standardOutput.contains("off (--no-mouse)"))
        // AND --fresh gives it back
        let fresh = try await browser.headless(keys: click, extra: ["--fresh"])
        #expect(selection(fresh).contains("Characters 3/"))
    }

    @Test("A terminal too small says how much room it needs")
    func tooSmall() async throws {
        let browser = try Browser()
        defer { browser.cleanUp() }
        let run = try await browser.headless(keys: "q", size: "30x8")
        #expect(run.outcome.status == 0)
        #expect(run.outcome.standardOutput.lowercased().contains("too small"))
    }
}
