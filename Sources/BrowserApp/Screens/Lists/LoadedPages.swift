/// A window over a list read page by page, in the API's order: what each `PagedList` keeps.
/// Pages are reached in order and where each starts is remembered, so the row count is known — or,
/// laid out from a page size and a count (`layOut`), every page's place is known at once and any
/// page can be read first; only the `residentLimit` pages nearest the view are held (a row of a page
/// let go is nil until read again), so what the list holds does not grow with the rows seen. A
/// plain value.
struct LoadedPages<Row: Sendable & Hashable>: Sendable, Hashable {
    /// The rows held, by page number.
    private var resident: [Int: [Row]] = [:]
    /// The first row of each reached page, page 1 first, then the row count (one more entry
    /// than pages reached).
    private var starts: [Int] = [0]
    /// How many pages are held at most (at least the two a move across a page boundary needs).
    let residentLimit: Int
    /// How many pages there are, once any page answered.
    private(set) var totalPages: Int?
    /// How many rows there are, once any page answered.
    private(set) var totalCount: Int?

    /// No pages yet; at most `residentLimit` pages held at once.
    init(residentLimit: Int = 16) {
        self.residentLimit = max(2, residentLimit)
    }

    /// How many pages have been reached, in order from page 1.
    var reachedPages: Int { starts.count - 1 }

    /// How many rows the reached pages hold (held or let go): the list's length so far.
    var rowCount: Int { starts[starts.count - 1] }

    /// The page the next scroll past the end loads.
    var nextPageNumber: Int { reachedPages + 1 }

    /// Whether pages remain to be reached (true until the first answer says how many there are).
    var hasMorePages: Bool { totalPages.map { reachedPages < $0 } ?? true }

    /// The numbers of the pages held, ascending.
    var residentPageNumbers: [Int] { resident.keys.sorted() }

    /// The rows of page `number`, when it is held.
    func page(_ number: Int) -> [Row]? { resident[number] }

    /// Stores `rows` as page `number` of a list of `totalPages` pages and `totalCount` rows (nil:
    /// not known yet), as `apply(_:number:)` does.
    @discardableResult
    mutating func apply(_ rows: [Row], number: Int, totalPages: Int?, totalCount: Int?) -> Bool {
        if number == reachedPages + 1 {
            starts.append(rowCount + rows.count)
        } else if number >= 1, number <= reachedPages {
            let delta = rows.count - (starts[number] - starts[number - 1])
            if delta != 0 {
                for index in number..<starts.count { starts[index] += delta }
            }
        } else {
            return false
        }
        resident[number] = rows
        self.totalPages = totalPages
        self.totalCount = totalCount
        keepPages(near: starts[number - 1]..<max(starts[number - 1] + 1, starts[number]))
        return true
    }

    /// Places every page of a list of `count` rows whose pages hold `pageSize` rows (the last the
    /// rest) before they are read: each page then counts as reached, and a page read later takes
    /// its place. Only while at most page 1 is reached; later, nothing changes.
    mutating func layOut(pageSize: Int, count: Int) {
        guard reachedPages <= 1, pageSize > 0, count >= 0 else { return }
        let pages = max(1, (count + pageSize - 1) / pageSize)
        starts = (0..<pages).map { $0 * pageSize } + [count]
        totalPages = pages
        totalCount = count
    }

    /// The rows held, in the list's order.
    var heldRows: [Row] { residentPageNumbers.flatMap { resident[$0] ?? [] } }

    /// The row at `index`, when its page is held.
    func row(at index: Int) -> Row? {
        guard let number = pageNumber(ofRow: index), let rows = resident[number] else { return nil }
        let offset = index - starts[number - 1]
        return rows.indices.contains(offset) ? rows[offset] : nil
    }

    /// The rows at `range` (clamped to the list) as slices of the pages holding them: no row is
    /// copied, whatever the range.
    func rowsInView(_ range: Range<Int>) -> RowsInView<Row> {
        let clamped = range.clamped(to: 0..<rowCount)
        let pieces = pageNumbers(ofRows: clamped).compactMap { number -> RowsInView<Row>.Piece? in
            let start = max(clamped.lowerBound, starts[number - 1])
            let end = min(clamped.upperBound, starts[number])
            guard start < end else { return nil }
            let rows = resident[number].map { page in
                page[(start - starts[number - 1])..<min(page.count, end - starts[number - 1])]
            }
            return RowsInView.Piece(count: end - start, rows: rows)
        }
        return RowsInView(top: clamped.lowerBound, pieces: pieces)
    }

    /// The index of the first held row matching `predicate`.
    func firstIndex(where predicate: (Row) -> Bool) -> Int? {
        for number in residentPageNumbers {
            if let offset = resident[number]?.firstIndex(where: predicate) {
                return starts[number - 1] + offset
            }
        }
        return nil
    }

    /// Removes the held rows `predicate` selects; the pages after them start that much earlier,
    /// and the total counts them out.
    mutating func removeRows(where predicate: (Row) -> Bool) {
        guard reachedPages > 0 else { return }
        var removed = 0
        for number in 1...reachedPages {
            starts[number - 1] -= removed
            guard var rows = resident[number] else { continue }
            let before = rows.count
            rows.removeAll(where: predicate)
            guard rows.count != before else { continue }
            resident[number] = rows
            removed += before - rows.count
        }
        starts[reachedPages] -= removed
        if let total = totalCount { totalCount = max(0, total - removed) }
    }

    /// Lets page `number` go (its rows are nil until it is read again; its place stays).
    mutating func letGo(page number: Int) { resident[number] = nil }

    /// Replaces every held row for which `replacement` gives a different value.
    mutating func replaceRows(_ replacement: (Row) -> Row?) {
        for number in resident.keys {
            guard var rows = resident[number] else { continue }
            var changed = false
            for index in rows.indices {
                if let new = replacement(rows[index]), new != rows[index] {
                    rows[index] = new
                    changed = true
                }
            }
            if changed { resident[number] = rows }
        }
    }

    /// The number of the page holding row `index`, or nil past the reached rows.
    func pageNumber(ofRow index: Int) -> Int? {
        guard index >= 0, index < rowCount else { return nil }
        // The last start not after `index`: a binary search over the reached pages.
        var low = 0
        var high = reachedPages - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The page numbers holding any of the rows in `range`, ascending, each once.
    func pageNumbers(ofRows range: Range<Int>) -> [Int] {
        let clamped = range.clamped(to: 0..<rowCount)
        guard !clamped.isEmpty, let first = pageNumber(ofRow: clamped.lowerBound),
            let last = pageNumber(ofRow: clamped.upperBound - 1)
        else { return [] }
        return Array(first...last)
    }

    /// The pages holding rows of `range` that are not held, ascending.
    func missingPages(ofRows range: Range<Int>) -> [Int] {
        pageNumbers(ofRows: range).filter { resident[$0] == nil }
    }

    /// Lets go of the pages farthest from the rows `range` until at most `residentLimit` are
    /// held; the pages of `range` itself are always kept.
    mutating func keepPages(near range: Range<Int>) {
        guard resident.count > residentLimit else { return }
        let kept = pageNumbers(ofRows: range)
        let low = kept.first ?? 1
        let high = kept.last ?? 1
        func distance(_ number: Int) -> Int { number < low ? low - number : max(0, number - high) }
        let farthestFirst = resident.keys.sorted { distance($0) > distance($1) }
        for number in farthestFirst where resident.count > residentLimit && distance(number) > 0 {
            resident[number] = nil
        }
    }
}

/// Rows of a list in view, from `top`, as slices of the pages that hold them (nil for a page
/// not held). A plain value; two are equal when they show the same rows from the same top.
struct RowsInView<Row: Sendable & Hashable>: Sendable, Hashable {
    /// A run of rows from one page.
    struct Piece: Sendable, Hashable {
        /// How many rows the run covers.
        var count: Int
        /// The rows, or nil when their page is not held.
        var rows: ArraySlice<Row>?
    }

    /// The first row's index in the list.
    var top: Int
    /// The runs, in order.
    var pieces: [Piece]

    /// How many rows are in view.
    var count: Int { pieces.reduce(0) { $0 + $1.count } }

    /// The row at list index `index`, when it is in view and its page is held.
    func row(at index: Int) -> Row? {
        var start = top
        for piece in pieces {
            if index < start + piece.count {
                guard index >= start, let rows = piece.rows else { return nil }
                let offset = rows.startIndex + (index - start)
                return rows.indices.contains(offset) ? rows[offset] : nil
            }
            start += piece.count
        }
        return nil
    }
}
