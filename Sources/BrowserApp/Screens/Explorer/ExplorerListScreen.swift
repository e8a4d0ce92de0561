import ExplorerData
import ExplorerModel
import Foundation
import RepositoryCore
import TerminalUI

/// One resource of an explored API as a list: a window over the cache at any length whose pages
/// are read as the view needs them (rows show their titles at once, the profile's columns as the
/// rows' entities are read in the background), narrowed by `/` — through the API's own search
/// and the filters its profile names when it has them (`ExplorerListQuery`), else over the rows
/// read so far. Enter opens the row's entity over it. Another resource shown in its place (`1`–`3`,
/// `:`) leaves this one's place kept for its return. A plain value (`ScreenModel`).
struct ExplorerListScreen: ScreenModel {
    /// What the list's reads report.
    enum Message: Sendable {
        /// Page `number` of the list searched for `search` was read.
        case page(number: Int, search: String?, ExplorerRead<ExplorerListPage>)
        /// A row's entity was read for the profile's columns (or could not be).
        case values(RowValues)
        /// The entity at the address a copy (`y`) waits for was read (or could not be).
        case copyRead(EntityAddress, ExplorerRead<ExplorerEntity>)
        /// The filter prompt was answered with this text.
        case filtered(String)
    }

    /// The resource listed; nil when the API has none.
    private(set) var resource: ExplorerResource?
    /// The entity to open over the list when it opens (`--open RESOURCE/ID`).
    private(set) var openingID: String?
    /// What `/` asked the API (its search, and filters), as typed, if anything.
    private(set) var search: String?
    /// The filter over the rows read so far, when the API has no search.
    private(set) var localFilter: String?
    /// The pages read.
    var window = LoadedPages<ExplorerRow>.explored
    /// The selected row and the rows scrolled off the top.
    var list = ListState()
    /// The pages being read, with their policies.
    var loading: [Int: CachePolicy] = [:]
    /// Why the list could not be read, as a sentence.
    var failure: String?
    /// How many rows show at once, as the layout last said.
    private(set) var visibleRows = 1
    /// What the profile says of the resource (its columns, title field), nil for nothing.
    var profile: ResourceProfile?
    /// The rows' values read for the profile's columns, by address.
    var rowValues: [EntityAddress: RowValues] = [:]
    /// The rows whose values were asked for (each once while its read runs or answered).
    var valuesAsked: Set<EntityAddress> = []
    /// The task keys of the value reads started (the latest few), and how many were started.
    var valueKeys: [String] = []
    var valueBatches = 0
    /// The row whose entity a copy (`y`) waits for, if any.
    var copying: EntityAddress?
    /// The places of the resources shown before, by name, the most recently left last: showing one
    /// again (`1`–`3`, `:`) finds it as it was left.
    private var kept: [(name: String, place: Place)] = []

    /// What a resource's list keeps while another is shown: its filter, its pages, its selection
    /// and its rows' values (its reads in flight are cancelled, and read again when it is back).
    private struct Place {
        var search: String?
        var localFilter: String?
        var window: LoadedPages<ExplorerRow>
        var list: ListState
        var rowValues: [EntityAddress: RowValues]
    }

    /// How many resources' places are kept besides the one shown.
    static let keptPlaces = 8

    /// The list of `resource`, which opens entity `openingID` over itself when given.
    init(resource: ExplorerResource?, openingID: String? = nil) {
        self.resource = resource
        self.openingID = openingID
    }

    var keyScope: KeyTable.Scope { .explorerList }
    static var keyScopes: [KeyTable.Scope] { [.explorerList] }
    var crumb: String { resource?.name ?? "API" }

    var activity: ScreenActivity {
        let policy = loading.values.contains(.remoteFirst) ? CachePolicy.remoteFirst : loading.values.first
        var activity = ScreenActivity(reading: policy, named: "\(crumb) page")
        // A copy waiting for its row's entity is a read in flight too.
        if copying != nil {
            activity.isBusy = true
            activity.shownReads.append("entity to copy")
        }
        return activity
    }

    /// The rows shown when a local filter narrows the rows read: those whose title contains it,
    /// ignoring case; nil for the whole list's window.
    var filteredRows: [ExplorerRow]? {
        guard let localFilter else { return nil }
        return window.heldRows.filter { $0.title.localizedCaseInsensitiveContains(localFilter) }
    }

    /// How many rows the list shows.
    var shownCount: Int { filteredRows?.count ?? window.rowCount }

    /// The row shown at `index`, when read.
    func shownRow(_ index: Int) -> ExplorerRow? {
        if let filteredRows { return filteredRows.indices.contains(index) ? filteredRows[index] : nil }
        return window.row(at: index)
    }

    /// Reads the first page, or opens the entity `--open` named over the list.
    mutating func open(context: inout ScreenContext) -> [Effect<Message>] {
        profile = resource.flatMap { context.services.explorer?.profile?.resource($0.name) }
        if let openingID, let resource {
            self.openingID = nil
            context.push(ExplorerDetailScreen(target: .id(openingID, of: resource), knownTitle: openingID))
            return []
        }
        return readMissing(context: context)
    }

    mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        let count = shownCount
        switch action {
        case .open: openSelected(context: &context)
        case .click(let column, let row, let opens):
            // The row under the pointer is selected; a double click opens it too.
            let rows = context.layout.listRows
            guard rows.contains(column: column, row: row),
                let index = list.row(atLine: row - rows.y, rowCount: count, visibleRows: visibleRows)
            else { break }
            list.select(index, rowCount: count, visibleRows: visibleRows)
            if opens { openSelected(context: &context) }
        case .filter: context.ask(.filter(search ?? localFilter ?? ""), reply: Message.filtered)
        case .clearFilters:
            if search != nil {
                return restart(search: nil, localFilter: nil, context: context)
            } else if localFilter != nil {
                localFilter = nil
                list = ListState()
            } else {
                context.pop()
            }
        case .back: context.pop()
        case .refresh: return refresh(context: context)
        case .openResource(let index):
            // `1`–`3` on a list show the resource in its place.
            guard let resource = context.services.explorer?.resource(at: index) else {
                context.toast("The API has no resource \(index + 1).", kind: .info)
                break
            }
            return resource == self.resource ? [] : show(resource, context: context)
        case .copy(let format): return copy(format, context: &context)
        default: list.apply(action, rowCount: count, visibleRows: visibleRows)
        }
        return []
    }

    /// The filter typed: the API's search when it has one, else a filter over the rows read.
    mutating func filter(_ text: String, context: inout ScreenContext) -> [Effect<Message>] {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return restart(search: nil, localFilter: nil, context: context) }
        if resource?.searchParameter != nil || profile?.filters.isEmpty == false {
            return restart(search: text, localFilter: nil, context: context)
        }
        localFilter = text
        list = ListState()
        return []
    }

    /// Shows `resource` instead: where it was left when it was shown before, else from its first
    /// row with no filter. The place of the resource shown until now is kept.
    mutating func show(_ resource: ExplorerResource, context: ScreenContext) -> [Effect<Message>] {
        let cancelled = cancelReads() + cancelValueReads()
        if let shown = self.resource, failure == nil {
            kept.removeAll { $0.name == shown.name }
            kept.append((shown.name, Place(search: search, localFilter: localFilter, window: window, list: list, rowValues: rowValues)))
            if kept.count > Self.keptPlaces { kept.removeFirst() }
        }
        self.resource = resource
        profile = context.services.explorer?.profile?.resource(resource.name)
        guard let index = kept.firstIndex(where: { $0.name == resource.name }) else {
            rowValues = [:]
            valuesAsked = []
            return cancelled + restart(search: nil, localFilter: nil, context: context)
        }
        let place = kept.remove(at: index).place
        (search, localFilter, window, list, rowValues) = (place.search, place.localFilter, place.window, place.list, place.rowValues)
        valuesAsked = Set(rowValues.keys)
        failure = nil
        list.select(list.selected, rowCount: shownCount, visibleRows: visibleRows)
        return cancelled + readMissing(context: context) + readValuesInView(context: context)
    }

    mutating func suspend(context: inout ScreenContext) -> [Effect<Message>] {
        cancelReads() + cancelValueReads() + cancelCopy()
    }

    mutating func resume(context: inout ScreenContext) -> [Effect<Message>] {
        readMissing(context: context) + readValuesInView(context: context)
    }

    mutating func settle(context: inout ScreenContext) -> [Effect<Message>] {
        context.isOnTop ? readMissing(context: context) + readValuesInView(context: context) : []
    }

    /// A newer value of a row's entity another screen read: the row shows its values.
    mutating func show(_ shown: ShownEntity) {
        guard case .explored(let entity) = shown, let profile, rowValues[entity.address] != nil else { return }
        rowValues[entity.address] = RowValues(of: entity, profile: profile)
    }

    mutating func layOut(_ layout: BrowserLayout) {
        visibleRows = layout.visibleListRows
        list.select(list.selected, rowCount: shownCount, visibleRows: visibleRows)
    }

    /// The list in its box: the resource, the selected row and the count in the title; a line
    /// saying how it is filtered with the profile's column headings; then the rows, each its title
    /// at once, its columns as its entity is read and its id, a row whose page is being read as `…`.
    func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        BorderBox(title: boxTitle).render(in: area, buffer: &buffer)
        let header = context.layout.listHeader.inset(left: 1)
        let rows = context.layout.listRows.inset(left: 1)
        let columns = ExplorerListColumns(profile?.columns ?? [], width: max(1, rows.width - 1))
        buffer.write(columns.header(headerLine), x: header.x, y: header.y, maxWidth: header.width)
        let screen = self
        ListView(rowCount: shownCount, state: list, placeholder: placeholder) { index in
            guard let row = screen.shownRow(index) else { return Line([Span("…", style: .plain.dimmed())]) }
            return columns.line(row, title: screen.title(of: row), values: screen.rowValues[row.address])
        }
        .render(in: rows, buffer: &buffer)
    }

    /// `people 3/82`, `pokemon 1/1,351`, `films (searched) 1/3`.
    private var boxTitle: String {
        let name = resource?.name ?? "No resources"
        guard shownCount > 0 else { return name }
        let known = filteredRows != nil || window.totalCount != nil || !window.hasMorePages
        return "\(name) \(ExplorerText.grouped(list.selected + 1))/\(ExplorerText.grouped(shownCount))"
            + (known ? "" : "+")
    }

    /// How the list is narrowed, or its API's search when it has one.
    private var headerLine: Line {
        if let search {
            let pairs = ExplorerListQuery(search, resource: resource, profile: profile).pairs.joined(separator: " ")
            return Line([Span("Searched by the API (\(pairs))", style: Style(bold: true))])
        }
        if let localFilter {
            let read = ExplorerText.grouped(window.heldRows.count)
            let text = "Filtered over the \(read) rows read so far: \(localFilter)"
            return Line([Span(text, style: Style(bold: true))])
        }
        let how =
            profile?.filters.isEmpty == false
            ? "the API's filters (\(profile?.filters.map { $0 + "=" }.joined(separator: " ") ?? ""))"
            : resource?.searchParameter == nil ? "the rows read so far" : "the API's search"
        return Line([Span("/ filters with \(how)", style: .plain.dimmed())])
    }

    private var placeholder: String {
        if let failure { return failure }
        if resource == nil { return "The API lists no resources." }
        if localFilter != nil || search != nil { return "No rows match." }
        return loading.isEmpty ? "No rows." : "Loading…"
    }

    /// Opens the selected row's entity over the list.
    private func openSelected(context: inout ScreenContext) {
        guard let row = shownRow(list.selected) else { return }
        context.push(ExplorerDetailScreen(target: .address(row.address), knownTitle: row.title))
    }

    /// Starts the list again with `search` and `localFilter`, from its first row.
    private mutating func restart(search: String?, localFilter: String?, context: ScreenContext) -> [Effect<Message>] {
        let cancelled = cancelReads()
        self.search = search
        self.localFilter = localFilter
        window = .explored
        list = ListState()
        failure = nil
        return cancelled + readMissing(context: context)
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
