import Foundation
import HTTPExchange
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import Testing

/// An exchange that fails every request with one error. Thread-safe (immutable).
struct FailingExchange: HTTPExchanging {
    let error: HTTPExchangeError
    func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        throw error
    }
}

@Suite("Exchange errors become readable reasons")
struct ExchangeErrorTests {
    @Test(
        "Each failure maps to .mainUnavailable with its reason, cancellation to .cancelled",
        arguments: [
            (
                HTTPExchangeError.timedOut, Duration.seconds(10),
                RepositoryError.mainUnavailable(reason: "timed out after 10 s")
            ),
            (.timedOut, .milliseconds(250), .mainUnavailable(reason: "timed out after 0.25 s")),
            (.connectionRefused, .seconds(10), .mainUnavailable(reason: "connection refused")),
            (
                .hostNotFound("example.invalid"), .seconds(10),
                .mainUnavailable(reason: "host not found: example.invalid")
            ),
            (.connectionLost, .seconds(10), .mainUnavailable(reason: "connection lost")),
            (.noNetwork, .seconds(10), .mainUnavailable(reason: "no network connection")),
            (
                .unreachable(reason: "TLS handshake failed"), .seconds(10),
                .mainUnavailable(reason: "TLS handshake failed")
            ),
            (.cancelled, .seconds(10), .cancelled),
            (
                .tooLarge(limit: 16 << 20), .seconds(10),
                .mainUnavailable(reason: "Answer too large: over 16 MiB from rickandmortyapi.com")
            ),
        ])
    func maps(exchangeError: HTTPExchangeError, timeout: Duration, expected: RepositoryError) async throws {
        let test = TestAPI(
            baseURL: RemoteAPIConfiguration.publicBaseURL, timeout: timeout,
            http: FailingExchange(error: exchangeError))
        await #expect(throws: expected) { _ = try await test.api.character.get(.id(1)) }
    }

    @Test("A refused answer says its reason first: the description is the reason alone")
    func tooLargeReadsFirst() {
        let error = RepositoryError.answerTooLarge(limit: .mebibytes(16), from: "127.0.0.1:8080")
        #expect(error.description == "Answer too large: over 16 MiB from 127.0.0.1:8080.")
        #expect(
            RepositoryError.mainUnavailable(reason: "offline").description
                == "The server is unavailable: offline.")
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
