/// One line of the `--events` log: an answer (or a failure) the browser applied, in the order
/// the browser applied them. A plain value; `Codable` with the field names below.
public struct AnswerEvent: Sendable, Codable, Equatable {
    /// The kind of entity read: `character`, `episode`, `location`; nil for avatars.
    public var kind: String?
    /// What was asked: `page 3`, `page 1 (name=rick)`, `character 42`, `episodes 1,2,3`.
    public var query: String
    /// The cache policy of the read: `localFirst`, `remoteFirst`, `noCache` or `cacheOnly`.
    public var policy: String
    /// The operation the policy stands for: `cacheSync`, `mainSync`, `main` or `cache`.
    public var operation: String
    /// Which data source answered (`memory`, `disk`, `network`, `revalidated`, `shared`; for an
    /// avatar `file cache`, `network` or `revalidated`); nil on failure.
    public var origin: String?
    /// Whether a stale value was served.
    public var stale: Bool
    /// How long the answer took, in milliseconds.
    public var ms: Double
    /// The age of the value in seconds; nil on failure.
    public var ageSeconds: Double?
    /// The error behind a fallback, or the failure, as its readable sentence.
    public var error: String?
    /// The bytes transferred or read, for downloads (avatars); nil for repository reads.
    public var bytes: Int?
    /// Where a composed answer's parts came from (a page, a cast): `7 memory · 12 network`,
    /// with `· 2 missing` when ids went unanswered; nil for single-value answers and failures.
    public var provenance: String?

    /// Creates an event.
    public init(
        query: String, policy: String, operation: String, origin: String?, stale: Bool, ms: Double,
        ageSeconds: Double?, error: String?, bytes: Int? = nil, kind: String? = nil,
        provenance: String? = nil
    ) {
        self.kind = kind
        self.provenance = provenance
        self.bytes = bytes
        self.query = query
        self.policy = policy
        self.operation = operation
        self.origin = origin
        self.stale = stale
        self.ms = ms
        self.ageSeconds = ageSeconds
        self.error = error
    }
}

extension AnswerEvent {
    enum CodingKeys: String, CodingKey {
        case kind, query, policy, operation, origin, stale, ms, ageSeconds, error, bytes, provenance
    }

    /// Writes every key, `null` included, so each line of the log has the same fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(query, forKey: .query)
        try container.encode(policy, forKey: .policy)
        try container.encode(operation, forKey: .operation)
        try container.encode(origin, forKey: .origin)
        try container.encode(stale, forKey: .stale)
        try container.encode(ms, forKey: .ms)
        try container.encode(ageSeconds, forKey: .ageSeconds)
        try container.encode(error, forKey: .error)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(provenance, forKey: .provenance)
    }
}
