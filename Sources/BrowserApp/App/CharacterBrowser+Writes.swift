import CharacterData
import EntityWrites
import RepositoryCore
import TerminalUI

/// The writes the browser keeps track of: the outbox's counts, sending the kept writes (at start,
/// back online, after a network answer, after a backoff), and each write's `--events` line.
extension CharacterBrowser {
    /// Sends the writes the cache file keeps, in order, unless a send is running; `force` sends
    /// even when the outbox was last read empty (at start, nothing was read yet).
    func sendKeptWritesIfAny(state: inout BrowserState, force: Bool = false) -> [Effect<BrowserMessage>] {
        guard !state.isSendingWrites, force || state.keptWrites.pending > 0, state.isOnline else { return [] }
        state.isSendingWrites = true
        let repository = services.repository
        return [.task(key: Self.keptWritesKey) { .keptWritesSent(await repository.sendKeptWrites()) }]
    }

    /// Takes what a send of the kept writes did: the last save, a toast for a conflict or a
    /// rejection, the outbox read again; when the server was out of reach, another send later.
    func applySent(_ sent: [WriteReport], state: inout BrowserState, fromTask: Bool = true)
        -> [Effect<BrowserMessage>]
    {
        if fromTask { state.isSendingWrites = false }
        var effects: [Effect<BrowserMessage>] = []
        for report in sent {
            let id = services.repository.characterID(of: report.event.entity) ?? 0
            let line = WriteLogLine(report.event, character: id, elapsed: report.elapsed)
            effects += record(line, state: &state, readingOutbox: false)
            switch report.event.outcome {
            case .conflict(let fields):
                showToast(
                    "Character \(id) changed on the server too (\(fields.joined(separator: ", "))): "
                        + "decide on the Changes screen (5).", kind: .warning, state: &state)
            case .rejected(let reason, _):
                let text = "A kept write was refused: \(reason). See the Changes screen (5)."
                showToast(text, kind: .error, state: &state)
            default:
                break
            }
        }
        effects.append(readKeptWrites())
        // A write the server could not take now waits for the backoff, whatever was sent with it.
        if sent.contains(where: { if case .retrying = $0.event.outcome { true } else { false } }) {
            state.sendFailures += 1
            if state.isOnline { effects.append(sendAgain(after: Self.backoff(after: state.sendFailures))) }
        } else if !sent.isEmpty {
            state.sendFailures = 0
        } else if fromTask, state.keptWrites.pending > 0, state.isOnline {
            // Nothing could leave yet (a write waits for the time its server asked): try again later.
            effects.append(sendAgain(after: Self.backoff(after: max(1, state.sendFailures))))
        }
        return effects
    }

    /// How long to wait before sending again after `failures` sends in a row found the server
    /// out of reach: 2 s, doubling, at most a minute.
    static func backoff(after failures: Int) -> Duration {
        .seconds(min(60, 1 << min(max(1, failures), 6)))
    }

    /// A send of the kept writes after `delay` on the services' clock. A subscription: a headless
    /// run does not wait for the delay.
    func sendAgain(after delay: Duration) -> Effect<BrowserMessage> {
        let clock = services.clock
        return .subscribe(key: Self.sendBackoffKey) { sink in
            guard (try? await clock.sleep(for: delay)) != nil else { return }
            sink.send(.sendKeptWritesAgain)
        }
    }

    /// Records `write` as the last save, then (if `readingOutbox`) reads the outbox again. Only the
    /// line of a write never made goes to the `--events` log from here: the writes' own events
    /// reach it as they are kept, whichever call sent them (`CharacterRepository.observeWrites`).
    func record(_ write: WriteLogLine, state: inout BrowserState, readingOutbox: Bool = true)
        -> [Effect<BrowserMessage>]
    {
        state.latestWrite = write
        let onWrite = services.onWrite
        let logged: [Effect<BrowserMessage>] = write.isNotMade ? [.call { onWrite(write) }] : []
        return logged + (readingOutbox ? [readKeptWrites()] : [])
    }

    /// Reads the outbox: its counts and the characters with writes pending, as `keptWritesRead`.
    func readKeptWrites() -> Effect<BrowserMessage> {
        let repository = services.repository
        let now = services.now
        return .task(key: Self.keptWritesReadKey) { .keptWritesRead(repository.keptWrites(), now: now()) }
    }

    /// The task keys of the send of the kept writes, of the backoff before the next, and of the
    /// outbox's read.
    static let keptWritesKey = "kept-writes"
    static let sendBackoffKey = "kept-writes-backoff"
    static let keptWritesReadKey = "kept-writes-read"
}
