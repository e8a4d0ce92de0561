import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// A plain HTTP client for tests of the project's own servers on loopback: one process-wide
/// AsyncHTTPClient (`HTTPClient.shared`'s configuration, never shut down), redirects followed,
/// nothing cached, every answer read whole; a refused connection fails the request at once. Not
/// Foundation's `URLSession`: on Linux a session that goes away while its sockets are still being
/// torn down can crash the whole test process, and these tests make one per server. Thread-safe.
public enum LoopbackHTTPClient {
    /// One answer as the client saw it.
    public struct Reply: Sendable {
        /// The status code.
        public let status: Int
        /// The header fields, a name's values joined by ", " (as `HTTPURLResponse` gives them).
        public let headers: [String: String]
        /// The whole body.
        public let body: Data

        public init(status: Int, headers: [String: String], body: Data) {
            (self.status, self.headers, self.body) = (status, headers, body)
        }

        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }

        /// The header, looked up without regard to case.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// How a request body is sent.
    public enum Upload: Sendable {
        /// No body.
        case none
        /// The bytes, with their length announced.
        case sized(Data)
        /// The bytes as a stream: chunked, no length announced.
        case chunked(Data)
    }

    /// `HTTPClient.shared`'s configuration, but a refused connection fails at once (on loopback
    /// nothing listens), not retried with backoff until the request's time runs out.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// The largest body read (a test's answers are far smaller; a bigger one is an error).
    public static let bodyLimit = 64 * 1024 * 1024

    /// Sends `method` to `url` with `headers` and `upload`; the answer, read whole, within
    /// `timeout`. Throws when no answer came: nothing listens, the connection broke, the time ran out.
    public static func send(
        _ url: URL, method: String = "GET", headers: [String: String] = [:], upload: Upload = .none,
        timeout: TimeAmount = .seconds(60)
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        switch upload {
        case .none: break
        case .sized(let data): request.body = .bytes(ByteBuffer(bytes: data))
        case .chunked(let data):
            let (parts, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
            continuation.yield(ByteBuffer(bytes: data))
            continuation.finish()
            request.body = .stream(parts, length: .unknown)
        }
        let response = try await client.execute(request, timeout: timeout)
        var fields: [String: String] = [:]
        for (name, value) in response.headers {
            if let earlier = fields[name] { fields[name] = earlier + ", " + value } else { fields[name] = value }
        }
        let body = try await response.body.collect(upTo: bodyLimit)
        return Reply(status: Int(response.status.code), headers: fields, body: Data(buffer: body))
    }
}
