import CharacterData
import RepositoryCore
import RickAndMortyHTTP
import RickAndMortyModel
import TerminalUI

/// The edit form of a character on the stack (`e` on its detail): every key goes to the form
/// (`takesTyping`); Enter saves through the repository — a `mainSync` write, kept pending in the
/// outbox when the server cannot be reached — and Esc leaves. Applied, pending or in conflict,
/// the form closes and says so; a refused field shows its reason beside it and the form stays.
/// A plain value (`ScreenModel`).
package struct EditCharacterScreen: ScreenModel {
    /// What saving reports back.
    package enum Message: Sendable {
        /// The repository took the edit as `result`, in `elapsed`.
        case saved(CharacterEditResult, elapsed: Duration)
    }

    /// The form.
    package var form: CharacterForm
    /// Whether a save is in flight (keys other than Esc wait for it).
    package var isSaving = false
    /// The character's name when the form opened (the crumb, the title).
    let name: String
    /// The character as the form opened over it (the edit's base when the cache no longer holds it).
    let shown: ShowCharacter

    /// The form of `character`.
    package init(character: ShowCharacter) {
        form = CharacterForm(character: character)
        name = character.name
        shown = character
    }

    package var keyScope: KeyTable.Scope { .characterEdit }
    package static var keyScopes: [KeyTable.Scope] { [.characterEdit] }
    package var crumb: String { "Edit" }
    package var takesTyping: Bool { true }
    package var activity: ScreenActivity {
        ScreenActivity(isBusy: isSaving, shownReads: isSaving ? ["saving \(name)"] : [])
    }

    /// The task key of the save in flight.
    static let saveKey = "character-edit-save"

    package mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
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
                let (result, elapsed) = await clock.timed {
                    await repository.edit(id, to: fields, queueing: true, over: shown)
                }
                return .saved(result, elapsed: elapsed)
            }
        ]
    }

    package mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        guard case .saved(let result, let elapsed) = message else { return [] }
        isSaving = false
        context.record(WriteEvent(character: form.characterID, method: .patch, result: result, elapsed: elapsed))
        switch result {
        case .applied(let character, let merged):
            if let character { context.show(.character(character)) }
            context.toast(
                merged ? "Saved \(form.values.name), merged with the server's changes to other fields." : "Saved \(form.values.name).",
                kind: .info)
            context.pop()
        case .pending(_, let reason):
            context.toast(
                "Kept: \(form.values.name) is pending and will be sent when the server can be reached (\(reason)).",
                kind: .warning)
            context.pop()
        case .conflict(let fields, let theirs):
            context.toast(
                "\(theirs.name) changed on the server too (\(fields.joined(separator: ", "))): decide on the Changes screen (5).",
                kind: .warning)
            context.pop()
        case .rejected(let reason, let field):
            if let field, form.fields.contains(where: { $0.name == field }) {
                form.errors[field] = reason
                form.focus(on: field)
            } else {
                form.message = "Refused: \(reason)"
            }
        case .notSent(let reason):
            form.message = "Not saved: \(reason)"
        }
        return []
    }

    package mutating func suspend(context: inout ScreenContext) -> [Effect<Message>] { [] }

    package func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        CharacterFormPane(form: form, title: "Edit \(name) (#\(form.characterID))", isSaving: isSaving)
            .render(in: area, buffer: &buffer)
    }
}

extension KeyTable.Scope {
    /// The edit form's keys (every key goes to the form, `?` too: these are what its footer shows).
    package static let characterEdit = KeyTable.Scope(
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
