import Hummingbird

/// The header names of writes, in lower case (`HTTPFields` compares names without case).
enum WriteHeader {
    /// `Idempotency-Key`: one write, however often it is sent.
    static let idempotencyKey = "idempotency-key"
    /// `Idempotent-Replayed`: this answer was given before to the same key.
    static let idempotentReplayed = "Idempotent-Replayed"

    /// The value of the field `name` in `fields`, or nil.
    static func value(_ name: String, in fields: HTTPFields) -> String? {
        fields.first { $0.name.canonicalName == name }?.value
    }
}
