/// Work that `TerminalApp.update` asks the runtime to do. A plain, sendable value; tests
/// can pattern-match it and run an operation with their own `MessageSink`.
public enum Effect<Message: Sendable>: Sendable {
    /// Runs `operation` off the loop thread; every message it sends is delivered to `update`.
    /// Starting a task with the `key` of a task still running cancels the older one, and
    /// messages from a cancelled task are dropped — so a stale result never arrives.
    case run(key: String?, operation: @Sendable (MessageSink<Message>) async -> Void)
    /// Runs `operation` off the loop thread like `run`, as a subscription: work that may last
    /// as long as the run (a change stream, a health stream). Headless runs do not wait for it
    /// to end before the next input, and its messages do not draw a frame of their own there:
    /// they show in the next input's frame. Keys and cancelling work as for `run`.
    case subscribe(key: String?, operation: @Sendable (MessageSink<Message>) async -> Void)
    /// Calls `operation` on the loop thread as soon as `update` returns, before the next event,
    /// in the order of the effects returned: for telling a listener outside the app what was
    /// applied (an events log), in the order it was applied. It must be short and must not
    /// block; it sends no messages.
    case call(@Sendable () -> Void)
    /// Cancels the running task with this key (its later messages are dropped).
    case cancel(key: String)
    /// Ends the run after this update; running tasks are cancelled.
    case quit

    /// Runs `operation` off the loop thread and delivers its result as one message.
    public static func task(key: String? = nil, _ operation: @escaping @Sendable () async -> Message)
        -> Effect
    {
        .run(key: key) { sink in sink.send(await operation()) }
    }

    /// Runs `operation` off the loop thread; it may send any number of messages (progress, pages).
    public static func stream(
        key: String? = nil, _ operation: @escaping @Sendable (MessageSink<Message>) async -> Void
    ) -> Effect {
        .run(key: key, operation: operation)
    }
}

/// Where a background task sends its messages. Thread-safe; valid until its task returns.
public struct MessageSink<Message: Sendable>: Sendable {
    private let deliver: @Sendable (Message) -> Void

    /// A sink that hands each message to `deliver`.
    public init(_ deliver: @escaping @Sendable (Message) -> Void) { self.deliver = deliver }

    /// Sends `message` to the app.
    public func send(_ message: Message) { deliver(message) }
}
