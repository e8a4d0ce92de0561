import Foundation

/// Tells the wall-clock time. Injected wherever logic needs "now", so tests control it.
public protocol TimeSource: Sendable {
    /// The current date.
    func now() -> Date
}

/// The real wall clock.
public struct SystemTimeSource: TimeSource {
    /// Creates the system time source.
    public init() {}
    public func now() -> Date { Date() }
}

/// Waits for a duration; injected into retry so tests need not sleep.
public typealias Sleeper = @Sendable (Duration) async throws -> Void

/// The real sleeper, on the continuous clock; throws `CancellationError` when cancelled.
public let systemSleeper: Sleeper = { duration in try await Task.sleep(for: duration) }
