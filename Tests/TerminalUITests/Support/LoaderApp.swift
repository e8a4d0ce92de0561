import Locking
import TerminalUI

/// A small app for runtime tests. Keys: `l` loads through the gate, `s` streams three
/// messages, `a` starts a search that ends only when cancelled and at once replaces it by a
/// quick one with the same key, `c` starts that slow search and cancels it, `w` subscribes to a
/// feed that sends one message (then one that changes nothing) and lasts until cancelled, `n` returns two calls that
/// record the key's number, `Q` quits and returns a call after the quit, `q` quits; other
/// keys are logged with the number of loads in flight at that moment.
struct LoaderApp: TerminalApp {
    struct State {
        var size = TerminalSize(width: 0, height: 0)
        var inFlight = 0
        var loaded: [String] = []
        var log: [String] = []
        var ticks = 0
    }

    enum Message: Sendable {
        case loaded(String)
        /// Changes nothing: sent after `fed` is set, so that a backend waiting for the flag is
        /// woken once it holds (the message before it may wake the backend before the flag is set).
        case fedNoted
    }

    let gate: Gate
    /// Set once the `w` feed has sent its message.
    var fed = Flag()
    /// What the `n` and `Q` keys' calls recorded, in the order they were made.
    let calls = CallLog()
    var ticksWanted = true
    var minimumSize: TerminalSize?

    func update(state: inout State, event: AppEvent<Message>) -> [Effect<Message>] {
        switch event {
        case .start(let size):
            state.size = size
            state.log.append("start \(size)")
        case .input(.resize(let size)):
            state.size = size
            state.log.append("resize \(size)")
        case .input(.key(let key)):
            return keyEffects(key, state: &state)
        case .message(.fedNoted), .input(.mouse):
            break
        case .message(.loaded(let name)):
            state.inFlight -= 1
            state.loaded.append(name)
        case .tick:
            state.ticks += 1
        }
        return []
    }

    private func keyEffects(_ key: Key, state: inout State) -> [Effect<Message>] {
        switch key {
        case .character("l"):
            state.inFlight += 1
            return [
                .task { [gate] in
                    await gate.wait()
                    return .loaded("page 1")
                }
            ]
        case .character("s"):
            state.inFlight += 3
            return [.stream { sink in for part in 1...3 { sink.send(.loaded("part \(part)")) } }]
        case .character("a"):
            state.inFlight += 1
            return [
                .task(key: "search", Self.searchUntilCancelled),
                .task(key: "search") { .loaded("fresh search") },
            ]
        case .character("c"):
            state.inFlight += 1
            return [.task(key: "search", Self.searchUntilCancelled), .cancel(key: "search")]
        case .character("w"):
            state.inFlight += 1
            return [
                .subscribe(key: "feed") { [fed] sink in
                    sink.send(.loaded("subscribed"))
                    fed.set()
                    sink.send(.fedNoted)
                    await Gate().wait()
                }
            ]
        case .character("n"):
            state.log.append("n")
            let number = state.log.count { $0 == "n" }
            return [
                .call { [calls] in calls.append("first \(number)") },
                .call { [calls] in calls.append("second \(number)") },
            ]
        case .character("Q"):
            return [.quit, .call { [calls] in calls.append("after quit") }]
        case .character("q"):
            return [.quit]
        default:
            state.log.append("key \(key) in flight \(state.inFlight)")
            return []
        }
    }

    /// A search that ends only when cancelled, then reports a stale result.
    @Sendable static func searchUntilCancelled() async -> Message {
        await Gate().wait()
        return .loaded("stale search")
    }

    func render(state: State, into buffer: inout CellBuffer) {
        buffer.write(
            "in flight \(state.inFlight); loaded \(state.loaded.joined(separator: ", "))", x: 0, y: 0)
        buffer.write(state.log.last ?? "", x: 0, y: 1)
    }

    func wantsTicks(_ state: State) -> Bool { ticksWanted }
}

/// One tick due after every input poll: deterministic ticks without a clock.
struct TickAfterEveryInput: TickSource {
    func timeUntilNextTick() -> Duration? { .zero }
    func takeTick() -> Bool { true }
}

/// A flag set once, read from any thread. Thread-safe: a `PThreadMutex`.
final class Flag: Sendable {
    private let value = PThreadMutex(false)

    /// Sets the flag.
    func set() { value.withLock { $0 = true } }

    /// Whether the flag is set.
    var isSet: Bool { value.withLock { $0 } }
}

/// Lines appended from any thread, read back in order. Thread-safe: a `PThreadMutex`.
final class CallLog: Sendable {
    private let lines = PThreadMutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    var all: [String] { lines.withLock { $0 } }
}
