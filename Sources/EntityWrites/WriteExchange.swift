import Foundation
import HTTPExchange

/// What the book asks its caller to do next for the writes it keeps. A value; thread-safe.
public enum WriteStep: Sendable, Hashable {
    /// Send write `sequence`'s request (its outbox change, `WriteBook.nextStep`'s transition,
    /// committed first).
    case send(sequence: Int64, SendRequest)
    /// Read the entity of write `sequence` (a `GET`): its copy had no tag of its own, so the
    /// server's copy is read and the write merged over it before it leaves.
    case read(sequence: Int64, entity: String)
    /// Nothing can leave before `until` (each write still open waits for a time or for the user).
    case wait(until: Date)

    /// The entity a request of the step is about (nil for a wait).
    public var entity: String? {
        switch self {
        case .send(_, let request): request.entity
        case .read(_, let entity): entity
        case .wait: nil
        }
    }
}

/// A request to send for a write: method, entity, `If-Match`, `Idempotency-Key` and the merge
/// patch body (nil for a delete). A value; thread-safe.
public struct SendRequest: Sendable, Hashable {
    public let method: EntityWrite.Method
    public let entity: String
    public let ifMatch: String?
    public let idempotencyKey: String
    public let body: Fields?
}

/// A server's answer to a `WriteStep`, as the book takes it: its status and what the headers and
/// body said, or no answer at all. A value; thread-safe.
public enum WriteAnswer: Sendable, Hashable {
    /// No answer came (timed out, the connection dropped): the request may or may not have been
    /// applied.
    case none(reason: String)
    /// The request never left (offline, refused): the server cannot have seen it.
    case notSent(reason: String)
    /// An answer.
    case answered(ServerAnswer)
}

/// An HTTP answer, reduced to what a write needs. A value; thread-safe.
public struct ServerAnswer: Sendable, Hashable {
    public var status: Int
    /// The `ETag` header.
    public var tag: String?
    /// The `Retry-After` header, in seconds.
    public var retryAfter: Double?
    /// `Idempotent-Replayed: true`: the server gave this answer before to the same key.
    public var replayed: Bool
    /// The body when it is a JSON object (an entity, or an error body).
    public var object: Fields?
    /// The body's bytes, when the caller keeps them (passed on with a copy taken from it).
    public var body: Data?

    public init(
        status: Int, tag: String? = nil, retryAfter: Double? = nil, replayed: Bool = false, object: Fields? = nil,
        body: Data? = nil
    ) {
        self.status = status
        self.tag = tag
        self.retryAfter = retryAfter
        self.replayed = replayed
        self.object = object
        self.body = body
    }

    /// An HTTP answer as a write needs it: status, `ETag`, `Retry-After` (seconds or a date),
    /// `Idempotent-Replayed`, the body when it is a JSON object.
    init(_ answer: HTTPExchangeAnswer, now: Date) {
        self.init(
            status: answer.status, tag: answer.header("ETag"),
            retryAfter: answer.header("Retry-After").flatMap { RetryAfter.seconds($0, now: now) },
            replayed: answer.header("Idempotent-Replayed")?.lowercased() == "true",
            object: JSONValue.object(from: answer.body), body: answer.body)
    }

    /// The API's error text (`{"error": …}`), else the status's.
    public var reason: String { text("error") ?? "HTTP \(status)" }

    /// Why a write waits after this answer: its status and the API's error text (`HTTP 503: …`).
    var retryReason: String { text("error").map { "HTTP \(status): \($0)" } ?? "HTTP \(status)" }

    /// The field an error body names (`{"field": …}`).
    public var field: String? { text("field") }

    private func text(_ key: String) -> String? {
        if case .string(let text)? = object?[key] { text } else { nil }
    }
}

/// Reads a `Retry-After` header (RFC 9110 §10.2.3): delay seconds, or an HTTP date. Pure.
public enum RetryAfter {
    /// The seconds to wait from `now`, never negative; nil when the value is neither form.
    public static func seconds(_ value: String, now: Date) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text) { return Double(max(0, seconds)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
