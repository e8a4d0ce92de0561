/// A change a repository made to the data it serves, as told to its observers.
public enum RepositoryChange: Sendable, Hashable, CustomStringConvertible {
    /// A value was stored for the query (a put, or a fresh main value written to the cache).
    case written(Query)
    /// The value for the query was deleted or invalidated.
    case invalidated(Query)
    /// Everything was deleted (`delete(.all)`, `clearCache()`).
    case cleared

    public var description: String {
        switch self {
        case .written(let query): "written \(query.summary)"
        case .invalidated(let query): "invalidated \(query.summary)"
        case .cleared: "cleared"
        }
    }
}
