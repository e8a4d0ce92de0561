import CharacterData
import RepositoryCore
import RickAndMortyModel
import TerminalUI

extension CharacterDetailScreen {
    /// The task key of the detail read; a newer detail read replaces an older one.
    static let detailTaskKey = "detail"

    /// Reads the character and its episodes (one multi-id request) with `policy`. The episodes
    /// the character is known to have are read at the same time as the character; when the
    /// answer lists other episodes, those are read after it. A character stale inside its
    /// server's stale-while-revalidate window answers at once; the background revalidation's
    /// answer comes last, as a second `characterRead` (`background`).
    mutating func readDetail(policy: CachePolicy, services: BrowserServices) -> [Effect<Message>] {
        loading = policy
        let id = detail.characterID
        let known = detail.character?.episodeIDs ?? []
        return [
            .stream(key: Self.detailTaskKey) { sink in
                async let early = known.isEmpty ? nil : Self.readEpisodes(known, policy: policy, services)
                let (character, background) = await services.readRevalidating {
                    () async throws(RepositoryError) -> AnswerUpdates<ShowCharacter> in
                    try await services.repository.characterRevalidating(id: id, policy: policy)
                }
                sink.send(.characterRead(policy: policy, character))
                if case .success(let answer) = character.result, !answer.value.episodeIDs.isEmpty,
                    !Task.isCancelled
                {
                    let ids = answer.value.episodeIDs
                    let episodes =
                        if ids == known, let prefetched = await early { prefetched } else {
                            await Self.readEpisodes(ids, policy: policy, services)
                        }
                    sink.send(.episodesRead(ids: ids, policy: policy, episodes))
                }
                guard let background, !Task.isCancelled else { return }
                sink.send(.characterRead(policy: policy, await background()))
            }
        ]
    }

    /// Reads episodes `ids` with `policy`.
    private static func readEpisodes(_ ids: [Int], policy: CachePolicy, _ services: BrowserServices) async
        -> ReadReport<[Episode]>
    {
        await services.read { () async throws(RepositoryError) -> Answer<[Episode]> in
            try await services.repository.episodes(ids: ids, policy: policy)
        }
    }

    /// Applies the character's read, when it is the read in flight: records it, shows it here and on
    /// every other screen holding it. The background revalidation of a character shown stale is
    /// recorded whatever is in flight, and shown unless a refresh of it is in flight (its answer is
    /// newer); its failure leaves the stale value shown.
    mutating func applyCharacter(
        policy: CachePolicy, _ report: ReadReport<ShowCharacter>, context: inout ScreenContext
    ) {
        guard report.background || loading == policy else { return }
        let id = detail.characterID
        context.record(
            query: QueryText.character(id), policy: policy, keys: [.entity(.character, id: id)], report)
        switch report.result {
        case .success(let answer):
            if report.background && loading == .remoteFirst { return }
            detail.character = answer.value
            // The list's row and any cast or residents below show the value just read.
            context.show(.character(answer.value))
            guard !report.background else { return }
            detail.failure = nil
            if answer.value.episodeIDs.isEmpty {
                detail.episodes = []
                loading = nil
            }
        case .failure(let error):
            guard !report.background else { return }
            loading = nil
            if detail.character == nil { detail.failure = error.description }
            context.toast("Could not load \(QueryText.character(id)): \(error.description)", kind: .error)
        }
    }

    /// Applies the character's episodes, when they are the read in flight.
    mutating func applyEpisodes(
        ids: [Int], policy: CachePolicy, _ report: ReadReport<[Episode]>, context: inout ScreenContext
    ) {
        guard loading == policy else { return }
        loading = nil
        context.record(
            query: QueryText.episodes(ids), kind: .episode, policy: policy,
            keys: ids.map { .entity(.episode, id: $0) }, report)
        switch report.result {
        case .success(let answer):
            detail.episodes = answer.value
            detail.episodesFailure = nil
        case .failure(let error):
            if detail.episodes == nil { detail.episodesFailure = error.description }
            context.toast("Could not load the episodes: \(error.description)", kind: .error)
        }
    }
}
