import RepositoryCore

extension SizeLimit {
    /// Refuses a stored payload of `size` bytes, read for `key` from `tier`, before it is decoded:
    /// `.serialization` (a miss to a repository, as a corrupt row is) when it is larger than this
    /// limit, which no value written through the same limit can be. `key` is only made then.
    public func checkStoredPayload(
        size: Int, key: @autoclosure () -> String, tier: String
    ) throws(RepositoryError) {
        guard !admits(size) else { return }
        throw .serialization(
            detail: "the \(tier) payload of \(key()) is \(size) bytes, larger than the \(self) a stored value"
                + " may take; not decoded")
    }

    /// Refuses to store a payload of `size` bytes for `key` in `tier`: `.serialization` when it is
    /// larger than this limit, so every row a tier holds can be read back through it. `key` is
    /// only made then.
    public func checkPayloadToStore(
        size: Int, key: @autoclosure () -> String, tier: String
    ) throws(RepositoryError) {
        guard !admits(size) else { return }
        throw .serialization(
            detail:
                "the value for \(key()) encodes to \(size) bytes, larger than the \(self) the \(tier) tier stores")
    }
}
