import CharacterData
import EntityWrites
import Foundation
import RickAndMortyModel
import TerminalUI

/// The Changes screen (`5`): the writes the outbox keeps, newest first, read again every second
/// and after each action; Enter shows one's fields as base → mine / theirs, `m`/`t` decide a
/// conflict, `d` discards (asking first), `r` sends again. A plain value.
struct ChangesScreen: ScreenModel {
    /// What the screen's work reports: the outbox read at `now`, an action's toast and the write it
    /// decided (if any), the letter answering whether to discard write `sequence`.
    enum Message: Sendable {
        case read([EntityWrite], now: Date)
        case acted(String, sent: WriteLogLine?)
        case discardAnswered(sequence: Int64, String)
    }

    /// The kept writes, newest first, as read at `now` (ages count from it).
    var writes: [EntityWrite] = []
    var now = Date.distantPast
    var hasRead = false
    var selection = ListState()
    /// The write whose fields are shown, if any.
    var opened: Int64?
    var isActing = false
    /// Why no write is kept in this run (no disk cache, or another browser keeps them), if so, as
    /// the repository said at the last read.
    var notKept: String?

    var keyScope: KeyTable.Scope { .changes }
    static var keyScopes: [KeyTable.Scope] { [.changes] }
    var crumb: String { opened.map { "Changes › #\($0)" } ?? "Changes" }
    var activity: ScreenActivity { ScreenActivity(isBusy: isActing, shownReads: isActing ? ["changes"] : []) }

    var selected: EntityWrite? {
        writes.indices.contains(selection.selected) ? writes[selection.selected] : nil
    }

    static let readerKey = "changes-reader"

    mutating func open(context: inout ScreenContext) -> [Effect<Message>] {
        let services = context.services
        // The first read is waited for (a headless run shows it at once); then every second.
        return [
            .task(key: "changes-first-read") { .read(services.repository.keptWrites(), now: services.now()) },
            Self.reader(services, first: false),
        ]
    }

    mutating func suspend(context: inout ScreenContext) -> [Effect<Message>] {
        [.cancel(key: Self.readerKey)]
    }

    mutating func resume(context: inout ScreenContext) -> [Effect<Message>] {
        [Self.reader(context.services)]
    }

    /// Reads the outbox now (unless not `first`) and every second on the services' clock.
    static func reader(_ services: BrowserServices, first: Bool = true) -> Effect<Message> {
        .subscribe(key: readerKey) { sink in
            var reads = first
            while !Task.isCancelled {
                if reads { sink.send(.read(services.repository.keptWrites(), now: services.now())) }
                reads = true
                guard (try? await services.clock.sleep(for: .seconds(1))) != nil else { return }
            }
        }
    }

    mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        let visible = context.layout.visibleListRows  // the rows under the column header, as a list's
        switch action {
        case .back:
            if opened != nil { opened = nil } else { context.pop() }
        case .moveDown, .moveUp, .first, .last:
            selection.apply(action, rowCount: writes.count, visibleRows: visible)
        case .open: opened = opened == nil ? selected?.sequence : nil
        case .keepMine, .takeTheirs:
            guard let write = selected, !isActing else { break }
            guard write.state == .conflict else {
                context.toast("Only a write in conflict has mine and theirs to choose from.", kind: .info)
                break
            }
            let decision: ConflictDecision = action == .keepMine ? .keepMine : .takeTheirs
            return act(on: write, context.services) { repository, name in
                guard let event = await repository.resolveConflict(write.sequence, decision) else {
                    return ("The conflict of \(name) is no longer there.", nil)
                }
                // Theirs taken: mine is dropped, which the log says as a discard.
                if decision == .takeTheirs {
                    return ("Took the server's \(name); mine was dropped.", event)
                }
                return (Self.sentence(event, name: name), event)
            }
        case .delete:
            guard let write = selected else { break }
            let what = write.method == .delete ? "delete" : "edit"
            context.ask(.yesOrNo("Discard the \(what) of \(Self.title(of: write))?")) {
                [sequence = write.sequence] in Message.discardAnswered(sequence: sequence, $0)
            }
        case .refresh:
            guard let write = selected, !isActing else { break }
            return act(on: write, context.services) { repository, name in
                guard let event = await repository.retryWrite(write.sequence) else {
                    return ("That write is no longer kept.", nil)
                }
                return (Self.sentence(event, name: name), event)
            }
        default:
            break
        }
        return []
    }

    /// Runs `body` (what to say, the write it decided) on `write`, then reads the outbox again.
    private mutating func act(
        on write: EntityWrite, _ services: BrowserServices,
        _ body: @escaping @Sendable (CharacterRepository, String) async -> (String, WriteEvent?)
    ) -> [Effect<Message>] {
        isActing = true
        let (repository, name) = (services.repository, Self.title(of: write))
        return [
            .stream(key: "changes-action") { sink in
                let ((said, event), elapsed) = await services.clock.timed { await body(repository, name) }
                let line = event.map {
                    WriteLogLine($0, character: repository.characterID(of: $0.entity) ?? 0, elapsed: elapsed)
                }
                sink.send(.acted(said, sent: line))
                sink.send(.read(repository.keptWrites(), now: services.now()))
            }
        ]
    }

    mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        switch message {
        case .read(let writes, let now):
            let previous = selected?.sequence
            self.writes = writes
            self.now = now
            hasRead = true
            // Read with the writes: this run may take the cache file's writes over while it is open.
            notKept = context.services.repository.writesNotKept
            if let previous, let index = writes.firstIndex(where: { $0.sequence == previous }) {
                selection = ListState(selected: index, offset: min(selection.offset, index))
            } else if selection.selected >= writes.count {
                selection = ListState(selected: max(0, writes.count - 1), offset: 0)
            }
            if let opened, !writes.contains(where: { $0.sequence == opened }) { self.opened = nil }
        case .acted(let said, let sent):
            isActing = false
            context.toast(said, kind: .info)
            // The status pane's counts follow the outbox (recording a write reads it again).
            if let sent { context.record(sent) } else { context.readKeptWrites() }
        case .discardAnswered(let sequence, let letter):
            guard letter == "y", let write = writes.first(where: { $0.sequence == sequence }) else { break }
            return act(on: write, context.services) { repository, name in
                guard await repository.discardWrite(sequence) else {
                    return ("That write is no longer kept.", nil)
                }
                let event = WriteEvent(
                    sequence: sequence, entity: write.entity, method: write.method, outcome: .discarded)
                return ("Discarded the write of \(name).", event)
            }
        }
        return []
    }

    /// A write's outcome in a sentence.
    static func sentence(_ event: WriteEvent, name: String) -> String {
        switch event.outcome {
        case .applied(merged: true): "Sent \(name): merged and applied."
        case .applied, .confirmed: "Sent \(name): applied."
        case .queued: "\(name) is still pending."
        case .retrying(let reason, _): "\(name) is still pending: \(reason)"
        case .conflict(let fields):
            "\(name) is in conflict again (\(fields.joined(separator: ", "))): "
                + "the server changed it meanwhile."
        case .rejected(let reason, _): "\(name) was refused: \(reason)"
        case .discarded: "\(name) was dropped."
        }
    }

    /// What a write is called on the screen: the name (or title) it sets, else the one it was
    /// made over, else the server's, else its entity's path.
    static func title(of write: EntityWrite) -> String {
        for fields in [write.changes, write.base ?? [:], write.conflict?.theirs.value ?? [:]] {
            for key in ["name", "title"] {
                if case .string(let text)? = fields[key], !text.isEmpty { return text }
            }
        }
        return write.entity
    }
}

extension ChangesScreen {
    /// Draws the kept writes as rows, or the opened write's fields.
    func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        BorderBox(title: "Changes · \(WriteCounts(writes).description)").render(in: area, buffer: &buffer)
        // Inside the border, one column in: the column header on the first line, the rows under it.
        let inside = BorderBox.interior(of: area).inset(left: 1)
        guard inside.width > 10, inside.height > 1 else { return }
        if let opened, let write = writes.first(where: { $0.sequence == opened }) {
            for (index, line) in diffLines(write, width: inside.width).prefix(inside.height).enumerated() {
                buffer.write(line, x: inside.x, y: inside.y + index, maxWidth: inside.width)
            }
            return
        }
        let width = inside.width - 1
        let header = ["State", "Entity", "Change", "Age", "Tries", "Last error"]
        let headerLine = Self.row(header.map { ($0, Style(bold: true, dim: true)) }, width: width)
        buffer.write(headerLine, x: inside.x, y: inside.y, maxWidth: inside.width)
        let placeholder =
            !hasRead ? "Reading the outbox…"
            : notKept.map { "No write is kept in this run: \($0)." }
                ?? "No writes kept: none waits for the server or for you."
        ListView(rowCount: writes.count, state: selection, placeholder: placeholder) { [writes, now] index in
            Self.line(for: writes[index], width: width, now: now)
        }
        .render(in: inside.inset(top: 1), buffer: &buffer)
    }

    /// The opened write's lines: what it is, its last error, and the fields that differ as base →
    /// mine (and theirs for a conflict), then the keys that act on it.
    private func diffLines(_ write: EntityWrite, width: Int) -> [Line] {
        let (what, title) = (write.method == .delete ? "Delete" : "Edit", Self.title(of: write))
        let age = StatusPaneContent.age(now.timeIntervalSince(write.createdAt))
        let about = "\(what) of \(title) (\(write.entity)) · \(write.state.rawValue) · written \(age) ago"
        var lines = [Line(about, style: Style(bold: true))]
        if let error = write.lastError {
            lines += TextWrapper.wrap("Last error: \(error)", width: width).prefix(2)
                .map { Line($0, style: Style(foreground: .red)) }
        }
        let base = write.base ?? [:]
        // Theirs as far as the write saw: its base holds only the editable fields (not `id`, `url`, …),
        // compared as shown (a difference no screen shows is none).
        let theirs = write.conflict?.theirs.value.filter { base[$0.key] != nil || write.changes[$0.key] != nil }
        let conflicting = write.conflict?.fields ?? []
        let shownApart = theirs.map { theirs in
            Set(base.keys).union(theirs.keys).filter { Self.text(base[$0]) != Self.text(theirs[$0]) }
        }
        let differing = Set(write.changes.keys).union(conflicting).union(shownApart ?? [])
        let heading = "field      base → mine" + (theirs == nil ? "" : " / theirs")
        lines += ["", Line(heading, style: Style(bold: true, dim: true))]
        for field in differing.sorted() {
            let mine = write.method == .delete ? "(deleted)" : Self.text(write.changes[field] ?? base[field])
            let text =
                "\(Self.text(base[field])) → \(mine)" + (theirs.map { " / \(Self.text($0[field]))" } ?? "")
            let style =
                conflicting.contains(field)
                ? Style(foreground: .yellow, bold: true)
                : write.changes[field] == nil ? .plain.dimmed() : Style(bold: true)
            let label = TextFitting.fit(field + (conflicting.contains(field) ? " !" : ""), width: 10)
            lines.append(Line([Span(label + " ", style: .plain.dimmed()), Span(text, style: style)]))
        }
        let keys =
            write.state == .conflict
            ? "m keeps mine (sent over the server's version) · t takes theirs · d discards · Esc back"
            : "r sends it again now · d discards · Esc back"
        return lines + [""] + TextWrapper.wrap(keys, width: width).map { Line($0, style: .plain.dimmed()) }
    }

    /// A field's value as shown: a string as it is (an empty one `—`, as the detail shows it), an
    /// absent field `?`, anything else as JSON.
    private static func text(_ value: JSONValue?) -> String {
        guard case .string(let text)? = value else { return value?.description ?? "?" }
        let shown = UntrustedText.sanitize(text)
        return shown.isEmpty ? "—" : shown
    }

    private static func line(for write: EntityWrite, width: Int, now: Date) -> Line {
        let change =
            write.method == .delete ? "delete" : "edit " + write.changes.keys.sorted().joined(separator: ", ")
        let stateStyle: Style =
            switch write.state {
            case .pending, .sending: Style(foreground: .cyan)
            case .conflict: Style(foreground: .yellow, bold: true)
            case .rejected: Style(foreground: .red, bold: true)
            }
        let id = write.entity.split(separator: "/").last ?? ""
        // Right-aligned in the tries column's 5 here: `row` leaves text of its column's width as it is.
        let tries = TextFitting.fit(String(write.attempts), width: 5, alignment: .trailing)
        return row(
            [
                (write.state.rawValue, stateStyle), ("\(title(of: write)) #\(id)", .plain), (change, .plain),
                (StatusPaneContent.age(now.timeIntervalSince(write.createdAt)), .plain), (tries, .plain),
                (write.lastError ?? "", .plain.dimmed()),
            ], width: width)
    }

    /// `cells` (text and style) in the list's columns for `width` (state, entity, change, age,
    /// tries, last error), a space after each but the last.
    private static func row(_ cells: [(String, Style)], width: Int) -> Line {
        let rest = max(0, width - 9 - 6 - 5 - 5)
        let (name, change) = (min(30, rest / 2), min(24, rest / 4))
        let widths = [9, name, change, 6, 5, max(0, rest - name - change)]
        return Line(
            zip(cells, widths).enumerated().map { index, cell in
                let ((text, style), width) = cell
                return Span(
                    TextFitting.fit(text, width: width) + (index < cells.count - 1 ? " " : ""), style: style)
            })
    }
}

extension KeyTable.Scope {
    static let changes = KeyTable.Scope(
        "changes",
        bindings: [
            KeyBinding(
                [.escape, .backspace], .back, label: "Esc Backspace", help: "close the diff, or back",
                hint: ("esc", "back", 10)),
            KeyBinding(
                [.character("j"), .down], .moveDown, label: "j ↓", help: "next write",
                hint: ("j/k", "move", 20)),
            KeyBinding([.character("k"), .up], .moveUp, label: "k ↑", help: "previous write"),
            KeyBinding([.character("g"), .home], .first, label: "g Home", help: "the newest"),
            KeyBinding([.character("G"), .end], .last, label: "G End", help: "the oldest"),
            KeyBinding(
                [.enter], .open, label: "Enter", help: "the write's fields: base → mine / theirs",
                hint: ("enter", "diff", 15)),
            KeyBinding(
                [.character("m")], .keepMine, label: "m",
                help: "conflict: keep mine (sent over the server's version)",
                hint: ("m/t", "mine/theirs", 25)),
            KeyBinding(
                [.character("t")], .takeTheirs, label: "t", help: "conflict: take theirs (mine dropped)"),
            KeyBinding(
                [.character("d")], .delete, label: "d", help: "discard the write (asks first)",
                hint: ("d", "discard", 30)),
            KeyBinding(
                [.character("r")], .refresh, label: "r", help: "send the write now, and the pending ones after it",
                hint: ("r", "send now", 40)),
        ])
}
