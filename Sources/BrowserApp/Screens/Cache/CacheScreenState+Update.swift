import CharacterData
import Foundation
import RepositoryCore
import TerminalUI

extension CacheScreenState {
    /// The screen comes on top: counts the census when it was never counted.
    mutating func open(area: Rect) -> [CacheScreenRequest] {
        finish(census.states == nil && !isCounting ? [.count] : [], area: area)
    }

    /// Carries out a key's `action` with the screen drawn in `area`. Returns what to ask the
    /// outside world for, in order.
    mutating func perform(_ action: BrowserAction, area: Rect) -> [CacheScreenRequest] {
        var requests: [CacheScreenRequest] = []
        let page = max(1, listRows(in: area) - 1)
        switch action {
        case .moveDown: move(1, area: area)
        case .moveUp: move(-1, area: area)
        case .pageDown: move(page, area: area)
        case .pageUp: move(-page, area: area)
        case .first: move(-Int.max / 2, area: area)
        case .last: move(Int.max / 2, area: area)
        case .open: requests = enter()
        case .back: detail = nil
        case .refresh: requests = subject.map { [.refetch($0)] } ?? []
        case .cache(.cycleSort): list.setSort(list.sort.next, rule: rule, now: now)
        case .cache(.toggleProblemsOnly): list.toggleProblemsOnly(rule: rule, now: now)
        case .cache(.evictFromTier): requests = subject.map { [.ask(.evictTier($0))] } ?? []
        case .cache(.evictEverywhere): requests = subject.map { [.evict($0, tier: nil)] } ?? []
        case .cache(.revalidate): requests = subject.map { [.revalidate($0)] } ?? []
        case .cache(.purge): requests = [.ask(.purgeTier)]
        case .click(let column, let row, let opens):
            guard detail == nil, let index = rowIndex(atColumn: column, row: row, area: area) else { break }
            move(index - list.selection, area: area)
            if opens { requests = enter() }
        case .scroll(let rows, _, _):
            if detail == nil {
                list.scrollView(by: rows, height: listRows(in: area))
            } else {
                move(rows, area: area)
            }
        default: break
        }
        return finish(requests, area: area)
    }

    /// Takes a message of the screen's effects: a request's result (and the time it came at), a
    /// second passed, or an answer. Never reads the clock: time comes in with the messages.
    mutating func receive(_ message: CacheScreenMessage, area: Rect) -> [CacheScreenRequest] {
        switch message {
        case .second(let time):
            return finish(advance(to: time), area: area)
        case .sharedRefusals(let count):
            sharedRefusals = count
            return []
        case .result(let result, let time):
            let advanced = time.map { advance(to: max($0, now)) } ?? []
            return finish(advanced + apply(result), area: area)
        case .answered(let asked, let letter):
            return finish(answer(asked, with: letter), area: area)
        case .filtered(let text):
            list.setFilter(text, rule: rule, now: now)
            return finish([], area: area)
        }
    }

    /// The app applied `event` at `time`: the timeline takes it, and the rows it read are read again.
    mutating func answered(_ event: AnswerEvent, at time: Date, area: Rect) -> [CacheScreenRequest] {
        now = max(now, time)
        timeline.record(event, at: time)
        censusIsStale = true
        let keys = event.cacheKeys.filter { list.holds($0) || detail?.entry.key == $0 }
        return finish(keys.map { .readEntry($0, value: detail?.entry.key == $0) }, area: area)
    }

    /// The time moved: TTLs count down, states change, the census is counted again when stale.
    private mutating func advance(to time: Date) -> [CacheScreenRequest] {
        now = time
        list.reshow(rule: rule, now: now)
        guard censusIsStale, !isCounting else { return [] }
        censusIsStale = false
        return [.count]
    }

    /// Keeps the selection in view and adds the reads the window needs to `requests`.
    private mutating func finish(_ requests: [CacheScreenRequest], area: Rect) -> [CacheScreenRequest] {
        list.scroll(height: listRows(in: area))
        if requests.contains(.count) { isCounting = true }
        return requests + readPageIfNeeded(area: area) + nameRowsInView(area: area)
    }

    /// The key the actions act on: the open entry's, else the selected row's.
    var subject: CacheEntryKey? { detail?.entry.key ?? list.selected?.key }

    private mutating func move(_ delta: Int, area: Rect) {
        if var open = detail {
            open.scroll(by: delta, total: entryLines.count, height: entryRows(in: area))
            detail = open
        } else {
            list.move(by: delta, height: listRows(in: area))
        }
    }

    /// The index (in the rows shown) of the row drawn over the cell, or nil when none is there.
    private func rowIndex(atColumn column: Int, row: Int, area: Rect) -> Int? {
        let body = geometry(in: area).listBody
        guard body.contains(column: column, row: row) else { return nil }
        let index = list.top + row - body.y
        return index < list.shown.count ? index : nil
    }

    private mutating func enter() -> [CacheScreenRequest] {
        if let detail {
            return detail.entry.entity == nil ? [] : [.explore(detail.entry.key)]
        }
        guard let selected = list.selected else { return [] }
        detail = CacheEntryDetail(entry: selected)
        return [.readEntry(selected.key, value: true)]
    }

    /// What the answer `letter` to `asked` leads to: an eviction, the purge's y/n, a purge.
    private func answer(_ asked: CacheQuestion, with letter: String) -> [CacheScreenRequest] {
        let tier = tiers.first { $0.badge.lowercased() == letter }
        switch asked {
        case .evictTier(let key): return tier.map { [.evict(key, tier: $0)] } ?? []
        case .purgeTier: return tier.map { [.ask(.confirmPurge($0))] } ?? []
        case .confirmPurge(let tier): return letter == "y" ? [.purge(tier: tier)] : []
        }
    }

    private mutating func apply(_ result: CacheScreenResult) -> [CacheScreenRequest] {
        switch result {
        case .pageRead(let page, let entries, let next, let leftOut):
            list.apply(page: page, entries: entries, next: next, rule: rule, now: now)
            lastFailure = leftOut.isEmpty ? nil : "left out: " + leftOut.joined(separator: "; ")
        case .scanned(let order, let entries, let total):
            list.applyScan(order, entries: entries, total: total, rule: rule, now: now)
        case .scanFailed(let order, let why):
            list.scanFailed(order)
            lastFailure = why
        case .named(let entries):
            naming.subtract(entries.map(\.key))
            list.name(entries, rule: rule, now: now)
        case .pageFailed(let page, let why):
            list.readFailed(page)
            lastFailure = why
        case .counted(let counted):
            census = counted
            isCounting = false
        case .entryRead(let key, let entry, let value):
            list.replace(key, with: entry, rule: rule, now: now)
            guard var open = detail, open.entry.key == key else { return [] }
            if let entry { open.entry = entry }
            switch value {
            case .success(let json?)?:
                open.value = json.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                open.json = json
                open.valueFailure = nil
                timeline.noteValue(json, of: key, at: now)
            case .success(nil)?:
                open.value = nil
                open.valueFailure =
                    entry == nil
                    ? "no longer cached"
                    : key.kind == CacheEntryKey.avatarKind
                        ? "an image: its bytes are not shown as text" : "no tier holds a readable copy"
            case .failure(let failure)?:
                open.value = nil
                open.valueFailure = failure.description
            case nil: break
            }
            detail = open
        case .acted(_, let key, let kind, _):
            censusIsStale = true
            if let key, let event = result.actionEvent { timeline.record(event, at: now, keys: [key]) }
            if kind == .purge {
                list.reload()
                return [.count]
            }
            if let key { return [.readEntry(key, value: detail?.entry.key == key)] }
        }
        return []
    }

    /// Reads the page the window needs, naming as many of its rows as the list shows at once.
    private mutating func readPageIfNeeded(area: Rect) -> [CacheScreenRequest] {
        guard detail == nil else { return [] }
        if let order = list.scanToRun {
            list.startScanning()
            return [.scanSorted(order, limit: list.scanLimit)]
        }
        guard let read = list.pageToRead else { return [] }
        list.startReading(read.page)
        return [
            .readPage(page: read.page, after: read.after, limit: list.pageSize, naming: listRows(in: area))
        ]
    }

    /// Names the rows in view that are not named yet and not being named.
    private mutating func nameRowsInView(area: Rect) -> [CacheScreenRequest] {
        guard detail == nil else { return [] }
        let rows = list.rowsInView(height: listRows(in: area)).filter {
            !$0.isNamed && !naming.contains($0.key)
        }
        guard !rows.isEmpty else { return [] }
        naming.formUnion(rows.map(\.key))
        return [.name(rows.map(\.row))]
    }
}
