import ExplorerData
import ExplorerModel
import TerminalUI

extension ExplorerListScreen {
    /// Takes what the explored API's profile says of the resource listed.
    mutating func adoptProfile(context: ScreenContext) {
        profile = resource.flatMap { context.services.explorer?.profile?.resource($0.name) }
    }

    /// The profile's columns for the resource listed (none without a profile).
    var columns: [ProfileColumn] { profile?.columns ?? [] }

    /// Reads, in the background, the values of the rows in view whose values were not asked for
    /// yet — only when the profile gives columns or a title field, and only on top. The row shows
    /// its title at once; its cells fill in as its entity is read (whole entities from the cache,
    /// references read at most a few at a time).
    mutating func readValuesInView(context: ScreenContext) -> [Effect<Message>] {
        guard let profile, !profile.columns.isEmpty || profile.title != nil, context.isOnTop,
            let explorer = context.services.explorer?.repository
        else { return [] }
        let top = list.clamped(rowCount: shownCount, visibleRows: visibleRows).offset
        var wanted: [EntityAddress] = []
        for index in top..<max(top, min(shownCount, top + visibleRows)) {
            guard let row = shownRow(index), valuesAsked.insert(row.address).inserted else { continue }
            wanted.append(row.address)
        }
        guard !wanted.isEmpty else { return [] }
        valueBatches += 1
        let key = "explorer-values \(resource?.name ?? "") \(valueBatches)"
        valueKeys = Array((valueKeys + [key]).suffix(16))
        let addresses = wanted
        return [
            .stream(key: key) { sink in
                for await values in explorer.rowValues(of: addresses, profile: profile) { sink.send(.values(values)) }
            }
        ]
    }

    /// Stops the value reads in flight; the rows they left unanswered are asked for again later.
    mutating func cancelValueReads() -> [Effect<Message>] {
        let keys = valueKeys
        valueKeys = []
        valuesAsked = Set(rowValues.keys)
        return keys.map { .cancel(key: $0) }
    }

    /// Stops the value reads and forgets the values (another resource is shown).
    mutating func forgetValues() -> [Effect<Message>] {
        let cancelled = cancelValueReads()
        rowValues = [:]
        valuesAsked = []
        return cancelled
    }

    /// The title row `row` shows: the profile's title field once its entity is read, else its own.
    func title(of row: ExplorerRow) -> String {
        if case .success(let cells)? = rowValues[row.address]?.outcome { return cells.title }
        return row.title
    }
}
