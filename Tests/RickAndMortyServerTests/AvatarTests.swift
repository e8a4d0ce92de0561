import Foundation
import JPEGCodec
import RickAndMortyModel
import RickAndMortyServer
import Testing

@Suite("Avatars: generated JPEG portraits with entity tags, 304, a folder override and faults")
struct AvatarTests {
    @Test(
        "GIVEN a served character WHEN its avatar is asked THEN a 300×300 JPEG with ETag, length and caching")
    func servesAJPEG() async throws {
        try await LiveServer.with(LiveServer.sample.get()) { _, client in
            let reply = try await client.send("/api/character/avatar/1.jpeg")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type") == "image/jpeg")
            #expect(reply.header("Content-Length") == String(reply.body.count))
            #expect(reply.header("Cache-Control")?.contains("max-age") == true)
            let eTag = try #require(reply.header("ETag"))
            #expect(eTag.hasPrefix("\""))
            let image = try JPEGDecoder.decode(Array(reply.body))
            #expect(image.width == 300 && image.height == 300)
            // AND the same request gets the same bytes (encoded once, kept)
            let again = try await client.send("/api/character/avatar/1.jpeg")
            #expect(again.body == reply.body && again.header("ETag") == eTag)
        }
    }

    @Test("GIVEN the avatar's ETag WHEN sent as If-None-Match THEN 304 with no body")
    func notModified() async throws {
        try await LiveServer.with(LiveServer.sample.get()) { _, client in
            let first = try await client.send("/api/character/avatar/2.jpeg")
            let eTag = try #require(first.header("ETag"))
            let second = try await client.send(
                "/api/character/avatar/2.jpeg", headers: ["If-None-Match": eTag])
            #expect(second.status == 304)
            #expect(second.body.isEmpty)
            #expect(second.header("ETag") == eTag)
        }
    }

    @Test("GIVEN two different characters WHEN their portraits are drawn THEN a person can tell them apart")
    func portraitsDiffer() async throws {
        try await LiveServer.with(LiveServer.sample.get()) { _, client in
            let rick = try JPEGDecoder.decode(
                Array(try await client.send("/api/character/avatar/1.jpeg").body))
            let morty = try JPEGDecoder.decode(
                Array(try await client.send("/api/character/avatar/2.jpeg").body))
            let difference = zip(rick.bytes, morty.bytes).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            #expect(difference / rick.bytes.count > 10)  // a mean difference of more than 10 levels
        }
    }

    @Test("GIVEN a folder of avatars WHEN an id it holds is asked THEN that file is served, others generated")
    func folderOverride() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "avatars-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pixels = try #require(RGBPixels(width: 8, height: 8, bytes: [UInt8](repeating: 200, count: 192)))
        let own = try JPEGEncoder.encode(pixels)
        try Data(own).write(to: folder.appendingPathComponent("1.jpeg"))
        let server = RickAndMortyServer(
            dataset: try LiveServer.sample.get(),
            configuration: ServerConfiguration(port: 0, avatarFolder: folder), logger: LiveServer.quietLogger)
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let client = HTTPTestClient(baseURL: base)
        #expect(Array(try await client.send("/api/character/avatar/1.jpeg").body) == own)
        let generated = try await client.send("/api/character/avatar/2.jpeg")
        #expect(try JPEGDecoder.decode(Array(generated.body)).width == 300)
        await server.stop()
    }

    @Test("GIVEN the HTML fault WHEN an avatar is asked THEN a 200 HTML page")
    func htmlFault() async throws {
        try await LiveServer.with(LiveServer.sample.get(), faults: FaultSettings(avatarHTML: true)) {
            _, client in
            let reply = try await client.send("/api/character/avatar/1.jpeg")
            #expect(reply.status == 200)
            #expect(reply.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(throws: JPEGError.notJPEG) { try JPEGDecoder.decode(Array(reply.body)) }
        }
    }

    @Test("GIVEN a malformed rate of 1 WHEN an avatar is asked THEN half a JPEG, which does not decode")
    func truncatedFault() async throws {
        let environment = FaultTests.environment(ScriptedRandomSource([0.1]), RecordingSleeper())
        try await LiveServer.with(
            LiveServer.sample.get(), faults: FaultSettings(malformedRate: 1), environment: environment
        ) { _, client in
            let reply = try await client.send("/api/character/avatar/1.jpeg")
            #expect(reply.status == 200)
            #expect(throws: (any Error).self) { try JPEGDecoder.decode(Array(reply.body)) }
        }
    }

    @Test("GIVEN a trickle WHEN an avatar is asked THEN it arrives whole, one pause per 1 KiB chunk")
    func trickleFault() async throws {
        let sleeper = RecordingSleeper()
        let environment = FaultTests.environment(ScriptedRandomSource([]), sleeper)
        try await LiveServer.with(
            LiveServer.sample.get(), faults: FaultSettings(trickle: .milliseconds(5)),
            environment: environment
        ) { _, client in
            let reply = try await client.send("/api/character/avatar/1.jpeg")
            #expect(reply.status == 200)
            #expect(try JPEGDecoder.decode(Array(reply.body)).width == 300)
            #expect(sleeper.durations.count == (reply.body.count + 1023) / 1024)
            #expect(sleeper.durations.allSatisfy { $0 == .milliseconds(5) })
        }
    }

    @Test("GIVEN the admin route WHEN avatar faults are set THEN they are applied and shown")
    func adminAvatarFaults() throws {
        let query = QueryItems("avatar-html=true&trickle=20")
        let settings = try FaultSettings.none.applying(query).get()
        #expect(settings.avatarHTML && settings.trickle == .milliseconds(20))
        #expect(String(decoding: settings.json.bytes, as: UTF8.self).contains("\"trickleMs\":20"))
    }
}
