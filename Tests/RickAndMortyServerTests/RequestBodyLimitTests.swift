import Foundation
import RickAndMortyServer
import Testing

@Suite("Request bodies: the server reads at most 64 KiB of one")
struct RequestBodyLimitTests {
    /// The default limit in bytes.
    static let limit = 64 * 1_024

    @Test(
        "A body over 64 KiB is 413, announced or chunked; one of exactly 64 KiB is read and the request answered",
        arguments: [true, false])
    func limit(announcesLength: Bool) async throws {
        func upload(_ count: Int) -> HTTPTestClient.Upload {
            let body = Data(repeating: 0x61, count: count)
            return announcesLength ? .sized(body) : .chunked(body)
        }
        try await LiveServer.with(LiveServer.sample.get()) { _, client in
            // WHEN one byte more than the limit is posted THEN it is refused as too large
            let refused = try await client.send("/api/character", method: "POST", upload: upload(Self.limit + 1))
            #expect(refused.status == 413)
            #expect(refused.errorMessage == "Request body larger than 64 KiB")
            // WHEN exactly the limit is posted THEN the request is answered as any POST is (no such route)
            let read = try await client.send("/api/character", method: "POST", upload: upload(Self.limit))
            #expect(read.status == 404)
            #expect(read.errorMessage == "There is nothing here.")
            // AND a GET without a body is served
            #expect(try await client.send("/api/character/1").status == 200)
        }
    }
}
