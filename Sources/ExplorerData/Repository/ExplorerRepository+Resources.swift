import ExplorerModel
import RepositoryCore

extension ExplorerRepository {
    /// The API's resources, in order: the description's (no read), else the root's index read
    /// through the cache as `policy` says (`.cacheOnly`: what the cache holds, stale or not).
    /// - Throws: `.noIndex` (whose sentence names `--openapi`) when the root is not an index.
    public func resources(policy: CachePolicy = .localFirst) async throws(ExplorerError) -> Answer<
        ExplorerResources
    > {
        if let description {
            return Answer(
                value: DescribedResources.resources(of: description.description, at: api), origin: .memory,
                operation: policy.operation, metadata: EntryMetadata(storedAt: configuration.timeSource.now())
            )
        }
        do {
            return try await root.answer(.id(api.address.key), operation: Self.operation(policy))
        } catch {
            throw explorerError(error, url: api.url.absoluteString)
        }
    }

    /// The resource named `name`.
    public func resource(named name: String, policy: CachePolicy = .localFirst) async throws(ExplorerError)
        -> ExplorerResource
    {
        let resources = try await resources(policy: policy).value
        guard let resource = resources.named(name) else {
            throw .noSuchResource(name, known: resources.resources.map(\.name))
        }
        return resource
    }
}
