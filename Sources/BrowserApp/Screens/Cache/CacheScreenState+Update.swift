import CharacterData
import Foundation
import RepositoryCore
import TerminalUI

extension CacheScreenState {
    /// Applies `input` with the screen drawn in `area`; returns what to ask the outside world for
    /// (in order). Never reads the clock: time comes in with `tick` and `answered`.
    public mutating func handle(_ input: CacheScreenInput, area: Rect) -> [CacheScreenRequest] {
        var requests: [CacheScreenRequest] = []
        switch input {
        case .show:
            if census.states == nil, !isCounting { requests.append(.count) }
        case .move(let delta): move(delta, area: area)
        case .first: move(-Int.max / 2, area: area)
        case .last: move(Int.max / 2, area: area)
        case .enter: requests += enter()
        case .back:
            if prompt != nil { prompt = nil } else { detail = nil }
        case .cycleSort: list.setSort(list.sort.next, rule: rule, now: now)
        case .toggleProblemsOnly: list.toggleProblemsOnly(rule: rule, now: now)
        case .setFilter(let text): list.setFilter(text, rule: rule, now: now)
        case .evictFromTier:
            if let key = subject { prompt = .evictTier(key) }
        case .evictEverywhere:
            if let key = subject { requests.append(.evict(key, tier: nil)) }
        case .revalidate:
            if let key = subject { requests.append(.revalidate(key)) }
        case .refetch:
            if let key = subject { requests.append(.refetch(key)) }
        case .purge: prompt = .purgeTier
        case .promptKey(let character): requests += answerPrompt(character)
        case .tick(let time):
            now = time
            list.reshow(rule: rule, now: now)
            if censusIsStale, !isCounting {
                censusIsStale = false
                requests.append(.count)
            }
        case .answered(let event, let time):
            now = max(now, time)
            timeline.record(event, at: time)
            for key in event.cacheKeys where list.holds(key) || detail?.entry.key == key {
                requests.append(.readEntry(key, value: detail?.entry.key == key))
            }
            censusIsStale = true
        case .result(let result): requests += apply(result)
        }
        list.scroll(height: listRows(in: area))
        if requests.contains(.count) { isCounting = true }
        return requests + readPageIfNeeded(area: area) + nameRowsInView(area: area)
    }

    /// The key the actions act on: the open entry's, else the selected row's.
    var subject: CacheEntryKey? { detail?.entry.key ?? list.selected?.key }

    /// The prompt's line: `evict character/id:1 from: m memory · d disk (Esc: cancel)`.
    public var promptText: String? {
        let choices = tierNames.map { "\(CacheRowText.badge($0).lowercased()) \($0)" }.joined(
            separator: " · ")
        switch prompt {
        case .evictTier(let key): return "evict \(key) from: \(choices)  (Esc: cancel)"
        case .purgeTier: return "purge which tier: \(choices)  (Esc: cancel)"
        case .confirmPurge(let tier): return "purge every entry of \(tier)? y/n"
        case nil: return nil
        }
    }

    private mutating func move(_ delta: Int, area: Rect) {
        if var open = detail {
            open.scroll(by: delta, total: entryLines.count, height: entryRows(in: area))
            detail = open
        } else {
            list.move(by: delta, height: listRows(in: area))
        }
    }

    private mutating func enter() -> [CacheScreenRequest] {
        if let detail {
            return isExplorable(detail.entry.key.kind) ? [.explore(detail.entry.key)] : []
        }
        guard let selected = list.selected else { return [] }
        detail = CacheEntryDetail(entry: selected)
        return [.readEntry(selected.key, value: true)]
    }

    private mutating func answerPrompt(_ character: Character) -> [CacheScreenRequest] {
        guard let asked = prompt else { return [] }
        prompt = nil
        let tier = tierNames.first { CacheRowText.badge($0).lowercased() == String(character).lowercased() }
        switch asked {
        case .evictTier(let key): return tier.map { [CacheScreenRequest.evict(key, tier: $0)] } ?? []
        case .purgeTier:
            if let tier { prompt = .confirmPurge(tier) }
            return []
        case .confirmPurge(let tier): return character == "y" || character == "Y" ? [.purge(tier: tier)] : []
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
                    : key.kind == "avatar"
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

/// Whether entries of `namespace` are entities the explorer opens.
func isExplorable(_ namespace: String) -> Bool { ["character", "episode", "location"].contains(namespace) }
