import RepositoryCore
import RickAndMortyModel

extension CharacterRepository {
    /// The browser's explicit choice for a failed main call: serve the stale cached value (marked
    /// stale, main's error attached) so the screen keeps the old value and says the read failed.
    /// The library's policies default to the seeds' behaviour (`localFirst` throws main's error).
    static let whenMainFails = FallbackRule.serveStale

    /// Page `number` of the characters `filter` selects, read as `policy` says, serving stale
    /// when main fails (`whenMainFails`).
    ///
    /// The page is stored as its ids and info; its characters once each, in every tier, so a
    /// refresh of one character is what every page and cast shows. `localFirst` composes the
    /// page from the cached characters (provenance: `20 memory`); when some were evicted it
    /// reads the page again. The answer's `provenance` counts where each character came from.
    public func page(_ number: Int, filter: CharacterFilter = .init(), policy: CachePolicy)
        async throws(RepositoryError) -> Answer<CharacterPage>
    {
        let answer = try await characterGraph.list(
            filter.pageQuery(number), policy: policy, whenMainFails: Self.whenMainFails,
            main: characterPagesMain)
        return overlaid(answer, characters: \.results)
    }

    /// Page `number` as `page(_:filter:policy:)` reads it, except that a `localFirst` read of a
    /// page stale inside the `stale-while-revalidate` window its server gave answers at once and
    /// reads the page again in the background (`NormalizedRepository.listRevalidating`): the
    /// revalidation's answer is the second of the updates. Kept writes show in both answers.
    public func pageRevalidating(_ number: Int, filter: CharacterFilter = .init(), policy: CachePolicy)
        async throws(RepositoryError) -> AnswerUpdates<CharacterPage>
    {
        let updates = try await characterGraph.listRevalidating(
            filter.pageQuery(number), policy: policy, whenMainFails: Self.whenMainFails,
            main: characterPagesMain)
        return updates.map { [self] in overlaid($0, characters: \.results) }
    }

    /// One character by id as `character(id:policy:)` reads it, except that a character stale
    /// inside the `stale-while-revalidate` window its server gave answers at once and is read
    /// again in the background (`CacheRepository.answerRevalidating`): the revalidation's answer
    /// is the second of the updates, and announced to `characterChanges()` observers as any
    /// network answer is. A kept edit shows in both answers. When the server answers that it does
    /// not exist, at once or in the background, it leaves every tier, announced as deleted.
    public func characterRevalidating(id: Int, policy: CachePolicy) async throws(RepositoryError)
        -> AnswerUpdates<ShowCharacter>
    {
        let updates = try await unlessGone(id, fallbackError: \.first.fallbackError) {
            () async throws(RepositoryError) in
            try await characters.answerRevalidating(.id(id), policy: policy, whenMainFails: Self.whenMainFails)
        }
        return updates.onFailure { [self] in await forgetIfGone($0, id: id) }.map { [self] answer in
            announce(answer, in: characterGraph)
            return overlaid(answer, id: id)
        }
    }

    /// One character by id, read as `policy` says, serving stale when main fails — except when
    /// the server answered that it does not exist: then it leaves every tier, announced to
    /// `characterChanges()` observers as deleted, and the read throws `.notFound`. A value from
    /// the network is announced to `characterChanges()` observers.
    public func character(id: Int, policy: CachePolicy) async throws(RepositoryError) -> Answer<ShowCharacter>
    {
        // The server says it is gone: no stale copy of it stays (another writer deleted it).
        let answer = try await unlessGone(id, fallbackError: \.fallbackError) {
            () async throws(RepositoryError) in
            try await characters.answer(.id(id), policy: policy, whenMainFails: Self.whenMainFails)
        }
        announce(answer, in: characterGraph)
        return overlaid(answer, id: id)
    }

    /// What `read` gives, unless the server answered that character `id` does not exist (thrown,
    /// or the error a stale copy was served with): then it is forgotten and that error thrown.
    private func unlessGone<Read>(
        _ id: Int, fallbackError: (Read) -> RepositoryError?, _ read: () async throws(RepositoryError) -> Read
    ) async throws(RepositoryError) -> Read {
        let result: Read
        do {
            result = try await read()
        } catch {
            await forgetIfGone(error, id: id)
            throw error
        }
        if let error = fallbackError(result), case .notFound = error {
            await forgetIfGone(error, id: id)
            throw error
        }
        return result
    }

    /// After the server answered that character `id` does not exist (`.notFound`; a policy here
    /// always asks it on a miss): no tier keeps it, and observers hear it was deleted.
    private func forgetIfGone(_ error: RepositoryError, id: Int) async {
        guard case .notFound = error else { return }
        try? await characterGraph.cache.remove(String(id), cause: .deleted)
    }

    /// Character `id` as this process shows it now, from the cache alone (never the network): its
    /// kept edit laid over the cached copy; nil when no tier holds it or a kept delete hides it.
    public func shownCharacter(id: Int) async -> ShowCharacter? {
        guard let entry = await characterGraph.cache.entity(String(id)) else { return nil }
        return overlaid(EntityChange(id: String(id), entry: entry, cause: .written)).entry?.value
    }

    /// `answer` with the kept writes laid over its characters at `path` (edits shown, deletes left
    /// out, their ids added to the provenance's pending ids); as read without kept writes.
    func overlaid<Value>(_ answer: Answer<Value>, characters path: WritableKeyPath<Value, [ShowCharacter]>)
        -> Answer<Value>
    {
        guard !hasNoPendingChanges else { return answer }
        var overlaid = answer
        overlaid.value[keyPath: path] = pendingChanges.applied(
            to: answer.value[keyPath: path], provenance: &overlaid.provenance)
        return overlaid
    }

    /// `answer` with the kept edit of character `id` applied, when there is one.
    private func overlaid(_ answer: Answer<ShowCharacter>, id: Int) -> Answer<ShowCharacter> {
        guard !hasNoPendingChanges, pendingChanges.edits[id] != nil, let shown = pendingChanges.applied(to: answer.value)
        else { return answer }
        var overlaid = answer
        overlaid.value = shown
        var provenance = answer.provenance ?? Provenance(counts: [answer.origin: 1])
        provenance.pendingIDs = [String(id)]
        overlaid.provenance = provenance
        return overlaid
    }

    /// The episodes with `ids`: the cached ones from the cache, the others (all with
    /// `remoteFirst`) in one multi-id request per 100 ids; stale when main fails. Ids the server
    /// does not return are in the answer's `provenance.missingIDs`.
    public func episodes(ids: [Int], policy: CachePolicy) async throws(RepositoryError) -> Answer<[Episode]> {
        try await episodeGraph.entities(
            ids: ids.map(String.init), policy: policy, whenMainFails: Self.whenMainFails, main: episodesMain)
    }
}
