import CharacterData
import Foundation
import RepositoryCore
import TerminalUI

/// The Changes screen on the stack (`5`): the writes the outbox keeps — pending, in conflict,
/// rejected — newest first, with the character, the fields changed, age, attempts and last
/// error; Enter shows the selected write's fields as base → mine / theirs. On a conflict `m`
/// keeps mine and `t` takes theirs; on any row `d` discards it (after a y/n question) and `r`
/// sends it again now. The list is read again every second (the services' clock) and after
/// each action. A plain value (`ScreenModel`).
package struct ChangesScreen: ScreenModel {
    /// What the screen's work reports.
    package enum Message: Sendable {
        /// The outbox was read at `now`.
        case read([KeptCharacterWrite], now: Date)
        /// An action finished: what to say, and the writes it sent.
        case acted(String, ToastState.Kind, sent: [WriteEvent])
    }

    /// The kept writes, newest first.
    package var writes: [KeptCharacterWrite] = []
    /// The selected row and the rows scrolled off.
    package var selection = ListState()
    /// The write whose fields are shown, if any.
    package var opened: Int64?
    /// Whether the outbox has been read once.
    package var hasRead = false
    /// The time of the last read (ages count from it).
    package var now = Date.distantPast
    /// Whether an action is in flight.
    package var isActing = false

    /// A screen with nothing read yet.
    package init() {}

    package var keyScope: KeyTable.Scope { .changes }
    package static var keyScopes: [KeyTable.Scope] { [.changes] }
    package var crumb: String { opened.map { "Changes › #\($0)" } ?? "Changes" }
    package var activity: ScreenActivity {
        ScreenActivity(isBusy: isActing, shownReads: isActing ? ["changes"] : [])
    }

    /// The selected write, if any.
    package var selected: KeptCharacterWrite? {
        writes.indices.contains(selection.selected) ? writes[selection.selected] : nil
    }

    /// The task key of the one-second reader.
    static let readerKey = "changes-reader"

    package mutating func open(context: inout ScreenContext) -> [Effect<Message>] {
        let services = context.services
        // The first read is waited for (a headless run shows it at once); then every second.
        return [
            .task(key: "changes-first-read") { .read(services.repository.keptWrites(), now: services.now()) },
            Self.reader(services, first: false),
        ]
    }

    package mutating func suspend(context: inout ScreenContext) -> [Effect<Message>] {
        [.cancel(key: Self.readerKey)]
    }

    package mutating func resume(context: inout ScreenContext) -> [Effect<Message>] {
        [Self.reader(context.services)]
    }

    package mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        let visible = max(1, context.layout.main.height - 4)
        switch action {
        case .back:
            if opened != nil { opened = nil } else { context.pop() }
        case .moveDown: selection.move(by: 1, rowCount: writes.count, visibleRows: visible)
        case .moveUp: selection.move(by: -1, rowCount: writes.count, visibleRows: visible)
        case .first: selection.moveToFirst(rowCount: writes.count, visibleRows: visible)
        case .last: selection.moveToLast(rowCount: writes.count, visibleRows: visible)
        case .open: opened = opened == nil ? selected?.sequence : nil
        case .keepMine, .takeTheirs:
            guard let write = selected, !isActing else { break }
            guard write.state == .conflict else {
                context.toast("Only a write in conflict has mine and theirs to choose from.", kind: .info)
                break
            }
            return act(context.services, event: write) { repository in
                let choice: ConflictChoice = action == .keepMine ? .mine : .theirs
                guard let result = await repository.resolveConflict(write.sequence, keeping: choice) else {
                    return ("The conflict of \(write.characterName) is no longer there.", .info, [])
                }
                let said =
                    choice == .theirs
                    ? "Took the server's \(write.characterName); mine was dropped."
                    : Self.sentence(result, name: write.characterName)
                // Theirs taken: mine is dropped, which the log says as a discard.
                return (said, .info, [(write, choice == .mine ? result : .notSent(reason: "theirs taken"))])
            }
        case .delete:
            guard let write = selected else { break }
            context.confirm(
                "Discard the \(write.method == .delete ? "delete" : "edit") of \(write.characterName)?",
                then: .discardWrite(sequence: write.sequence))
        case .confirmed(.discardWrite(let sequence)):
            guard let write = writes.first(where: { $0.sequence == sequence }) else { break }
            return act(context.services, event: write) { repository in
                let discarded = await repository.discardWrite(sequence)
                return (
                    discarded ? "Discarded the write of \(write.characterName)." : "That write is no longer kept.",
                    .info, discarded ? [(write, .notSent(reason: "discarded"))] : []
                )
            }
        case .refresh:
            guard let write = selected, !isActing else { break }
            return act(context.services, event: write) { repository in
                let results = await repository.retryWrite(write.sequence)
                guard let last = results.last else { return ("Nothing was sent: another send is running.", .info, []) }
                return (Self.sentence(last, name: write.characterName), .info, [(write, last)])
            }
        default:
            break
        }
        return []
    }

    /// Runs `body` over the repository, then reads the outbox again.
    private mutating func act(
        _ services: BrowserServices, event write: KeptCharacterWrite,
        _ body: @escaping @Sendable (CharacterRepository) async -> (
            String, ToastState.Kind, [(KeptCharacterWrite, CharacterEditResult)]
        )
    ) -> [Effect<Message>] {
        isActing = true
        let repository = services.repository
        let clock = services.clock
        return [
            .stream(key: "changes-action") { sink in
                let ((said, kind, sent), elapsed) = await clock.timed { await body(repository) }
                let events = sent.map { write, result in
                    if case .notSent(let why) = result {
                        return WriteEvent.discarded(
                            character: write.characterID, method: write.method, sequence: write.sequence, why: why)
                    }
                    return WriteEvent(
                        character: write.characterID, method: write.method, result: result, elapsed: elapsed,
                        sequence: write.sequence)
                }
                sink.send(.acted(said, kind, sent: events))
                sink.send(.read(repository.keptWrites(), now: services.now()))
            }
        ]
    }

    package mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
        switch message {
        case .read(let writes, let now):
            let selectedSequence = selected?.sequence
            self.writes = writes
            self.now = now
            hasRead = true
            if let selectedSequence, let index = writes.firstIndex(where: { $0.sequence == selectedSequence }) {
                selection = ListState(selected: index, offset: min(selection.offset, index))
            } else if selection.selected >= writes.count {
                selection = ListState(selected: max(0, writes.count - 1), offset: 0)
            }
            if let opened, !writes.contains(where: { $0.sequence == opened }) { self.opened = nil }
        case .acted(let said, let kind, let sent):
            isActing = false
            context.toast(said, kind: kind)
            for event in sent { context.record(event) }
            // The status pane's counts follow the outbox.
            if sent.isEmpty { context.readKeptWrites() }
        }
        return []
    }

    /// A write's result in a sentence.
    static func sentence(_ result: CharacterEditResult, name: String) -> String {
        switch result {
        case .applied(_, let merged): merged ? "Sent \(name): merged and applied." : "Sent \(name): applied."
        case .pending(_, let reason): "\(name) is still pending: \(reason)"
        case .conflict(let fields, _):
            "\(name) is in conflict again (\(fields.joined(separator: ", "))): the server changed it meanwhile."
        case .rejected(let reason, _): "\(name) was refused: \(reason)"
        case .notSent(let reason): "\(name) was not sent: \(reason)"
        }
    }

    package func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
        ChangesPane(screen: self).render(in: area, buffer: &buffer)
    }

    /// Reads the outbox now and every second on the services' clock.
    static func reader(_ services: BrowserServices, first: Bool = true) -> Effect<Message> {
        let repository = services.repository
        return .subscribe(key: readerKey) { sink in
            var reads = first
            while !Task.isCancelled {
                if reads { sink.send(.read(repository.keptWrites(), now: services.now())) }
                reads = true
                do {
                    try await services.clock.sleep(for: .seconds(1))
                } catch {
                    return
                }
            }
        }
    }
}
