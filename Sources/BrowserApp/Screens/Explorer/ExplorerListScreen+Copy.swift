import ExplorerData
import ExplorerModel
import RepositoryCore
import TerminalUI

extension ExplorerListScreen {
    /// The task key of the read a copy of the selected row's JSON waits for.
    var copyTaskKey: String { "explorer-copy \(resource?.name ?? "")" }

    /// `y` and `Y` on the list: the selected row's URL at once; its entity's JSON once read
    /// (`localFirst`: a page of whole entities left them in the cache, a reference is read).
    mutating func copy(_ format: CopyFormat, context: inout ScreenContext) -> [Effect<Message>] {
        guard let row = shownRow(list.selected), let explorer = context.services.explorer?.repository else {
            context.toast("Nothing to copy here: no row is selected.", kind: .info)
            return []
        }
        switch format {
        case .url:
            context.copy(ExplorerCopy.subject(at: row.address, title: title(of: row), repository: explorer), as: .url)
            return []
        case .json:
            copying = row.address
            let address = row.address
            let clock = context.services.clock
            return [
                .task(key: copyTaskKey) {
                    let read = await ExplorerRead.run(.localFirst, clock: clock) { () async throws(ExplorerError) in
                        try await explorer.entity(at: address, policy: .localFirst)
                    }
                    return .copyRead(address, read)
                }
            ]
        }
    }

    /// The entity a copy waited for: recorded as every read is, then copied as JSON (or why not).
    mutating func receiveCopy(_ address: EntityAddress, _ read: ExplorerRead<ExplorerEntity>, context: inout ScreenContext) {
        guard copying == address else { return }
        copying = nil
        guard let explorer = context.services.explorer?.repository else { return }
        context.record(explorer: "entity \(address.path)", read, metrics: explorer.metrics.snapshot())
        switch read.result {
        case .success(let answer): context.copy(ExplorerCopy.subject(of: answer.value, repository: explorer), as: .json)
        case .failure(let error): context.toast("Not copied: \(error.description)", kind: .error)
        }
    }

    /// Stops a copy's read in flight.
    mutating func cancelCopy() -> [Effect<Message>] {
        guard copying != nil else { return [] }
        copying = nil
        return [.cancel(key: copyTaskKey)]
    }
}
