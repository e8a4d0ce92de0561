import Foundation
import TestSupport
import Testing

@Suite("charbrowser serve on the command line")
struct CommandLineTests {
    /// The built `charbrowser` next to the test bundle.
    static func executable() throws -> URL {
        try #require(
            BuiltExecutable.url(named: "charbrowser"), "build the charbrowser product first (swift build)")
    }

    /// Runs the binary to completion on a thread of its own; its exit code and standard error.
    static func run(_ arguments: [String]) async throws -> (code: Int32, stderr: String) {
        try await onOwnThread { try runBlocking(arguments) }
    }

    private static func runBlocking(_ arguments: [String]) throws -> (code: Int32, stderr: String) {
        let result = try ChildProcess.runBlocking([try executable().path] + arguments)
        return (result.status, result.errors)
    }

    @Test(
        "GIVEN a bad flag or value WHEN serve is run THEN exit code 2 with a message naming it",
        arguments: [
            (["serve", "--bogus"], "--bogus"),
            (["serve", "--port", "99999"], "--port"),
            (["serve", "--port", "eighty"], "eighty"),
            (["serve", "--error-rate", "1.5"], "--error-rate"),
            (["serve", "--data", "/tmp", "--synthetic", "5"], "--synthetic"),
            (["serve", "--latency", "-1"], "--latency"),
            (["serve", "--cache-control", "max-age=60\nX-Injected: 1"], "--cache-control"),
            (["serve", "--idempotency-ttl", "0"], "--idempotency-ttl"),
            (["serve", "--idempotency-ttl", "a-day"], "a-day"),
        ])
    func badUsage(arguments: [String], mentioned: String) async throws {
        let result = try await Self.run(arguments)
        #expect(result.code == 2)
        #expect(result.stderr.contains("Error"))
        #expect(result.stderr.contains(mentioned))
    }

    @Test("GIVEN a data folder without a dump WHEN serve is run THEN exit code 2 naming the missing file")
    func missingData() async throws {
        let result = try await Self.run(["serve", "--port", "0", "--data", "/nonexistent-charbrowser-data"])
        #expect(result.code == 2)
        #expect(result.stderr.contains("no /nonexistent-charbrowser-data/characters.json"), "\(result.stderr)")
    }

    @Test("GIVEN a running serve WHEN it gets SIGTERM THEN it stops cleanly with exit code 0")
    func stopsOnSignal() async throws {
        // (the waits for the start and the exit block: on a thread of their own)
        try await onOwnThread { try Self.startThenTerminate() }
    }

    @Test("GIVEN --idempotency-ttl 60 WHEN serve is run THEN it takes it and starts")
    func idempotencyTTL() async throws {
        try await onOwnThread { try Self.startThenTerminate(["--idempotency-ttl", "60"]) }
    }

    private static func startThenTerminate(_ options: [String] = []) throws {
        let process = try SpawnedChild(
            [try executable().path, "serve", "--port", "0", "--synthetic", "50"] + options, input: .null,
            output: .null, errors: .pipe)
        var output = ""
        while !output.contains("serving 50 characters at http://127.0.0.1:") {
            let chunk = process.errors.nextChunk()
            if chunk.isEmpty { break }  // the process ended before it was ready
            output += String(decoding: chunk, as: UTF8.self)
        }
        #expect(output.contains("serving 50 characters"))
        process.send(SIGTERM)
        #expect(process.waitForTermination() == .exited(0))
    }
}
