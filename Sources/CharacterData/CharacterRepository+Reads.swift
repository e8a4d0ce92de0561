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
    /// A page that did not come from memory also stores each character on it: in memory always,
    /// and on disk too when the page came from the network (not in the shared tier: each
    /// character there would be announced to every process).
    public func page(_ number: Int, filter: CharacterFilter = .init(), policy: CachePolicy)
        async throws(RepositoryError) -> Answer<CharacterPage>
    {
        let answer = try await pages.answer(
            filter.pageQuery(number), policy: policy, whenMainFails: Self.whenMainFails)
        if answer.origin != .memory {
            await storeCharacters(of: answer)
        }
        return answer
    }

    /// One character by id, read as `policy` says, serving stale when main fails.
    public func character(id: Int, policy: CachePolicy) async throws(RepositoryError) -> Answer<ShowCharacter>
    {
        try await characters.answer(.id(id), policy: policy, whenMainFails: Self.whenMainFails)
    }

    /// The episodes with `ids`, fetched in one multi-id request when they are not cached;
    /// stale when main fails.
    public func episodes(ids: [Int], policy: CachePolicy) async throws(RepositoryError) -> Answer<[Episode]> {
        try await episodeLists.answer(.ids(ids), policy: policy, whenMainFails: Self.whenMainFails)
    }

    /// Copies a page's characters into the character cache, keeping the page's metadata.
    /// A failure here only costs a later cache miss, so it is not reported to the caller.
    func storeCharacters(of answer: Answer<CharacterPage>) async {
        let fromNetwork = [.network, .revalidated, .shared].contains(answer.origin)
        let entries = answer.value.results.map { character in
            (
                query: Query.id(character.id),
                entry: Entry(value: character, metadata: answer.metadata, origin: .memory)
            )
        }
        if fromNetwork {
            try? await characters.cache.lower.upper.put(contentsOf: entries)
        }
        for (query, entry) in entries {
            _ = try? await characters.cache.upper.put(entry, for: query)
        }
    }
}
