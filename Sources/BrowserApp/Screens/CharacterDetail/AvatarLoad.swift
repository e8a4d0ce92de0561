import DownloadCache
import TerminalUI

/// One picture's load as a detail runs it — a character's avatar, an explored entity's image: the
/// effect that loads it through the `AvatarLoader` with its progress (throttled), the state its
/// outcome leaves, and the event that records it. Stateless.
enum AvatarLoad {
    /// The download cache policies of navigation and of a refresh, as the events log names them.
    static let navigationPolicy = DownloadCachePolicy.bypassServerCallOnFoundItem
    static let refreshPolicy = DownloadCachePolicy.alwaysFetchWithCustomHeader

    /// Loads `url` under task `key` (a newer load replaces an older one); `refresh` revalidates a
    /// cached file. Progress comes as `progress`, the end as `loaded`.
    static func effect<Message: Sendable>(
        key: String, loader: AvatarLoader, url: String, refresh: Bool,
        progress: @escaping @Sendable (_ received: Int64, _ expected: Int64?) -> Message,
        loaded: @escaping @Sendable (AvatarOutcome) -> Message
    ) -> Effect<Message> {
        .stream(key: key) { sink in
            let reporter = ProgressThrottle { received, expected in sink.send(progress(received, expected)) }
            let outcome = await loader.load(url: url, refresh: refresh) { step in
                reporter.report(received: step.received, expected: step.expected)
            }
            sink.send(loaded(outcome))
        }
    }

    /// What `outcome` shows: the picture with where it came from, or its one-line reason; nil for a
    /// cancelled load (nothing to show, nothing to record).
    static func state(of outcome: AvatarOutcome) -> AvatarState? {
        switch outcome.result {
        case .success(let image):
            .shown(
                image, origin: outcome.origin ?? .network, bytes: outcome.bytes,
                milliseconds: AnswerEvent.milliseconds(outcome.elapsed))
        case .failure(let failure): failure.isCancellation ? nil : .failed(failure.reason)
        }
    }

    /// A picture's answer as an event like every other (the status pane's latest answer, the
    /// events log), asked as `query` (`avatar 1`).
    static func event(query: String, refresh: Bool, _ outcome: AvatarOutcome) -> AnswerEvent {
        var error: String?
        if case .failure(let failure) = outcome.result { error = failure.reason }
        return AnswerEvent(
            query: query, policy: .download(refresh ? refreshPolicy : navigationPolicy),
            operation: .download,
            origin: error == nil ? outcome.origin.map(AnswerOrigin.avatar) : nil, stale: false,
            ms: AnswerEvent.milliseconds(outcome.elapsed), ageSeconds: nil, error: error,
            bytes: outcome.bytes,
            cacheKeys: outcome.cacheKey.map { [.avatar($0)] } ?? [])
    }
}
