import CharacterData
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// A read of one page of `Row`s: at once, and again in the background when it is stale inside
/// its server's stale-while-revalidate window.
typealias PageReader<Row: ListRow> = @Sendable () async throws(RepositoryError) -> AnswerUpdates<Page<Row>>

/// A row of one of the browser's lists: its kind's description, where its list lives, how it
/// reads in the pane, how its pages are read and what opening it shows.
protocol ListRow: Identifiable, Sendable, Hashable, Codable where ID == Int {
    /// The kind's description.
    static var listKind: ListKind { get }
    /// The list of these rows in the lists screen.
    static var list: WritableKeyPath<ListsScreen, PagedList<Self>> { get }
    /// The memo of the rows in view, in a frame's memos.
    static var rowsMemo: KeyPath<PaneMemos, DrawingMemo<ListRows<Self>>> { get }
    /// The column header in `width` cells.
    static func header(width: Int) -> Line
    /// The row in `width` cells.
    func line(width: Int) -> Line
    /// The read of the page `request` asks for; nil when `services` cannot read this list.
    static func page(_ request: PageRequest, services: BrowserServices) -> PageReader<Self>?
    /// Shows the row's detail.
    func open(context: inout ScreenContext)
    /// The row's API URL, as the server gave it (what `Y` copies).
    var url: String { get }
}

extension ShowCharacter: ListRow {
    static var listKind: ListKind { .characters }
    static var list: WritableKeyPath<ListsScreen, PagedList<ShowCharacter>> { \.characters }
    static var rowsMemo: KeyPath<PaneMemos, DrawingMemo<ListRows<ShowCharacter>>> { \.characterRows }
    static func header(width: Int) -> Line { ListColumns(width: width).header }
    func line(width: Int) -> Line { ListColumns(width: width).line(for: self) }

    static func page(_ request: PageRequest, services: BrowserServices) -> PageReader<ShowCharacter>? {
        let filter = CharacterFilter(parameters: request.filters)
        return { () async throws(RepositoryError) in
            try await services.repository.pageRevalidating(
                request.number, filter: filter, policy: request.policy)
        }
    }

    func open(context: inout ScreenContext) { ExplorerDetailScreen.push(.character, id: id, title: name, context: &context) }
}

extension CharacterFilter {
    /// The filter whose query parameters are `parameters` (others ignored).
    init(parameters: [String: String]) {
        self.init(
            name: parameters["name", default: ""], status: parameters["status", default: ""],
            species: parameters["species", default: ""], type: parameters["type", default: ""],
            gender: parameters["gender", default: ""])
    }
}

/// The episode and location rows: fixed columns of plain cells (the last takes what is left),
/// read from the graph repository, opened in the entity detail.
protocol EntityListRow: ListRow {
    /// The column titles and widths; the last column takes what is left.
    static var columns: [(title: String, width: Int)] { get }
    /// The cells of the row, one per column.
    var cells: [String] { get }
    /// The name under which the entity is opened.
    var displayName: String { get }
    /// Reads page `number` with `filters`: at once and revalidated in the background when it is
    /// stale inside its server's stale-while-revalidate window.
    static func page(_ number: Int, filters: [String: String], policy: CachePolicy, graph: GraphRepository)
        async throws(RepositoryError) -> AnswerUpdates<Page<Self>>
}

extension EntityListRow {
    static func header(width: Int) -> Line {
        Line(
            zip(columns, widths(total: width)).enumerated().flatMap { index, pair in
                // (aligned as the cells below: the id to the right)
                let text = TextFitting.fit(pair.0.title, width: pair.1, alignment: index == 0 ? .trailing : .leading)
                return [Span(text, style: Style(bold: true, dim: true)), Span(" ")]
            })
    }

    func line(width: Int) -> Line {
        Line(
            zip(cells, Self.widths(total: width)).enumerated().flatMap { column, pair in
                let alignment: TextFitting.Alignment = column == 0 ? .trailing : .leading
                return [Span(TextFitting.fit(pair.0, width: pair.1, alignment: alignment)), Span(" ")]
            })
    }

    /// The column widths for `total` cells: fixed ones as declared, the last takes the rest.
    static func widths(total: Int) -> [Int] {
        let fixed = columns.dropLast().map(\.width)
        return fixed + [max(0, total - fixed.reduce(0, +) - fixed.count)]
    }

    static func page(_ request: PageRequest, services: BrowserServices) -> PageReader<Self>? {
        guard let graph = services.graph else { return nil }
        return { () async throws(RepositoryError) in
            try await page(request.number, filters: request.filters, policy: request.policy, graph: graph)
        }
    }

    func open(context: inout ScreenContext) {
        ExplorerDetailScreen.push(Self.listKind.kind, id: id, title: displayName, context: &context)
    }
}

extension Episode: EntityListRow {
    static var listKind: ListKind { .episodes }
    static var list: WritableKeyPath<ListsScreen, PagedList<Episode>> { \.episodes }
    static var rowsMemo: KeyPath<PaneMemos, DrawingMemo<ListRows<Episode>>> { \.episodeRows }
    static var columns: [(title: String, width: Int)] {
        [("ID", 4), ("Code", 6), ("Air date", 18), ("Name", 0)]
    }
    var cells: [String] { [String(id), code, airDate, name] }
    var displayName: String { "\(code) \(name)" }

    static func page(_ number: Int, filters: [String: String], policy: CachePolicy, graph: GraphRepository)
        async throws(RepositoryError) -> AnswerUpdates<Page<Episode>>
    { try await graph.episodePageRevalidating(number, filters: filters, policy: policy) }
}

extension Location: EntityListRow {
    static var listKind: ListKind { .locations }
    static var list: WritableKeyPath<ListsScreen, PagedList<Location>> { \.locations }
    static var rowsMemo: KeyPath<PaneMemos, DrawingMemo<ListRows<Location>>> { \.locationRows }
    static var columns: [(title: String, width: Int)] {
        [("ID", 4), ("Name", 28), ("Type", 16), ("Dimension", 0)]
    }
    var cells: [String] { [String(id), name, type, dimension] }
    var displayName: String { name }

    static func page(_ number: Int, filters: [String: String], policy: CachePolicy, graph: GraphRepository)
        async throws(RepositoryError) -> AnswerUpdates<Page<Location>>
    { try await graph.locationPageRevalidating(number, filters: filters, policy: policy) }
}
