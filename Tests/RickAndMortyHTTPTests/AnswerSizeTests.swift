import Foundation
import HTTPExchange
import Hummingbird
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

/// An exchange that answers every request with one reply, held whole (as a fake does), given as a
/// stream of one part.
struct FixedReplyExchange: HTTPExchanging {
    let reply: HTTPExchangeAnswer
    func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        try await read(HTTPStreamedAnswer(reply))
    }
}

@Suite("Answers larger than the limit")
struct AnswerSizeTests {
    /// The read's failure for an answer from `server` over `limit`: its reason first.
    static func tooLarge(_ server: ScriptedServer, _ limit: SizeLimit) -> RepositoryError {
        .mainUnavailable(reason: "Answer too large: over \(limit) from 127.0.0.1:\(server.port)")
    }

    /// `count` spaces: JSON white space, so a body of them is "valid so far" at any length.
    static func spaces(_ count: Int) -> ByteBuffer { ByteBuffer(repeating: 0x20, count: count) }

    @Test("A Content-Length over the limit is refused from the header, before the body arrives")
    func announcedTooLarge() async throws {
        // GIVEN a server announcing a 400 MiB page that sends 1 KiB of it, then holds the rest
        // until the server stops
        let script: Script = { _, gate in
            .streamedJSON(contentLength: 400 << 20) { writer in
                try await writer.write(Self.spaces(1_024))
                try? await gate.wait()
            }
        }
        try await withScriptedServer(script) { server in
            // WHEN a page is read with the default limit (16 MiB) and a minute to wait
            let test = TestAPI(server, timeout: .seconds(60))
            // THEN it fails as too large: a client waiting for the body would time out instead
            await #expect(throws: Self.tooLarge(server, .mebibytes(16))) {
                _ = try await test.api.characterPages.get(CharacterFilter().pageQuery(1))
            }
        }
    }

    @Test("A chunked body is counted as it arrives and refused once past the limit")
    func chunkedPastLimit() async throws {
        // GIVEN a server sending 1 MiB chunked, with no length announced
        let script: Script = { _, _ in
            .streamedJSON { writer in
                for _ in 0..<16 { try await writer.write(Self.spaces(64 * 1_024)) }
            }
        }
        try await withScriptedServer(script) { server in
            // WHEN a page is read with a 256 KiB limit
            let test = TestAPI(server, maximumAnswerSize: .kibibytes(256))
            // THEN it fails as too large (read whole, it would be a decoding error)
            await #expect(throws: Self.tooLarge(server, .kibibytes(256))) {
                _ = try await test.api.characterPages.get(CharacterFilter().pageQuery(1))
            }
        }
    }

    /// A server whose body never ends: 1 KiB every millisecond until the client goes away (the
    /// write then fails) or the server stops.
    static let endless: Script = { _, _ in
        .streamedJSON { writer in
            while true {
                try await writer.write(AnswerSizeTests.spaces(1_024))
                try await Task.sleep(for: .milliseconds(1))
            }
        }
    }

    @Test("A body that never ends fails as too large once past the limit")
    func endlessPastLimit() async throws {
        try await withScriptedServer(Self.endless) { server in
            // GIVEN a 64 KiB limit and a minute to wait
            let test = TestAPI(server, timeout: .seconds(60), maximumAnswerSize: .kibibytes(64))
            // WHEN a page is read THEN it fails as too large, long before the timeout
            await #expect(throws: Self.tooLarge(server, .kibibytes(64))) {
                _ = try await test.api.characterPages.get(CharacterFilter().pageQuery(1))
            }
        }
    }

    @Test("A body that never ends, too slowly to pass the limit, fails at the timeout")
    func endlessUntilTimeout() async throws {
        try await withScriptedServer(Self.endless) { server in
            // GIVEN the default limit (16 MiB) and half a second: about 500 KiB arrive meanwhile
            let test = TestAPI(server, timeout: .milliseconds(500))
            // WHEN a page is read THEN the deadline ends it
            await #expect(throws: RepositoryError.mainUnavailable(reason: "timed out after 0.5 s")) {
                _ = try await test.api.characterPages.get(CharacterFilter().pageQuery(1))
            }
        }
    }

    @Test(
        "A body of exactly the limit is read; one byte more is refused",
        arguments: [true, false])
    func boundary(announcesLength: Bool) async throws {
        let character = try #require(try FixtureAPI.shared().resources["character"]?[1])
        let limit = SizeLimit.kibibytes(64)
        // GIVEN a server answering character 1 as its JSON padded with spaces to exactly the limit,
        // and character 2 as one byte more, sent in 4 KiB parts, with or without Content-Length
        let script: Script = { request, _ in
            let size = request.path.hasSuffix("/1") ? limit.bytes : limit.bytes + 1
            let body = character + Data(repeating: 0x20, count: size - character.count)
            return .streamedJSON(contentLength: announcesLength ? size : nil) { writer in
                var offset = 0
                while offset < body.count {
                    let end = min(offset + 4_096, body.count)
                    try await writer.write(ByteBuffer(bytes: body[offset..<end]))
                    offset = end
                }
            }
        }
        try await withScriptedServer(script) { server in
            let test = TestAPI(server, maximumAnswerSize: limit)
            // WHEN both are read THEN the first decodes and the second is too large
            let read = try await test.api.character.get(.id(1))
            #expect(read.value.id == 1)
            await #expect(throws: Self.tooLarge(server, limit)) {
                _ = try await test.api.character.get(.id(2))
            }
        }
    }

    @Test("An exchange that gives whole replies is held to the limit all the same")
    func wholeReplyExchange() async throws {
        // GIVEN an exchange answering 2 KiB in one part
        let exchange = FixedReplyExchange(
            reply: HTTPExchangeAnswer(status: 200, body: Data(repeating: 0x20, count: 2_048)))
        let test = TestAPI(
            baseURL: RemoteAPIConfiguration.publicBaseURL, http: exchange,
            maximumAnswerSize: SizeLimit(bytes: 2_047))
        // WHEN a character is read with a limit one byte short THEN it is too large
        await #expect(
            throws: RepositoryError.mainUnavailable(
                reason: "Answer too large: over 2047 bytes from rickandmortyapi.com")
        ) {
            _ = try await test.api.character.get(.id(1))
        }
    }
}
