import ExplorerData
import ExplorerModel
import Foundation
import RepositoryCore
import RickAndMortyModel
import TerminalUI

/// The list at the bottom of the stack, for any API: one resource's list at a time, a window
/// over the cache at any length whose pages are read as the view needs them, through the API's
/// reader (`ListReading`: an explored API's session, or Rick and Morty's repositories). `/`
/// filters through the API's search and filters when it has them, else over the rows read so far;
/// Enter opens the row's entity over the list. Another resource shown in its place (`1`–`3`, `:`,
/// Tab) leaves this one's place kept for its return. A plain value (`ScreenModel`).
struct ListScreen: ScreenModel {
    /// What the list's reads report.
    enum Message: Sendable {
        /// A page of the resource named `resource`, read under the list's generation `generation`.
        case page(resource: String, generation: Int, ListPageRead)
        /// A row's entity was read for the profile's columns (or could not be).
        case values(RowValues)
        /// The entity a copy (`y`) waited for was read: what to copy, or why nothing is.
        case copied(EntityAddress, Result<CopySubject, ListReadFailure>, AppliedAnswer?)
        /// The filter prompt was answered with this text.
        case filtered(String)
    }

    /// The resource listed; nil when the API has none (or before the first `open`).
    private(set) var resource: ExplorerResource?
    /// The entity to open over the list when it opens (`--open RESOURCE/ID`).
    private(set) var openingID: String?
    /// How the list shown looks, as its reader says.
    private(set) var look = RickAndMortyLists.look(of: .character)
    /// The list of the resource shown.
    var list = PagedList()
    /// How many rows show at once, as the layout last said.
    private(set) var visibleRows = 1
    /// The rows whose values were asked for (each once while its read runs or answered).
    var valuesAsked: Set<EntityAddress> = []
    /// The task keys of the value reads started (the latest few), and how many were started.
    var valueKeys: [String] = []
    var valueBatches = 0
    /// The row whose entity a copy (`y`) waits for, if any.
    var copying: EntityAddress?
    /// The lists of the resources shown before, by name, the most recently left last: showing one
    /// again finds it as it was left (its reads in flight were cancelled, and are read again).
    private(set) var kept: [(name: String, look: ListLook, list: PagedList)] = []

    /// How many resources' lists are kept besides the one shown.
    static let keptPlaces = 8
    /// How many pages a list reads at most to find a remembered selection.
    static let restoreSearchPages = 10

    /// The list of `resource` (nil: the reader's first), which opens entity `openingID` over itself
    /// when given.
    init(resource: ExplorerResource? = nil, openingID: String? = nil) {
        self.resource = resource
        self.openingID = openingID
    }

    var keyScope: KeyTable.Scope { look.keyScope }
    static var keyScopes: [KeyTable.Scope] { [.characterList, .entityList, .explorerList] }
    var crumb: String { look.kind?.title ?? resource?.name ?? "API" }

    var activity: ScreenActivity {
        // Idle most of the time, and asked on every frame: nothing to build then.
        guard list.isLoading || copying != nil else { return ScreenActivity() }
        let policy =
            list.loading.values.contains(.remoteFirst) ? CachePolicy.remoteFirst : list.loading.values.first
        var activity: ScreenActivity
        switch look.kind {
        case nil: activity = ScreenActivity(reading: policy, named: "\(crumb) page")
        case .character?:
            let numbers = list.loading.keys.sorted().map(String.init)
            let word = numbers.count == 1 ? "page " : "pages "
            activity = ScreenActivity(reading: policy, named: word + numbers.joined(separator: ", "))
        case _?:
            // (the status pane names the characters' pages alone)
            activity = ScreenActivity(isBusy: policy != nil, isRefreshing: policy == .remoteFirst)
        }
        // A copy waiting for its row's entity is a read in flight too.
        if copying != nil {
            activity.isBusy = true
            activity.shownReads.append("entity to copy")
        }
        return activity
    }

    /// The list of the resource named `name`: the one shown, or one kept.
    func list(named name: String) -> PagedList? {
        name == resource?.name ? list : kept.last { $0.name == name }?.list
    }

    /// Replaces the list of the resource named `name`, shown or kept, with `newValue`.
    mutating func replace(named name: String, with newValue: PagedList) {
        if name == resource?.name {
            list = newValue
        } else if let index = kept.lastIndex(where: { $0.name == name }) {
            kept[index].list = newValue
        }
    }

    /// Restores the remembered place (Rick and Morty's), goes where `--open` says, and reads the
    /// first page — or opens the entity `--open` names over the list, which reads when shown.
    mutating func open(context: inout ScreenContext) -> [Effect<Message>] {
        let reader = context.services.listReader
        if resource == nil { resource = reader.resources.first }
        if context.services.explorer == nil {
            restore(reader, context: &context)
            start(reader, context: &context)
        }
        guard let resource else { return [] }
        look = reader.look(of: resource)
        if list.reachedPages == 0, !list.isLoading {
            // (the list made before its look was known holds as many pages as the look says)
            var fresh = PagedList(filter: list.filter, residentLimit: look.residentLimit)
            fresh.soughtID = list.soughtID
            list = fresh
        }
        if let openingID {
            self.openingID = nil
            if let detail = reader.detail(id: openingID, in: resource) { context.push(detail) }
            return []
        }
        return readMissing(context: context)
    }

    mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        let count = list.shownCount
        switch action {
        case .open: openSelected(context: &context)
        case .click(let column, let row, let opens):
            // The row under the pointer is selected; a double click opens it too.
            let rows = context.layout.listRows
            guard rows.contains(column: column, row: row),
                let index = list.selection.row(
                    atLine: row - rows.y, rowCount: count, visibleRows: visibleRows)
            else { break }
            list.soughtID = nil
            list.selection.select(index, rowCount: count, visibleRows: visibleRows)
            if opens { openSelected(context: &context) }
        case .filter: context.ask(.filter(promptText), reply: Message.filtered)
        case .clearFilters: return clearFilters(context: &context)
        case .cycleStatus:
            var filter = list.filter
            let status = StatusFilter(parameter: filter["status", default: ""]).next.parameter
            filter["status"] = status.isEmpty ? nil : status
            return reload(filter: filter, context: context)
        case .back: context.pop()
        case .refresh: return refresh(context: context)
        case .openResource(let index): return show(index, context: &context)
        case .showList(let kind):
            return show(EntityKind.allCases.firstIndex(of: kind) ?? 0, context: &context)
        case .nextList: return showNext(context: &context)
        case .copy(let format): return copy(format, context: &context)
        case .scroll(let rows, _, _):
            list.soughtID = nil
            list.selection.scroll(by: rows, rowCount: count, visibleRows: visibleRows)
            // (the wheel past the rows reached reads the next page)
            let view = list.rowsInView(visibleRows: visibleRows)
            if rows > 0, list.localFilter == nil, list.hasMorePages, count > 0, view.upperBound >= count {
                return read(list.nextPageNumber, policy: .localFirst, context: context)
            }
        default: move(action)
        }
        return []
    }

    /// A move of the selection (a row, a screen, the first or last row). Past the rows reached
    /// while the next page is being read, the overshoot is remembered, so the selection moves on
    /// when the page arrives.
    private mutating func move(_ action: BrowserAction) {
        let count = list.shownCount
        list.soughtID = nil
        let delta =
            switch action {
            case .moveDown: 1
            case .pageDown: max(1, visibleRows - 1)
            default: 0
            }
        let target = list.selection.selected + delta
        if delta > 0, count > 0, target > count - 1, list.localFilter == nil, list.hasMorePages,
            list.loading[list.nextPageNumber] != nil
        {
            list.pendingAdvance += target - (count - 1)
        }
        list.selection.apply(action, rowCount: count, visibleRows: visibleRows)
    }

    /// What the `/` prompt starts with: the name alone, the search and filters as `key=value`
    /// words, or the filter over the rows read.
    private var promptText: String {
        switch look.prompt {
        case .name: return list.filter["name", default: ""]
        case .local: return list.localFilter ?? ""
        case .query:
            let parameter = resource?.searchParameter
            let names = look.profile?.filters ?? []
            if names.isEmpty { return parameter.flatMap { list.filter[$0] } ?? "" }
            let order = (parameter.map { [$0] } ?? []) + names
            return order.compactMap { name in list.filter[name].map { "\(name)=\($0)" } }.joined(
                separator: " ")
        }
    }

    /// The filter typed: the name alone, the API's search and filters, or a filter over the rows read.
    mutating func filter(_ text: String, context: inout ScreenContext) -> [Effect<Message>] {
        let text = text.trimmingCharacters(in: .whitespaces)
        var filter = list.filter
        switch look.prompt {
        case .name:
            filter["name"] = text.isEmpty ? nil : text
        case .query:
            let query = ExplorerListQuery(text, resource: resource, profile: look.profile)
            filter = query.filters
            if let search = query.search, !search.isEmpty { filter[query.parameter] = search }
        case .local:
            list.localFilter = text.isEmpty ? nil : text
            list.selection = ListState()
            return []
        }
        return filter == list.filter ? [] : reload(filter: filter, context: context)
    }

    /// Esc: clears the filters (the name list keeps those its look names), else the filter over
    /// the rows read; with nothing to clear, an explored list goes back.
    private mutating func clearFilters(context: inout ScreenContext) -> [Effect<Message>] {
        if case .name(let kept) = look.prompt {
            guard !list.filter.isEmpty else { return [] }
            return reload(filter: list.filter.filter { kept.contains($0.key) }, context: context)
        }
        if !list.filter.isEmpty { return reload(filter: [:], context: context) }
        if list.localFilter != nil {
            list.localFilter = nil
            list.selection = ListState()
        } else {
            context.pop()
        }
        return []
    }

    /// `1`–`3` (and the picker's choice): shows resource `index` in the list's place, where it was
    /// left; a toast when the API has no such resource or it cannot be listed here.
    mutating func show(_ index: Int, context: inout ScreenContext) -> [Effect<Message>] {
        let reader = context.services.listReader
        if let refusal = reader.refusal(toShow: index) {
            context.toast(refusal, kind: .info)
            return []
        }
        let shown = reader.resources[index]
        return shown == resource ? [] : show(shown, context: context)
    }

    /// Tab: the next resource, and after the last the first with the first screen the catalogue
    /// opens (the Cache screen) over it.
    private mutating func showNext(context: inout ScreenContext) -> [Effect<Message>] {
        let resources = context.services.listReader.resources
        let index = resources.firstIndex { $0 == resource } ?? 0
        let wraps = index + 1 >= resources.count
        let effects = show(wraps ? 0 : index + 1, context: &context)
        if wraps, let opener = ScreenCatalog.openers.first { context.push(opener.make(context.services)) }
        return effects
    }

    /// Shows `resource` instead: where it was left when it was shown before, else from its first
    /// row with no filter. The list of the resource shown until now is kept.
    mutating func show(_ resource: ExplorerResource, context: ScreenContext) -> [Effect<Message>] {
        let cancelled = cancelReads() + cancelValueReads()
        if let shown = self.resource, list.failure == nil { keep(shown.name, look, list) }
        self.resource = resource
        look = context.services.listReader.look(of: resource)
        if let index = kept.lastIndex(where: { $0.name == resource.name }) {
            list = kept.remove(at: index).list
        } else {
            list = PagedList(residentLimit: look.residentLimit)
        }
        valuesAsked = Set(list.rowValues.keys)
        list.failure = nil
        list.selection.clamp(rowCount: list.shownCount, visibleRows: visibleRows)
        return cancelled + readMissing(context: context) + readValuesInView(context: context)
            + readAnsweredInPlace(context: context)
    }

    /// Keeps `list` (looking as `look` says) as the list of the resource named `name`, its reads
    /// in flight forgotten.
    private mutating func keep(_ name: String, _ look: ListLook, _ list: PagedList) {
        var list = list
        list.loading = [:]
        list.pendingAdvance = 0
        kept.removeAll { $0.name == name }
        kept.append((name, look, list))
        if kept.count > Self.keptPlaces { kept.removeFirst() }
    }

    mutating func suspend(context: inout ScreenContext) -> [Effect<Message>] {
        cancelValueReads() + cancelCopy()
    }

    mutating func resume(context: inout ScreenContext) -> [Effect<Message>] {
        readMissing(context: context) + readValuesInView(context: context)
            + readAnsweredInPlace(context: context)
    }

    /// A list that could not be read at all is read again, and so are the pages the cache
    /// answered in place of the server (their rows shown until the new page replaces them): now
    /// on top, else when resumed or shown again.
    mutating func reconnected(context: inout ScreenContext) -> [Effect<Message>] {
        let failed = list.failure != nil
        list.failure = nil
        guard context.isOnTop else { return [] }
        return (failed ? readMissing(context: context) : []) + readAnsweredInPlace(context: context)
    }

    /// Reads again, while the server can be reached, the pages held that the cache answered in
    /// its place (`PagedList.answeredInPlace`).
    private mutating func readAnsweredInPlace(context: ScreenContext) -> [Effect<Message>] {
        guard context.services.networkSwitch.isOnline else { return [] }
        let numbers = list.answeredInPlace.filter { list.holds(page: $0) && list.loading[$0] == nil }.sorted()
        return numbers.flatMap { read($0, policy: .localFirst, context: context) }
    }

    /// Keeps the window on the view after a key or a resize (letting go of far pages) and, on top,
    /// reads what the view misses.
    mutating func settle(context: inout ScreenContext) -> [Effect<Message>] {
        if list.localFilter == nil { list.keepPages(near: list.rowsInView(visibleRows: visibleRows)) }
        return context.isOnTop ? readMissing(context: context) + readValuesInView(context: context) : []
    }

    /// A newer value of a row's entity another screen read or wrote: the rows show it, in the list
    /// shown and in those kept.
    mutating func show(_ shown: ShownEntity) {
        list.take(shown, look: look)
        for index in kept.indices { kept[index].list.take(shown, look: kept[index].look) }
    }

    mutating func layOut(_ layout: BrowserLayout) {
        visibleRows = layout.visibleListRows
        list.selection.clamp(rowCount: list.shownCount, visibleRows: visibleRows)
    }

    func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        ListPane(
            screen: self, layout: context.layout, memo: context.memos?.listRows(of: resource?.name ?? ""),
            pendingIDs: context.pendingCharacterIDs
        )
        .render(in: area, buffer: &buffer)
    }

    /// Opens the selected row's entity over the list.
    private func openSelected(context: inout ScreenContext) {
        guard let row = list.selectedRow, let resource,
            let detail = context.services.listReader.detail(of: row, in: resource)
        else { return }
        context.push(detail)
    }

    /// Starts the list again with `filter`, from its first row: its reads in flight (values too) are
    /// cancelled.
    mutating func reload(filter: [String: String], context: ScreenContext) -> [Effect<Message>] {
        let cancelled = cancelReads() + cancelValueReads()
        list.reset(filter: filter)
        valuesAsked = []  // the new rows hold no values: each is asked for as it comes into view
        return cancelled + readMissing(context: context)
    }

    /// Applies what the previous run remembered: each list's filters and selection, and the list
    /// shown (Rick and Morty's lists; episodes and locations only when they can be read).
    private mutating func restore(_ reader: any ListReading, context: inout ScreenContext) {
        guard let remembered = context.services.remembered else { return }
        let canGraph = context.services.graph != nil
        for (index, kind) in EntityKind.allCases.enumerated() where index < reader.resources.count {
            var restored = PagedList(filter: kind == .character ? remembered.characterFilter.parameters : [:])
            if kind != .character, canGraph, let filters = remembered.filters[kind] {
                restored = PagedList(filter: filters)
            }
            restored.soughtID = remembered.selectedIDs[kind].map(String.init)
            let shown = reader.resources[index]
            if kind == (canGraph ? remembered.activeList : .character) {
                resource = shown
                list = restored
            } else {
                keep(shown.name, reader.look(of: shown), restored)
            }
        }
    }

    /// `--open` on Rick and Morty's lists: shows the list it names, unfiltered and from its top,
    /// and opens that entity's detail over it.
    private mutating func start(_ reader: any ListReading, context: inout ScreenContext) {
        guard let start = context.services.listsStart,
            let index = EntityKind.allCases.firstIndex(of: start.kind)
        else { return }
        if let refusal = reader.refusal(toShow: index) {
            context.toast(refusal, kind: .info)
            return
        }
        if let shown = resource, shown != reader.resources[index] {
            keep(shown.name, reader.look(of: shown), list)
        }
        resource = reader.resources[index]
        kept.removeAll { $0.name == reader.resources[index].name }
        list = PagedList()
        openingID = start.id.map(String.init)
    }
}

extension ListState {
    /// Carries out a move of `action` (a row, a screen, the first or last row, the wheel) over
    /// `rowCount` rows of which `visibleRows` show; any other action leaves it as it is.
    mutating func apply(_ action: BrowserAction, rowCount: Int, visibleRows: Int) {
        switch action {
        case .moveDown: move(by: 1, rowCount: rowCount, visibleRows: visibleRows)
        case .moveUp: move(by: -1, rowCount: rowCount, visibleRows: visibleRows)
        case .pageDown: page(by: 1, rowCount: rowCount, visibleRows: visibleRows)
        case .pageUp: page(by: -1, rowCount: rowCount, visibleRows: visibleRows)
        case .first: moveToFirst(rowCount: rowCount, visibleRows: visibleRows)
        case .last: moveToLast(rowCount: rowCount, visibleRows: visibleRows)
        case .scroll(let rows, _, _): scroll(by: rows, rowCount: rowCount, visibleRows: visibleRows)
        default: break
        }
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

extension CaseIterable where Self: Equatable {
    /// The case after this one in `allCases`, the first after the last: where a key that cycles
    /// steps to (`s` through the status filters, the Cache screen's orders).
    var next: Self {
        let all = Array(Self.allCases)
        return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
    }
}
