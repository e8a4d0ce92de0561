/// An application the `AppRuntime` runs, in the Elm style: all state lives in `State`,
/// `update` is the only place it changes, and `render` draws it without side effects.
///
/// The runtime calls every requirement on its loop thread, one call at a time, so
/// conforming types need not be thread-safe. Work that waits (network, disk) goes into
/// `Effect.task`/`Effect.stream`, which run off the loop thread and send `Message`s back.
public protocol TerminalApp {
    /// Everything the screen shows and the app remembers.
    associatedtype State
    /// What background work reports back; delivered as `AppEvent.message`.
    associatedtype Message: Sendable

    /// Applies `event` to `state` and returns the effects to perform, in order.
    func update(state: inout State, event: AppEvent<Message>) -> [Effect<Message>]

    /// Draws `state` into `buffer`, which is blank and has the terminal's current size.
    func render(state: State, into buffer: inout CellBuffer)

    /// Whether `.tick` events are wanted in `state` (say, only while a spinner shows).
    /// Without ticks the loop sleeps until input or a message arrives. Default: always.
    func wantsTicks(_ state: State) -> Bool

    /// The smallest terminal the UI supports; below it the runtime draws a
    /// `TooSmallScreen` instead of calling `render`, and drops keys and clicks (a resize is
    /// still delivered). Default: nil (any size).
    var minimumSize: TerminalSize? { get }
}

extension TerminalApp {
    public func wantsTicks(_ state: State) -> Bool { true }
    public var minimumSize: TerminalSize? { nil }
}

/// Something that happened, delivered to `TerminalApp.update`. A plain value.
public enum AppEvent<Message: Sendable>: Sendable {
    /// Sent once, first, with the terminal's size: the place to start initial loads.
    case start(TerminalSize)
    /// A key, or a resize (after which frames have the new size).
    case input(InputEvent)
    /// A message sent by a background task.
    case message(Message)
    /// Time passed (see `TickSource`); for spinners and timeouts.
    case tick
}
