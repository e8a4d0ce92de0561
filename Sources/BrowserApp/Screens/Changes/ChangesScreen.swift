import CharacterData
import EntityWrites
import Foundation
import RepositoryCore
import TerminalUI

/// The Changes screen on the stack (`5`): the writes the outbox keeps — pending, in conflict,
/// rejected — newest first, with the entity, the fields changed, age, attempts and last error;
/// Enter shows the selected write's fields that differ as base → mine / theirs. On a conflict `m`
/// keeps mine and `t` takes theirs; on any row `d` discards it (after a y/n question) and `r`
/// sends it again now. The list is read again every second (the services' clock) and after
/// each action. A plain value (`ScreenModel`).
struct ChangesScreen: ScreenModel {
    /// What the screen's work reports.
    enum Message: Sendable {
        /// The outbox was read at `now`.
        case read([EntityWrite], now: Date)
        /// An action finished: what to say, and the writes it sent.
        case acted(String, ToastState.Kind, sent: [WriteLogLine])
        /// The y/n question of discarding write `sequence` was answered with this letter.
        case discardAnswered(sequence: Int64, String)
    }

    /// The kept writes, newest first.
    var writes: [EntityWrite] = []
    /// The selected row and the rows scrolled off.
    var selection = ListState()
    /// The write whose fields are shown, if any.
    var opened: Int64?
    /// Whether the outbox has been read once.
    var hasRead = false
    /// The time of the last read (ages count from it).
    var now = Date.distantPast
    /// Whether an action is in flight.
    var isActing = false

    /// A screen with nothing read yet.
    init() {}

    var keyScope: KeyTable.Scope { .changes }
    static var keyScopes: [KeyTable.Scope] { [.changes] }
    var crumb: String { opened.map { "Changes › #\($0)" } ?? "Changes" }
    var activity: ScreenActivity {
        ScreenActivity(isBusy: isActing, shownReads: isActing ? ["changes"] : [])
    }

    /// The selected write, if any.
    var selected: EntityWrite? {
        writes.indices.contains(selection.selected) ? writes[selection.selected] : nil
    }

    /// The task key of the one-second reader.
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

    mutating func perform(_ action: BrowserAction, context: inout ScreenContext) -> [Effect<Message>] {
        let visible = ChangesGeometry(area: context.layout.main).visibleRows
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
            let name = Self.title(of: write)
            let decision: ConflictDecision = action == .keepMine ? .keepMine : .takeTheirs
            return act(context.services) { repository in
                guard let event = await repository.resolveConflict(write.sequence, decision) else {
                    return ("The conflict of \(name) is no longer there.", [])
                }
                // Theirs taken: mine is dropped, which the log says as a discard.
                let said = decision == .takeTheirs ? "Took the server's \(name); mine was dropped." : Self.sentence(event, name: name)
                return (said, [event])
            }
        case .delete:
            guard let write = selected else { break }
            context.ask(
                .yesOrNo("Discard the \(write.method == .delete ? "delete" : "edit") of \(Self.title(of: write))?")
            ) { [sequence = write.sequence] in Message.discardAnswered(sequence: sequence, $0) }
        case .refresh:
            guard let write = selected, !isActing else { break }
            let name = Self.title(of: write)
            return act(context.services) { repository in
                guard let last = await repository.retryWrite(write.sequence).last?.event else {
                    return ("Nothing was sent: another send is running.", [])
                }
                return (Self.sentence(last, name: name), [last])
            }
        default:
            break
        }
        return []
    }

    /// Runs `body` over the repository (what to say, and the events of the writes it decided),
    /// then reads the outbox again.
    private mutating func act(
        _ services: BrowserServices, _ body: @escaping @Sendable (CharacterRepository) async -> (String, [WriteEvent])
    ) -> [Effect<Message>] {
        isActing = true
        let repository = services.repository
        let clock = services.clock
        return [
            .stream(key: "changes-action") { sink in
                let ((said, events), elapsed) = await clock.timed { await body(repository) }
                let lines = events.map { event in
                    WriteLogLine(event, character: repository.characterID(of: event.entity) ?? 0, elapsed: elapsed)
                }
                sink.send(.acted(said, .info, sent: lines))
                sink.send(.read(repository.keptWrites(), now: services.now()))
            }
        ]
    }

    mutating func receive(_ message: Message, context: inout ScreenContext) -> [Effect<Message>] {
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
        case .discardAnswered(let sequence, let letter):
            guard letter == "y", let write = writes.first(where: { $0.sequence == sequence }) else { break }
            let name = Self.title(of: write)
            return act(context.services) { repository in
                guard await repository.discardWrite(sequence) else { return ("That write is no longer kept.", []) }
                return (
                    "Discarded the write of \(name).",
                    [WriteEvent(sequence: sequence, entity: write.entity, method: write.method, outcome: .discarded)]
                )
            }
        }
        return []
    }

    /// A write's outcome in a sentence.
    static func sentence(_ event: WriteEvent, name: String) -> String {
        switch event.outcome {
        case .applied(let merged): merged ? "Sent \(name): merged and applied." : "Sent \(name): applied."
        case .confirmed: "Sent \(name): applied."
        case .queued: "\(name) is still pending."
        case .retrying(let reason, _): "\(name) is still pending: \(reason)"
        case .conflict(let fields):
            "\(name) is in conflict again (\(fields.joined(separator: ", "))): the server changed it meanwhile."
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

    func render(in area: Rect, buffer: inout CellBuffer, context: ScreenRenderContext) {
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
