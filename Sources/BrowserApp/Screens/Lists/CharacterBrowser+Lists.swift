import CharacterData
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// The three lists' operations, one generic path for all: moving, reading pages (and the page
/// that follows), refreshing, reloading under a new filter, applying a page and restoring the
/// remembered selection.
extension CharacterBrowser {
    /// How many pages a list reads at most to find a remembered selection.
    static let restoreSearchPages = 10

    /// `1` `2` `3` and Tab at the bottom of the stack: shows another list, reading its first
    /// page when nothing of it is loaded yet.
    func switchList(to kind: EntityKind, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard state.screens.count == 1, kind != state.activeList else { return [] }
        if kind != .character, services.graph == nil {
            showToast("Only characters can be listed here.", kind: .info, state: &state)
            return []
        }
        state.activeList = kind
        switch kind {
        case .character: return []
        case .episode: return readFirstPageIfNone(EpisodeListKind.self, state: &state)
        case .location: return readFirstPageIfNone(LocationListKind.self, state: &state)
        }
    }

    private func readFirstPageIfNone<K: PagedListKind>(_ kind: K.Type, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        let list = state[keyPath: K.path]
        guard list.reachedPages == 0, !list.isLoading else { return [] }
        return requestPage(1, of: K.self, state: &state)
    }

    /// The next list in Tab order.
    static func nextList(after kind: EntityKind) -> EntityKind {
        switch kind {
        case .character: .episode
        case .episode: .location
        case .location: .character
        }
    }

    /// An action on the list at the bottom of the stack.
    func performOnList(_ action: BrowserAction, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        switch state.activeList {
        case .character: performOnCharacterList(action, state: &state)
        case .episode: performOnEntityList(action, EpisodeListKind.self, state: &state)
        case .location: performOnEntityList(action, LocationListKind.self, state: &state)
        }
    }

    /// The actions every list shares: movement (reading the next page at the end); nil for others.
    private func performMove<K: PagedListKind>(
        _ action: BrowserAction, _ kind: K.Type, state: inout BrowserState
    )
        -> [Effect<BrowserMessage>]?
    {
        let visible = state.layout.visibleListRows
        let list = state[keyPath: K.path]
        switch action {
        case .moveDown: return moveSelection(K.self, by: 1, state: &state)
        case .moveUp: return moveSelection(K.self, by: -1, state: &state)
        case .pageDown: return moveSelection(K.self, by: max(1, visible - 1), state: &state)
        case .pageUp: return moveSelection(K.self, by: -max(1, visible - 1), state: &state)
        case .first: return moveSelection(K.self, by: -list.selection.selected, state: &state)
        case .last:
            return moveSelection(
                K.self, by: max(0, list.rowCount - 1 - list.selection.selected), state: &state)
        default: return nil
        }
    }

    private func performOnCharacterList(_ action: BrowserAction, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        if let effects = performMove(action, CharacterListKind.self, state: &state) { return effects }
        switch action {
        case .open: return openDetail(state: &state)
        case .filter:
            state.prompt = state.characters.filter.name
            return []
        case .cycleStatus:
            var filter = state.characters.filter
            filter.status = state.statusFilter.next.parameter
            return reload(CharacterListKind.self, filter: filter, state: &state)
        case .clearFilters:
            guard !state.characters.filter.isEmpty else { return [] }
            var filter = state.characters.filter
            filter.name = ""
            filter.status = ""
            return reload(CharacterListKind.self, filter: filter, state: &state)
        default: return []
        }
    }

    private func performOnEntityList<K: PagedListKind>(
        _ action: BrowserAction, _ kind: K.Type, state: inout BrowserState
    ) -> [Effect<BrowserMessage>] where K.Row: ListedEntity, K.Filter == [String: String] {
        if let effects = performMove(action, K.self, state: &state) { return effects }
        switch action {
        case .open:
            guard let row = state[keyPath: K.path].selectedRow else { return [] }
            return openEntity(
                EntityDetailState(kind: K.kind, id: row.id, name: row.displayName), state: &state)
        case .filter:
            state.prompt = state[keyPath: K.path].filterSummary
            return []
        case .clearFilters:
            guard !state[keyPath: K.path].filter.isEmpty else { return [] }
            return reload(K.self, filter: [:], state: &state)
        default: return []
        }
    }

    /// Applies the `/` prompt's text to the list on screen.
    func applyFilter(_ text: String, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        switch state.activeList {
        case .character:
            var filter = state.characters.filter
            filter.name = text.trimmingCharacters(in: .whitespaces)
            return reloadIfChanged(CharacterListKind.self, filter: filter, state: &state)
        case .episode:
            return reloadIfChanged(EpisodeListKind.self, filter: Episode.parseFilters(text), state: &state)
        case .location:
            return reloadIfChanged(LocationListKind.self, filter: Location.parseFilters(text), state: &state)
        }
    }

    private func reloadIfChanged<K: PagedListKind>(
        _ kind: K.Type, filter: K.Filter, state: inout BrowserState
    )
        -> [Effect<BrowserMessage>]
    {
        guard filter != state[keyPath: K.path].filter else { return [] }
        return reload(K.self, filter: filter, state: &state)
    }

    /// Moves a list's selection; past the reached rows it reads the next page (once) and
    /// remembers the overshoot, so the selection moves on when the page arrives.
    func moveSelection<K: PagedListKind>(_ kind: K.Type, by delta: Int, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        let visible = state.layout.visibleListRows
        var list = state[keyPath: K.path]
        list.soughtID = nil
        let rowCount = list.rowCount
        let target = list.selection.selected + delta
        if delta > 0, rowCount > 0, target > rowCount - 1, list.hasMorePages,
            list.loading[list.nextPageNumber] != nil
        {
            list.pendingAdvance += target - (rowCount - 1)
        }
        list.selection.move(by: delta, rowCount: rowCount, visibleRows: visible)
        state[keyPath: K.path] = list
        return readNextPageIfNeeded(K.self, state: &state)
    }

    /// Starts reading the next page when more remain and the selection is on the last reached
    /// row or the reached rows do not fill the list (a tall terminal).
    func readNextPageIfNeeded<K: PagedListKind>(_ kind: K.Type, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        let list = state[keyPath: K.path]
        let rowCount = list.rowCount
        guard rowCount > 0, list.hasMorePages else { return [] }
        let atEnd = list.selection.selected >= rowCount - 1
        let underfilled = rowCount < list.selection.offset + state.layout.visibleListRows
        guard atEnd || underfilled else { return [] }
        return requestPage(list.nextPageNumber, of: K.self, state: &state)
    }

    /// Starts reading page `number` of a list, `localFirst`, unless a read of that page is
    /// already in flight (so a key pressed during a load never starts a second one).
    func requestPage<K: PagedListKind>(_ number: Int, of kind: K.Type, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        guard state[keyPath: K.path].loading[number] == nil,
            let read = K.read(
                page: number, of: state[keyPath: K.path], policy: .localFirst, services: services)
        else { return [] }
        state[keyPath: K.path].loading[number] = .localFirst
        return [.task(key: K.taskKey(page: number), read)]
    }

    /// Rereads pages `numbers` of a list, `remoteFirst`, one after the other in one task (so
    /// their answers arrive in page order), replacing any navigation read of the same pages.
    func refreshPages<K: PagedListKind>(_ numbers: [Int], of kind: K.Type, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        let list = state[keyPath: K.path]
        let reads = numbers.compactMap { number in
            K.read(page: number, of: list, policy: .remoteFirst, services: services)
        }
        guard reads.count == numbers.count else { return [] }
        let replaced = numbers.filter { list.loading[$0] == .localFirst }
        for number in numbers { state[keyPath: K.path].loading[number] = .remoteFirst }
        let refresh = Effect<BrowserMessage>.stream(key: K.refreshTaskKey) { sink in
            for read in reads {
                if Task.isCancelled { return }
                sink.send(await read())
            }
        }
        return replaced.map { .cancel(key: K.taskKey(page: $0)) } + [refresh]
    }

    /// `r` on a list: rereads every page with a row in view, `remoteFirst` (page 1 when none).
    func refreshList<K: PagedListKind>(_ kind: K.Type, state: inout BrowserState) -> [Effect<BrowserMessage>]
    {
        let list = state[keyPath: K.path]
        var numbers = list.pageNumbers(ofRows: list.rowsInView(visibleRows: state.layout.visibleListRows))
        if numbers.isEmpty { numbers = [1] }
        return refreshPages(numbers, of: K.self, state: &state)
    }

    /// Starts a list over with `filter`: cancels its page reads in flight, forgets its pages,
    /// selection and sought row, and reads page 1.
    func reload<K: PagedListKind>(_ kind: K.Type, filter: K.Filter, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        let pending = state[keyPath: K.path].loading
        var cancels = pending.filter { $0.value == .localFirst }.keys.sorted().map {
            Effect<BrowserMessage>.cancel(key: K.taskKey(page: $0))
        }
        if pending.values.contains(.remoteFirst) { cancels.append(.cancel(key: K.refreshTaskKey)) }
        state[keyPath: K.path].reset(filter: filter)
        return cancels + requestPage(1, of: K.self, state: &state)
    }

    /// Applies a page read of a list, when it still belongs to the list's filter and is the read
    /// in flight for that page: records it, stores the page, carries a pending advance on, looks
    /// for the remembered row, and reads the next page where needed.
    func applyPage<K: PagedListKind>(
        _ kind: K.Type, number: Int, generation: Int, policy: CachePolicy, query: String,
        _ report: ReadReport<Page<K.Row>>, state: inout BrowserState
    ) -> [Effect<BrowserMessage>] {
        guard generation == state[keyPath: K.path].generation,
            state[keyPath: K.path].loading[number] == policy
        else { return [] }
        state[keyPath: K.path].loading[number] = nil
        record(query: query, kind: K.kind, policy: policy, report, state: &state)
        switch report.result {
        case .success(let answer):
            let visible = state.layout.visibleListRows
            var list = state[keyPath: K.path]
            let wasNext = number == list.nextPageNumber
            guard list.apply(answer.value, number: number) else { return [] }
            if wasNext, list.pendingAdvance > 0 {
                list.selection.move(by: list.pendingAdvance, rowCount: list.rowCount, visibleRows: visible)
                list.pendingAdvance = 0
                state[keyPath: K.path] = list
                return readNextPageIfNeeded(K.self, state: &state)
            }
            list.selection.clamp(rowCount: list.rowCount, visibleRows: visible)
            let seeking = list.restoreSelection(visibleRows: visible, searchPages: Self.restoreSearchPages)
            state[keyPath: K.path] = list
            if seeking { return requestPage(list.nextPageNumber, of: K.self, state: &state) }
            return readNextPageIfNeeded(K.self, state: &state)
        case .failure(let error):
            state[keyPath: K.path].pendingAdvance = 0
            showToast("Could not load \(query): \(error.description)", kind: .error, state: &state)
            return []
        }
    }

    /// Keeps each list's window on its view after a key or a resize: lets go of the pages far
    /// from the rows in view, and reads again (cache first) the pages of rows in view that were
    /// let go. Only the list on screen reads; a read that failed is tried again at the next key.
    func followWindows(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let onScreen = state.screens.count == 1 ? state.activeList : nil
        return followWindow(CharacterListKind.self, reads: onScreen == .character, state: &state)
            + followWindow(EpisodeListKind.self, reads: onScreen == .episode, state: &state)
            + followWindow(LocationListKind.self, reads: onScreen == .location, state: &state)
    }

    private func followWindow<K: PagedListKind>(_ kind: K.Type, reads: Bool, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        let rows = state[keyPath: K.path].rowsInView(visibleRows: state.layout.visibleListRows)
        state[keyPath: K.path].keepPages(near: rows)
        guard reads else { return [] }
        return state[keyPath: K.path].pages.missingPages(ofRows: rows).flatMap {
            requestPage($0, of: K.self, state: &state)
        }
    }

    /// Applies what the previous run remembered: filters, the active list, the switch, and the
    /// selections to look for as pages arrive. Returns the reads of the active list's first page
    /// (the character list's first page is read at start in any case).
    func restore(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard let remembered = services.remembered else { return [] }
        state.characters.reset(filter: remembered.characterFilter)
        state.characters.soughtID = remembered.selectedIDs[.character]
        // (The composition root sets the switch before the run; this reaches one it did not.)
        let setSwitch =
            remembered.isOnline != state.isOnline ? setNetworkSwitch(remembered.isOnline, state: &state) : []
        if services.graph != nil {
            if let filters = remembered.filters[.episode] { state.episodes.reset(filter: filters) }
            if let filters = remembered.filters[.location] { state.locations.reset(filter: filters) }
        }
        // Kept even without a graph, so the next run remembers them again.
        state.episodes.soughtID = remembered.selectedIDs[.episode]
        state.locations.soughtID = remembered.selectedIDs[.location]
        guard services.graph != nil else { return setSwitch }
        state.activeList = remembered.activeList
        switch remembered.activeList {
        case .episode: return setSwitch + requestPage(1, of: EpisodeListKind.self, state: &state)
        case .location: return setSwitch + requestPage(1, of: LocationListKind.self, state: &state)
        case .character: return setSwitch
        }
    }
}
