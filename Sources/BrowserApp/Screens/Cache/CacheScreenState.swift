import CharacterData
import Foundation
import RepositoryCore
import TerminalUI

/// Everything the Cache screen holds, and the time it was last drawn at (the clock is the
/// caller's: TTLs count down as `now` moves). A plain value; `open`, `perform`, `receive` and
/// `answered` change it and return what to ask the outside world for, `render` draws it.
package struct CacheScreenState: Sendable, Equatable {
    package var list: CacheListState
    package var census = CacheCensus()
    /// The tiers, top first (memory, disk, shared, file: those that are on).
    var tiers: [CacheTier]
    /// The API whose entries the screen shows (`APIIdentity.id`), if the tiers are scoped to one.
    var api: String?
    /// Rows the shared tier refused since the run started (their signature failed); nil until read.
    var sharedRefusals: Int?
    var rule: CacheFreshnessRule
    var timeline = CacheTimeline()
    /// The app's pulses, as of the last input.
    var pulses = CachePulses() { didSet { laidOut.forget() } }
    /// Where the screen draws, as `layOut` built it for the pulses and area of now.
    var laidOut = LaidOut<Rect, CacheScreenGeometry>()
    var detail: CacheEntryDetail?
    /// The last page read that failed, as its sentence (shown in the header until the next read).
    var lastFailure: String?
    /// Whether an answer or an action changed the cache since the census was counted.
    var censusIsStale = false
    var isCounting = false
    /// The keys of the rows a naming is in flight for.
    var naming: Set<CacheEntryKey> = []
    var now: Date

    package init(
        tiers: [CacheTier], rule: CacheFreshnessRule, now: Date, list: CacheListState = CacheListState()
    ) {
        self.tiers = tiers
        self.rule = rule
        self.now = now
        self.list = list
    }

    /// What `y` and `Y` copy: the entry opened, its value as read (nil before).
    var openedSubject: CopySubject? {
        guard let detail, let json = detail.json else { return nil }
        return CopySubject(label: detail.entry.title, json: json)
    }

    /// Builds where the screen draws in `area`, once per change of the pulses or the area; `geometry`
    /// reads it (or builds one when there is none for `area`).
    mutating func layOut(in area: Rect) {
        laidOut.layOut(for: area) { CacheScreenGeometry(area: area, pulseSources: pulses.sources.count) }
    }

    func geometry(in area: Rect) -> CacheScreenGeometry {
        laidOut.geometry(for: area) { CacheScreenGeometry(area: area, pulseSources: pulses.sources.count) }
    }

    /// The row the screen's questions are drawn on: the last of the list's body, or of the entry page.
    func questionRow(in area: Rect) -> Rect {
        (detail == nil ? geometry(in: area).listBody : BorderBox.interior(of: area).inset(left: 1, right: 1))
            .bottom(1)
    }

    package func listRows(in area: Rect) -> Int { geometry(in: area).listBody.height }

    var entryLines: [Line] { detail?.lines(tiers: tiers, timeline: timeline, rule: rule, now: now) ?? [] }

    /// `rows 1–200+ read` (a window in key order), `first 1000 of 100000 by age` (a scan's), with
    /// `· reading` or `· sorting the whole cache` while a read or a scan is in flight.
    var position: String {
        let held = list.heldCount
        let first = list.firstPage * list.pageSize
        var text =
            if let total = list.scannedTotal, list.scannedOrder == list.sort {
                "first \(held) of \(total) by \(list.sort.rawValue)"
            } else if list.scannedTotal != nil {
                "\(held) rows held"
            } else if held == 0 {
                "no rows read"
            } else {
                "rows \(first + 1)–\(first + held)\(list.reachedEnd ? "" : "+") read"
            }
        if list.reading != nil { text += " · reading" }
        if list.scanning { text += " · sorting the whole cache" }
        if let lastFailure { text += " · \(lastFailure)" }
        return text
    }

    /// Draws the entry page when one is open, else the list above the pulses.
    package func render(
        in area: Rect, buffer: inout CellBuffer, notes: [String] = [],
        revalidating: RevalidatingEntries = RevalidatingEntries()
    ) {
        if let detail {
            BorderBox.render(titled: "Cache entry", in: area, buffer: &buffer) { _ in
                Array(entryLines.dropFirst(detail.scroll))
            }
            return
        }
        let geometry = geometry(in: area)
        let rows = Array(list.rowsInView(height: geometry.listBody.height))
        let selected = list.selection - list.top
        CacheListPane(
            census: census, tiers: tiers, api: api, rows: rows,
            selected: rows.indices.contains(selected) ? selected : nil,
            sort: list.sort, filter: list.filter, problemsOnly: list.problemsOnly, position: position,
            rule: rule, now: now, notes: notes,
            revalidating: Set(rows.map(\.key).filter(revalidating.contains))
        ).render(in: geometry.list, buffer: &buffer)
        if !geometry.pulses.isEmpty {
            pulses.renderPane(at: now, in: geometry.pulses, buffer: &buffer)
        }
    }

    /// Counts the census when it was never counted.
    mutating func open(area: Rect) -> [CacheScreenRequest] {
        finish(census.states == nil && !isCounting ? [.count] : [], area: area)
    }

    /// Carries out a key's `action` with the screen drawn in `area`.
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
            let body = geometry(in: area).listBody
            guard detail == nil, body.contains(column: column, row: row),
                let index = list.cursor.row(
                    atLine: row - body.y, rowCount: list.shown.count, visibleRows: body.height)
            else { break }
            move(index - list.selection, area: area)
            if opens { requests = enter() }
        case .scroll(let rows, _, _): move(rows, area: area, viewOnly: true)
        default: break
        }
        return finish(requests, area: area)
    }

    /// Takes a message of the screen's effects. Never reads the clock: time comes with the messages.
    mutating func receive(_ message: CacheScreenMessage, area: Rect) -> [CacheScreenRequest] {
        var requests: [CacheScreenRequest] = []
        switch message {
        case .second(let time): requests = advance(to: time)
        case .sharedRefusals(let count):
            sharedRefusals = count
            return []
        case .result(let result, let time):
            requests = (time.map { advance(to: max($0, now)) } ?? []) + apply(result)
        case .answered(let asked, let letter): requests = answer(asked, with: letter)
        case .filtered(let text): list.setFilter(text, rule: rule, now: now)
        }
        return finish(requests, area: area)
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

    /// Keeps the selection in view and adds the reads the window needs to `requests` (none while an
    /// entry is open).
    private mutating func finish(_ requests: [CacheScreenRequest], area: Rect) -> [CacheScreenRequest] {
        list.scroll(height: listRows(in: area))
        if requests.contains(.count) { isCounting = true }
        guard detail == nil else { return requests }
        return requests + readPageIfNeeded(area: area) + nameRowsInView(area: area)
    }

    /// The key the actions act on: the open entry's, else the selected row's.
    var subject: CacheEntryKey? { detail?.entry.key ?? list.selected?.key }

    /// Scrolls the entry page, else moves the list's selection (with `viewOnly`, its view: the wheel).
    private mutating func move(_ delta: Int, area: Rect, viewOnly: Bool = false) {
        if var open = detail {
            open.scroll(by: delta, total: entryLines.count, height: geometry(in: area).entryRows)
            detail = open
        } else {
            list.move(by: delta, height: listRows(in: area), viewOnly: viewOnly)
        }
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
            if case .success(let json?)? = value {
                open.value = json.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                open.json = json
                open.valueFailure = nil
                timeline.noteValue(json, of: key, at: now)
            } else if let value {
                open.value = nil
                open.valueFailure =
                    switch value {
                    case .failure(let error): error.description
                    case .success where entry == nil: "no longer cached"
                    case .success where key.kind == CacheEntryKey.avatarKind:
                        "an image: its bytes are not shown as text"
                    case .success: "no tier holds a readable copy"
                    }
            }
            detail = open
        case .acted(_, let key, let kind, _):
            censusIsStale = true
            if let event = result.actionEvent { timeline.record(event, at: now) }
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
        let rows = list.rowsInView(height: listRows(in: area)).filter {
            !$0.isNamed && !naming.contains($0.key)
        }
        guard !rows.isEmpty else { return [] }
        naming.formUnion(rows.map(\.key))
        return [.name(rows.map(\.row))]
    }
}

/// Where the Cache screen draws in its area: the list's pane and its body (what a click selects
/// in, its height what moves scroll by) above the pulses' pane (empty on a short screen), and the
/// entry page's lines in view. Built once per change of the pulses or the area (`layOut`), read by
/// `update` and `render`. A plain value.
struct CacheScreenGeometry: Sendable, Equatable {
    let list: Rect
    let pulses: Rect
    let listBody: Rect
    let entryRows: Int

    init(area: Rect, pulseSources sources: Int) {
        let pulsesHeight = area.height >= 24 ? min(area.height / 3, 4 + max(1, sources)) : 0
        list = area.top(area.height - pulsesHeight)
        pulses = area.bottom(pulsesHeight)
        listBody = CacheListPane.body(of: list)
        entryRows = BorderBox.interior(of: area).height
    }
}
