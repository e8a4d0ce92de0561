import Foundation

/// A repository's answer to a read: the value and where it came from.
///
/// Carries which data source answered, whether the value is stale, its age, the error that
/// caused a fallback (if any), non-fatal diagnostics (a failed cache write) and the duration.
/// A value type; the rarely set parts (`fallbackError`, `provenance`) live in one shared,
/// immutable box that is only allocated when one of them is set, so a plain hit's answer is
/// small to copy.
public struct Answer<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// The stored metadata (stored-at, ETag, Last-Modified) of the value.
    public var metadata: EntryMetadata
    /// How old the value is: now minus its stored-at time (a composed answer's oldest part's).
    public var age: TimeInterval
    /// Non-fatal problems met on the way (for example a cache write that failed after main succeeded).
    public var diagnostics: [String]
    @usableFromInline var durationNanoseconds: Int64
    @usableFromInline var details: AnswerDetails?
    /// Which data source answered.
    public var origin: Origin
    /// True when a validator rejected the value but it was served anyway (fallback or `ignoreValidation`).
    public var isStale: Bool
    /// The operation that was carried out (`default` resolved to what it stands for), fallback
    /// rule included: a `remoteFirst` read is `.mainSync(fallback: .serveStale)`, printed
    /// `mainSync(serveStale)`.
    public var operation: RepositoryOperation

    /// Creates an answer.
    @inlinable
    public init(
        value: Value, origin: Origin, isStale: Bool = false, age: TimeInterval = 0,
        fallbackError: RepositoryError? = nil, diagnostics: [String] = [], duration: Duration = .zero,
        operation: RepositoryOperation, metadata: EntryMetadata, provenance: Provenance? = nil
    ) {
        self.value = value
        self.metadata = metadata
        self.age = age
        self.diagnostics = diagnostics
        self.durationNanoseconds = AnswerDetails.nanoseconds(duration)
        self.details = AnswerDetails.boxing(fallbackError: fallbackError, provenance: provenance)
        self.origin = origin
        self.isStale = isStale
        self.operation = operation
    }

    /// An answer whose duration is given in nanoseconds (no `Duration` arithmetic on a hit).
    @inlinable
    init(
        value: Value, origin: Origin, isStale: Bool = false, age: TimeInterval,
        fallbackError: RepositoryError? = nil, diagnostics: [String] = [], nanoseconds: Int64,
        operation: RepositoryOperation, metadata: EntryMetadata, provenance: Provenance? = nil
    ) {
        self.value = value
        self.metadata = metadata
        self.age = age
        self.diagnostics = diagnostics
        self.durationNanoseconds = nanoseconds
        self.details = AnswerDetails.boxing(fallbackError: fallbackError, provenance: provenance)
        self.origin = origin
        self.isStale = isStale
        self.operation = operation
    }

    /// An answer carrying `details` as they are (a box shared with other answers).
    @inlinable
    init(
        value: Value, origin: Origin, isStale: Bool, age: TimeInterval, diagnostics: [String],
        nanoseconds: Int64, operation: RepositoryOperation, metadata: EntryMetadata, details: AnswerDetails
    ) {
        self.value = value
        self.metadata = metadata
        self.age = age
        self.diagnostics = diagnostics
        self.durationNanoseconds = nanoseconds
        self.details = details
        self.origin = origin
        self.isStale = isStale
        self.operation = operation
    }

    /// How long the call took (nanosecond precision; zero for a memory hit that was not timed,
    /// see `LatencySummary`).
    @inlinable
    public var duration: Duration {
        get { .nanoseconds(durationNanoseconds) }
        set { durationNanoseconds = AnswerDetails.nanoseconds(newValue) }
    }

    /// The main source's error behind a fallback to the cache, if any.
    @inlinable
    public var fallbackError: RepositoryError? {
        get { details?.fallbackError }
        set { details = AnswerDetails.boxing(fallbackError: newValue, provenance: provenance) }
    }

    /// For an answer composed of parts (a list read from the normalized layer): how many parts
    /// came from each source, the oldest part and the ids nobody answered; nil for a single value.
    @inlinable
    public var provenance: Provenance? {
        get { details?.provenance }
        set { details = AnswerDetails.boxing(fallbackError: fallbackError, provenance: newValue) }
    }

    /// The same answer with another value (used by repository mappers); it throws what
    /// `transform` throws (nothing, for a transform that cannot fail).
    @inlinable
    public func map<Other: Sendable, Failure: Error>(_ transform: (Value) throws(Failure) -> Other)
        throws(Failure) -> Answer<Other>
    {
        var mapped = Answer<Other>(
            value: try transform(value), origin: origin, isStale: isStale, age: age,
            diagnostics: diagnostics, operation: operation, metadata: metadata)
        mapped.durationNanoseconds = durationNanoseconds
        mapped.details = details
        return mapped
    }
}

extension Answer: Equatable where Value: Equatable {
    public static func == (lhs: Answer, rhs: Answer) -> Bool {
        lhs.value == rhs.value && lhs.metadata == rhs.metadata && lhs.age == rhs.age
            && lhs.diagnostics == rhs.diagnostics && lhs.durationNanoseconds == rhs.durationNanoseconds
            && lhs.origin == rhs.origin && lhs.isStale == rhs.isStale && lhs.operation == rhs.operation
            && lhs.fallbackError == rhs.fallbackError && lhs.provenance == rhs.provenance
    }
}

/// The rarely set parts of an `Answer`, boxed so an answer without them stays small. Immutable,
/// so sharing one box between copies of an answer is safe; a change makes a new box.
@usableFromInline
final class AnswerDetails: Sendable {
    @usableFromInline let fallbackError: RepositoryError?
    @usableFromInline let provenance: Provenance?

    @usableFromInline
    init(fallbackError: RepositoryError?, provenance: Provenance?) {
        self.fallbackError = fallbackError
        self.provenance = provenance
    }

    /// A box holding these parts, or nil when neither is set.
    @inlinable
    static func boxing(fallbackError: RepositoryError?, provenance: Provenance?) -> AnswerDetails? {
        guard fallbackError != nil || provenance != nil else { return nil }
        return AnswerDetails(fallbackError: fallbackError, provenance: provenance)
    }

    /// `duration` in nanoseconds, clamped to what an `Int64` holds (292 years).
    @inlinable
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !overflowAgain else { return seconds < 0 ? .min : .max }
        return total
    }
}
