import ExplorerData
import Foundation
import TerminalUI

/// The resource picker (`:`, as k9s's): every resource of the API, narrowed as letters are typed;
/// Enter (or a double click) shows the selected one in the list under it, Esc closes it. It takes
/// typing; a click selects, the wheel scrolls. A plain value (`ScreenModel`).
struct ExplorerPickerScreen: ScreenModel {
    /// Every resource, in the API's order.
    let resources: [ExplorerResource]
    /// What was typed.
    private(set) var query = ""
    /// The resources whose names contain `query` (ignoring case), worked out on each key.
    private(set) var matches: [ExplorerResource]
    private(set) var list = ListState()
    private(set) var visibleRows = 1

    /// A picker over `resources`.
    init(resources: [ExplorerResource]) {
        self.resources = resources
        matches = resources
    }

    var keyScope: KeyTable.Scope { .explorerPicker }
    static var keyScopes: [KeyTable.Scope] { [.explorerPicker] }
    var crumb: String { ":" + query }
    var takesTyping: Bool { true }

    mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Never>] {
        switch action {
        case .click(let column, let row, let opens):
            // The resource under the pointer is selected; a double click opens it, as Enter.
            let rows = context.layout.listRows
            guard rows.contains(column: column, row: row),
                let index = list.row(atLine: row - rows.y, rowCount: matches.count, visibleRows: visibleRows)
            else { break }
            list.select(index, rowCount: matches.count, visibleRows: visibleRows)
            if opens { choose(context: &context) }
        case .scroll(let rows, _, _): list.scroll(by: rows, rowCount: matches.count, visibleRows: visibleRows)
        case .typed(let key): type(key, context: &context)
        default: break
        }
        return []
    }

    /// A key typed: moves, narrows, chooses or closes.
    private mutating func type(_ key: Key, context: inout ScreenContext) {
        switch key {
        case .escape: context.pop()
        case .enter: choose(context: &context)
        case .down, .tab: list.move(by: 1, rowCount: matches.count, visibleRows: visibleRows)
        case .up: list.move(by: -1, rowCount: matches.count, visibleRows: visibleRows)
        case .home: list.moveToFirst(rowCount: matches.count, visibleRows: visibleRows)
        case .end: list.moveToLast(rowCount: matches.count, visibleRows: visibleRows)
        case .backspace, .delete:
            if !query.isEmpty { query.removeLast() }
            narrow()
        case .control("u"):
            query = ""
            narrow()
        case .character(let character) where query.count < 60 && !character.isNewline:
            query.append(character)
            narrow()
        default: break
        }
    }

    /// Shows the selected resource in the list under the picker (`1`–`3`'s way, not a new list).
    private mutating func choose(context: inout ScreenContext) {
        guard matches.indices.contains(list.selected), let index = resources.firstIndex(of: matches[list.selected])
        else { return }
        context.pop()
        context.perform(.openResource(index))
    }

    mutating func layOut(_ layout: BrowserLayout) {
        visibleRows = layout.visibleListRows
        list.select(list.selected, rowCount: matches.count, visibleRows: visibleRows)
    }

    func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        BorderBox(title: "Resources \(matches.count)/\(resources.count)").render(in: area, buffer: &buffer)
        let header = context.layout.listHeader.inset(left: 1)
        buffer.write(
            Line([Span(":", style: Style(bold: true)), Span(query), Span("▏", style: .plain.dimmed())]),
            x: header.x, y: header.y, maxWidth: header.width)
        let matches = matches
        ListView(rowCount: matches.count, state: list, placeholder: "No resource contains \"\(query)\".") {
            Line(matches[$0].name)
        }
        .render(in: context.layout.listRows.inset(left: 1), buffer: &buffer)
    }

    /// Keeps the resources whose names contain the query, the first selected.
    private mutating func narrow() {
        matches = query.isEmpty ? resources : resources.filter { $0.name.localizedCaseInsensitiveContains(query) }
        list = ListState()
        // A name typed whole selects it, wherever it is among the matches.
        if let exact = matches.firstIndex(where: { $0.name.caseInsensitiveCompare(query) == .orderedSame }) {
            list.select(exact, rowCount: matches.count, visibleRows: visibleRows)
        }
    }
}

extension CharacterBrowser {
    /// `1`–`3`: resource `index`'s list (Rick and Morty's characters, episodes, locations) — shown
    /// in place by the list on top, else by the list nearest the top with the screens over it
    /// popped (a detail, the Cache or Changes screen); pushed when no list is on the stack.
    func openResource(_ index: Int, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let lists = services.listReader
        if let refusal = lists.refusal(toShow: index) {
            showToast(refusal, kind: .info, state: &state)
            return []
        }
        let resource = lists.resources[index]
        if state.stack.last?.screen is ListScreen { return callTop(.perform(.openResource(index)), state: &state) }
        guard let below = state.stack.lastIndex(where: { $0.screen is ListScreen }) else {
            return push(ListScreen(resource: resource), state: &state)
        }
        return popBack(to: below, state: &state) + callTop(.perform(.openResource(index)), state: &state)
    }

    /// `:` while exploring: the resource picker over any screen.
    func pickResource(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard let resources = services.explorer?.resources, !resources.isEmpty else {
            showToast("The API lists no resources.", kind: .info, state: &state)
            return []
        }
        return push(ExplorerPickerScreen(resources: resources), state: &state)
    }
}
