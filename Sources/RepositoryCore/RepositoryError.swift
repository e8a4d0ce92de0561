/// The one error of the repository layer: closed, `Sendable`, `Equatable`, one readable sentence per case.
///
/// Foreign errors (URL, database, decoding) are translated into a case at the edge that saw
/// them, keeping their detail as the payload text.
public enum RepositoryError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Nothing is stored or served for the query.
    case notFound(query: String)
    /// A value exists but a validator rejected it (expired, for example).
    case notValid(query: String, reason: String)
    /// The source cannot answer this kind of query.
    case queryNotSupported(query: String, source: String)
    /// A value could not be encoded or decoded; `detail` carries a short excerpt.
    case serialization(detail: String)
    /// The main source (the network) could not be reached or answered badly.
    case mainUnavailable(reason: String)
    /// The call was cancelled.
    case cancelled
    /// A local store failed to read or write.
    case storageFailure(detail: String)

    public var description: String {
        switch self {
        case .notFound(let query): "Nothing was found for \(query)."
        case .notValid(let query, let reason): "The cached value for \(query) is not valid: \(reason)."
        case .queryNotSupported(let query, let source): "\(source) cannot answer \(query)."
        case .serialization(let detail): "The data could not be read or written: \(detail)."
        case .mainUnavailable(let reason): "The server is unavailable: \(reason)."
        case .cancelled: "The request was cancelled."
        case .storageFailure(let detail): "The local store failed: \(detail)."
        }
    }

    /// True for the errors after which a cache-first read goes on to the main source.
    public var isCacheMiss: Bool {
        switch self {
        case .notFound, .notValid, .serialization: true
        default: false
        }
    }

    /// Translates any error into this enum; `RepositoryError` passes through unchanged,
    /// `CancellationError` becomes `.cancelled`, `DecodingError`/`EncodingError` become `.serialization`,
    /// and anything else becomes `fallback(description)`.
    public init(
        _ error: any Error,
        fallback: (String) -> RepositoryError = { .storageFailure(detail: $0) }
    ) {
        switch error {
        case let error as RepositoryError: self = error
        case is CancellationError: self = .cancelled
        case let error as DecodingError:
            self = .serialization(detail: String(describing: error).prefix(200).description)
        case let error as EncodingError:
            self = .serialization(detail: String(describing: error).prefix(200).description)
        default: self = fallback(String(describing: error))
        }
    }
}

/// Maps repository errors to a domain layer's own error type (seed 004's `loadFailed`).
public protocol RepositoryErrorMapping<DomainError>: Sendable {
    /// The domain's error type.
    associatedtype DomainError: Error
    /// Returns the domain error for a repository error.
    func map(_ error: RepositoryError) -> DomainError
}
