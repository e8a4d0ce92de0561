import ExplorerData
import ExplorerModel
import RepositoryCore
import RickAndMortyModel

/// Where the one list screen (`ListScreen`) reads an API's resources, and what tells one API's
/// lists from another's: an explored API's (`ExploredLists`, its pages through the
/// `ExplorerRepository`, references filled in as their entities are read), or Rick and Morty's own
/// repositories (`RickAndMortyLists`: whole characters, episodes and locations in their binary
/// form, reached in order). Thread-safe: `Sendable`, callable from any task.
protocol ListReading: Sendable {
    /// The resources listed, in order: `1`–`3` show the first three.
    var resources: [ExplorerResource] { get }
    /// How `resource`'s list looks and takes its filters.
    func look(of resource: ExplorerResource) -> ListLook
    /// Why resource `index` cannot be shown here (nil: it can).
    func refusal(toShow index: Int) -> String?
    /// Reads page `number` of `resource` under `filters` with `policy`, handing `deliver` the read,
    /// then, for a page stale inside its server's stale-while-revalidate window, its revalidation's.
    func readPage(
        _ number: Int, of resource: ExplorerResource, filters: [String: String], policy: CachePolicy,
        deliver: @Sendable (ListPageRead) -> Void
    ) async
    /// The detail Enter opens on `row`.
    func detail(of row: ListedRow, in resource: ExplorerResource) -> (any ScreenModel)?
    /// The detail of `resource`'s entity `id` (`--open RESOURCE/ID`).
    func detail(id: String, in resource: ExplorerResource) -> (any ScreenModel)?
    /// Reads the entity of `row` through the cache for `y`: what is copied, or why nothing is,
    /// and how the read is recorded.
    func copyRead(_ row: ListedRow, in resource: ExplorerResource) async -> (
        Result<CopySubject, ListReadFailure>, AppliedAnswer?
    )
    /// What `Y` copies of `row`: its URL.
    func urlCopy(of row: ListedRow, title: String) -> CopySubject
    /// The row values of `addresses` as `profile`'s columns want them, as each is read (nil: the
    /// rows bring their own cells).
    func rowValues(of addresses: [EntityAddress], profile: ResourceProfile) -> AsyncStream<RowValues>?
}

/// One row of a list: its entity's address, id and title, and the cells its page brought when the
/// API's look lays them out (Rick and Morty's; an explored row's fill in as its entity is read).
/// A value; thread-safe.
struct ListedRow: Sendable, Hashable {
    let address: EntityAddress
    /// The id the row is opened, remembered and marked by (`1`, `bulbasaur`).
    let id: String
    var title: String
    var cells: [String] = []
}

/// A page of a list as its reader gives it: its rows, and what it says of the whole list. A value.
struct ListedPage: Sendable, Hashable {
    var rows: [ListedRow]
    /// How many pages and rows the list has, when known.
    var totalPages: Int?
    var totalCount: Int?
    /// The rows of a full page, when every page's place is known from the count at once (an
    /// explored list's); nil: pages are reached in order (Rick and Morty's).
    var pageSize: Int?
}

/// One page read as the list screen takes it back: the page and policy, whether it is a stale
/// page's background revalidation, its rows or why there are none, and how it is recorded. A value.
struct ListPageRead: Sendable {
    let number: Int
    let policy: CachePolicy
    var background = false
    let outcome: Result<ListedPage, ListReadFailure>
    /// The answer recorded (the status pane, the events log, the counters).
    let answer: AppliedAnswer
}

/// Why a page or a row's entity could not be read, as the toast (and an empty list) says it. A value.
struct ListReadFailure: Error, Sendable, Hashable {
    let sentence: String
}

/// How a resource's list looks and takes its filters, where lists differ. A value.
struct ListLook: Sendable, Hashable {
    /// How the `/` prompt's text becomes filters.
    enum Prompt: Sendable, Hashable {
        /// The name alone; Esc keeps the filters named (Rick and Morty's characters).
        case name(keptOnClear: Set<String>)
        /// The API's search and the profile's `key=value` filters (`ExplorerListQuery`).
        case query
        /// Over the rows read so far: the API has no search.
        case local
    }

    /// How the rows are laid out.
    enum Columns: Sendable, Hashable {
        /// Rick and Morty's character columns: id, name, status (coloured), species, gender, location.
        case characters
        /// Fixed columns over the rows' cells (titles and widths; the last takes what is left).
        case fixed([FixedColumn])
        /// The title, then the profile's columns as each row's entity is read, then the id.
        case profile([ProfileColumn])
    }

    /// One of `fixed`'s columns.
    struct FixedColumn: Sendable, Hashable {
        let title: String
        let width: Int
    }

    /// The keys while the list is shown.
    var keyScope: KeyTable.Scope
    var prompt: Prompt
    var columns: Columns
    /// The Rick and Morty kind listed (its titles and `✎` marks); nil for an explored API's.
    var kind: EntityKind?
    /// What the profile says of the resource (its filters, columns and title field), if anything.
    var profile: ResourceProfile?
    /// How many pages the list holds at once (an explored list's `/` filters every row read).
    var residentLimit = 16

    /// Whether each row's entity is read for the profile's columns or title, in the background.
    var readsValues: Bool { kind == nil && (profile?.columns.isEmpty == false || profile?.title != nil) }
}
