import ExplorerData

/// An explored list's pages as a window (`ExplorerListScreen.window`): laid out at once when the
/// API says the list's count, so any page can be read first (`G` reads only the pages at the
/// end); reached in order from page 1 otherwise (a list paged by `next` alone).
extension LoadedPages where Row == ExplorerRow {
    /// An empty window that holds every page read (an explored list filters the rows read so far).
    static var explored: LoadedPages { LoadedPages(residentLimit: .max) }

    /// Takes a page read: the first one lays the list out when it says its count.
    mutating func take(_ page: ExplorerListPage) {
        // (a list paged by `next` alone has as many pages as it takes to reach one without)
        let pages = page.pageCount ?? (page.page.next == nil ? page.number : nil)
        apply(page.rows, number: page.number, totalPages: pages, totalCount: page.count)
        if let count = page.count, page.pageCount != nil { layOut(pageSize: page.pageSize, count: count) }
    }

    /// Whether page `number` exists as far as is known: a page reached (or laid out), or the next.
    func hasPage(_ number: Int) -> Bool {
        number >= 1 && (number <= reachedPages || (number == nextPageNumber && hasMorePages))
    }
}
