/// The one error of the repository layer: closed, `Sendable`, `Equatable`, one readable sentence per case.
///
/// Foreign errors (URL, database, decoding) are translated into a case at the edge that saw
/// them, keeping their detail as the payload text; `init(_:from:)` does it for a caller that
/// knows which side (main or cache) the error came from. Each `description` is one sentence
/// ending in exactly one period, whatever punctuation the payload ends with.
public enum RepositoryError: Error, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Nothing is stored or served for the query (the seeds' NotFound). `query` is the query's
    /// `cacheKey` (`id:404`); `.notFound(query)` spells it from a `Query`. `detail`, when present,
    /// says what was found instead and why it could not be served (a stored value of another
    /// type that does not convert, for example).
    case notFound(query: String, detail: String? = nil)
    /// A value exists but a validator rejected it (expired, for example).
    case notValid(query: String, reason: String)
    /// The source cannot answer this kind of query.
    case queryNotSupported(query: String, source: String)
    /// A value could not be encoded or decoded; `detail` carries a short excerpt.
    case serialization(detail: String)
    /// The main source (the network) could not be reached or answered badly. An answer refused
    /// for its size (`answerTooLarge(limit:from:)`) is described by its reason alone.
    case mainUnavailable(reason: String)
    /// The call was cancelled.
    case cancelled
    /// A local store failed to read or write.
    case storageFailure(detail: String)

    public var description: String {
        switch self {
        case .notFound(let query, nil): "Nothing was found for \(Self.clause(query))."
        case .notFound(let query, let detail?): "Nothing was found for \(query): \(Self.clause(detail))."
        case .notValid(let query, let reason):
            "The cached value for \(query) is not valid: \(Self.clause(reason))."
        case .queryNotSupported(let query, let source): "\(source) cannot answer \(Self.clause(query))."
        case .serialization(let detail): "The data could not be read or written: \(Self.clause(detail))."
        case .mainUnavailable(let reason) where Self.isAnswerTooLarge(reason): "\(Self.clause(reason))."
        case .mainUnavailable(let reason): "The server is unavailable: \(Self.clause(reason))."
        case .cancelled: "The request was cancelled."
        case .storageFailure(let detail): "The local store failed: \(Self.clause(detail))."
        }
    }

    /// Nothing is stored or served for `query`: `.notFound(query: query.cacheKey)`. Inside a
    /// `do` block whose error type Swift does not infer, spell the type:
    /// `throw RepositoryError.notFound(query)`.
    public static func notFound(_ query: Query) -> RepositoryError { .notFound(query: query.cacheKey) }

    /// True for the errors after which a cache-first read goes on to the main source.
    public var isCacheMiss: Bool {
        switch self {
        case .notFound, .notValid, .serialization: true
        default: false
        }
    }

    /// `text` ready to end a sentence: trailing white space and periods removed, so the
    /// sentence's own period is never doubled.
    static func clause(_ text: String) -> String {
        var end = text.endIndex
        while end > text.startIndex {
            let before = text.index(before: end)
            guard text[before] == "." || text[before].isWhitespace else { break }
            end = before
        }
        return String(text[..<end])
    }
}

/// Which side of a repository a foreign error came from, so it can be translated to the right case.
public enum ErrorSide: Sendable, Hashable {
    /// The main source (the network, a remote database): unknown errors become `.mainUnavailable`.
    case main
    /// A local store (memory, disk, device storage): unknown errors become `.storageFailure`.
    case cache
}

extension RepositoryError {
    /// Translates any error met on `side` into this enum: `RepositoryError` passes through
    /// unchanged, `CancellationError` becomes `.cancelled`, `DecodingError`/`EncodingError` become
    /// `.serialization`, a `URLError` (or an `NSError` of its domain) becomes one short clause —
    /// `The server is unavailable: could not connect to the server (URL error -1004).` — or
    /// `.cancelled` for a cancelled request, and anything else becomes `.mainUnavailable` (main)
    /// or `.storageFailure` (cache) with the error's description. For an HTTP status, see
    /// `init(httpStatus:for:message:)`.
    public init(_ error: any Error, from side: ErrorSide) {
        switch side {
        case .main: self.init(error, fallback: { .mainUnavailable(reason: $0) })
        case .cache: self.init(error, fallback: { .storageFailure(detail: $0) })
        }
    }

    /// Translates any error into this enum as `init(_:from:)` does, anything else becoming
    /// `fallback(description)`.
    public init(_ error: any Error, fallback: (String) -> RepositoryError) {
        switch error {
        case let error as RepositoryError: self = error
        case is CancellationError: self = .cancelled
        case let error as DecodingError:
            self = .serialization(detail: String(describing: error).prefix(200).description)
        case let error as EncodingError:
            self = .serialization(detail: String(describing: error).prefix(200).description)
        default:
            if let code = URLErrorText.code(of: error) {
                self = code == -999 ? .cancelled : fallback(URLErrorText.clause(code: code))
            } else {
                self = fallback(String(describing: error))
            }
        }
    }

    /// The old one-argument translation, which cannot know the side and so calls every unknown
    /// error a local store failure. Say the side instead: `RepositoryError(error, from: .main)`.
    @available(
        *, deprecated,
        message: "say which side the error came from: RepositoryError(error, from: .main) or from: .cache"
    )
    public init(_ error: any Error) {
        self.init(error, from: .cache)
    }
}

/// Maps repository errors to a domain layer's own error type (seed 004's `loadFailed`); it is
/// given the query the error was met for (seed 004's mapper input carries the identifier).
public protocol RepositoryErrorMapping<DomainError>: Sendable {
    /// The domain's error type.
    associatedtype DomainError: Error
    /// Returns the domain error for `error`, met while serving `query`.
    func map(_ error: RepositoryError, for query: Query) -> DomainError
}
