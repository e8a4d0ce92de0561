import ExplorerModel
import Foundation
import RepositoryCore

extension ExplorerRepository {
    /// The entity at `address`, read through the cache as `policy` says. An address read by name
    /// (`/pokemon/bulbasaur`) is, once answered, the entity's canonical address (`/pokemon/1`): the
    /// entity is stored there alone, and later reads of either name are cache hits. A stale entry
    /// is read again (conditionally); when that fails, it is answered with the error as the server
    /// allows (`stale-if-error`, never under `must-revalidate`).
    /// - Throws: `.notFound`, `.notJSON`, `.tooLarge`, `.outsideAPI`, `.unavailable`, …
    public func entity(at address: EntityAddress, policy: CachePolicy = .localFirst)
        async throws(ExplorerError)
        -> Answer<ExplorerEntity>
    {
        let target = try await readTarget(of: address)
        let answer: Answer<ExplorerEntity>
        do {
            answer = try await entities.answer(.id(target.key), operation: Self.operation(policy))
        } catch {
            throw explorerError(error, url: URLStyle(api).url(of: target)?.absoluteString ?? target.key)
        }
        return await settled(answer, readAt: target)
    }

    /// The entity at `address` as `entity(at:policy:)` reads it, except that under `.localFirst`
    /// an entry stale inside its server's `stale-while-revalidate` window is answered at once
    /// (marked stale) while it is read again in the background: that read's answer is the
    /// second of the updates (one read per entity, however many ask).
    public func entityUpdates(at address: EntityAddress, policy: CachePolicy = .localFirst)
        async throws(ExplorerError) -> ExplorerUpdates<ExplorerEntity>
    {
        let target = try await readTarget(of: address)
        let url = URLStyle(api).url(of: target)?.absoluteString ?? target.key
        let updates: AnswerUpdates<ExplorerEntity>
        do {
            updates = try await entities.answerRevalidating(
                .id(target.key), policy: policy, whenMainFails: .serveStale)
        } catch {
            throw explorerError(error, url: url)
        }
        let first = await settled(updates.first, readAt: target)
        guard updates.isRevalidating else { return ExplorerUpdates(first) }
        return ExplorerUpdates(first: first) { [self] () async throws(ExplorerError) -> Answer<ExplorerEntity> in
            let answer: Answer<ExplorerEntity>?
            do throws(RepositoryError) {
                answer = try await updates.revalidated()
            } catch {
                throw explorerError(error, url: url)
            }
            guard let answer else { return first }
            return await settled(answer, readAt: target)
        }
    }

    /// The entity at `url` (a link's text resolved, absolute or root-relative), as `entity(at:)`.
    public func entity(at url: URL, policy: CachePolicy = .localFirst) async throws(ExplorerError) -> Answer<
        ExplorerEntity
    > {
        try await entity(at: try address(of: url), policy: policy)
    }

    /// The entity at `url`, as `entityUpdates(at:policy:)`.
    public func entityUpdates(at url: URL, policy: CachePolicy = .localFirst) async throws(ExplorerError)
        -> ExplorerUpdates<ExplorerEntity>
    {
        try await entityUpdates(at: try address(of: url), policy: policy)
    }

    /// The entity of `resource` whose id (or name, where the API reads by name) is `id`: at the
    /// description's item path when it has one, else under the collection.
    public func entity(id: String, of resource: ExplorerResource, policy: CachePolicy = .localFirst)
        async throws(ExplorerError)
        -> Answer<ExplorerEntity>
    {
        try await entity(at: try url(ofID: id, in: resource), policy: policy)
    }

    /// The entity of `resource` whose id is `id`, as `entityUpdates(at:policy:)`.
    public func entityUpdates(id: String, of resource: ExplorerResource, policy: CachePolicy = .localFirst)
        async throws(ExplorerError) -> ExplorerUpdates<ExplorerEntity>
    {
        try await entityUpdates(at: try url(ofID: id, in: resource), policy: policy)
    }

    /// The canonical address `address` was found to name, else itself.
    func canonical(of address: EntityAddress) async -> EntityAddress {
        guard let known = try? await aliases.get(.id(address.key)).value else { return address }
        return URL(string: known).flatMap(EntityAddress.init) ?? address
    }

    /// The operation the explorer reads `policy` with: a stale entry is answered (with the
    /// error, as its server allows) when reading it again fails, and `.cacheOnly` answers what
    /// the cache holds, stale or not (marked so).
    @inline(__always)
    static func operation(_ policy: CachePolicy) -> RepositoryOperation {
        policy == .cacheOnly ? .cache(ignoreValidation: true) : policy.operation(whenMainFails: .serveStale)
    }

    /// Where an entity at `address` is read: itself when memory holds it there (inside the API, at
    /// its own address: one read by name is moved there), else its canonical address.
    @inline(__always)
    private func readTarget(of address: EntityAddress) async throws(ExplorerError) -> EntityAddress {
        if entities.cache.upper.contains(.id(address.key)) { return address }
        guard api.contains(address) else { throw .outsideAPI(url: address.key, api: api.url.absoluteString) }
        return await canonical(of: address)
    }

    /// `url`'s address, when it is one.
    private func address(of url: URL) throws(ExplorerError) -> EntityAddress {
        guard let address = EntityAddress(url) else {
            throw .outsideAPI(url: url.absoluteString, api: api.url.absoluteString)
        }
        return address
    }

    /// The URL of the entity of `resource` whose id is `id`.
    private func url(ofID id: String, in resource: ExplorerResource) throws(ExplorerError) -> URL {
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
        return url
    }

    /// `answer`, read at `target`, once settled: an entity of another address stored at its own
    /// (`target` its alias), and its title noted — nothing stored of a `no-store` answer.
    @inline(__always)
    private func settled(_ answer: Answer<ExplorerEntity>, readAt target: EntityAddress) async
        -> Answer<ExplorerEntity>
    {
        guard !answer.metadata.noStore else { return answer }
        if answer.value.address != target { await settle(answer, readAt: target) }
        await keeper.noteTitle(of: answer.value, origin: answer.origin, at: configuration.timeSource.now())
        return answer
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
