import ExplorerModel
import RepositoryCore

extension ExplorerRepository {
    /// The titles of `links` (a detail screen's links on screen), each given as soon as known: a
    /// reference's name at once with no read; then the titles the cache holds, looked up in one
    /// batch; then the rest read as entities through the cache as `policy` says, at most
    /// `titleReadsAtOnce` at a time, in the links' order. Each address is given once. Ending the
    /// stream's iteration cancels the reads left.
    public func titles(of links: [EntityLink], policy: CachePolicy = .localFirst) -> AsyncStream<LinkTitle> {
        let (stream, continuation) = AsyncStream<LinkTitle>.makeStream()
        let task = Task {
            await self.readTitles(of: links, policy: policy) { continuation.yield($0) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Every title of `links` once known, by address (`titles(of:policy:)` gathered).
    public func collectTitles(of links: [EntityLink], policy: CachePolicy = .localFirst) async
        -> [EntityAddress: LinkTitle]
    {
        var found: [EntityAddress: LinkTitle] = [:]
        for await title in titles(of: links, policy: policy) { found[title.address] = title }
        return found
    }

    /// Gives each title of `links` to `give`, as `titles(of:policy:)` says.
    func readTitles(of links: [EntityLink], policy: CachePolicy, give: @Sendable (LinkTitle) -> Void) async {
        var given = Set<EntityAddress>()
        for link in links where link.name != nil && given.insert(link.address).inserted {
            give(LinkTitle(address: link.address, outcome: .success(link.name ?? ""), source: .reference))
        }
        var bare: [EntityAddress] = []
        for link in links where link.name == nil && given.insert(link.address).inserted {
            bare.append(link.address)
        }
        guard !bare.isEmpty, !Task.isCancelled else { return }
        var unread: [EntityAddress] = []
        if policy != .remoteFirst, policy != .noCache {
            let held = (try? await keeper.titles.entries(for: bare.map { .id($0.key) })) ?? [:]
            for address in bare {
                if let entry = held[.id(address.key)] {
                    give(
                        LinkTitle(
                            address: address, outcome: .success(entry.value), source: .read(entry.origin)))
                } else {
                    unread.append(address)
                }
            }
        } else {
            unread = bare
        }
        let atOnce = configuration.titleReadsAtOnce
        await withTaskGroup(of: LinkTitle.self) { group in
            var pending = unread[...]
            for _ in 0..<atOnce {
                guard let address = pending.popFirst() else { break }
                group.addTask { await self.title(of: address, policy: policy) }
            }
            for await title in group {
                give(title)
                if !Task.isCancelled, let address = pending.popFirst() {
                    group.addTask { await self.title(of: address, policy: policy) }
                }
            }
        }
    }

    /// The title of the entity at `address`, read as `policy` says.
    private func title(of address: EntityAddress, policy: CachePolicy) async -> LinkTitle {
        do {
            let answer = try await entity(at: address, policy: policy)
            return LinkTitle(
                address: address, outcome: .success(answer.value.title), source: .read(answer.origin))
        } catch {
            return LinkTitle(address: address, outcome: .failure(error), source: nil)
        }
    }
}
