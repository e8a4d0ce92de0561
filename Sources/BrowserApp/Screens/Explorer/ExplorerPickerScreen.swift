import ExplorerData
import Foundation
import TerminalUI

/// The resource picker (`:`, as k9s's): every resource of the API, narrowed as letters are
/// typed (a name containing them); Enter shows the selected one in the list under it, Esc
/// closes it. It takes typing. A plain value (`ScreenModel`).
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
        guard case .typed(let key) = action else { return [] }
        switch key {
        case .escape: context.pop()
        case .enter:
            guard matches.indices.contains(list.selected),
                let index = resources.firstIndex(of: matches[list.selected])
            else { return [] }
            // The list under it shows the resource in its place (`1`–`3`'s way), not a new list.
            context.pop()
            context.perform(.openResource(index))
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
        return []
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
