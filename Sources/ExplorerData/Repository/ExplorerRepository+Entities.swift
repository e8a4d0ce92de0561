import ExplorerModel
import Foundation
import RepositoryCore

extension ExplorerRepository {
    /// The entity at `address`, read through the cache as `policy` says. An address read by name
    /// (`/pokemon/bulbasaur`) is, once answered, the entity's canonical address (`/pokemon/1`): the
    /// entity is stored there alone, and later reads of either name are cache hits.
    /// - Throws: `.notFound`, `.notJSON`, `.tooLarge`, `.outsideAPI`, `.unavailable`, …
    public func entity(at address: EntityAddress, policy: CachePolicy = .localFirst)
        async throws(ExplorerError)
        -> Answer<ExplorerEntity>
    {
        let target: EntityAddress
        if entities.cache.upper.contains(.id(address.key)) {
            // In memory at `address`: inside the API, at its own address (one read by name is moved there).
            target = address
        } else {
            guard api.contains(address) else { throw .outsideAPI(url: address.key, api: api.url.absoluteString) }
            target = await canonical(of: address)
        }
        let answer: Answer<ExplorerEntity>
        do {
            answer = try await entities.answer(.id(target.key), policy: policy)
        } catch {
            throw explorerError(error, url: URLStyle(api).url(of: target)?.absoluteString ?? target.key)
        }
        if answer.value.address != target { await settle(answer, readAt: target) }
        await keeper.noteTitle(of: answer.value, origin: answer.origin, at: configuration.timeSource.now())
        return answer
    }

    /// The entity at `url` (a link's text resolved, absolute or root-relative), as `entity(at:)`.
    public func entity(at url: URL, policy: CachePolicy = .localFirst) async throws(ExplorerError) -> Answer<
        ExplorerEntity
    > {
        guard let address = EntityAddress(url) else {
            throw .outsideAPI(url: url.absoluteString, api: api.url.absoluteString)
        }
        return try await entity(at: address, policy: policy)
    }

    /// The entity of `resource` whose id (or name, where the API reads by name) is `id`: at the
    /// description's item path when it has one, else under the collection.
    public func entity(id: String, of resource: ExplorerResource, policy: CachePolicy = .localFirst)
        async throws(ExplorerError)
        -> Answer<ExplorerEntity>
    {
        let escaped =
            id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? id
        let url: URL?
        if let itemPath = resource.itemPath, let open = itemPath.firstIndex(of: "{"),
            let close = itemPath.firstIndex(of: "}")
        {
            let base =
                api.url.absoluteString.hasSuffix("/")
                ? String(api.url.absoluteString.dropLast()) : api.url.absoluteString
            url = URL(string: base + itemPath[..<open] + escaped + itemPath[itemPath.index(after: close)...])
        } else {
            url = resource.collection.appendingPathComponent(escaped)
        }
        guard let url else { throw .outsideAPI(url: id, api: api.url.absoluteString) }
        return try await entity(at: url, policy: policy)
    }

    /// The canonical address `address` was found to name, else itself.
    func canonical(of address: EntityAddress) async -> EntityAddress {
        guard let known = try? await aliases.get(.id(address.key)).value else { return address }
        return URL(string: known).flatMap(EntityAddress.init) ?? address
    }

    /// After a read at `target` answered an entity of another address: the entity stored at its
    /// own address, `target` remembered as its alias, and the copy under `target` dropped.
    private func settle(_ answer: Answer<ExplorerEntity>, readAt target: EntityAddress) async {
        let entity = answer.value
        let metadata = answer.metadata
        _ = try? await entities.cache.put(
            Entry(value: entity, metadata: metadata, origin: answer.origin), for: .id(entity.address.key))
        _ = try? await aliases.put(
            Entry(value: entity.address.key, metadata: metadata, origin: answer.origin), for: .id(target.key))
        try? await entities.cache.delete(.id(target.key))
    }
}
