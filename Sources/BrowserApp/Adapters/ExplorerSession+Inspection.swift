import CharacterData
import ExplorerData
import RepositoryCore

extension ExplorerSession {
    /// The explored API's entries as the Cache screen acts on them (`CacheInspector`'s `others`):
    /// its memory tiers, shown, evicted and purged as `memory`, and its reread of an entity, a page
    /// or the root by key (revalidate: a conditional read; refetch: a whole one).
    package var inspectedEntries: InspectedEntries {
        let repository = repository
        return InspectedEntries(memory: repository.memoryInspectionParts()) { key, conditional in
            guard ExplorerRepository.inspectedKinds.contains(key.kind) else { return nil }
            do throws(ExplorerError) {
                guard
                    let origin = try await repository.reread(
                        kind: key.kind, cacheKey: key.key, conditional: conditional)
                else { return .failure(InspectedEntries.Failure("\(key.kind) cannot be read again by key")) }
                return .success(origin)
            } catch {
                return .failure(InspectedEntries.Failure(error.description))
            }
        }
    }
}
