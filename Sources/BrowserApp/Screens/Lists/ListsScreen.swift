import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// The screen at the bottom of the stack: the character, episode and location lists (`PagedList`s),
/// one shown at a time (`1` `2` `3`, Tab); opening a row pushes its detail. A plain value.
package struct ListsScreen: ScreenModel, Hashable {
    /// What the lists' page reads report.
    package enum Message: Sendable {
        /// A page of a list was read: the request, and its `ReadReport<Page<Row>>` of the
        /// request's kind's rows.
        case pageRead(PageRequest, any Sendable)
        /// The filter prompt was answered with this text.
        case filtered(String)
    }

    /// What a call of the screen returns.
    package typealias Effects = [Effect<Message>]

    /// The list shown: characters, episodes or locations.
    var activeList: EntityKind = .character
    /// The character list: its pages, filter, selection and reads in flight.
    var characters = PagedList<ShowCharacter>()
    /// The episode list, as `characters`.
    var episodes = PagedList<Episode>()
    /// The location list, as `characters`.
    var locations = PagedList<Location>()

    package var keyScope: KeyTable.Scope { ListKind.of(activeList).keyScope }
    package static var keyScopes: [KeyTable.Scope] {
        [ListKind.characters.keyScope, ListKind.episodes.keyScope]
    }

    package var crumb: String { activeList.title }

    /// Busy while any list reads a page; the status pane names the character list's pages only.
    package var activity: ScreenActivity {
        // Idle most of the time, and asked on every frame: nothing to build then.
        guard characters.isLoading || episodes.isLoading || locations.isLoading else {
            return ScreenActivity()
        }
        let pages = characters.loading
        let numbers = pages.keys.sorted().map(String.init)
        let word = numbers.count == 1 ? "page " : "pages "
        let shown = numbers.isEmpty ? [] : [word + numbers.joined(separator: ", ")]
        let refreshing = pages.values.contains(.remoteFirst)
        return ScreenActivity(
            isBusy: true,
            isRefreshing: refreshing || episodes.loading.values.contains(.remoteFirst)
                || locations.loading.values.contains(.remoteFirst),
            shownReads: shown, shownRefreshing: refreshing)
    }

    /// Restores the remembered place, goes where `--open` says over it, and reads the first page
    /// of the list shown (and of the characters, which are always read at start).
    package mutating func open(context: inout ScreenContext) -> Effects {
        restore(context: &context)
        start(context: &context)
        return requestPage(1, of: ListKind.of(activeList).rows, context: &context)
            + requestPage(1, of: ShowCharacter.self, context: &context)
    }

    package mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> Effects {
        switch action {
        case .showList(let kind): return switchList(to: kind, context: &context)
        case .nextList:
            // Tab cycles the three lists, then the first screen the catalogue opens (the Cache
            // screen), with the characters under it.
            let wasLast = activeList == .location
            let effects = switchList(to: activeList.next, context: &context)
            if wasLast, activeList == .character, let opener = ScreenCatalog.openers.first {
                context.push(opener.make(context.services))
            }
            return effects
        default: return performOnList(action, ListKind.of(activeList).rows, context: &context)
        }
    }

    package mutating func receive(_ message: Message, context: inout ScreenContext) -> Effects {
        switch message {
        case .pageRead(let request, let report):
            applyPage(request, report, of: ListKind.of(request.kind).rows, context: &context)
        case .filtered(let text): applyFilter(ListKind.of(activeList).rows, text: text, context: &context)
        }
    }

    /// Keeps the character list's selection in range and reads on when the list does not fill
    /// the taller view.
    package mutating func resized(context: inout ScreenContext) -> Effects {
        characters.selection.clamp(rowCount: characters.rowCount, visibleRows: context.layout.visibleListRows)
        return readNextPageIfNeeded(ShowCharacter.self, context: &context)
    }

    package mutating func settle(context: inout ScreenContext) -> Effects {
        followWindows(context: &context)
    }

    package mutating func show(_ entity: ShownEntity) {
        switch entity {
        case .character(let character): characters.update(character)
        case .episode(let episode): episodes.update(episode)
        case .location(let location): locations.update(location)
        case .characterDeleted(let id): characters.remove(id: id)
        case .explored: break
        }
    }

    package func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        renderList(ListKind.of(activeList).rows, in: area, buffer: &buffer, context: context)
    }

    private func renderList<Row: ListRow>(
        _: Row.Type, in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext
    ) {
        ListPane(
            list: self[keyPath: Row.list], layout: context.layout,
            rowsMemo: context.memos?[keyPath: Row.rowsMemo],
            pendingIDs: Row.listKind.kind == .character ? context.pendingCharacterIDs : []
        )
        .render(in: area, buffer: &buffer)
    }
}

/// The status filter that the `s` key cycles through: any → alive → dead → unknown → any.
enum StatusFilter: String, CaseIterable {
    case any, alive, dead, unknown

    /// The API's `status` parameter: empty for `any`.
    var parameter: String { self == .any ? "" : rawValue }

    /// The filter whose parameter is `parameter` (case-insensitive); `any` for anything else.
    init(parameter: String) {
        self = Self.allCases.first { $0.rawValue.caseInsensitiveCompare(parameter) == .orderedSame } ?? .any
    }
}
