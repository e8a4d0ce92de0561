import ExplorerData
import RepositoryCore
import TerminalUI

extension ExplorerListScreen {
    /// The task key of page `number`'s read (one per resource, search and page).
    func pageTaskKey(_ number: Int) -> String {
        "explorer-page \(resource?.name ?? "") \(search ?? "") \(number)"
    }

    /// Reads, `localFirst`, the pages the view shows that are neither read nor being read (the
    /// first page until its size is known; the next one when the selection is on the last row
    /// and more may follow). Nothing while a local filter narrows the rows read.
    mutating func readMissing(context: ScreenContext) -> [Effect<Message>] {
        guard localFilter == nil, failure == nil else { return [] }
        var wanted: [Int] = []
        if window.pageSize == nil {
            wanted = [1]
        } else {
            let first = list.clamped(rowCount: shownCount, visibleRows: visibleRows).offset
            let last = max(first, min(first + visibleRows, max(1, shownCount)) - 1)
            let selected = window.pageNumber(ofRow: list.selected)
            wanted = Array(window.pageNumber(ofRow: first)...window.pageNumber(ofRow: last))
            if !wanted.contains(selected) { wanted.append(selected) }
            if window.mayHaveMore, list.selected >= window.rowCount - 1 {
                wanted.append(window.pageNumber(ofRow: window.rowCount))
            }
        }
        let missing = wanted.filter { window.pages[$0] == nil && loading[$0] == nil && window.hasPage($0) }
        return missing.flatMap { read($0, policy: .localFirst, context: context) }
    }

    /// Reads the pages in view again, `remoteFirst` (`r`).
    mutating func refresh(context: ScreenContext) -> [Effect<Message>] {
        failure = nil
        let first = list.clamped(rowCount: shownCount, visibleRows: visibleRows).offset
        let last = max(first, first + visibleRows - 1)
        let numbers = (window.pageNumber(ofRow: first)...window.pageNumber(ofRow: last)).filter(window.hasPage)
        return (numbers.isEmpty ? [1] : numbers).flatMap { read($0, policy: .remoteFirst, context: context) }
    }

    /// Reads page `number` with `policy`. A page stale inside its server's stale-while-revalidate
    /// window answers at once; the background revalidation's answer comes after it, as a second
    /// `page` read.
    mutating func read(_ number: Int, policy: CachePolicy, context: ScreenContext) -> [Effect<Message>] {
        guard let resource, let explorer = context.services.explorer?.repository else { return [] }
        loading[number] = policy
        let search = search
        let clock = context.services.clock
        return [
            .stream(key: pageTaskKey(number)) { sink in
                let (read, background) = await ExplorerRead.runUpdates(policy, clock: clock) {
                    () async throws(ExplorerError) in
                    try await explorer.pageUpdates(number, of: resource, search: search, policy: policy)
                }
                sink.send(.page(number: number, search: search, read))
                guard let background, !Task.isCancelled else { return }
                sink.send(.page(number: number, search: search, await background()))
            }
        ]
    }

    /// Stops every page read in flight.
    mutating func cancelReads() -> [Effect<Message>] {
        let keys = loading.keys.map(pageTaskKey)
        loading = [:]
        return keys.map { .cancel(key: $0) }
    }

    /// Takes a page read, when it is of the list shown and in flight; then reads what the view
    /// still misses.
    mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        switch message {
        case .filtered(let text): return filter(text, context: &context)
        case .values(let values):
            rowValues[values.address] = values
            return []
        case .copyRead(let address, let read):
            receiveCopy(address, read, context: &context)
            return []
        case .page(let number, let search, let read):
            // A background revalidation's answer comes after its read ended.
            guard search == self.search, read.background || loading[number] == read.policy else { return [] }
            if !read.background { loading[number] = nil }
            let searched = search.map { " (\(resource?.searchParameter ?? "search")=\($0))" } ?? ""
            let keys = (try? read.result.get()).map { [ExplorerRepository.cacheKey(ofPage: $0.value.page.url)] } ?? []
            context.record(
                explorer: "\(crumb) page \(number)\(searched)", read,
                metrics: context.services.explorer?.repository.metrics.snapshot(), keys: keys)
            // (a refresh in flight answers newer; a failed revalidation leaves the stale page shown)
            if read.background, loading[number] == .remoteFirst || keys.isEmpty { return [] }
            switch read.result {
            case .success(let answer):
                window.take(answer.value)
                failure = nil
                list.select(list.selected, rowCount: shownCount, visibleRows: visibleRows)
            case .failure(let error):
                if window.pages.isEmpty { failure = error.description }
                context.toast(error.description, kind: .error)
                return []
            }
        }
        return context.isOnTop ? readMissing(context: context) + readValuesInView(context: context) : []
    }
}
