import TerminalUI

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
    /// The decoded picture, or why there is none (one sentence).
    package var result: Result<HalfBlockPicture, AvatarFailure>
    /// Where the file came from; nil when no file was obtained.
    var origin: AvatarOrigin?
    /// The file's size in bytes (0 when none).
    var bytes: Int
    /// How long the load took, decoding included.
    var elapsed: Duration
    /// The key the file is cached under in the file cache; nil when the URL names no file.
    var cacheKey: String?

    /// Creates an outcome.
    init(
        result: Result<HalfBlockPicture, AvatarFailure>, origin: AvatarOrigin?, bytes: Int, elapsed: Duration,
        cacheKey: String? = nil
    ) {
        self.cacheKey = cacheKey
        self.result = result
        self.origin = origin
        self.bytes = bytes
        self.elapsed = elapsed
    }
}

/// Why an avatar cannot be shown, as the sentence the detail pane prints. A plain value.
package struct AvatarFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason.
    var reason: String
    /// Whether the load was cancelled (nothing to show, nothing to report).
    var isCancellation: Bool

    /// A failure with `reason`.
    init(_ reason: String, isCancellation: Bool = false) {
        self.reason = reason
        self.isCancellation = isCancellation
    }

    package var description: String { reason }
}
