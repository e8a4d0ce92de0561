import CharacterData
import RepositoryCore
import RickAndMortyModel
import TerminalUI

extension EntityDetailScreen {
    /// The task key of an episode or location read; a newer one replaces an older one.
    static let entityTaskKey = "entity"

    /// Reads the episode or location, then its members in multi-id batches the server accepts.
    mutating func read(policy: CachePolicy, services: BrowserServices) -> [Effect<Message>] {
        guard let graph = services.graph else { return [] }
        loading = policy
        let kind = detail.kind
        let id = detail.id
        return [
            .stream(key: Self.entityTaskKey) { sink in
                let references: [EntityReference]?
                if kind == .episode {
                    let report = await services.read { () async throws(RepositoryError) -> Answer<Episode> in
                        try await graph.episode(id: id, policy: policy)
                    }
                    sink.send(.episodeRead(policy: policy, report))
                    references = try? report.result.get().value.castReferences
                } else {
                    let report = await services.read { () async throws(RepositoryError) -> Answer<Location> in
                        try await graph.location(id: id, policy: policy)
                    }
                    sink.send(.locationRead(policy: policy, report))
                    references = try? report.result.get().value.residentReferences
                }
                guard let references else { return }
                for batch in GraphRepository.batches(of: references.validIDs) {
                    if Task.isCancelled { return }
                    let report = await services.read {
                        () async throws(RepositoryError) -> Answer<[ShowCharacter]> in
                        try await graph.characters(ids: batch, policy: policy)
                    }
                    sink.send(.membersRead(ids: batch, policy: policy, report))
                }
            }
        ]
    }

    /// Applies an episode or location read, when it is the read in flight.
    mutating func applyEntity<Value>(
        policy: CachePolicy, _ report: ReadReport<Value>, store: (inout EntityDetailState, Value) -> Void,
        context: inout ScreenContext
    ) {
        guard loading == policy else { return }
        let (kind, id) = (detail.kind, detail.id)
        context.record(
            query: "\(kind.rawValue) \(id)", kind: kind, policy: policy, keys: [.entity(kind, id: id)], report
        )
        switch report.result {
        case .success(let answer):
            store(&detail, answer.value)
            detail.failure = nil
            let references = detail.memberReferences
            detail.dangling = references.filter { $0.id == nil }.map {
                if case .dangling(let url) = $0 { url } else { "" }
            }
            detail.pendingMemberIDs = detail.memberIDs
            detail.members = []
            detail.membersFailure = nil
            if detail.pendingMemberIDs.isEmpty { loading = nil }
        case .failure(let error):
            loading = nil
            if detail.episode == nil && detail.location == nil { detail.failure = error.description }
            context.toast("Could not load \(kind.rawValue) \(id): \(error.description)", kind: .error)
        }
    }

    /// Applies one batch of members, when it belongs to the read in flight.
    mutating func applyMembers(
        ids: [Int], policy: CachePolicy, _ report: ReadReport<[ShowCharacter]>, context: inout ScreenContext
    ) {
        guard loading == policy else { return }
        context.record(
            query: QueryText.characters(ids), kind: .character, policy: policy,
            keys: ids.map { .entity(.character, id: $0) }, report)
        detail.pendingMemberIDs.removeAll { ids.contains($0) }
        switch report.result {
        case .success(let answer):
            let byID = Dictionary(answer.value.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            detail.members += ids.compactMap { byID[$0] }
            let missing = ids.filter { byID[$0] == nil }
            if !missing.isEmpty {
                detail.membersFailure = "No character \(missing.map(String.init).joined(separator: ", "))."
            }
        case .failure(let error):
            detail.membersFailure = error.description
            detail.pendingMemberIDs = []
            context.toast("Could not load the \(detail.memberNoun): \(error.description)", kind: .error)
        }
        if detail.pendingMemberIDs.isEmpty { loading = nil }
    }
}
