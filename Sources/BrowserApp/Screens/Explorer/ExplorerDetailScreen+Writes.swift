import CharacterData
import EntityWrites
import RickAndMortyModel
import TerminalUI

/// `e` and `x` on a Rick and Morty character's detail: the edit form over the character as shown;
/// after a y/n question, the delete through the repository (a `mainSync` DELETE of the character
/// the user saw, kept pending when the server cannot be reached) — applied or kept, the detail
/// closes and the character leaves the lists.
extension ExplorerDetailScreen {
    /// The task key of the delete in flight.
    static let deleteTaskKey = "detail-delete"

    /// The character shown, when the detail is of one and it is read.
    private var character: ShowCharacter? { entity.flatMap(RickAndMortyEntities.character(of:)) }

    /// `e`: the edit form over the character as shown.
    func edit(context: inout ScreenContext) {
        // (`e` and `x` are keys of a character's detail alone)
        guard characterID != nil else { return }
        guard let character else {
            return context.toast("The character is not loaded yet: nothing to edit.", kind: .info)
        }
        context.push(EditCharacterScreen(character: character))
    }

    /// `x`: asks whether to delete the character.
    func askToDelete(context: inout ScreenContext) {
        guard let characterID else { return }
        context.ask(.yesOrNo("Delete \(crumb) (#\(characterID))?"), reply: Message.deleteAnswered)
    }

    /// Deletes the character as the user saw it: one changed on the server since is a conflict.
    func delete(context: ScreenContext) -> [Effect<Message>] {
        guard let id = characterID else { return [] }
        let (repository, clock, shown) = (context.services.repository, context.services.clock, character)
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
        guard let id = characterID else { return }
        switch result {
        case .failure(let notMade):
            context.record(WriteLogLine(notMade: notMade, method: .delete, character: id, elapsed: elapsed))
            context.toast("Not deleted: \(notMade.reason)", kind: .error)
        case .success(let event):
            context.record(WriteLogLine(event, character: id, elapsed: elapsed))
            switch event.outcome {
            case .applied, .confirmed, .discarded:
                // The lists drop it with the toast, not when the cache's change reaches them.
                context.show(.characterDeleted(id: id))
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

    /// ` ✎ pending ` on the right of the box's top border: the values shown are a write's the
    /// server has not taken yet.
    static func drawPendingBadge(in area: Rect, buffer: inout CellBuffer) {
        let badge = " ✎ pending "
        let width = DisplayWidth.of(badge)
        guard area.width > width + 4 else { return }
        buffer.write(
            badge, x: area.maxX - width - 2, y: area.y, maxWidth: width,
            style: Style(foreground: .yellow, bold: true, reverse: true))
    }
}
