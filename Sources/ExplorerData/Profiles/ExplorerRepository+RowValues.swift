import ExplorerModel
import RepositoryCore

extension ExplorerRepository {
    /// The values of the rows at `addresses` (a list's rows in view) as `profile` says, each given
    /// as soon as its entity is known: those the cache holds looked up in one batch, then the rest
    /// read as entities through the cache as `policy` says, at most `titleReadsAtOnce` at a time,
    /// in the rows' order. Each address is given once. Ending the stream's iteration cancels the
    /// reads left.
    public func rowValues(of addresses: [EntityAddress], profile: ResourceProfile, policy: CachePolicy = .localFirst)
        -> AsyncStream<RowValues>
    {
        let (stream, continuation) = AsyncStream<RowValues>.makeStream()
        let task = Task {
            await self.readRowValues(of: addresses, profile: profile, policy: policy) { continuation.yield($0) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// Gives the values of each of `addresses` to `give`, as `rowValues(of:profile:policy:)` says.
    func readRowValues(
        of addresses: [EntityAddress], profile: ResourceProfile, policy: CachePolicy,
        give: @Sendable (RowValues) -> Void
    ) async {
        var seen = Set<EntityAddress>()
        let wanted = addresses.filter { seen.insert($0).inserted }
        guard !wanted.isEmpty, !Task.isCancelled else { return }
        var unread: [EntityAddress] = []
        if policy != .remoteFirst, policy != .noCache {
            let held = (try? await keeper.entities.entries(for: wanted.map { .id($0.key) })) ?? [:]
            for address in wanted {
                if let entry = held[.id(address.key)] {
                    give(RowValues(of: entry.value, profile: profile))
                } else {
                    unread.append(address)
                }
            }
        } else {
            unread = wanted
        }
        let atOnce = configuration.titleReadsAtOnce
        await withTaskGroup(of: RowValues.self) { group in
            var pending = unread[...]
            for _ in 0..<atOnce {
                guard let address = pending.popFirst() else { break }
                group.addTask { await self.values(at: address, profile: profile, policy: policy) }
            }
            for await values in group {
                give(values)
                if !Task.isCancelled, let address = pending.popFirst() {
                    group.addTask { await self.values(at: address, profile: profile, policy: policy) }
                }
            }
        }
    }

    /// The values of the entity at `address`, read as `policy` says (given at `address` even when
    /// it was read by name).
    private func values(at address: EntityAddress, profile: ResourceProfile, policy: CachePolicy) async -> RowValues {
        do {
            let entity = try await entity(at: address, policy: policy).value
            return RowValues(address: address, outcome: RowValues(of: entity, profile: profile).outcome)
        } catch {
            return RowValues(address: address, outcome: .failure(error))
        }
    }
}
