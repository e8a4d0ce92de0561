import Foundation

/// A repository's answer to a read: the value and where it came from.
///
/// Carries which data source answered, whether the value is stale, its age, the error that
/// caused a fallback (if any), non-fatal diagnostics (a failed cache write) and the duration.
public struct Answer<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// Which data source answered.
    public var origin: Origin
    /// True when a validator rejected the value but it was served anyway (fallback or `ignoreValidation`).
    public var isStale: Bool
    /// How old the value is: now minus its stored-at time (a composed answer's oldest part's).
    public var age: TimeInterval
    /// The main source's error behind a fallback to the cache, if any.
    public var fallbackError: RepositoryError?
    /// Non-fatal problems met on the way (for example a cache write that failed after main succeeded).
    public var diagnostics: [String]
    /// How long the call took.
    public var duration: Duration
    /// The operation that was carried out (`default` resolved to what it stands for).
    public var operation: RepositoryOperation
    /// The stored metadata (stored-at, ETag, Last-Modified) of the value.
    public var metadata: EntryMetadata
    /// For an answer composed of parts (a list read from the normalized layer): how many parts
    /// came from each source, the oldest part and the ids nobody answered; nil for a single value.
    public var provenance: Provenance?

    /// Creates an answer.
    @inlinable
    public init(
        value: Value, origin: Origin, isStale: Bool = false, age: TimeInterval = 0,
        fallbackError: RepositoryError? = nil, diagnostics: [String] = [], duration: Duration = .zero,
        operation: RepositoryOperation, metadata: EntryMetadata, provenance: Provenance? = nil
    ) {
        self.value = value
        self.origin = origin
        self.isStale = isStale
        self.age = age
        self.fallbackError = fallbackError
        self.diagnostics = diagnostics
        self.duration = duration
        self.operation = operation
        self.metadata = metadata
        self.provenance = provenance
    }

    /// The same answer with another value (used by repository mappers).
    @inlinable
    public func map<Other: Sendable>(_ transform: (Value) throws(RepositoryError) -> Other)
        throws(RepositoryError) -> Answer<Other>
    {
        Answer<Other>(
            value: try transform(value), origin: origin, isStale: isStale, age: age,
            fallbackError: fallbackError, diagnostics: diagnostics, duration: duration,
            operation: operation, metadata: metadata, provenance: provenance)
    }
}

extension Answer: Equatable where Value: Equatable {}
