import Foundation
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that fails every request with one error. Thread-safe (immutable).
struct FailingTransport: HTTPTransport {
    let error: TransportError
    func send(_ request: URLRequest) async throws(TransportError) -> TransportResponse { throw error }
}

@Suite("Transport errors become readable reasons")
struct TransportErrorTests {
    @Test(
        "Each transport failure maps to .mainUnavailable with its reason, cancellation to .cancelled",
        arguments: [
            (
                TransportError.timedOut(after: 10),
                RepositoryError.mainUnavailable(reason: "timed out after 10 s")
            ),
            (.timedOut(after: 0.25), .mainUnavailable(reason: "timed out after 0.25 s")),
            (.connectionRefused, .mainUnavailable(reason: "connection refused")),
            (
                .hostNotFound(host: "example.invalid"),
                .mainUnavailable(reason: "host not found: example.invalid")
            ),
            (.connectionLost, .mainUnavailable(reason: "connection lost")),
            (.notConnected, .mainUnavailable(reason: "no network connection")),
            (.failed(detail: "TLS handshake failed"), .mainUnavailable(reason: "TLS handshake failed")),
            (.cancelled, .cancelled),
            (
                .answerTooLarge(url: "http://127.0.0.1:1234/api/character?page=1", limit: .mebibytes(16)),
                .mainUnavailable(reason: "the answer from http://127.0.0.1:1234/api/character?page=1 is larger than 16 MiB")
            ),
        ])
    func maps(transportError: TransportError, expected: RepositoryError) async throws {
        let test = TestAPI(
            baseURL: RemoteAPIConfiguration.publicBaseURL, transport: FailingTransport(error: transportError))
        await #expect(throws: expected) { _ = try await test.api.character.get(.id(1)) }
    }

    @Test("The default configuration is the public API, 10 s, charbrowser/0.1, answers up to 16 MiB")
    func defaults() {
        let configuration = RemoteAPIConfiguration()
        #expect(configuration.baseURL.absoluteString == "https://rickandmortyapi.com/api")
        #expect(configuration.timeout == .seconds(10))
        #expect(configuration.userAgent == "charbrowser/0.1")
        #expect(configuration.maximumAnswerSize.bytes == 16 * 1_048_576)
    }
}
