import ExplorerData
import ExplorerModel
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
        if window.reachedPages == 0 {
            wanted = [1]
        } else {
            let first = list.clamped(rowCount: shownCount, visibleRows: visibleRows).offset
            wanted = window.pageNumbers(ofRows: first..<(first + visibleRows))
            if let selected = window.pageNumber(ofRow: list.selected), !wanted.contains(selected) {
                wanted.append(selected)
            }
            if window.hasMorePages, list.selected >= window.rowCount - 1 { wanted.append(window.nextPageNumber) }
        }
        let missing = wanted.filter { window.page($0) == nil && loading[$0] == nil && window.hasPage($0) }
        return missing.flatMap { read($0, policy: .localFirst, context: context) }
    }

    /// Reads the pages in view again, `remoteFirst` (`r`).
    mutating func refresh(context: ScreenContext) -> [Effect<Message>] {
        failure = nil
        let first = list.clamped(rowCount: shownCount, visibleRows: visibleRows).offset
        let numbers = window.pageNumbers(ofRows: first..<(first + visibleRows))
        return (numbers.isEmpty ? [1] : numbers).flatMap { read($0, policy: .remoteFirst, context: context) }
    }

    /// Reads page `number` with `policy`. A page stale inside its server's stale-while-revalidate
    /// window answers at once; the background revalidation's answer comes after it, as a second
    /// `page` read.
    mutating func read(_ number: Int, policy: CachePolicy, context: ScreenContext) -> [Effect<Message>] {
        guard let resource, let explorer = context.services.explorer?.repository else { return [] }
        loading[number] = policy
        let search = search
        let query = search.map { ExplorerListQuery($0, resource: resource, profile: profile) }
        let clock = context.services.clock
        return [
            .stream(key: pageTaskKey(number)) { sink in
                await ExplorerRead.runUpdates(policy, clock: clock) { () async throws(ExplorerError) in
                    try await explorer.pageUpdates(
                        number, of: resource, search: query?.search, filters: query?.filters ?? [:], policy: policy)
                } deliver: {
                    sink.send(.page(number: number, search: search, $0))
                }
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
            // The entity a copy waited for: recorded as every read is, then copied as JSON (or why not).
            guard copying == address else { return [] }
            copying = nil
            guard let explorer = context.services.explorer?.repository else { return [] }
            context.record(explorer: "entity \(address.path)", read, metrics: explorer.metrics.snapshot())
            switch read.result {
            case .success(let answer):
                context.copy(CopySubject(explored: answer.value, repository: explorer), as: .json)
            case .failure(let error): context.toast("Not copied: \(error.description)", kind: .error)
            }
            return []
        case .page(let number, let search, let read):
            // A background revalidation's answer comes after its read ended.
            guard search == self.search, read.background || loading[number] == read.policy else { return [] }
            if !read.background { loading[number] = nil }
            let pairs = search.map { ExplorerListQuery($0, resource: resource, profile: profile).pairs }
            let searched = pairs.map { " (\($0.joined(separator: ", ")))" } ?? ""
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
                if window.reachedPages == 0 { failure = error.description }
                context.toast(error.description, kind: .error)
                return []
            }
        }
        return context.isOnTop ? readMissing(context: context) + readValuesInView(context: context) : []
    }

    /// Reads, in the background, the values of the rows in view whose values were not asked for
    /// yet — only when the profile gives columns or a title field, and only on top. The row shows
    /// its title at once; its cells fill in as its entity is read (whole entities from the cache,
    /// references read at most a few at a time).
    mutating func readValuesInView(context: ScreenContext) -> [Effect<Message>] {
        guard let profile, !profile.columns.isEmpty || profile.title != nil, context.isOnTop,
            let explorer = context.services.explorer?.repository
        else { return [] }
        let top = list.clamped(rowCount: shownCount, visibleRows: visibleRows).offset
        var wanted: [EntityAddress] = []
        for index in top..<max(top, min(shownCount, top + visibleRows)) {
            guard let row = shownRow(index), valuesAsked.insert(row.address).inserted else { continue }
            wanted.append(row.address)
        }
        guard !wanted.isEmpty else { return [] }
        valueBatches += 1
        let key = "explorer-values \(resource?.name ?? "") \(valueBatches)"
        valueKeys = Array((valueKeys + [key]).suffix(16))
        let addresses = wanted
        return [
            .stream(key: key) { sink in
                for await values in explorer.rowValues(of: addresses, profile: profile) { sink.send(.values(values)) }
            }
        ]
    }

    /// Stops the value reads in flight; the rows they left unanswered are asked for again later.
    mutating func cancelValueReads() -> [Effect<Message>] {
        let keys = valueKeys
        valueKeys = []
        valuesAsked = Set(rowValues.keys)
        return keys.map { .cancel(key: $0) }
    }

    /// The title row `row` shows: the profile's title field once its entity is read, else its own.
    func title(of row: ExplorerRow) -> String {
        if case .success(let cells)? = rowValues[row.address]?.outcome { return cells.title }
        return row.title
    }

    /// The task key of the read a copy of the selected row's JSON waits for.
    var copyTaskKey: String { "explorer-copy \(resource?.name ?? "")" }

    /// `y` and `Y` on the list: the selected row's URL at once; its entity's JSON once read
    /// (`localFirst`: a page of whole entities left them in the cache, a reference is read).
    mutating func copy(_ format: CopyFormat, context: inout ScreenContext) -> [Effect<Message>] {
        guard let row = shownRow(list.selected), let explorer = context.services.explorer?.repository else {
            context.toast("Nothing to copy here: no row is selected.", kind: .info)
            return []
        }
        guard format == .json else {
            context.copy(CopySubject(explored: row.address, title: title(of: row), repository: explorer), as: .url)
            return []
        }
        copying = row.address
        let address = row.address
        let clock = context.services.clock
        return [
            .task(key: copyTaskKey) {
                let read = await ExplorerRead.run(.localFirst, clock: clock) { () async throws(ExplorerError) in
                    try await explorer.entity(at: address, policy: .localFirst)
                }
                return .copyRead(address, read)
            }
        ]
    }

    /// Stops a copy's read in flight.
    mutating func cancelCopy() -> [Effect<Message>] {
        guard copying != nil else { return [] }
        copying = nil
        return [.cancel(key: copyTaskKey)]
    }
}
