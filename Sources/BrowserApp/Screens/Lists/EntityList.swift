import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// The loaded pages of one entity kind's list under its filters, with its selection: the
/// episode and location lists. A plain value.
///
/// Pages are appended in order and replaced in place when refreshed; `generation` grows with
/// every filter change so late answers of an older filter are recognised and dropped.
public struct EntityList<Row: ListedEntity>: Sendable, Hashable {
    /// The filters the pages were read with (API parameter → value).
    public private(set) var filters: [String: String] = [:]
    /// Increases by one with every reset.
    public private(set) var generation = 0
    /// The pages read so far.
    public private(set) var loaded = LoadedPages<Row>()
    /// How many rows the list has reached (held or not).
    public var rowCount: Int { loaded.rowCount }
    /// How many pages the list has reached, in order from page 1.
    public var reachedPages: Int { loaded.reachedPages }
    /// The row at `index`, when its page is held.
    public func row(at index: Int) -> Row? { loaded.row(at: index) }
    /// How many pages the filters select, once a page answered.
    public var totalPages: Int? { loaded.totalPages }
    /// How many entities the filters select, once a page answered.
    public var totalCount: Int? { loaded.totalCount }
    /// The selection and scroll position.
    public var list = ListState()
    /// Page numbers being read, with the policy of the read.
    public var loading: [Int: CachePolicy] = [:]

    /// An empty list.
    public init() {}

    /// The page the next scroll past the end loads.
    public var nextPageNumber: Int { loaded.nextPageNumber }

    /// Whether pages remain to be loaded (true before the first answer).
    public var hasMorePages: Bool { loaded.hasMorePages }

    /// The row under the selection, if any.
    public var selectedRow: Row? { loaded.row(at: list.selected) }

    /// Forgets every page and starts over with `filters`.
    public mutating func reset(filters: [String: String]) {
        let next = generation + 1
        self = EntityList()
        self.filters = filters
        generation = next
    }

    /// Applies page `number`: the next page is appended, a loaded one replaced; false otherwise.
    @discardableResult
    public mutating func apply(_ page: Page<Row>, number: Int) -> Bool {
        loaded.apply(page, number: number)
    }

    /// Replaces the held row of `row`'s id, wherever it is held, with `row`.
    public mutating func update(_ row: Row) {
        loaded.replaceRows { $0.id == row.id ? row : nil }
    }

    /// The page number holding row `index`, or nil past the loaded rows.
    public func pageNumber(ofRow index: Int) -> Int? { loaded.pageNumber(ofRow: index) }

    /// Keeps the pages near rows `range` and lets go of the farthest (see `LoadedPages`).
    public mutating func keepPages(near range: Range<Int>) { loaded.keepPages(near: range) }

    /// The filters as `name=rick type=Planet`, in the kind's order.
    public var filterSummary: String {
        Row.filterNames.compactMap { name in filters[name].map { "\(name)=\($0)" } }.joined(separator: " ")
    }

    /// Parses what the `/` prompt typed: `rick` filters by name; `type=Space station name=cit`
    /// sets each named filter (a word without `=` continues the previous value). Unknown names
    /// are part of the value before them.
    public static func parseFilters(_ text: String) -> [String: String] {
        var filters: [String: String] = [:]
        var current = "name"
        for word in text.split(separator: " ") {
            if let equals = word.firstIndex(of: "="), Row.filterNames.contains(String(word[..<equals])) {
                current = String(word[..<equals])
                filters[current] = String(word[word.index(after: equals)...])
            } else {
                let previous = filters[current].map { $0.isEmpty ? "" : $0 + " " } ?? ""
                filters[current] = previous + word
            }
        }
        return filters.filter { !$0.value.isEmpty }
    }
}
