import AsyncHTTPClient
import Foundation
import HTTPExchange
import NIOCore

/// `HTTPExchanging` over AsyncHTTPClient: one connection pool for the process (`shared`), HTTP/1.1
/// and HTTP/2, TLS with the system's trust roots, redirects followed, a body received part by part
/// only as the reader asks (so a refused answer is never held past its limit), each request's
/// timeout and the caller's cancellation. A value; thread-safe (`HTTPClient` is).
///
/// A connection that could not be made — nothing listens, the host is unknown, no route — is
/// `notSent`: the server cannot have seen the request. Once a connection carried it, a failure
/// is `unreachable`.
public struct AsyncHTTPExchange: HTTPExchanging {
    /// The exchange over the process's one client (`sharedClient`), 60 s at most per request
    /// unless the request says otherwise.
    public static let shared = AsyncHTTPExchange()

    /// The process's one client: its pool serves every exchange made without a client of its own.
    /// Never shut down (it lives as long as the process).
    public static let sharedClient = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)

    /// The client's settings: redirects followed (at most 10, no cycles), no automatic
    /// decompression (a body's limit counts the bytes that arrive), and a failed connection failing
    /// its requests at once rather than being tried again until the connect timeout.
    public static var clientConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 10, allowCycles: false),
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(10)))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .automatic
        return configuration
    }

    /// The client carrying the requests.
    public let client: HTTPClient
    /// The timeout of a request that gives none.
    public let timeout: HTTPExchangeTimeout

    /// An exchange over `client` (the shared one by default).
    public init(
        client: HTTPClient = AsyncHTTPExchange.sharedClient,
        timeout: HTTPExchangeTimeout = .total(.seconds(60))
    ) {
        self.client = client
        self.timeout = timeout
    }

    public func exchange<Value: Sendable>(
        _ request: HTTPExchangeRequest,
        reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
    ) async throws(HTTPExchangeError) -> Value {
        if Task.isCancelled { throw .cancelled }
        let timeout = request.timeout ?? timeout
        let watchdog = Watchdog(timeout, clock: ContinuousClock())
        // Until the head, the deadline is AsyncHTTPClient's, kept on the event loop: it holds
        // however busy the task pool is (a connection that fails fails with its own reason, never
        // with a timer that woke late on a crowded pool and found the deadline passed).
        let response: HTTPClientResponse
        do {
            response = try await client.execute(
                HTTPClientRequest(request), deadline: .now() + TimeAmount(timeout.duration))
        } catch {
            throw Task.isCancelled ? .cancelled : HTTPExchangeError(beforeAnswer: error, url: request.url)
        }
        // From the head on, the watchdog's: the reader and the deadline race as two child tasks,
        // the first to end stopping the other; under an idle timeout each part moves it on.
        watchdog.sawBytes()
        let outcome: Result<Value, HTTPExchangeError> = await withoutActuallyEscaping(read) { read in
            await withTaskGroup(of: Result<Value, HTTPExchangeError>?.self) { group in
                group.addTask {
                    do throws(HTTPExchangeError) {
                        return .success(try await read(Self.answer(response, watchdog: watchdog)))
                    } catch {
                        return .failure(error)
                    }
                }
                group.addTask {
                    await watchdog.watch()
                    return nil
                }
                var outcome: Result<Value, HTTPExchangeError>?
                var expired = false
                for await ending in group {
                    if let ending {
                        outcome = ending
                    } else if outcome == nil {
                        expired = watchdog.hasFired
                    }
                    group.cancelAll()
                }
                guard !expired, let outcome else { return .failure(.timedOut) }
                return outcome
            }
        }
        return try outcome.get()
    }

    /// `response` as the seam's answer: its body handed out part by part, each part telling the
    /// watchdog that bytes arrived.
    private static func answer(
        _ response: HTTPClientResponse, watchdog: Watchdog<ContinuousClock>
    ) -> HTTPStreamedAnswer {
        var parts = response.body.makeAsyncIterator()
        let body = HTTPAnswerBody { () async throws(HTTPExchangeError) -> Data? in
            do {
                guard let part = try await parts.next() else { return nil }
                watchdog.sawBytes()
                return Data(part.readableBytesView)
            } catch {
                throw Task.isCancelled ? .cancelled : HTTPExchangeError(duringBody: error)
            }
        }
        return HTTPStreamedAnswer(
            status: Int(response.status.code),
            headers: response.headers.map { HTTPHeaderField($0.name, $0.value) },
            body: body)
    }
}

extension TimeAmount {
    /// `duration` on NIO's clock, in nanoseconds (one too long for them, the longest there is).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let limit = Int64.max / 1_000_000_000
        self = .nanoseconds(seconds >= limit ? .max : seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
