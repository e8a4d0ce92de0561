import Foundation

/// An answer read as it arrives: status and headers, then the body in parts (`HTTPAnswerBody`).
/// Read it inside the exchange that gave it, by one reader: not thread-safe.
public struct HTTPStreamedAnswer {
    public var status: Int
    public var headers: [HTTPHeaderField]
    public var body: HTTPAnswerBody

    /// An answer as given.
    public init(status: Int, headers: [HTTPHeaderField] = [], body: HTTPAnswerBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An answer held whole, given as a stream of one part (a fake's, for example).
    public init(_ answer: HTTPExchangeAnswer) {
        self.init(status: answer.status, headers: answer.headers, body: HTTPAnswerBody(answer.body))
    }

    /// The first value of the header `name`, compared without case.
    public func header(_ name: String) -> String? { headers.value(of: name) }

    /// The body's length as the head announces it (`Content-Length`), when it does.
    public var announcedLength: Int? {
        header("Content-Length").flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Reads the whole body, or throws `.tooLarge(limit:)` as soon as it is known to be over `limit`
    /// bytes — from `Content-Length` before a byte is read, else when the bytes counted pass it —
    /// so no more than `limit` bytes are ever held.
    public func collect(upTo limit: Int) async throws(HTTPExchangeError) -> HTTPExchangeAnswer {
        if let announced = announcedLength, announced > limit { throw .tooLarge(limit: limit) }
        var bytes = Data()
        if let announced = announcedLength { bytes.reserveCapacity(announced) }
        var parts = body.makeAsyncIterator()
        while let part = try await parts.next() {
            guard part.count <= limit - bytes.count else { throw .tooLarge(limit: limit) }
            bytes.append(part)
        }
        return HTTPExchangeAnswer(status: status, headers: headers, body: bytes)
    }
}

/// A streamed answer's body: its bytes in parts, each received from the network only when asked
/// for, so a reader that stops asking holds no more than it kept (back-pressure). One pass, by
/// one reader, inside the exchange that gave it: not thread-safe.
public struct HTTPAnswerBody: AsyncSequence {
    public typealias Element = Data
    public typealias Failure = HTTPExchangeError

    private let source: Source

    /// A body whose parts `next` gives, nil at the end: how a transport hands over its stream.
    public init(next: @escaping () async throws(HTTPExchangeError) -> Data?) {
        source = Source(next)
    }

    /// A body held whole: one part (none when empty).
    public init(_ data: Data) {
        var pending: Data? = data.isEmpty ? nil : data
        source = Source { () throws(HTTPExchangeError) -> Data? in
            defer { pending = nil }
            return pending
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: source) }

    /// Gives the body's parts in order; nil at the end.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = Data
        public typealias Failure = HTTPExchangeError

        fileprivate let source: Source

        /// The next part, nil at the end; throws when the body broke off.
        public mutating func next() async throws(HTTPExchangeError) -> Data? { try await source.next() }
    }

    /// The transport's reader, shared by the body's iterators (one pass in all).
    fileprivate final class Source {
        let next: () async throws(HTTPExchangeError) -> Data?
        init(_ next: @escaping () async throws(HTTPExchangeError) -> Data?) { self.next = next }
    }
}
