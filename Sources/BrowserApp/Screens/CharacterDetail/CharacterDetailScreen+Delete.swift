import CharacterData
import EntityWrites
import RepositoryCore
import TerminalUI

/// `x` on a character's detail: after the y/n question, the character is deleted through the
/// repository (a `mainSync` DELETE, kept pending when the server cannot be reached); applied or
/// pending, the detail closes and the character leaves the lists.
extension CharacterDetailScreen {
    /// The task key of the delete in flight.
    static let deleteTaskKey = "detail-delete"

    /// Deletes the open character.
    func delete(services: BrowserServices) -> [Effect<Message>] {
        let repository = services.repository
        let clock = services.clock
        let id = detail.characterID
        // What the user saw is what is deleted: a character changed on the server since is a conflict.
        let shown = detail.character
        return [
            .task(key: Self.deleteTaskKey) {
                let (result, elapsed) = await clock.timed { () async -> Result<WriteEvent, WriteNotMade> in
                    do throws(WriteNotMade) {
                        return .success(try await repository.delete(id, queueing: true, over: shown))
                    } catch {
                        return .failure(error)
                    }
                }
                return .deleted(result, elapsed: elapsed)
            }
        ]
    }

    /// Says how the delete went; applied or kept, the detail closes.
    func applyDelete(
        _ result: Result<WriteEvent, WriteNotMade>, elapsed: Duration, context: inout ScreenContext
    ) {
        let id = detail.characterID
        switch result {
        case .failure(let notMade):
            context.record(WriteLogLine(notMade: notMade, method: .delete, character: id, elapsed: elapsed))
            context.toast("Not deleted: \(notMade.reason)", kind: .error)
        case .success(let event):
            context.record(WriteLogLine(event, character: id, elapsed: elapsed))
            switch event.outcome {
            case .applied, .confirmed, .discarded:
                context.toast("Deleted \(crumb).", kind: .info)
                context.pop()
            case .queued, .retrying:
                let why = if case .retrying(let reason, _) = event.outcome { " (\(reason))" } else { "" }
                context.toast(
                    "Kept: the delete of \(crumb) is pending until the server can be reached\(why).",
                    kind: .warning)
                context.pop()
            case .conflict:
                context.toast(
                    "\(crumb) changed on the server meanwhile: decide on the Changes screen (5).",
                    kind: .warning)
            case .rejected(let reason, _):
                context.toast("Not deleted: \(reason)", kind: .error)
            }
        }
    }
}
