import CharacterData
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// The three lists' operations, one generic path for all: moving, reading, refreshing, filtering,
/// applying pages and restoring the remembered selection.
extension ListsScreen {
    /// How many pages a list reads at most to find a remembered selection.
    static let restoreSearchPages = 10

    /// `1` `2` `3` and Tab at the bottom of the stack: shows another list, reading its first
    /// page when nothing of it is loaded yet.
    mutating func switchList(to kind: EntityKind, context: inout ScreenContext) -> Effects {
        guard context.isOnTop, kind != activeList, canList(kind, context: &context) else { return [] }
        activeList = kind
        return readFirstPageIfNone(ListKind.of(kind).rows, context: &context)
    }

    /// Whether the services can read the `kind` list; when not, a toast says so.
    private func canList(_ kind: EntityKind, context: inout ScreenContext) -> Bool {
        guard ListKind.of(kind).needsGraph, context.services.graph == nil else { return true }
        context.toast("Only characters can be listed here.", kind: .info)
        return false
    }

    private mutating func readFirstPageIfNone<Row: ListRow>(_: Row.Type, context: inout ScreenContext)
        -> Effects
    {
        let list = self[keyPath: Row.list]
        guard list.reachedPages == 0, !list.isLoading else { return [] }
        return requestPage(1, of: Row.self, context: &context)
    }

    /// An action on the list at the bottom of the stack: movement (reading the next page at the
    /// end), opening the row, and the filters.
    mutating func performOnList<Row: ListRow>(
        _ action: BrowserAction, _: Row.Type, context: inout ScreenContext
    ) -> Effects {
        let visible = context.layout.visibleListRows
        let list = self[keyPath: Row.list]
        switch action {
        case .moveDown: return moveSelection(Row.self, by: 1, context: &context)
        case .moveUp: return moveSelection(Row.self, by: -1, context: &context)
        case .pageDown: return moveSelection(Row.self, by: max(1, visible - 1), context: &context)
        case .pageUp: return moveSelection(Row.self, by: -max(1, visible - 1), context: &context)
        case .first: return moveSelection(Row.self, by: -list.selection.selected, context: &context)
        case .last:
            return moveSelection(
                Row.self, by: max(0, list.rowCount - 1 - list.selection.selected), context: &context)
        case .open:
            list.selectedRow?.open(context: &context)
            return []
        case .click(let column, let row, let opens):
            let rows = context.layout.listRows
            guard rows.contains(column: column, row: row),
                let index = list.selection.row(
                    atLine: row - rows.y, rowCount: list.rowCount, visibleRows: visible)
            else { return [] }
            let effects = moveSelection(Row.self, by: index - list.selection.selected, context: &context)
            if opens { self[keyPath: Row.list].selectedRow?.open(context: &context) }
            return effects
        case .refresh: return refreshList(Row.self, context: &context)
        case .scroll(let rows, _, _):
            return scrollList(Row.self, by: rows, context: &context)
        case .copy(let format):
            context.copy(list.selectedRow.flatMap { CopySubject($0) }, as: format)
            return []
        case .filter:
            context.ask(.filter(Row.listKind.promptText(list.filter)), reply: Message.filtered)
            return []
        case .cycleStatus:
            var filter = list.filter
            let status = StatusFilter(parameter: filter["status", default: ""]).next.parameter
            filter["status"] = status.isEmpty ? nil : status
            return reload(Row.self, filter: filter, context: &context)
        case .clearFilters:
            guard !list.filter.isEmpty else { return [] }
            let kept = Row.listKind.keptOnClear
            return reload(Row.self, filter: list.filter.filter { kept.contains($0.key) }, context: &context)
        default: return []
        }
    }

    /// Applies the `/` prompt's text to the list on screen.
    mutating func applyFilter<Row: ListRow>(
        _: Row.Type, text: String, context: inout ScreenContext
    ) -> Effects {
        let old = self[keyPath: Row.list].filter
        let filter = Row.listKind.filters(afterPrompt: text, over: old)
        guard filter != old else { return [] }
        return reload(Row.self, filter: filter, context: &context)
    }

    /// Moves a list's selection; past the reached rows it reads the next page (once) and
    /// remembers the overshoot, so the selection moves on when the page arrives.
    mutating func moveSelection<Row: ListRow>(_: Row.Type, by delta: Int, context: inout ScreenContext)
        -> Effects
    {
        let visible = context.layout.visibleListRows
        var list = self[keyPath: Row.list]
        list.soughtID = nil
        let rowCount = list.rowCount
        let target = list.selection.selected + delta
        if delta > 0, rowCount > 0, target > rowCount - 1, list.hasMorePages,
            list.loading[list.nextPageNumber] != nil
        {
            list.pendingAdvance += target - (rowCount - 1)
        }
        list.selection.move(by: delta, rowCount: rowCount, visibleRows: visible)
        self[keyPath: Row.list] = list
        return readNextPageIfNeeded(Row.self, context: &context)
    }

    /// Scrolls a list's view by `rows` (the wheel), the selection kept in view; reads the next
    /// page when the view reaches the last reached row.
    mutating func scrollList<Row: ListRow>(_: Row.Type, by rows: Int, context: inout ScreenContext)
        -> Effects
    {
        let visible = context.layout.visibleListRows
        var list = self[keyPath: Row.list]
        list.soughtID = nil
        list.selection.scroll(by: rows, rowCount: list.rowCount, visibleRows: visible)
        self[keyPath: Row.list] = list
        guard rows > 0, list.hasMorePages, list.rowCount > 0,
            list.rowsInView(visibleRows: visible).upperBound >= list.rowCount
        else { return [] }
        return requestPage(list.nextPageNumber, of: Row.self, context: &context)
    }

    /// Starts reading the next page when more remain and the selection is on the last reached
    /// row or the reached rows do not fill the list (a tall terminal).
    mutating func readNextPageIfNeeded<Row: ListRow>(_: Row.Type, context: inout ScreenContext) -> Effects {
        let list = self[keyPath: Row.list]
        let rowCount = list.rowCount
        guard rowCount > 0, list.hasMorePages else { return [] }
        let atEnd = list.selection.selected >= rowCount - 1
        let underfilled = rowCount < list.selection.offset + context.layout.visibleListRows
        guard atEnd || underfilled else { return [] }
        return requestPage(list.nextPageNumber, of: Row.self, context: &context)
    }

    /// Starts reading page `number` of a list, `localFirst`, unless a read of that page is
    /// already in flight (so a key pressed during a load never starts a second one).
    mutating func requestPage<Row: ListRow>(_ number: Int, of _: Row.Type, context: inout ScreenContext)
        -> Effects
    {
        guard self[keyPath: Row.list].loading[number] == nil,
            let read = Self.read(
                page: number, of: self[keyPath: Row.list], policy: .localFirst, context.services)
        else { return [] }
        self[keyPath: Row.list].loading[number] = .localFirst
        return [.stream(key: Row.listKind.taskKey(page: number)) { sink in await read(sink.send) }]
    }

    /// The read of page `number` of `list` with `policy`, its reports sent as messages (a
    /// background revalidation's after the first); nil when the services cannot read this list.
    private static func read<Row: ListRow>(
        page number: Int, of list: PagedList<Row>, policy: CachePolicy, _ services: BrowserServices
    ) -> (@Sendable (_ send: @escaping @Sendable (Message) -> Void) async -> Void)? {
        let request = PageRequest(
            kind: Row.listKind.kind, number: number, filters: list.filter, generation: list.generation,
            policy: policy)
        guard let page = Row.page(request, services: services) else { return nil }
        return { send in await services.readUpdates(page) { send(.pageRead(request, $0)) } }
    }

    /// Rereads pages `numbers` of a list, `remoteFirst`, one after the other in one task (so
    /// their answers arrive in page order), replacing any navigation read of the same pages.
    mutating func refreshPages<Row: ListRow>(_ numbers: [Int], of _: Row.Type, context: inout ScreenContext)
        -> Effects
    {
        let list = self[keyPath: Row.list]
        let reads = numbers.compactMap { number in
            Self.read(page: number, of: list, policy: .remoteFirst, context.services)
        }
        guard reads.count == numbers.count else { return [] }
        let replaced = numbers.filter { list.loading[$0] == .localFirst }
        for number in numbers { self[keyPath: Row.list].loading[number] = .remoteFirst }
        let refresh = Effect<Message>.stream(key: Row.listKind.refreshTaskKey) { sink in
            for read in reads {
                if Task.isCancelled { return }
                await read(sink.send)
            }
        }
        return replaced.map { .cancel(key: Row.listKind.taskKey(page: $0)) } + [refresh]
    }

    /// `r` on a list: rereads every page with a row in view, `remoteFirst` (page 1 when none).
    mutating func refreshList<Row: ListRow>(_: Row.Type, context: inout ScreenContext) -> Effects {
        let list = self[keyPath: Row.list]
        var numbers = list.pageNumbers(ofRows: list.rowsInView(visibleRows: context.layout.visibleListRows))
        if numbers.isEmpty { numbers = [1] }
        return refreshPages(numbers, of: Row.self, context: &context)
    }

    /// Starts a list over with `filter`: cancels its page reads in flight, forgets its pages,
    /// selection and sought row, and reads page 1.
    mutating func reload<Row: ListRow>(_: Row.Type, filter: [String: String], context: inout ScreenContext)
        -> Effects
    {
        let pending = self[keyPath: Row.list].loading
        var cancels = pending.filter { $0.value == .localFirst }.keys.sorted().map {
            Effect<Message>.cancel(key: Row.listKind.taskKey(page: $0))
        }
        if pending.values.contains(.remoteFirst) { cancels.append(.cancel(key: Row.listKind.refreshTaskKey)) }
        self[keyPath: Row.list].reset(filter: filter)
        return cancels + requestPage(1, of: Row.self, context: &context)
    }

    /// Applies a page read of a list's filter that is the read in flight for that page: records it,
    /// stores the page, carries a pending advance on, looks for the sought row, reads on if needed.
    mutating func applyPage<Row: ListRow>(
        _ request: PageRequest, _ report: any Sendable, of _: Row.Type, context: inout ScreenContext
    ) -> Effects {
        let number = request.number
        guard let report = report as? ReadReport<Page<Row>>,
            request.generation == self[keyPath: Row.list].generation
        else { return [] }
        if report.background { return applyRevalidatedPage(request, report, context: &context) }
        guard self[keyPath: Row.list].loading[number] == request.policy else { return [] }
        self[keyPath: Row.list].loading[number] = nil
        context.record(
            query: request.query, kind: request.kind, policy: request.policy, keys: [request.cacheKey],
            report)
        switch report.result {
        case .success(let answer):
            let visible = context.layout.visibleListRows
            var list = self[keyPath: Row.list]
            let wasNext = number == list.nextPageNumber
            guard list.apply(answer.value, number: number) else { return [] }
            if wasNext, list.pendingAdvance > 0 {
                list.selection.move(by: list.pendingAdvance, rowCount: list.rowCount, visibleRows: visible)
                list.pendingAdvance = 0
                self[keyPath: Row.list] = list
                return readNextPageIfNeeded(Row.self, context: &context)
            }
            list.selection.clamp(rowCount: list.rowCount, visibleRows: visible)
            let seeking = list.restoreSelection(visibleRows: visible, searchPages: Self.restoreSearchPages)
            self[keyPath: Row.list] = list
            if seeking { return requestPage(list.nextPageNumber, of: Row.self, context: &context) }
            return readNextPageIfNeeded(Row.self, context: &context)
        case .failure(let error):
            self[keyPath: Row.list].pendingAdvance = 0
            context.toast("Could not load \(request.query): \(error.description)", kind: .error)
            return []
        }
    }

    /// Applies the background revalidation of a page shown stale: recorded, and its rows replace
    /// the page's while it is held and no other read of it is in flight (a refresh's is newer).
    private mutating func applyRevalidatedPage<Row: ListRow>(
        _ request: PageRequest, _ report: ReadReport<Page<Row>>, context: inout ScreenContext
    ) -> Effects {
        context.record(
            query: request.query, kind: request.kind, policy: request.policy, keys: [request.cacheKey],
            report)
        guard case .success(let answer) = report.result,
            self[keyPath: Row.list].loading[request.number] == nil,
            self[keyPath: Row.list].pages.page(request.number) != nil
        else { return [] }
        _ = self[keyPath: Row.list].apply(answer.value, number: request.number)
        return []
    }

    /// Keeps each list's window on its view after a key or a resize: lets go of far pages and
    /// (the list on screen only) reads again the pages in view that were let go.
    mutating func followWindows(context: inout ScreenContext) -> Effects {
        let onScreen = context.isOnTop ? activeList : nil
        var effects: Effects = []
        for kind in EntityKind.allCases {
            effects += followWindow(ListKind.of(kind).rows, reads: onScreen == kind, context: &context)
        }
        return effects
    }

    private mutating func followWindow<Row: ListRow>(_: Row.Type, reads: Bool, context: inout ScreenContext)
        -> Effects
    {
        let rows = self[keyPath: Row.list].rowsInView(visibleRows: context.layout.visibleListRows)
        self[keyPath: Row.list].keepPages(near: rows)
        guard reads else { return [] }
        return self[keyPath: Row.list].pages.missingPages(ofRows: rows).flatMap {
            requestPage($0, of: Row.self, context: &context)
        }
    }

    /// Applies what the previous run remembered: filters, the active list and the selections to
    /// look for as pages arrive (the app sets the switch; `open` reads the pages).
    mutating func restore(context: inout ScreenContext) {
        guard let remembered = context.services.remembered else { return }
        characters.reset(filter: remembered.characterFilter.parameters)
        characters.soughtID = remembered.selectedIDs[.character]
        if context.services.graph != nil {
            if let filters = remembered.filters[.episode] { episodes.reset(filter: filters) }
            if let filters = remembered.filters[.location] { locations.reset(filter: filters) }
        }
        // Kept even without a graph, so the next run remembers them again.
        episodes.soughtID = remembered.selectedIDs[.episode]
        locations.soughtID = remembered.selectedIDs[.location]
        guard context.services.graph != nil else { return }
        activeList = remembered.activeList
    }

    /// `--open` on the lists: shows the list it names, unfiltered and from its top, and pushes that
    /// entity's detail over it (`open` reads the list's first page).
    mutating func start(context: inout ScreenContext) {
        guard let start = context.services.listsStart, canList(start.kind, context: &context) else { return }
        activeList = start.kind
        startOver(ListKind.of(start.kind).rows)
        guard let id = start.id else { return }
        ExplorerDetailScreen.push(start.kind, id: id, title: "", context: &context)
    }

    /// Forgets a list's remembered filter and selection.
    private mutating func startOver<Row: ListRow>(_: Row.Type) { self[keyPath: Row.list].reset(filter: [:]) }
}
