/// What a cache could answer without suspending (see `CacheFastPaths.immediateGet`).
@usableFromInline
package enum ImmediateRead<Value: Sendable>: Sendable {
    /// The entry held for the query.
    case entry(Entry<Value>)
    /// Nothing is held for the query (as `get` would throw `.notFound`).
    case notFound
    /// The source must be asked with `get`.
    case needsSuspension
}
