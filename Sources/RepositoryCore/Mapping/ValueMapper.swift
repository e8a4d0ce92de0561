/// Converts between a stored form and a value, both ways; pure and thread-safe.
///
/// Every failure is a `RepositoryError.serialization` carrying a short detail.
public protocol ValueMapper<Stored, Value>: Sendable {
    /// The form a source holds (for example JSON `Data`).
    associatedtype Stored: Sendable
    /// The form callers use.
    associatedtype Value: Sendable
    /// Reads a value from its stored form.
    func value(from stored: Stored) throws(RepositoryError) -> Value
    /// Writes a value into its stored form.
    func stored(from value: Value) throws(RepositoryError) -> Stored
}

/// A mapper built from two closures; any error they throw becomes `.serialization`.
public struct ClosureMapper<Stored: Sendable, Value: Sendable>: ValueMapper {
    private let decode: @Sendable (Stored) throws -> Value
    private let encode: @Sendable (Value) throws -> Stored

    /// Creates a mapper: `decode` reads the stored form, `encode` writes it.
    public init(
        decode: @escaping @Sendable (Stored) throws -> Value,
        encode: @escaping @Sendable (Value) throws -> Stored
    ) {
        self.decode = decode
        self.encode = encode
    }

    public func value(from stored: Stored) throws(RepositoryError) -> Value {
        do { return try decode(stored) } catch { throw .serializationFailure(error) }
    }

    public func stored(from value: Value) throws(RepositoryError) -> Stored {
        do { return try encode(value) } catch { throw .serializationFailure(error) }
    }
}

extension ValueMapper {
    /// The same mapping the other way round (`Value` ↔ `Stored` swapped).
    public var inverted: InvertedMapper<Self> { InvertedMapper(self) }
}

/// A mapper read backwards: its `value(from:)` is the base's `stored(from:)` and vice versa.
public struct InvertedMapper<Base: ValueMapper>: ValueMapper {
    /// The mapper read backwards.
    public let base: Base

    /// Inverts `base`.
    public init(_ base: Base) { self.base = base }

    public func value(from stored: Base.Value) throws(RepositoryError) -> Base.Stored {
        try base.stored(from: stored)
    }

    public func stored(from value: Base.Stored) throws(RepositoryError) -> Base.Value {
        try base.value(from: value)
    }
}

extension RepositoryError {
    /// `.serialization` for a mapping failure; a `.serialization` thrown by the mapping is kept as is.
    static func serializationFailure(_ error: any Error) -> RepositoryError {
        if let error = error as? RepositoryError, case .serialization = error { return error }
        return .serialization(detail: String(String(describing: error).prefix(200)))
    }
}
