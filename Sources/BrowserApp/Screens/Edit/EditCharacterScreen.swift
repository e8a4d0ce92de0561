import CharacterData
import EntityWrites
import RickAndMortyModel
import TerminalUI

/// The edit form of a character (`e` on its detail), which takes every key: Enter saves through
/// the repository (kept pending when the server cannot be reached) and closes the form, unless
/// the edit is refused; Esc leaves. A plain value.
struct EditCharacterScreen: ScreenModel {
    /// What saving reports back: the repository's write (or why it made none), how long it took,
    /// and the character as the repository shows it afterwards (from the cache alone).
    enum Message: Sendable {
        case saved(Result<WriteEvent, WriteNotMade>, elapsed: Duration, shown: ShowCharacter? = nil)
    }

    var form: CharacterForm
    /// Whether a save is in flight (keys wait for it).
    var isSaving = false
    init(character: ShowCharacter) { form = CharacterForm(character: character) }

    var keyScope: KeyTable.Scope { .characterEdit }
    static var keyScopes: [KeyTable.Scope] { [.characterEdit] }
    var crumb: String { "Edit" }
    var takesTyping: Bool { true }
    var activity: ScreenActivity {
        ScreenActivity(isBusy: isSaving, shownReads: isSaving ? ["saving \(form.character.name)"] : [])
    }

    mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        guard case .typed(let key) = action, !isSaving else { return [] }
        switch form.take(key) {
        case .stay: return []
        case .cancel: context.pop()
        case .save: return save(context: &context)
        }
        return []
    }

    /// Checks the fields as the server would, then sends them (kept when the server cannot be reached).
    private mutating func save(context: inout ScreenContext) -> [Effect<Message>] {
        let fields = form.values
        if let violation = fields.violation() {
            refuse(violation.reason, field: violation.field, prefix: "Not saved")
            return []
        }
        guard form.isChanged else {
            context.toast("Nothing changed: \(form.character.name) is as it was.", kind: .info)
            context.pop()
            return []
        }
        isSaving = true
        let (repository, clock, shown) = (context.services.repository, context.services.clock, form.character)
        return [
            .task(key: "character-edit-save") {
                let (result, elapsed) = await clock.timed { () async -> Result<WriteEvent, WriteNotMade> in
                    do throws(WriteNotMade) {
                        return .success(
                            try await repository.edit(shown.id, to: fields, queueing: true, over: shown))
                    } catch {
                        return .failure(error)
                    }
                }
                return .saved(result, elapsed: elapsed, shown: await repository.shownCharacter(id: shown.id))
            }
        ]
    }

    mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        guard case .saved(let result, let elapsed, let after) = message else { return [] }
        isSaving = false
        let (id, name) = (form.character.id, form.values.name)
        switch result {
        case .failure(let notMade):
            context.record(WriteLogLine(notMade: notMade, method: .patch, character: id, elapsed: elapsed))
            refuse(notMade.reason, field: notMade.field, prefix: "Not saved")
        case .success(let event):
            context.record(WriteLogLine(event, character: id, elapsed: elapsed))
            // The screens below show it as saved with the toast, not when the cache's change comes.
            if let after { context.show(.character(after)) }
            // Named as typed; a conflict as the character was.
            let kept = "Kept: \(name) is pending and will be sent when the server can be reached"
            switch event.outcome {
            case .rejected(let reason, let field):
                refuse(reason, field: field, prefix: "Refused")
                return []
            case .applied(merged: true):
                context.toast("Saved \(name), merged with the server's changes to other fields.", kind: .info)
            case .applied, .confirmed, .discarded: context.toast("Saved \(name).", kind: .info)
            case .queued: context.toast(kept + ".", kind: .warning)
            case .retrying(let reason, _): context.toast(kept + " (\(reason)).", kind: .warning)
            case .conflict(let fields):
                let changed =
                    "\(form.character.name) changed on the server too (\(fields.joined(separator: ", ")))"
                context.toast(changed + ": decide on the Changes screen (5).", kind: .warning)
            }
            context.pop()
        }
        return []
    }

    /// Shows why the form was not saved: beside the field it names, else below the form.
    private mutating func refuse(_ reason: String, field: String?, prefix: String) {
        if let field, form.fields.contains(where: { $0.name == field }) {
            form.errors[field] = reason
            form.focus(on: field)
        } else {
            form.message = "\(prefix): \(reason)"
        }
    }
}

extension EditCharacterScreen {
    private static let errorStyle = Style(foreground: .red, bold: true)

    /// Draws the form: a row per field (label, value, why it was refused), and a message below.
    func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        BorderBox(title: "Edit \(form.character.name) (#\(form.character.id))").render(
            in: area, buffer: &buffer)
        let inside = BorderBox.interior(of: area).inset(left: 1, right: 1)
        let labelWidth = 10
        guard inside.width > labelWidth + 4, inside.height > 0 else { return }
        buffer.write(
            "Tab/↓ next field · Shift-Tab/↑ previous · Space cycles a choice · Ctrl-U clears",
            x: inside.x, y: inside.y, maxWidth: inside.width, style: .plain.dimmed())
        var y = inside.y + 2
        // A blank row under each field where the pane has room for it; none where it has not (a
        // short terminal), so every field and the hint under them stay in view.
        let step = inside.height >= 3 + form.fields.count * 2 ? 2 : 1
        // Room beside each value for the reason the server refused it.
        let valueWidth = max(16, min(44, inside.width - labelWidth - 32))
        for (index, field) in form.fields.enumerated() where y < inside.maxY {
            let focused = index == form.focus && !isSaving
            buffer.write(
                field.name.capitalized + ":", x: inside.x, y: y, maxWidth: labelWidth,
                style: focused ? Style(bold: true) : .plain.dimmed())
            draw(field, focused: focused, at: inside.x + labelWidth, y: y, width: valueWidth, buffer: &buffer)
            if let error = form.errors[field.name].map({ "✗ " + $0 }) {
                // Beside the value, going on in the gap under it when longer; under it when narrow.
                let beside = inside.x + labelWidth + valueWidth + 2
                let room = inside.maxX - beside
                let (x, top, width, lines) =
                    room >= 20
                    ? (beside, y, room, Array(TextWrapper.wrap(error, width: room).prefix(step)))
                    : (inside.x + labelWidth, y + 1, inside.width - labelWidth, step == 2 ? [error] : [])
                for (offset, line) in lines.enumerated() where top + offset < inside.maxY {
                    buffer.write(line, x: x, y: top + offset, maxWidth: width, style: Self.errorStyle)
                }
            }
            y += step
        }
        let hint = form.isChanged ? "Enter saves · Esc cancels" : "Nothing changed yet · Esc cancels"
        let (lines, style) =
            isSaving
            ? (["Saving…"], Style(foreground: .yellow))
            : form.message.map { (TextWrapper.wrap($0, width: inside.width), Self.errorStyle) }
                ?? ([hint], .plain.dimmed())
        for (offset, line) in lines.enumerated() where y + offset < inside.maxY {
            buffer.write(line, x: inside.x, y: y + offset, maxWidth: inside.width, style: style)
        }
    }

    /// A field's value in `width` columns: a text field scrolled so its cursor shows, a choice
    /// field as `‹ Alive ›`; the cursor drawn reversed when `focused`.
    private func draw(
        _ field: CharacterForm.Field, focused: Bool, at x: Int, y: Int, width: Int, buffer: inout CellBuffer
    ) {
        if field.choices != nil {
            let style = focused ? Style(bold: true, reverse: true) : .plain
            buffer.write("‹ \(field.text) ›", x: x, y: y, maxWidth: width, style: style)
            return
        }
        let characters = Array(field.text)
        let cursor = min(field.cursor, characters.count)
        // The first character shown: as late as needed for the cursor to fit.
        let start =
            (0..<cursor).first { DisplayWidth.of(String(characters[$0..<cursor])) <= width - 1 } ?? cursor
        let shown = TextFitting.fit(String(characters[start...]), width: width)
        buffer.write(shown, x: x, y: y, maxWidth: width, style: Style(underline: focused))
        guard focused else { return }
        let cursorX = x + DisplayWidth.of(String(characters[start..<cursor]))
        let under = cursor < characters.count ? String(characters[cursor]) : " "
        buffer.write(
            under, x: cursorX, y: y, maxWidth: max(1, x + width - cursorX), style: Style(reverse: true))
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
                [.tab, .down], .typed(.tab), label: "Tab ↓", help: "next field",
                hint: ("tab", "next field", 30)),
            KeyBinding([.backTab, .up], .typed(.backTab), label: "Shift-Tab ↑", help: "previous field"),
            KeyBinding(
                [.character(" ")], .typed(.character(" ")), label: "Space", help: "next status or gender"),
            KeyBinding(
                [.backspace], .typed(.backspace), label: "Backspace", help: "delete before the cursor"),
            KeyBinding([.control("u")], .typed(.control("u")), label: "Ctrl-U", help: "clear the field"),
        ])
}
