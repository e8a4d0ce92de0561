import ExplorerData
import ExplorerModel
import RepositoryCore

/// An explored API's lists as the list screen reads them: pages through the session's
/// `ExplorerRepository` (laid out at once when the API says the list's count; reached in order
/// when paged by `next` alone), every page held (`/` without the API's search filters the rows read
/// so far), rows titled at once and the profile's columns read per row in the background; reads
/// timed on `clock`. Thread-safe: a value over a thread-safe repository.
struct ExploredLists: ListReading {
    let session: ExplorerSession
    let clock: any Clock<Duration>

    private var repository: ExplorerRepository { session.repository }
    private var profile: ExplorerProfile? { session.profile }
    var resources: [ExplorerResource] { session.resources }

    func look(of resource: ExplorerResource) -> ListLook {
        let profile = profile?.resource(resource.name)
        let searches = resource.searchParameter != nil || profile?.filters.isEmpty == false
        return ListLook(
            keyScope: .explorerList, prompt: searches ? .query : .local,
            columns: .profile(profile?.columns ?? []),
            kind: nil, profile: profile, residentLimit: .max)
    }

    func refusal(toShow index: Int) -> String? {
        resources.indices.contains(index) ? nil : "The API has no resource \(index + 1)."
    }

    func readPage(
        _ number: Int, of resource: ExplorerResource, filters: [String: String], policy: CachePolicy,
        deliver: @Sendable (ListPageRead) -> Void
    ) async {
        let repository = repository
        var rest = filters
        let search = resource.searchParameter.flatMap { rest.removeValue(forKey: $0) }
        let profile = profile?.resource(resource.name)
        await ExplorerRead.runUpdates(policy, clock: clock) { () async throws(ExplorerError) in
            try await repository.pageUpdates(
                number, of: resource, search: search, filters: rest, policy: policy)
        } deliver: { read in
            deliver(
                Self.pageRead(
                    read, number: number, of: resource, filters: filters, profile: profile,
                    metrics: repository.metrics.snapshot()))
        }
    }

    /// Page `number` of `resource`'s list under `filters` (`profile` names them), read as `read`
    /// says, as the list screen takes it, recorded with the explorer's counters `metrics`.
    static func pageRead(
        _ read: ExplorerRead<ExplorerListPage>, number: Int, of resource: ExplorerResource,
        filters: [String: String],
        profile: ResourceProfile?, metrics: MetricsSnapshot?
    ) -> ListPageRead {
        var rest = filters
        let search = resource.searchParameter.flatMap { rest.removeValue(forKey: $0) }
        let query = ExplorerListQuery(search: search, filters: rest, resource: resource, profile: profile)
        let searched = filters.isEmpty ? "" : " (\(query.pairs.joined(separator: ", ")))"
        let keys =
            (try? read.result.get()).map { [ExplorerRepository.cacheKey(ofPage: $0.value.page.url)] } ?? []
        let outcome = read.result.map { answer in
            let page = answer.value
            // (a list paged by `next` alone has as many pages as it takes to reach one without)
            return ListedPage(
                rows: page.rows.map {
                    ListedRow(address: $0.address, id: $0.address.lastSegment ?? "", title: $0.title)
                },
                totalPages: page.pageCount ?? (page.page.next == nil ? page.number : nil),
                totalCount: page.count,
                pageSize: page.pageCount == nil ? nil : page.pageSize)
        }
        var listed = ListPageRead(
            number: number, policy: read.policy,
            outcome: outcome.mapError { ListReadFailure(sentence: $0.description) },
            answer: read.answer(
                query: "\(resource.name) page \(number)\(searched)", metrics: metrics, keys: keys))
        listed.background = read.background
        return listed
    }

    func detail(of row: ListedRow, in resource: ExplorerResource) -> (any ScreenModel)? {
        ExplorerDetailScreen(target: .address(row.address), knownTitle: row.title)
    }

    func detail(id: String, in resource: ExplorerResource) -> (any ScreenModel)? {
        ExplorerDetailScreen(target: .id(id, of: resource), knownTitle: id)
    }

    func copyRead(_ row: ListedRow, in resource: ExplorerResource) async -> (
        Result<CopySubject, ListReadFailure>, AppliedAnswer?
    ) {
        let repository = repository
        let read = await ExplorerRead.run(.localFirst, clock: clock) { () async throws(ExplorerError) in
            try await repository.entity(at: row.address, policy: .localFirst)
        }
        return Self.copied(read, at: row.address, repository: repository)
    }

    /// What a copy of the entity at `address`, read as `read` says, copies (or why nothing), and the
    /// read as it is recorded.
    static func copied(
        _ read: ExplorerRead<ExplorerEntity>, at address: EntityAddress, repository: ExplorerRepository
    )
        -> (Result<CopySubject, ListReadFailure>, AppliedAnswer?)
    {
        let answer = read.answer(query: "entity \(address.path)", metrics: repository.metrics.snapshot())
        let outcome = read.result.map { CopySubject(explored: $0.value, repository: repository) }
        return (outcome.mapError { ListReadFailure(sentence: $0.description) }, answer)
    }

    func urlCopy(of row: ListedRow, title: String) -> CopySubject {
        CopySubject(explored: row.address, title: title, repository: repository)
    }

    func rowValues(of addresses: [EntityAddress], profile: ResourceProfile) -> AsyncStream<RowValues>? {
        repository.rowValues(of: addresses, profile: profile)
    }
}
