import CharacterData
import Foundation
import RepositoryCore
import TerminalUI

/// Everything the Cache screen holds: its list window, the census header, the tiers' names, the
/// freshness rule, the session's timeline and pulses, the entry opened (if any), and the time it
/// was last drawn at (the clock is the caller's: TTLs count down as `now`
/// moves). A plain value; `update` owns it and `render` draws it.
package struct CacheScreenState: Sendable, Equatable {
    /// The rows window, sort, filter, toggle and selection.
    package var list: CacheListState
    /// The header's counts.
    package var census = CacheCensus()
    /// The tiers, top first (memory, disk, shared, file: those that are on).
    var tiers: [CacheTier]
    /// The API whose entries the screen shows (`APIIdentity.id`), named in its title; nil when
    /// the tiers are not scoped to one.
    var api: String?
    /// Rows the shared tier refused since the run started (their signature failed); nil until read.
    var sharedRefusals: Int?
    /// How a row's state follows from its age.
    var rule: CacheFreshnessRule
    /// Every answer per key this session, and the changes seen.
    var timeline = CacheTimeline()
    /// Answers per second per source over the session's last minute (the app's, as of the last input).
    var pulses = CachePulses() { didSet { laidOut.forget() } }
    /// Where the screen draws, as `layOut` built it for the pulses and area of now.
    var laidOut = LaidOut<Rect, CacheScreenGeometry>()
    /// The entry opened with `Enter`, if any.
    var detail: CacheEntryDetail?
    /// The last page read that failed, as its sentence (shown in the header until the next read).
    var lastFailure: String?
    /// Whether an answer or an action changed the cache since the census was counted.
    var censusIsStale = false
    /// Whether a census is in flight.
    var isCounting = false
    /// The keys of the rows a naming is in flight for.
    var naming: Set<CacheEntryKey> = []
    /// The time of the frame.
    var now: Date

    /// A screen over `tiers` with `rule`, nothing read yet, at `now`.
    package init(
        tiers: [CacheTier], rule: CacheFreshnessRule, now: Date, list: CacheListState = CacheListState()
    ) {
        self.tiers = tiers
        self.rule = rule
        self.now = now
        self.list = list
    }

    /// What `y` and `Y` copy: the entry opened, its value as read; nil when none is open or its
    /// value is not read.
    var openedSubject: CopySubject? {
        guard let detail, let json = detail.json else { return nil }
        return CopySubject(label: detail.entry.title, json: json)
    }

    /// Builds where the screen draws in `area`, once per change of the pulses or the area.
    mutating func layOut(in area: Rect) {
        laidOut.layOut(for: area) { CacheScreenGeometry(area: area, pulseSources: pulses.sources.count) }
    }

    /// Where the screen draws in `area`: as `layOut` built it, or built now.
    func geometry(in area: Rect) -> CacheScreenGeometry {
        laidOut.geometry(for: area) { CacheScreenGeometry(area: area, pulseSources: pulses.sources.count) }
    }

    /// The row the screen's questions are drawn on in `area`: the last of the list's body, or of
    /// the entry page.
    func questionRow(in area: Rect) -> Rect {
        detail == nil
            ? CacheListPane.body(of: geometry(in: area).list).bottom(1)
            : BorderBox.interior(of: area).inset(left: 1, right: 1).bottom(1)
    }

    /// The list's body rows in `area` (what moves scroll by).
    package func listRows(in area: Rect) -> Int { geometry(in: area).listRows }

    /// The entry page's lines in view in `area`.
    func entryRows(in area: Rect) -> Int { geometry(in: area).entryRows }

    /// The entry page's lines, when an entry is open.
    var entryLines: [Line] {
        detail?.lines(tiers: tiers, timeline: timeline, rule: rule, now: now) ?? []
    }

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

    /// Draws the screen into `area`: the entry page when one is open, else the list above the
    /// pulses (the rows a background revalidation is reading again say `revalidating`).
    package func render(
        in area: Rect, buffer: inout CellBuffer, notes: [String] = [],
        revalidating: RevalidatingEntries = RevalidatingEntries()
    ) {
        if detail != nil {
            CacheEntryPane(lines: entryLines, scroll: detail?.scroll ?? 0).render(in: area, buffer: &buffer)
            return
        }
        let geometry = geometry(in: area)
        let rows = Array(list.rowsInView(height: geometry.listRows))
        let selected = list.selection - list.top
        CacheListPane(
            census: census, tiers: tiers, api: api, rows: rows,
            selected: rows.indices.contains(selected) ? selected : nil,
            sort: list.sort, filter: list.filter, problemsOnly: list.problemsOnly, position: position,
            rule: rule, now: now, notes: notes,
            revalidating: Set(rows.map(\.key).filter(revalidating.contains))
        ).render(in: geometry.list, buffer: &buffer)
        if !geometry.pulses.isEmpty {
            CachePulsesPane(pulses, at: now).render(in: geometry.pulses, buffer: &buffer)
        }
    }
}

extension CacheListEntry {
    /// The page of `inspector`'s rows after `cursor` (at most `limit`) and the next cursor; its
    /// first `naming` rows are titled with their entity's name where the value decodes
    /// (`character 1 · Rick Sanchez`: one payload read and decode each), the others by their own
    /// name until `named(_:by:)` names them.
    /// A tier that fails is left out of the page and named in `leftOut` (`shared: <why>`); it
    /// throws only when every tier failed.
    package static func page(
        of inspector: CacheInspector, after cursor: CacheEntryKey?, limit: Int, naming: Int = .max
    ) async throws(RepositoryError) -> (entries: [CacheListEntry], next: CacheEntryKey?, leftOut: [String]) {
        let page = try await inspector.availableRows(after: cursor, limit: limit)
        let entries = page.rows.enumerated().map { index, row in
            index < naming
                ? CacheListEntry(row: row, title: inspector.displayName(of: row)) : CacheListEntry(row: row)
        }
        return (entries, page.next, page.failed)
    }

    /// `rows`, each titled with its entity's name by `inspector` (see `page`).
    static func named(_ rows: [CacheRow], by inspector: CacheInspector) -> [CacheListEntry] {
        rows.map { CacheListEntry(row: $0, title: inspector.displayName(of: $0)) }
    }
}
