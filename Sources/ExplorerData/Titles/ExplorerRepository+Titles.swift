import Foundation
import ExplorerModel
import RepositoryCore

extension ExplorerRepository {
    /// The titles of `links` (a detail screen's links on screen), each given as soon as known: a
    /// reference's name at once with no read; then the titles the cache holds, looked up in one
    /// batch; then those of entities in a collection `batches` names (its address → the most ids a
    /// read may ask for) read several in one request (`/character/1,2,3`), each entity stored as a
    /// page's are; then the rest read as entities through the cache as `policy` says, at most
    /// `titleReadsAtOnce` at a time, in the links' order. Each address is given once. Ending the
    /// stream's iteration cancels the reads left.
    public func titles(
        of links: [EntityLink], policy: CachePolicy = .localFirst, batches: [EntityAddress: Int] = [:]
    ) -> AsyncStream<LinkTitle> {
        let (stream, continuation) = AsyncStream<LinkTitle>.makeStream()
        let task = Task {
            await self.readTitles(of: links, policy: policy, batches: batches) { continuation.yield($0) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Every title of `links` once known, by address (`titles(of:policy:)` gathered).
    public func collectTitles(
        of links: [EntityLink], policy: CachePolicy = .localFirst, batches: [EntityAddress: Int] = [:]
    ) async -> [EntityAddress: LinkTitle] {
        var found: [EntityAddress: LinkTitle] = [:]
        for await title in titles(of: links, policy: policy, batches: batches) { found[title.address] = title }
        return found
    }

    /// Gives each title of `links` to `give`, as `titles(of:policy:)` says.
    func readTitles(
        of links: [EntityLink], policy: CachePolicy, batches: [EntityAddress: Int] = [:],
        give: @Sendable (LinkTitle) -> Void
    ) async {
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
        if !batches.isEmpty { unread = await readBatches(of: unread, batches: batches, give: give) }
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

    /// Reads the entities at `addresses` whose collection `batches` names, as many in one request as
    /// it allows, stores them as a page's entities are and gives their titles; returns the addresses
    /// left to read one by one (alone in their collection, not in the answer, or in a read that failed).
    private func readBatches(
        of addresses: [EntityAddress], batches: [EntityAddress: Int], give: @Sendable (LinkTitle) -> Void
    ) async -> [EntityAddress] {
        var left: [EntityAddress] = []
        var groups: [(collection: EntityAddress, members: [EntityAddress])] = []
        for address in addresses {
            guard let collection = address.parent, batches[collection] != nil,
                let id = address.lastSegment, !id.isEmpty, !id.contains(",")
            else {
                left.append(address)
                continue
            }
            if let index = groups.firstIndex(where: { $0.collection == collection }) {
                groups[index].members.append(address)
            } else {
                groups.append((collection, [address]))
            }
        }
        for (collection, members) in groups {
            let size = batches[collection] ?? 1
            for start in stride(from: 0, to: members.count, by: size) {
                let chunk = Array(members[start..<min(members.count, start + size)])
                guard chunk.count > 1, !Task.isCancelled else {
                    left += chunk
                    continue
                }
                left += await readBatch(chunk, in: collection, give: give)
            }
        }
        return left
    }

    /// Reads `members` of `collection` in one request; gives the titles of those it answered and
    /// returns the others.
    private func readBatch(
        _ members: [EntityAddress], in collection: EntityAddress, give: @Sendable (LinkTitle) -> Void
    ) async -> [EntityAddress] {
        let ids = members.compactMap(\.lastSegment).joined(separator: ",")
        guard let url = URL(string: collection.key + "/" + ids) else { return members }
        let read: JSONReader.Read
        do {
            read = try await reader.read(url, for: .id(url.absoluteString))
        } catch {
            metrics.record(.failure, tier: .network)
            return members
        }
        let objects = read.node?.array?.compactMap(\.object) ?? read.node?.object.map { [$0] } ?? []
        let found = objects.compactMap { ExplorerEntity($0, requested: nil, collection: collection, api: api) }
        try? await keeper.keep(found, titles: [], metadata: read.metadata)
        metrics.record(.hit, tier: .network)
        var byAddress: [EntityAddress: ExplorerEntity] = [:]
        for entity in found { byAddress[entity.address] = entity }
        return members.filter { address in
            guard let entity = byAddress[address] else { return true }
            give(LinkTitle(address: address, outcome: .success(entity.title), source: .read(.network)))
            return false
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
