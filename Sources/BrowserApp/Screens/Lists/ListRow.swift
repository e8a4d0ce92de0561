import CharacterData
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// A read of one page of `Row`s, handing each report to `deliver` as it comes.
typealias PageRead<Row: ListRow> = @Sendable (_ deliver: @Sendable (ReadReport<Page<Row>>) -> Void) async -> Void

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
    /// The read of the page `request` asks for, handing its reports to the function it is given
    /// (one, or two when the first was stale and revalidated in the background); nil when
    /// `services` cannot read this list.
    static func read(_ request: PageRequest, services: BrowserServices) -> PageRead<Self>?
    /// Shows the row's detail.
    func open(context: inout ScreenContext)
    /// What `y` and `Y` copy of the row.
    var copySubject: CopySubject? { get }
}

extension ShowCharacter: ListRow {
    static var listKind: ListKind { .characters }
    static var list: WritableKeyPath<ListsScreen, PagedList<ShowCharacter>> { \.characters }
    static var rowsMemo: KeyPath<PaneMemos, DrawingMemo<ListRows<ShowCharacter>>> { \.characterRows }
    static func header(width: Int) -> Line { ListColumns(width: width).header }
    func line(width: Int) -> Line { ListColumns(width: width).line(for: self) }

    /// A navigation read (`localFirst`) of a page stale inside its server's
    /// stale-while-revalidate window shows it at once and delivers the revalidation after.
    static func read(_ request: PageRequest, services: BrowserServices) -> PageRead<ShowCharacter>? {
        let filter = CharacterFilter(parameters: request.filters)
        return { deliver in
            await services.readUpdates(
                { () async throws(RepositoryError) -> AnswerUpdates<CharacterPage> in
                    try await services.repository.pageRevalidating(
                        request.number, filter: filter, policy: request.policy)
                }, deliver: deliver)
        }
    }

    func open(context: inout ScreenContext) { context.push(CharacterDetailScreen(character: self)) }
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
