import RickAndMortyModel

/// The characters of the current filter, a window of pages in the API's order. A plain value.
///
/// Pages are appended in order (page `n + 1` only after page `n`) and replaced in place when
/// refreshed; `generation` grows with every filter change so late answers of an older filter
/// are recognised and dropped.
public struct Listing: Sendable, Hashable {
    /// The filter the pages were read with.
    public private(set) var filter: CharacterFilter
    /// Increases by one with every reset, so answers for an older filter can be told apart.
    public private(set) var generation: Int
    /// The pages read so far.
    public private(set) var loaded = LoadedPages<ShowCharacter>()
    /// How many rows the list has reached (held or not).
    public var rowCount: Int { loaded.rowCount }
    /// How many pages the list has reached, in order from page 1.
    public var reachedPages: Int { loaded.reachedPages }
    /// The character at row `index`, when its page is held.
    public func row(at index: Int) -> ShowCharacter? { loaded.row(at: index) }
    /// How many pages the filter selects, once page 1 (or any page) answered.
    public var totalPages: Int? { loaded.totalPages }
    /// How many characters the filter selects, once a page answered.
    public var totalCount: Int? { loaded.totalCount }

    /// An empty listing for `filter`.
    public init(filter: CharacterFilter = CharacterFilter(), generation: Int = 0) {
        self.filter = filter
        self.generation = generation
    }

    /// The page the next scroll past the end loads.
    public var nextPageNumber: Int { loaded.nextPageNumber }

    /// Whether pages remain to be loaded (true before the first answer).
    public var hasMorePages: Bool { loaded.hasMorePages }

    /// Whether the filter selects nothing at all (the API said so).
    public var isEmptyResult: Bool { totalPages == 0 || (totalCount == 0 && reachedPages > 0) }

    /// Forgets every page and starts over for `filter`.
    public mutating func reset(filter: CharacterFilter) {
        self = Listing(filter: filter, generation: generation + 1)
    }

    /// Applies page `number`: the next page is appended, a loaded one replaced. Returns false,
    /// changing nothing, for any other number.
    @discardableResult
    public mutating func apply(_ page: CharacterPage, number: Int) -> Bool {
        loaded.apply(page, number: number)
    }

    /// Replaces every loaded copy of `character` (a fresher read of it).
    public mutating func update(_ character: ShowCharacter) {
        loaded.replaceRows { $0.id == character.id ? character : nil }
    }

    /// The page number (1-based) that holds row `index`, or nil past the loaded rows.
    public func pageNumber(ofRow index: Int) -> Int? { loaded.pageNumber(ofRow: index) }

    /// The page numbers holding any of the rows in `range`, ascending, each once.
    public func pageNumbers(ofRows range: Range<Int>) -> [Int] { loaded.pageNumbers(ofRows: range) }

    /// Keeps the pages near rows `range` and lets go of the farthest (see `LoadedPages`).
    public mutating func keepPages(near range: Range<Int>) { loaded.keepPages(near: range) }
}
