/// The verdict of a validator on one entry.
public enum Validity: Sendable, Hashable {
    /// The entry may be served as fresh.
    case valid
    /// The entry must not be served as fresh; `reason` is a short sentence fragment ("expired 12 s ago").
    case invalid(reason: String)

    /// True for `.valid`.
    public var isValid: Bool {
        if case .valid = self { return true }
        return false
    }
}

/// Decides whether a stored entry may still be served as fresh. Pure and thread-safe.
///
/// A validator never removes anything: an invalid entry stays readable so a repository can
/// serve it stale when the main source fails.
public protocol EntryValidator<Value>: Sendable {
    /// The type of value judged.
    associatedtype Value: Sendable
    /// Judges `entry`, read for `query`.
    func validate(_ entry: Entry<Value>, for query: Query) -> Validity
    /// Judges `entry` as of `timeSource`'s now. A repository calls this one with its own time
    /// source, so the age it reports and the freshness a validator judges come from one clock.
    /// The default ignores `timeSource` and calls `validate(_:for:)`.
    func validate(_ entry: Entry<Value>, for query: Query, timeSource: any TimeSource) -> Validity
}

extension EntryValidator {
    /// The default: a validator that reads no clock judges as `validate(_:for:)` does.
    public func validate(_ entry: Entry<Value>, for query: Query, timeSource: any TimeSource) -> Validity {
        validate(entry, for: query)
    }
}

/// Seed 000's name of `EntryValidator` (`DataSourceValidator`): it judges what a cache data source holds.
public typealias DataSourceValidator = EntryValidator

/// A shorter name of `EntryValidator`.
public typealias Validator = EntryValidator

/// A validator built from a closure; thread-safe when the closure is.
public struct ClosureValidator<Value: Sendable>: EntryValidator {
    private let judge: @Sendable (Entry<Value>, Query) -> Validity

    /// Creates a validator that asks `judge`.
    public init(_ judge: @escaping @Sendable (Entry<Value>, Query) -> Validity) {
        self.judge = judge
    }

    public func validate(_ entry: Entry<Value>, for query: Query) -> Validity {
        judge(entry, query)
    }
}
