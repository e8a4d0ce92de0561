import Locking
import TerminalUI

extension CharacterDetailScreen {
    /// The task key of the avatar load; a newer load replaces an older one.
    static let avatarTaskKey = "avatar"

    /// Starts loading the character's avatar (navigation, or a revalidating refresh), unless
    /// images are off or the character is not known yet.
    mutating func loadAvatar(refresh: Bool, services: BrowserServices) -> [Effect<Message>] {
        guard let loader = services.avatars, let character = detail.character else { return [] }
        detail.avatar = .loading(received: 0, expected: nil)
        return [
            AvatarLoad.effect(
                key: Self.avatarTaskKey, loader: loader, url: character.image, refresh: refresh,
                progress: { .avatarProgress(received: $0, expected: $1) },
                loaded: { .avatarLoaded(refresh: refresh, $0) })
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
            guard let shown = AvatarLoad.state(of: outcome) else { return }
            detail.avatar = shown
            context.record(AvatarLoad.event(query: "avatar \(detail.characterID)", refresh: refresh, outcome))
        case .characterRead, .episodesRead, .deleted, .deleteAnswered:
            return
        }
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
