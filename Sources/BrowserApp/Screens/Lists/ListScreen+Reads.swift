import ExplorerData
import ExplorerModel
import RepositoryCore
import TerminalUI

extension ListScreen {
    /// The task key of page `number`'s navigation read (the list's reads are cancelled when its
    /// filter or resource changes: one key a page serves).
    func pageTaskKey(_ number: Int) -> String { "page-\(number)" }

    /// The task key of a refresh's reads.
    var refreshTaskKey: String { "refresh" }

    /// Reads, `localFirst`, the pages the view shows that are neither held nor being read (the
    /// first page until the list's size is known; the next one when the selection is on the last
    /// row reached or the rows do not fill the view). Nothing while a local filter narrows the
    /// rows read, or after the list could not be read at all (until `r`).
    mutating func readMissing(context: ScreenContext) -> [Effect<Message>] {
        guard list.localFilter == nil, list.failure == nil, resource != nil else { return [] }
        var wanted: [Int] = []
        if list.reachedPages == 0 {
            wanted = [1]
        } else {
            let view = list.rowsInView(visibleRows: visibleRows)
            wanted = list.missingPages(ofRows: view)
            if let selected = list.pageNumber(ofRow: list.selection.selected), !list.holds(page: selected) {
                wanted.append(selected)
            }
            let atEnd = list.selection.selected >= list.rowCount - 1
            let underfilled = list.rowCount < view.lowerBound + visibleRows
            if list.hasMorePages, atEnd || underfilled { wanted.append(list.nextPageNumber) }
        }
        var missing: [Int] = []
        for number in wanted where !missing.contains(number) && list.loading[number] == nil {
            if !list.holds(page: number), list.hasPage(number) { missing.append(number) }
        }
        return missing.sorted().flatMap { read($0, policy: .localFirst, context: context) }
    }

    /// `r`: reads the pages in view again, `remoteFirst`, one after the other in one task (so their
    /// answers arrive in page order), in place of any navigation read of the same pages.
    mutating func refresh(context: ScreenContext) -> [Effect<Message>] {
        guard let resource else { return [] }
        list.failure = nil
        let inView =
            list.localFilter == nil ? list.pageNumbers(ofRows: list.rowsInView(visibleRows: visibleRows)) : []
        let numbers = inView.isEmpty ? [1] : inView
        let replaced = numbers.filter { list.loading[$0] == .localFirst }
        for number in numbers { list.loading[number] = .remoteFirst }
        let reader = context.services.listReader
        let (filters, generation, name) = (list.filter, list.generation, resource.name)
        let refresh = Effect<Message>.stream(key: refreshTaskKey) { sink in
            for number in numbers {
                if Task.isCancelled { return }
                await reader.readPage(number, of: resource, filters: filters, policy: .remoteFirst) {
                    sink.send(.page(resource: name, generation: generation, $0))
                }
            }
        }
        return replaced.map { .cancel(key: pageTaskKey($0)) } + [refresh]
    }

    /// Reads page `number` with `policy`. A page stale inside its server's stale-while-revalidate
    /// window answers at once; the background revalidation's answer comes after it.
    mutating func read(_ number: Int, policy: CachePolicy, context: ScreenContext) -> [Effect<Message>] {
        guard let resource, list.loading[number] == nil else { return [] }
        list.loading[number] = policy
        let reader = context.services.listReader
        let (filters, generation, name) = (list.filter, list.generation, resource.name)
        return [
            .stream(key: pageTaskKey(number)) { sink in
                await reader.readPage(number, of: resource, filters: filters, policy: policy) {
                    sink.send(.page(resource: name, generation: generation, $0))
                }
            }
        ]
    }

    /// Stops every page read in flight.
    mutating func cancelReads() -> [Effect<Message>] {
        let pages = list.loading.filter { $0.value == .localFirst }.keys.sorted().map {
            Effect<Message>.cancel(key: pageTaskKey($0))
        }
        let refresh =
            list.loading.values.contains(.remoteFirst) ? [Effect<Message>.cancel(key: refreshTaskKey)] : []
        list.loading = [:]
        return pages + refresh
    }

    mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        switch message {
        case .filtered(let text): return filter(text, context: &context)
        case .values(let values):
            list.rowValues[values.address] = values
            return []
        case .copied(let address, let outcome, let answer):
            // The entity a copy waited for: recorded as every read is, then copied (or why not).
            guard copying == address else { return [] }
            copying = nil
            if let answer { context.record(answer) }
            switch outcome {
            case .success(let subject): context.copy(subject, as: .json)
            case .failure(let refusal): context.toast("Not copied: \(refusal.sentence)", kind: .error)
            }
            return []
        case .page(let name, let generation, let read):
            guard name == resource?.name, generation == list.generation else { return [] }
            return take(read, context: &context)
        }
    }

    /// Takes a page read of the list shown: records it, stores the page, carries a pending advance
    /// on, looks for the sought row, and reads on what the view still misses. A background
    /// revalidation's page replaces the page held while no other read of it is in flight (a
    /// refresh's is newer); a failed one leaves the stale page shown.
    private mutating func take(_ read: ListPageRead, context: inout ScreenContext) -> [Effect<Message>] {
        let number = read.number
        if read.background {
            context.record(read.answer)
            if case .success(let page) = read.outcome, list.loading[number] == nil, list.holds(page: number) {
                list.apply(page, number: number)
            }
            return []
        }
        guard list.loading[number] == read.policy else { return [] }
        list.loading[number] = nil
        context.record(read.answer)
        switch read.outcome {
        case .success(let page):
            let wasNext = number == list.nextPageNumber
            guard list.apply(page, number: number) else { return [] }
            list.failure = nil
            if read.answer.event.error != nil { list.answeredInPlace.insert(number) }
            if wasNext, list.pendingAdvance > 0 {
                list.selection.move(
                    by: list.pendingAdvance, rowCount: list.shownCount, visibleRows: visibleRows)
                list.pendingAdvance = 0
            } else {
                list.selection.clamp(rowCount: list.shownCount, visibleRows: visibleRows)
                if list.restoreSelection(visibleRows: visibleRows, searchPages: Self.restoreSearchPages) {
                    return self.read(list.nextPageNumber, policy: .localFirst, context: context)
                }
            }
        case .failure(let failure):
            list.pendingAdvance = 0
            if list.reachedPages == 0 { list.failure = failure.sentence }
            context.toast(failure.sentence, kind: .error)
            return []
        }
        return context.isOnTop ? readMissing(context: context) + readValuesInView(context: context) : []
    }

    /// Reads, in the background, the values of the rows in view whose values were not asked for
    /// yet — only when the profile gives columns or a title field, and only on top. The row shows
    /// its title at once; its cells fill in as its entity is read (whole entities from the cache,
    /// references read at most a few at a time).
    mutating func readValuesInView(context: ScreenContext) -> [Effect<Message>] {
        guard look.readsValues, context.isOnTop, let profile = look.profile else { return [] }
        var wanted: [EntityAddress] = []
        for index in list.rowsInView(visibleRows: visibleRows) {
            guard let row = list.row(at: index), valuesAsked.insert(row.address).inserted else { continue }
            wanted.append(row.address)
        }
        guard !wanted.isEmpty,
            let values = context.services.listReader.rowValues(of: wanted, profile: profile)
        else { return [] }
        valueBatches += 1
        let key = "values-\(valueBatches)"
        valueKeys = Array((valueKeys + [key]).suffix(16))
        return [
            .stream(key: key) { sink in
                for await value in values { sink.send(.values(value)) }
            }
        ]
    }

    /// Stops the value reads in flight; the rows they left unanswered are asked for again later.
    mutating func cancelValueReads() -> [Effect<Message>] {
        let keys = valueKeys
        valueKeys = []
        valuesAsked = Set(list.rowValues.keys)
        return keys.map { .cancel(key: $0) }
    }

    /// The title row `row` shows: the profile's title field once its entity is read, else its own.
    func title(of row: ListedRow) -> String {
        if case .success(let cells)? = list.rowValues[row.address]?.outcome { return cells.title }
        return row.title
    }

    /// The task key of the read a copy of the selected row's JSON waits for.
    var copyTaskKey: String { "copy" }

    /// `y` and `Y` on the list: the selected row's URL at once; its entity's JSON once read
    /// (`localFirst`: a page of whole entities left them in the cache, a reference is read).
    mutating func copy(_ format: CopyFormat, context: inout ScreenContext) -> [Effect<Message>] {
        guard let row = list.selectedRow, let resource else {
            context.toast("Nothing to copy here: no row is selected.", kind: .info)
            return []
        }
        let reader = context.services.listReader
        guard format == .json else {
            context.copy(reader.urlCopy(of: row, title: title(of: row)), as: .url)
            return []
        }
        copying = row.address
        let address = row.address
        return [
            .task(key: copyTaskKey) {
                let (outcome, answer) = await reader.copyRead(row, in: resource)
                return .copied(address, outcome, answer)
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
