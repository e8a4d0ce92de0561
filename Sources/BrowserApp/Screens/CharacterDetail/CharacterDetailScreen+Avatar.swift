import CharacterData
import RepositoryCore
import DownloadCache
import Locking
import TerminalUI

extension CharacterDetailScreen {
    /// The task key of the avatar load; a newer load replaces an older one.
    static let avatarTaskKey = "avatar"
    /// The download cache policies of navigation and of a refresh, as the events log names them.
    static let navigationPolicy = DownloadCachePolicy.bypassServerCallOnFoundItem
    static let refreshPolicy = DownloadCachePolicy.alwaysFetchWithCustomHeader

    /// Starts loading the character's avatar (navigation, or a revalidating refresh), unless
    /// images are off or the character is not known yet.
    mutating func loadAvatar(refresh: Bool, services: BrowserServices) -> [Effect<Message>] {
        guard let loader = services.avatars, let character = detail.character else { return [] }
        detail.avatar = .loading(received: 0, expected: nil)
        let url = character.image
        return [
            .stream(key: Self.avatarTaskKey) { sink in
                let reporter = ProgressThrottle { received, expected in
                    sink.send(.avatarProgress(received: received, expected: expected))
                }
                let outcome = await loader.load(url: url, refresh: refresh) { step in
                    reporter.report(received: step.received, expected: step.expected)
                }
                sink.send(.avatarLoaded(refresh: refresh, outcome))
            }
        ]
    }

    /// Stops an avatar load in flight (its partial file is deleted by the download).
    func cancelAvatar(services: BrowserServices) -> [Effect<Message>] {
        services.avatars == nil ? [] : [.cancel(key: Self.avatarTaskKey)]
    }

    /// Applies an avatar message.
    mutating func applyAvatar(_ message: Message, context: inout ScreenContext) {
        switch message {
        case .avatarProgress(let received, let expected):
            guard case .loading = detail.avatar else { return }
            detail.avatar = .loading(received: received, expected: expected)
        case .avatarLoaded(let refresh, let outcome):
            if case .failure(let failure) = outcome.result, failure.isCancellation { return }
            let milliseconds = AnswerEvent.milliseconds(outcome.elapsed)
            switch outcome.result {
            case .success(let image):
                detail.avatar = .shown(
                    image, origin: outcome.origin ?? .network, bytes: outcome.bytes,
                    milliseconds: milliseconds)
            case .failure(let failure):
                detail.avatar = .failed(failure.reason)
            }
            context.record(Self.event(id: detail.characterID, refresh: refresh, outcome))
        case .characterRead, .episodesRead, .deleted, .deleteAnswered:
            return
        }
    }

    /// An avatar answer as an event like every other (the status pane's latest answer, the events log).
    private static func event(id: Int, refresh: Bool, _ outcome: AvatarOutcome) -> AnswerEvent {
        var error: String?
        if case .failure(let failure) = outcome.result { error = failure.reason }
        return AnswerEvent(
            query: "avatar \(id)", policy: .download(refresh ? Self.refreshPolicy : Self.navigationPolicy),
            operation: .download,
            origin: error == nil ? outcome.origin.map(AnswerOrigin.avatar) : nil, stale: false,
            ms: AnswerEvent.milliseconds(outcome.elapsed), ageSeconds: nil, error: error,
            bytes: outcome.bytes,
            cacheKeys: outcome.cacheKey.map { [.avatar($0)] } ?? [])
    }
}

/// Passes progress on only when the whole percentage changes (or, without a length, every
/// 16 KiB), so a fast download does not flood the loop with frames. Thread-safe: a `PThreadMutex`.
final class ProgressThrottle: Sendable {
    private let last = PThreadMutex<(percent: Int, received: Int64)>((-1, 0))
    private let forward: @Sendable (Int64, Int64?) -> Void

    init(_ forward: @escaping @Sendable (Int64, Int64?) -> Void) { self.forward = forward }

    func report(received: Int64, expected: Int64?) {
        let send = last.withLock { last -> Bool in
            if let expected, expected > 0 {
                let percent = Int(received * 100 / expected)
                guard percent != last.percent else { return false }
                last.percent = percent
                return true
            }
            guard received - last.received >= 16 << 10 || last.percent < 0 else { return false }
            last = (0, received)
            return true
        }
        if send { forward(received, expected) }
    }
}
