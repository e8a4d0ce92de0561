import CharacterData
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
                let (result, elapsed) = await clock.timed {
                    await repository.delete(id, queueing: true, over: shown)
                }
                return .deleted(result, elapsed: elapsed)
            }
        ]
    }

    /// Says how the delete went; applied or kept, the detail closes.
    func applyDelete(_ result: CharacterEditResult, elapsed: Duration, context: inout ScreenContext) {
        context.record(WriteEvent(character: detail.characterID, method: .delete, result: result, elapsed: elapsed))
        switch result {
        case .applied:
            context.toast("Deleted \(crumb).", kind: .info)
            context.pop()
        case .pending(_, let reason):
            context.toast("Kept: the delete of \(crumb) is pending until the server can be reached (\(reason)).", kind: .warning)
            context.pop()
        case .conflict:
            context.toast("\(crumb) changed on the server meanwhile: decide on the Changes screen (5).", kind: .warning)
        case .rejected(let reason, _):
            context.toast("Not deleted: \(reason)", kind: .error)
        case .notSent(let reason):
            context.toast("Not deleted: \(reason)", kind: .error)
        }
    }
}
