import CharacterData
import EntityWrites
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import TerminalUI

/// The edit form of a character on the stack (`e` on its detail): every key goes to the form
/// (`takesTyping`); Enter saves through the repository — a `mainSync` write, kept pending in the
/// outbox when the server cannot be reached — and Esc leaves. Applied, pending or in conflict,
/// the form closes and says so; a refused field shows its reason beside it and the form stays.
/// A plain value (`ScreenModel`).
struct EditCharacterScreen: ScreenModel {
    /// What saving reports back.
    enum Message: Sendable {
        /// The repository took the edit as `result` (or made no write), in `elapsed`.
        case saved(Result<WriteEvent, WriteNotMade>, elapsed: Duration)
    }

    /// The form.
    var form: CharacterForm
    /// Whether a save is in flight (keys other than Esc wait for it).
    var isSaving = false
    /// The character's name when the form opened (the crumb, the title).
    let name: String
    /// The character as the form opened over it (the edit's base when the cache no longer holds it).
    let shown: ShowCharacter

    /// The form of `character`.
    init(character: ShowCharacter) {
        form = CharacterForm(character: character)
        name = character.name
        shown = character
    }

    var keyScope: KeyTable.Scope { .characterEdit }
    static var keyScopes: [KeyTable.Scope] { [.characterEdit] }
    var crumb: String { "Edit" }
    var takesTyping: Bool { true }
    var activity: ScreenActivity {
        ScreenActivity(isBusy: isSaving, shownReads: isSaving ? ["saving \(name)"] : [])
    }

    /// The task key of the save in flight.
    static let saveKey = "character-edit-save"

    mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        guard case .typed(let key) = action else { return [] }
        if isSaving {
            return []
        }
        switch form.take(key) {
        case .stay: return []
        case .cancel:
            context.pop()
            return []
        case .save:
            return save(context: &context)
        }
    }

    /// Checks the fields as the server would, then sends them (queued when the server cannot be
    /// reached).
    private mutating func save(context: inout ScreenContext) -> [Effect<Message>] {
        let fields = form.values
        if let violation = fields.violation() {
            form.errors[violation.field] = violation.reason
            form.focus(on: violation.field)
            return []
        }
        guard form.isChanged else {
            context.toast("Nothing changed: \(name) is as it was.", kind: .info)
            context.pop()
            return []
        }
        isSaving = true
        let repository = context.services.repository
        let clock = context.services.clock
        let id = form.characterID
        let shown = shown
        return [
            .task(key: Self.saveKey) {
                let (result, elapsed) = await clock.timed { () async -> Result<WriteEvent, WriteNotMade> in
                    do throws(WriteNotMade) {
                        return .success(try await repository.edit(id, to: fields, queueing: true, over: shown))
                    } catch {
                        return .failure(error)
                    }
                }
                return .saved(result, elapsed: elapsed)
            }
        ]
    }

    mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        guard case .saved(let result, let elapsed) = message else { return [] }
        isSaving = false
        let id = form.characterID
        let name = form.values.name
        switch result {
        case .failure(let notMade):
            context.record(WriteLogLine(notMade: notMade, method: .patch, character: id, elapsed: elapsed))
            refuse(notMade.reason, field: notMade.field, prefix: "Not saved")
            return []
        case .success(let event):
            context.record(WriteLogLine(event, character: id, elapsed: elapsed))
            switch event.outcome {
            case .applied(let merged):
                context.toast(
                    merged ? "Saved \(name), merged with the server's changes to other fields." : "Saved \(name).", kind: .info)
            case .confirmed, .discarded:
                context.toast("Saved \(name).", kind: .info)
            case .queued, .retrying:
                let why = if case .retrying(let reason, _) = event.outcome { " (\(reason))" } else { "" }
                context.toast("Kept: \(name) is pending and will be sent when the server can be reached\(why).", kind: .warning)
            case .conflict(let fields):
                context.toast(
                    "\(self.name) changed on the server too (\(fields.joined(separator: ", "))): decide on the Changes screen (5).",
                    kind: .warning)
            case .rejected(let reason, let field):
                refuse(reason, field: field, prefix: "Refused")
                return []
            }
            context.pop()
        }
        return []
    }

    /// Shows why the form was not saved: beside its field when it names one of the form's, else
    /// below the form. The form stays.
    private mutating func refuse(_ reason: String, field: String?, prefix: String) {
        if let field, form.fields.contains(where: { $0.name == field }) {
            form.errors[field] = reason
            form.focus(on: field)
        } else {
            form.message = "\(prefix): \(reason)"
        }
    }

    mutating func suspend(context: inout ScreenContext) -> [Effect<Message>] { [] }

    func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        CharacterFormPane(form: form, title: "Edit \(name) (#\(form.characterID))", isSaving: isSaving)
            .render(in: area, buffer: &buffer)
    }
}

extension KeyTable.Scope {
    /// The edit form's keys (every key goes to the form, `?` too: these are what its footer shows).
    static let characterEdit = KeyTable.Scope(
        "character edit",
        bindings: [
            KeyBinding([.enter], .typed(.enter), label: "Enter", help: "save", hint: ("enter", "save", 10)),
            KeyBinding([.escape], .typed(.escape), label: "Esc", help: "cancel", hint: ("esc", "cancel", 20)),
            KeyBinding(
                [.tab, .down], .typed(.tab), label: "Tab ↓", help: "next field", hint: ("tab", "next field", 30)),
            KeyBinding([.backTab, .up], .typed(.backTab), label: "Shift-Tab ↑", help: "previous field"),
            KeyBinding([.character(" ")], .typed(.character(" ")), label: "Space", help: "next status or gender"),
            KeyBinding([.backspace], .typed(.backspace), label: "Backspace", help: "delete before the cursor"),
            KeyBinding([.control("u")], .typed(.control("u")), label: "Ctrl-U", help: "clear the field"),
        ])
}
