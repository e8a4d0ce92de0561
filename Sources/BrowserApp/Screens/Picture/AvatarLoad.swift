import DownloadCache
import Locking
import TerminalUI

/// One picture's load as a detail runs it — a character's avatar, an explored entity's image: the
/// effect that loads it through the `AvatarLoader` with its progress (throttled), the state its
/// outcome leaves, and the event that records it. Stateless.
enum AvatarLoad {
    /// Loads `url` under task `key` (a newer load replaces an older one); `refresh` revalidates a
    /// cached file. Progress comes as `progress`, the end as `loaded`.
    static func effect<Message: Sendable>(
        key: String, loader: AvatarLoader, url: String, refresh: Bool,
        progress: @escaping @Sendable (_ received: Int64, _ expected: Int64?) -> Message,
        loaded: @escaping @Sendable (AvatarOutcome) -> Message
    ) -> Effect<Message> {
        .stream(key: key) { sink in
            let throttle = ProgressThrottle()
            let outcome = await loader.load(url: url, refresh: refresh) { step in
                guard throttle.passes(received: step.received, expected: step.expected) else { return }
                sink.send(progress(step.received, step.expected))
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
        let error: String? = if case .failure(let failure) = outcome.result { failure.reason } else { nil }
        return AnswerEvent(
            query: query,
            policy: .download(refresh ? .alwaysFetchWithCustomHeader : .bypassServerCallOnFoundItem),
            operation: .download,
            origin: error == nil ? outcome.origin.map(AnswerOrigin.avatar) : nil, stale: false,
            ms: AnswerEvent.milliseconds(outcome.elapsed), ageSeconds: nil, error: error,
            bytes: outcome.bytes,
            cacheKeys: outcome.cacheKey.map { [.avatar($0)] } ?? [])
    }
}

/// Lets progress pass only when the whole percentage changes (or, without a length, every
/// 16 KiB), so a fast download does not flood the loop with frames. Thread-safe: a `PThreadMutex`.
private final class ProgressThrottle: Sendable {
    private let last = PThreadMutex<(percent: Int, received: Int64)>((-1, 0))

    /// Whether the step to `received` of `expected` bytes passes.
    func passes(received: Int64, expected: Int64?) -> Bool {
        last.withLock { last -> Bool in
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
    }
}

/// Where an avatar came from, in the words the status pane and the events log use.
package enum AvatarOrigin: String, Sendable, Hashable, CaseIterable {
    /// The file cache had it; the server was not asked.
    case fileCache = "file cache"
    /// The server sent it (200).
    case network
    /// The server said the cached file is current (304).
    case revalidated
}

/// How one avatar load ended: the picture with its provenance, or a one-line reason. A value (the
/// picture it holds is immutable apart from its thread-safe kept drawing).
package struct AvatarOutcome: Sendable, Hashable {
    package var result: Result<HalfBlockPicture, AvatarFailure>
    /// Where the file came from; nil when no file was obtained.
    var origin: AvatarOrigin?
    /// The file's size in bytes (0 when none).
    var bytes: Int
    /// How long the load took, decoding included.
    var elapsed: Duration
    /// The key the file is cached under in the file cache; nil when the URL names no file.
    var cacheKey: String?
}

/// Why an avatar cannot be shown, as the sentence the detail pane prints. A plain value.
package struct AvatarFailure: Error, Sendable, Hashable, CustomStringConvertible {
    var reason: String
    /// Whether the load was cancelled (nothing to show, nothing to report).
    var isCancellation: Bool

    init(_ reason: String, isCancellation: Bool = false) {
        self.reason = reason
        self.isCancellation = isCancellation
    }

    package var description: String { reason }
}

/// An avatar on screen: arriving (bytes received, and expected when the server said), shown (the
/// picture keeping its last drawing, from `origin`, `bytes` long, loaded in `milliseconds`), or a
/// one-line reason it cannot be shown. A plain value.
enum AvatarState: Sendable, Hashable {
    case loading(received: Int64, expected: Int64?)
    case shown(HalfBlockPicture, origin: AvatarOrigin, bytes: Int, milliseconds: Double)
    case failed(String)
}
