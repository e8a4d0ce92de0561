import CharacterData
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// The three lists' operations, one generic path for all: moving, reading pages (and the page
/// that follows), refreshing, reloading under a new filter, applying a page and restoring the
/// remembered selection.
extension ListsScreen {
    /// How many pages a list reads at most to find a remembered selection.
    static let restoreSearchPages = 10

    /// `1` `2` `3` and Tab at the bottom of the stack: shows another list, reading its first
    /// page when nothing of it is loaded yet.
    mutating func switchList(to kind: EntityKind, context: inout ScreenContext) -> [Effect<Message>] {
        guard context.isOnTop, kind != activeList else { return [] }
        if kind != .character, context.services.graph == nil {
            context.toast("Only characters can be listed here.", kind: .info)
            return []
        }
        activeList = kind
        // The characters' first page is read at start.
        return kind == .character ? [] : readFirstPageIfNone(kind.list, context: &context)
    }

    private mutating func readFirstPageIfNone<K: PagedListKind>(_ kind: K.Type, context: inout ScreenContext)
        -> [Effect<Message>]
    {
        let list = self[keyPath: K.path]
        guard list.reachedPages == 0, !list.isLoading else { return [] }
        return requestPage(1, of: K.self, context: &context)
    }

    /// The next list in Tab order.
    static func nextList(after kind: EntityKind) -> EntityKind {
        let all = EntityKind.allCases
        return all[((all.firstIndex(of: kind) ?? 0) + 1) % all.count]
    }

    /// An action on the list at the bottom of the stack.
    mutating func performOnList(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        switch activeList {
        case .character: performOnCharacterList(action, context: &context)
        case .episode: performOnEntityList(action, EpisodeListKind.self, context: &context)
        case .location: performOnEntityList(action, LocationListKind.self, context: &context)
        }
    }

    /// The actions every list shares: movement (reading the next page at the end); nil for others.
    private mutating func performMove<K: PagedListKind>(
        _ action: BrowserAction, _ kind: K.Type, context: inout ScreenContext
    )
        -> [Effect<Message>]?
    {
        let visible = context.layout.visibleListRows
        let list = self[keyPath: K.path]
        switch action {
        case .moveDown: return moveSelection(K.self, by: 1, context: &context)
        case .moveUp: return moveSelection(K.self, by: -1, context: &context)
        case .pageDown: return moveSelection(K.self, by: max(1, visible - 1), context: &context)
        case .pageUp: return moveSelection(K.self, by: -max(1, visible - 1), context: &context)
        case .first: return moveSelection(K.self, by: -list.selection.selected, context: &context)
        case .last:
            return moveSelection(
                K.self, by: max(0, list.rowCount - 1 - list.selection.selected), context: &context)
        default: return nil
        }
    }

    private mutating func performOnCharacterList(_ action: BrowserAction, context: inout ScreenContext)
        -> [Effect<Message>]
    {
        if let effects = performMove(action, CharacterListKind.self, context: &context) { return effects }
        switch action {
        case .open:
            guard let character = characters.selectedRow else { return [] }
            context.push(CharacterDetailScreen(character: character))
            return []
        case .filter:
            context.openPrompt(characters.filter.name)
            return []
        case .cycleStatus:
            var filter = characters.filter
            filter.status = statusFilter.next.parameter
            return reload(CharacterListKind.self, filter: filter, context: &context)
        case .clearFilters:
            guard !characters.filter.isEmpty else { return [] }
            var filter = characters.filter
            filter.name = ""
            filter.status = ""
            return reload(CharacterListKind.self, filter: filter, context: &context)
        default: return []
        }
    }

    private mutating func performOnEntityList<K: PagedListKind>(
        _ action: BrowserAction, _ kind: K.Type, context: inout ScreenContext
    ) -> [Effect<Message>] where K.Row: ListedEntity, K.Filter == [String: String] {
        if let effects = performMove(action, K.self, context: &context) { return effects }
        switch action {
        case .open:
            guard let row = self[keyPath: K.path].selectedRow else { return [] }
            EntityDetailScreen.push(
                EntityDetailState(kind: K.kind, id: row.id, name: row.displayName), context: &context)
            return []
        case .filter:
            context.openPrompt(self[keyPath: K.path].filterSummary)
            return []
        case .clearFilters:
            guard !self[keyPath: K.path].filter.isEmpty else { return [] }
            return reload(K.self, filter: [:], context: &context)
        default: return []
        }
    }

    /// Applies the `/` prompt's text to the list on screen.
    mutating func applyFilter(_ text: String, context: inout ScreenContext) -> [Effect<Message>] {
        applyFilter(text, to: activeList.list, context: &context)
    }

    private mutating func applyFilter<K: PagedListKind>(
        _ text: String, to kind: K.Type, context: inout ScreenContext
    ) -> [Effect<Message>] {
        let filter = K.filter(text, replacing: self[keyPath: K.path].filter)
        guard filter != self[keyPath: K.path].filter else { return [] }
        return reload(K.self, filter: filter, context: &context)
    }

    /// Moves a list's selection; past the reached rows it reads the next page (once) and
    /// remembers the overshoot, so the selection moves on when the page arrives.
    mutating func moveSelection<K: PagedListKind>(_ kind: K.Type, by delta: Int, context: inout ScreenContext)
        -> [Effect<Message>]
    {
        let visible = context.layout.visibleListRows
        var list = self[keyPath: K.path]
        list.soughtID = nil
        let rowCount = list.rowCount
        let target = list.selection.selected + delta
        if delta > 0, rowCount > 0, target > rowCount - 1, list.hasMorePages,
            list.loading[list.nextPageNumber] != nil
        {
            list.pendingAdvance += target - (rowCount - 1)
        }
        list.selection.move(by: delta, rowCount: rowCount, visibleRows: visible)
        self[keyPath: K.path] = list
        return readNextPageIfNeeded(K.self, context: &context)
    }

    /// Starts reading the next page when more remain and the selection is on the last reached
    /// row or the reached rows do not fill the list (a tall terminal).
    mutating func readNextPageIfNeeded<K: PagedListKind>(_ kind: K.Type, context: inout ScreenContext)
        -> [Effect<Message>]
    {
        let list = self[keyPath: K.path]
        let rowCount = list.rowCount
        guard rowCount > 0, list.hasMorePages else { return [] }
        let atEnd = list.selection.selected >= rowCount - 1
        let underfilled = rowCount < list.selection.offset + context.layout.visibleListRows
        guard atEnd || underfilled else { return [] }
        return requestPage(list.nextPageNumber, of: K.self, context: &context)
    }

    /// Starts reading page `number` of a list, `localFirst`, unless a read of that page is
    /// already in flight (so a key pressed during a load never starts a second one).
    mutating func requestPage<K: PagedListKind>(_ number: Int, of kind: K.Type, context: inout ScreenContext)
        -> [Effect<Message>]
    {
        guard self[keyPath: K.path].loading[number] == nil,
            let read = K.read(
                page: number, of: self[keyPath: K.path], policy: .localFirst, services: context.services)
        else { return [] }
        self[keyPath: K.path].loading[number] = .localFirst
        return [.task(key: K.taskKey(page: number), read)]
    }

    /// Rereads pages `numbers` of a list, `remoteFirst`, one after the other in one task (so
    /// their answers arrive in page order), replacing any navigation read of the same pages.
    mutating func refreshPages<K: PagedListKind>(
        _ numbers: [Int], of kind: K.Type, context: inout ScreenContext
    )
        -> [Effect<Message>]
    {
        let list = self[keyPath: K.path]
        let reads = numbers.compactMap { number in
            K.read(page: number, of: list, policy: .remoteFirst, services: context.services)
        }
        guard reads.count == numbers.count else { return [] }
        let replaced = numbers.filter { list.loading[$0] == .localFirst }
        for number in numbers { self[keyPath: K.path].loading[number] = .remoteFirst }
        let refresh = Effect<Message>.stream(key: K.refreshTaskKey) { sink in
            for read in reads {
                if Task.isCancelled { return }
                sink.send(await read())
            }
        }
        return replaced.map { .cancel(key: K.taskKey(page: $0)) } + [refresh]
    }

    /// `r` on a list: rereads every page with a row in view, `remoteFirst` (page 1 when none).
    mutating func refreshList<K: PagedListKind>(_ kind: K.Type, context: inout ScreenContext) -> [Effect<
        Message
    >] {
        let list = self[keyPath: K.path]
        var numbers = list.pageNumbers(ofRows: list.rowsInView(visibleRows: context.layout.visibleListRows))
        if numbers.isEmpty { numbers = [1] }
        return refreshPages(numbers, of: K.self, context: &context)
    }

    /// Starts a list over with `filter`: cancels its page reads in flight, forgets its pages,
    /// selection and sought row, and reads page 1.
    mutating func reload<K: PagedListKind>(_ kind: K.Type, filter: K.Filter, context: inout ScreenContext)
        -> [Effect<Message>]
    {
        let pending = self[keyPath: K.path].loading
        var cancels = pending.filter { $0.value == .localFirst }.keys.sorted().map {
            Effect<Message>.cancel(key: K.taskKey(page: $0))
        }
        if pending.values.contains(.remoteFirst) { cancels.append(.cancel(key: K.refreshTaskKey)) }
        self[keyPath: K.path].reset(filter: filter)
        return cancels + requestPage(1, of: K.self, context: &context)
    }

    /// Applies a page read of a list, when it still belongs to the list's filter and is the read
    /// in flight for that page: records it, stores the page, carries a pending advance on, looks
    /// for the remembered row, and reads the next page where needed.
    mutating func applyPage<K: PagedListKind>(
        _ kind: K.Type, number: Int, generation: Int, policy: CachePolicy, query: String, key: CacheEntryKey,
        _ report: ReadReport<Page<K.Row>>, context: inout ScreenContext
    ) -> [Effect<Message>] {
        guard generation == self[keyPath: K.path].generation,
            self[keyPath: K.path].loading[number] == policy
        else { return [] }
        self[keyPath: K.path].loading[number] = nil
        context.record(query: query, kind: K.kind, policy: policy, keys: [key], report)
        switch report.result {
        case .success(let answer):
            let visible = context.layout.visibleListRows
            var list = self[keyPath: K.path]
            let wasNext = number == list.nextPageNumber
            guard list.apply(answer.value, number: number) else { return [] }
            if wasNext, list.pendingAdvance > 0 {
                list.selection.move(by: list.pendingAdvance, rowCount: list.rowCount, visibleRows: visible)
                list.pendingAdvance = 0
                self[keyPath: K.path] = list
                return readNextPageIfNeeded(K.self, context: &context)
            }
            list.selection.clamp(rowCount: list.rowCount, visibleRows: visible)
            let seeking = list.restoreSelection(visibleRows: visible, searchPages: Self.restoreSearchPages)
            self[keyPath: K.path] = list
            if seeking { return requestPage(list.nextPageNumber, of: K.self, context: &context) }
            return readNextPageIfNeeded(K.self, context: &context)
        case .failure(let error):
            self[keyPath: K.path].pendingAdvance = 0
            context.toast("Could not load \(query): \(error.description)", kind: .error)
            return []
        }
    }

    /// Keeps each list's window on its view after a key or a resize: lets go of the pages far
    /// from the rows in view, and reads again (cache first) the pages of rows in view that were
    /// let go. Only the list on screen reads; a read that failed is tried again at the next key.
    mutating func followWindows(context: inout ScreenContext) -> [Effect<Message>] {
        var effects: [Effect<Message>] = []
        for kind in EntityKind.allCases {
            effects += followWindow(
                kind.list, reads: context.isOnTop && kind == activeList, context: &context)
        }
        return effects
    }

    private mutating func followWindow<K: PagedListKind>(
        _ kind: K.Type, reads: Bool, context: inout ScreenContext
    )
        -> [Effect<Message>]
    {
        let rows = self[keyPath: K.path].rowsInView(visibleRows: context.layout.visibleListRows)
        self[keyPath: K.path].keepPages(near: rows)
        guard reads else { return [] }
        return self[keyPath: K.path].pages.missingPages(ofRows: rows).flatMap {
            requestPage($0, of: K.self, context: &context)
        }
    }

    /// Applies what the previous run remembered: filters, the active list and the selections to
    /// look for as pages arrive (the app sets the switch). Returns the reads of the active list's
    /// first page (the character list's first page is read at start in any case).
    mutating func restore(context: inout ScreenContext) -> [Effect<Message>] {
        guard let remembered = context.services.remembered else { return [] }
        characters.reset(filter: remembered.characterFilter)
        characters.soughtID = remembered.selectedIDs[.character]
        if context.services.graph != nil {
            if let filters = remembered.filters[.episode] { episodes.reset(filter: filters) }
            if let filters = remembered.filters[.location] { locations.reset(filter: filters) }
        }
        // Kept even without a graph, so the next run remembers them again.
        episodes.soughtID = remembered.selectedIDs[.episode]
        locations.soughtID = remembered.selectedIDs[.location]
        guard context.services.graph != nil else { return [] }
        activeList = remembered.activeList
        return activeList == .character ? [] : requestPage(1, of: activeList.list, context: &context)
    }
}
