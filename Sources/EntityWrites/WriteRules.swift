import Foundation

/// How a `WriteBook` treats its writes: which fields a write may change, and how long a write
/// that got no usable answer waits before it is sent again. A value; thread-safe.
public struct WriteRules: Sendable {
    /// The fields a write may change (compared and merged one by one).
    public var editable: EditableFields
    /// The longest wait between two sends of a write, in seconds (the backoff doubles up to it).
    public var maximumBackoff: Double
    /// A field's value as the user sees it, by the field's name (as it is, unless told): a client
    /// that cleans what it shows (drops unsafe characters, reads an unknown status as `unknown`)
    /// says so here, so the server's copies are compared with what the user saw as it was seen (a
    /// field that only looks changed is no conflict), and what is sent is what the user saw typed.
    public var shownAs: @Sendable (_ field: String, _ value: JSONValue) -> JSONValue
    /// Defects switched on at will, so a simulation proves it finds each one (never set otherwise).
    @_spi(Simulation) public var mutations: WriteMutations = []

    /// Rules as given: every field but `id`, `url` and `created` editable, a backoff up to a minute,
    /// values seen as they are.
    public init(
        editable: EditableFields = .allExcept(["id", "url", "created"]), maximumBackoff: Double = 60,
        shownAs: @escaping @Sendable (_ field: String, _ value: JSONValue) -> JSONValue = { $1 }
    ) {
        self.editable = editable
        self.maximumBackoff = maximumBackoff
        self.shownAs = shownAs
    }

    /// The editable fields of `value` (what the user saw or wants, or a server's copy), each as the
    /// user sees it (`shownAs`): what every merge compares.
    func seen(_ value: Fields) -> Fields {
        Fields(uniqueKeysWithValues: editable.of(value).map { ($0.key, shownAs($0.key, $0.value)) })
    }

    /// The wait before a write that has been sent `attempts` times is sent again: 1 s, doubling.
    func backoff(afterAttempts attempts: Int) -> Double {
        min(maximumBackoff, pow(2, Double(max(0, attempts - 1))))
    }
}

/// Which of an entity's fields a write may change: the ones a user edits, compared and merged
/// one by one. Identity and server-made fields (`id`, `url`, `created`) are left out, so they never
/// take part in a merge or a conflict. A value; thread-safe.
public struct EditableFields: Sendable, Hashable {
    private let names: Set<String>
    /// Whether `names` are the editable fields (else the fields that are not).
    private let listed: Bool

    /// Exactly `names`.
    public static func only(_ names: some Sequence<String>) -> EditableFields {
        EditableFields(names: Set(names), listed: true)
    }

    /// Every field but `names`.
    public static func allExcept(_ names: some Sequence<String>) -> EditableFields {
        EditableFields(names: Set(names), listed: false)
    }

    /// The editable fields of `value`.
    public func of(_ value: Fields) -> Fields { value.filter { names.contains($0.key) == listed } }
}

/// A type of one's own written through an `EntityWriter`: a `Codable` value whose JSON object is
/// its fields, and the rules of its writes (which fields may change). The one conformance an
/// entity needs. Conforming types are values; thread-safe.
public protocol WritableEntity: Codable, Sendable {
    /// How writes of this type are treated (its editable fields, at least).
    static var writeRules: WriteRules { get }
}

extension WritableEntity {
    /// The value as fields (its JSON object; empty if it does not encode to one).
    public var fields: Fields {
        (try? JSONEncoder().encode(self)).flatMap(JSONValue.object(from:)) ?? [:]
    }

    /// The value whose JSON object is `fields`, or nil when they do not decode to one.
    public init?(fields: Fields) {
        guard let value = try? JSONDecoder().decode(Self.self, from: JSONValue.data(of: fields)) else {
            return nil
        }
        self = value
    }
}

extension EntityWriter {
    /// Records an edit of `entity` from `saw` (the view the user edited, with its tag) to `mine`.
    @discardableResult
    public func edit<Entity: WritableEntity>(_ entity: String, saw: ServerCopy, to mine: Entity)
        async throws(WriteStoreFailure) -> Int64?
    {
        try await edit(entity, saw: saw, to: mine.fields)
    }
}

/// Defects a simulation switches on one at a time to show that its checks catch each one. Each
/// names a way writes have gone wrong before. A value; thread-safe.
@_spi(Simulation) public struct WriteMutations: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The copy read before sending is taken as the base: no merge, no conflict.
    public static let baseTakenAtSendTime = WriteMutations(rawValue: 1 << 0)
    /// Keep-mine sends every field of mine over theirs.
    public static let keepMineSendsEveryField = WriteMutations(rawValue: 1 << 1)
    /// A replayed answer is stored as the server's current copy.
    public static let replayTakenAsCurrent = WriteMutations(rawValue: 1 << 2)
    /// A later edit folds into a write already sent, under the key it was sent with.
    public static let keyReusedForAnotherBody = WriteMutations(rawValue: 1 << 3)
    /// Writes of one entity leave without waiting for the earlier ones.
    public static let orderPerEntityIgnored = WriteMutations(rawValue: 1 << 4)
    /// A rejection is neither told nor taken off what is shown.
    public static let rejectionNotPublished = WriteMutations(rawValue: 1 << 5)
}
