import TerminalUI

/// The open character's avatar: arriving (bytes so far), shown (with where it came from), or a
/// one-line reason it cannot be shown. A plain value.
enum AvatarState: Sendable, Hashable {
    /// The download is under way: bytes received, and expected when the server said.
    case loading(received: Int64, expected: Int64?)
    /// The picture (keeping its last drawing), from `origin`, `bytes` long, loaded in `milliseconds`.
    case shown(HalfBlockPicture, origin: AvatarOrigin, bytes: Int, milliseconds: Double)
    /// Why there is no picture.
    case failed(String)
}
