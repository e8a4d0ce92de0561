import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// The screen at the bottom of the stack: the character, episode and location lists, one shown
/// at a time (`1` `2` `3`, Tab), each a `PagedList` with its pages, filter, selection and reads
/// in flight. Opening a row pushes its detail. A plain value (`ScreenModel`).
public struct ListsScreen: ScreenModel, Hashable {
    /// What the lists' page reads report.
    public enum Message: Sendable {
        /// A page of the character list was read.
        case pageRead(PageRequest, ReadReport<CharacterPage>)
        /// A page of the episode list was read.
        case episodePageRead(EntityPageRequest, ReadReport<Page<Episode>>)
        /// A page of the location list was read.
        case locationPageRead(EntityPageRequest, ReadReport<Page<Location>>)
    }

    /// The list shown: characters, episodes or locations.
    public var activeList: EntityKind = .character
    /// The character list: its pages, filter, selection and reads in flight.
    public var characters = PagedList<ShowCharacter, CharacterFilter>()
    /// The episode list, as `characters`.
    public var episodes = PagedList<Episode, [String: String]>()
    /// The location list, as `characters`.
    public var locations = PagedList<Location, [String: String]>()

    /// Three empty lists, the characters shown.
    public init() {}

    /// The character list's status filter.
    public var statusFilter: StatusFilter { StatusFilter(parameter: characters.filter.status) }

    public var keyScope: KeyTable.Scope { activeList == .character ? .characterList : .entityList }

    public var crumb: String { activeList.title }

    /// Busy while any list reads a page; the status pane names the character list's pages only.
    public var activity: ScreenActivity {
        // Idle most of the time, and asked on every frame: nothing to build then.
        guard characters.isLoading || episodes.isLoading || locations.isLoading else {
            return ScreenActivity()
        }
        let pages = characters.loading
        let numbers = pages.keys.sorted()
        var shown: [String] = []
        if !numbers.isEmpty {
            let list = numbers.map(String.init).joined(separator: ", ")
            shown.append((numbers.count == 1 ? "page " : "pages ") + list)
        }
        let refreshing = pages.values.contains(.remoteFirst)
        return ScreenActivity(
            isBusy: true,
            isRefreshing: refreshing || episodes.loading.values.contains(.remoteFirst)
                || locations.loading.values.contains(.remoteFirst),
            shownReads: shown, shownRefreshing: refreshing)
    }

    /// Restores the remembered place and reads the first page of the list shown (and of the
    /// characters, which are always read at start).
    public mutating func open(context: inout ScreenContext) -> [Effect<Message>] {
        restore(context: &context) + requestPage(1, of: CharacterListKind.self, context: &context)
    }

    public mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        switch action {
        case .refresh: return refreshList(activeList.list, context: &context)
        case .showList(let kind): return switchList(to: kind, context: &context)
        case .nextList:
            // Tab cycles the three lists, then the first screen the catalogue opens (the Cache
            // screen), with the characters under it.
            let wasLast = activeList == .location
            let effects = switchList(to: Self.nextList(after: activeList), context: &context)
            if wasLast, activeList == .character, let opener = ScreenCatalog.openers.first {
                context.push(opener.make(context.services))
            }
            return effects
        default: return performOnList(action, context: &context)
        }
    }

    public mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        switch message {
        case .pageRead(let request, let report):
            applyPage(
                CharacterListKind.self, number: request.number, generation: request.generation,
                policy: request.policy, query: request.query, key: request.cacheKey, report, context: &context
            )
        case .episodePageRead(let request, let report):
            applyPage(
                EpisodeListKind.self, number: request.number, generation: request.generation,
                policy: request.policy, query: request.query, key: request.cacheKey, report, context: &context
            )
        case .locationPageRead(let request, let report):
            applyPage(
                LocationListKind.self, number: request.number, generation: request.generation,
                policy: request.policy, query: request.query, key: request.cacheKey, report, context: &context
            )
        }
    }

    /// Keeps the character list's selection in range and reads on when the list does not fill
    /// the taller view.
    public mutating func resized(context: inout ScreenContext) -> [Effect<Message>] {
        characters.selection.clamp(rowCount: characters.rowCount, visibleRows: context.layout.visibleListRows)
        return readNextPageIfNeeded(CharacterListKind.self, context: &context)
    }

    public mutating func settle(context: inout ScreenContext) -> [Effect<Message>] {
        followWindows(context: &context)
    }

    public mutating func submitPrompt(_ text: String, context: inout ScreenContext) -> [Effect<Message>] {
        applyFilter(text, context: &context)
    }

    public mutating func show(_ entity: ShownEntity) {
        switch entity {
        case .character(let character): characters.update(character)
        case .episode(let episode): episodes.update(episode)
        case .location(let location): locations.update(location)
        }
    }

    public func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        let memos = context.memos
        switch activeList {
        case .character:
            ListPane(list: characters, layout: context.layout, rowsMemo: memos?.characterRows)
                .render(in: area, buffer: &buffer)
        case .episode:
            EntityListPane(list: episodes, layout: context.layout, rowsMemo: memos?.episodeRows)
                .render(in: area, buffer: &buffer)
        case .location:
            EntityListPane(list: locations, layout: context.layout, rowsMemo: memos?.locationRows)
                .render(in: area, buffer: &buffer)
        }
    }
}
