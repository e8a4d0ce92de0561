import Foundation

/// The answer given to a write, kept for its idempotency key until it is older than the server's
/// lifetime for answers (`ServerConfiguration.idempotencyTTL`). A value; thread-safe.
struct RecordedReply: Sendable, Hashable, Codable {
    /// What the key was first used for: method, path and a hash of the body.
    var fingerprint: String
    var status: Int
    /// The JSON body, as text.
    var body: String
    var etag: String?
    /// When the answer was recorded.
    var recordedAt: Date

    /// Whether the answer is older than `lifetime` at `now`: then it is as if never recorded.
    func isExpired(at now: Date, lifetime: Duration) -> Bool {
        now.timeIntervalSince(recordedAt) > lifetime.timeInterval
    }

    /// The key under which a decoder's `userInfo` holds the `Date` a state file is read at: the
    /// time of the answers written before they carried one.
    static let loadedAt = CodingUserInfoKey(rawValue: "RecordedReply.loadedAt")
}

extension RecordedReply {
    /// Decodes an answer; one without `recordedAt` (a state file written before answers expired)
    /// counts as recorded when the file is read (the decoder's `userInfo[RecordedReply.loadedAt]`).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        fingerprint = try container.decode(String.self, forKey: .fingerprint)
        status = try container.decode(Int.self, forKey: .status)
        body = try container.decode(String.self, forKey: .body)
        etag = try container.decodeIfPresent(String.self, forKey: .etag)
        if let recordedAt = try container.decodeIfPresent(Date.self, forKey: .recordedAt) {
            self.recordedAt = recordedAt
        } else if let key = Self.loadedAt, let loadedAt = decoder.userInfo[key] as? Date {
            recordedAt = loadedAt
        } else {
            throw DecodingError.keyNotFound(
                CodingKeys.recordedAt,
                DecodingError.Context(
                    codingPath: container.codingPath, debugDescription: "no recordedAt and no load time"))
        }
    }
}

extension Duration {
    /// The duration in seconds, as `Date` arithmetic takes it.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
