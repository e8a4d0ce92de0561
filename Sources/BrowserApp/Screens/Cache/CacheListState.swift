import CharacterData
import Foundation
import RepositoryCore
import TerminalUI

/// The Cache screen's list: a window of pages read by cursor in key order, what is shown of them
/// (filter, stale-and-expired only, sort), the selection and the scroll. A plain value; `update`
/// owns it. Memory is bounded by the window, not the cache: at most `maxPages` pages of
/// `pageSize` rows, plus where each page reached starts; the far end is let go. An order other
/// than by key holds a scan's first rows of the whole cache (`scanToRun`, `applyScan`).
package struct CacheListState: Sendable, Equatable {
    package let pageSize: Int
    package let maxPages: Int
    private(set) var sort: CacheSortOrder = .key
    /// The text rows must contain (title, key or kind), and whether only stale and expired show.
    private(set) var filter = ""
    private(set) var problemsOnly = false
    /// The rows shown, in order: the held rows that pass the filter and the toggle.
    private(set) var shown: [CacheListEntry] = []
    /// The selected row and the first in view, as indices in `shown`.
    private(set) var cursor = ListState()
    package private(set) var reachedEnd = false
    private(set) var reading: Int?
    /// How many entries the scan behind the rows held went over; nil for a window in key order.
    private(set) var scannedTotal: Int?
    /// The order of the last scan, answered or failed (so it is not asked again).
    private(set) var scannedOrder: CacheSortOrder?
    private(set) var scanning = false
    /// Where page `n` starts (the key before its first row); `[nil]` before any read.
    private(set) var pageStarts: [CacheEntryKey?] = [nil]
    private(set) var firstPage = 0
    private(set) var pages: [[CacheListEntry]] = []
    /// Whether the selection last moved up: which end of the window reads on.
    private var headingUp = false
    /// The key to select again once it is shown (after a reload or reorder).
    private var keepSelection: CacheEntryKey?

    init(pageSize: Int = 200, maxPages: Int = 5) {
        self.pageSize = max(1, pageSize)
        self.maxPages = max(2, maxPages)
    }

    package var heldCount: Int { pages.reduce(0) { $0 + $1.count } }
    var selection: Int { cursor.selected }
    var top: Int { cursor.offset }
    var selected: CacheListEntry? { shown.indices.contains(selection) ? shown[selection] : nil }
    func holds(_ key: CacheEntryKey) -> Bool { pages.contains { $0.contains { $0.key == key } } }

    /// The page to read next, and the key it starts after: the first page before any is held; going
    /// down, the next when the selection is on the last row shown (or nothing is shown); going up,
    /// the previous when it is on the first and pages before were let go; nil when none is needed
    /// or one is in flight. Only the way the selection last moved reads on, so a window a filter
    /// leaves short reads on to one end and stops, never again reading the page it just let go.
    package var pageToRead: (page: Int, after: CacheEntryKey?)? {
        guard reading == nil, scannedTotal == nil else { return nil }
        if pages.isEmpty { return reachedEnd ? nil : (firstPage, pageStarts[firstPage]) }
        if headingUp {
            guard firstPage > 0, selection == 0 else { return nil }
            return (firstPage - 1, pageStarts[firstPage - 1])
        }
        guard !reachedEnd, selection >= shown.count - 1 else { return nil }
        return (firstPage + pages.count, pageStarts[firstPage + pages.count])
    }

    mutating func startReading(_ page: Int) { reading = page }

    /// Applies page `page` and the cursor after it (nil at the end); a page not next to the window is
    /// ignored.
    package mutating func apply(
        page: Int, entries: [CacheListEntry], next: CacheEntryKey?, rule: CacheFreshnessRule, now: Date
    ) {
        if reading == page { reading = nil }
        guard scannedTotal == nil else { return }
        if pages.isEmpty, page == firstPage {
            pages = [entries]
        } else if page == firstPage + pages.count {
            pages.append(entries)
            if pages.count > maxPages {
                pages.removeFirst()
                firstPage += 1
            }
        } else if page == firstPage - 1 {
            pages.insert(entries, at: 0)
            firstPage -= 1
            if pages.count > maxPages {
                pages.removeLast()
                reachedEnd = false
            }
        } else {
            return
        }
        if page == firstPage + pages.count - 1 {
            reachedEnd = next == nil
            if let next, pageStarts.count == page + 1 {
                pageStarts.append(next)
            } else if let next {
                pageStarts[page + 1] = next
            }
        }
        reshow(rule: rule, now: now)
    }

    mutating func readFailed(_ page: Int) { if reading == page { reading = nil } }

    /// The order to scan the whole cache in, when `sort` is not by key and the rows held are not
    /// that order's scan yet (nil while one is in flight).
    var scanToRun: CacheSortOrder? { sort == .key || scanning || scannedOrder == sort ? nil : sort }

    var scanLimit: Int { pageSize * maxPages }

    mutating func startScanning() { scanning = true }

    /// Holds a scan's first rows out of `total`; a scan for an order no longer chosen is dropped.
    mutating func applyScan(
        _ order: CacheSortOrder, entries: [CacheListEntry], total: Int, rule: CacheFreshnessRule, now: Date
    ) {
        scanning = false
        guard order == sort else { return }
        hold([entries], reachedEnd: true)
        scannedOrder = order
        scannedTotal = total
        reshow(rule: rule, now: now)
    }

    /// A scan that failed is not asked again until the order changes; the rows held stay.
    mutating func scanFailed(_ order: CacheSortOrder) {
        scanning = false
        if order == sort { scannedOrder = order }
    }

    /// Forgets every page (kept: sort, filter, toggle and the selected key): the next read is page 0.
    mutating func reload() {
        keepSelection = selected?.key
        hold([], reachedEnd: false)
        scannedOrder = nil
        scannedTotal = nil
        scanning = false
        shown = []
        headingUp = false
    }

    private mutating func hold(_ pages: [[CacheListEntry]], reachedEnd: Bool) {
        self.pages = pages
        pageStarts = [nil]
        firstPage = 0
        self.reachedEnd = reachedEnd
        reading = nil
    }

    /// Replaces the held row of `key` (nil: the key is no longer cached anywhere, the row goes).
    mutating func replace(
        _ key: CacheEntryKey, with entry: CacheListEntry?, rule: CacheFreshnessRule, now: Date
    ) {
        pages = pages.map { page in page.compactMap { $0.key == key ? entry : $0 } }
        reshow(rule: rule, now: now)
    }

    /// Gives the held rows of `entries`' keys their titles.
    mutating func name(_ entries: [CacheListEntry], rule: CacheFreshnessRule, now: Date) {
        let titles = Dictionary(entries.map { ($0.key, $0.title) }, uniquingKeysWith: { first, _ in first })
        pages = pages.map { page in
            page.map { entry in titles[entry.key].map { CacheListEntry(row: entry.row, title: $0) } ?? entry }
        }
        reshow(rule: rule, now: now)
    }

    /// Shows rows in `order`, keeping the selected row selected: the rows held at once, then the
    /// scan's (`scanToRun`). Back to `key`, the window in key order is read again.
    mutating func setSort(_ order: CacheSortOrder, rule: CacheFreshnessRule, now: Date) {
        sort = order
        if order == .key, scannedTotal != nil {
            reload()
            return
        }
        reshow(rule: rule, now: now)
    }

    mutating func setFilter(_ text: String, rule: CacheFreshnessRule, now: Date) {
        filter = text
        headingUp = false
        reshow(rule: rule, now: now)
    }

    mutating func toggleProblemsOnly(rule: CacheFreshnessRule, now: Date) {
        problemsOnly.toggle()
        reshow(rule: rule, now: now)
    }

    /// Recomputes what is shown (a row's state moves with the clock).
    mutating func reshow(rule: CacheFreshnessRule, now: Date) {
        let key = keepSelection ?? selected?.key
        let needle = filter.lowercased()
        var rows = pages.joined().filter { entry in
            guard entry.matches(needle) else { return false }
            guard problemsOnly else { return true }
            return entry.row.top.map { rule.state(of: $0, at: now) != .fresh } ?? false
        }
        // By key, this is the tiers' own order (ids as numbers), so the rows held stay in page order.
        rows.sort { sort.precedes($0.row, $1.row, rule: rule, now: now) }
        shown = rows
        if let key, let index = rows.firstIndex(where: { $0.key == key }) {
            cursor = ListState(selected: index, offset: cursor.offset)
            keepSelection = nil
        } else {
            cursor = ListState(selected: min(selection, max(0, rows.count - 1)), offset: cursor.offset)
        }
    }

    /// Moves the selection by `delta` rows (clamped) and scrolls so it stays within `height` rows;
    /// with `viewOnly` (the wheel), scrolls the view instead, the selection moving only when the
    /// view leaves it, to the view's edge.
    package mutating func move(by delta: Int, height: Int, viewOnly: Bool = false) {
        if delta != 0 { headingUp = delta < 0 }
        guard !shown.isEmpty else { return }
        keepSelection = nil
        if viewOnly {
            cursor.scroll(by: delta, rowCount: shown.count, visibleRows: height)
        } else {
            cursor.move(by: delta, rowCount: shown.count, visibleRows: height)
        }
    }

    /// Scrolls so the selection is in view.
    mutating func scroll(height: Int) { cursor.clamp(rowCount: shown.count, visibleRows: height) }

    func rowsInView(height: Int) -> ArraySlice<CacheListEntry> {
        let start = min(top, shown.count)
        return shown[start..<min(shown.count, start + max(0, height))]
    }
}
