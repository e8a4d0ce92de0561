/// Why a folder cannot be mirrored or its server cannot start; each case reads as one sentence.
/// A value, thread-safe.
public enum MirrorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The folder does not exist, or is a file.
    case notAFolder(path: String)
    /// The folder could not be listed.
    case unreadableFolder(path: String, reason: String)
    /// The folder holds neither `<resource>/index.json` files nor `<resource>.json` arrays.
    case noLayout(path: String)
    /// The listening socket could not be opened (address in use, bad host, …).
    case bindFailed(host: String, port: Int, reason: String)
    /// The server stopped before it was ready to answer.
    case stoppedBeforeReady

    public var description: String {
        switch self {
        case .notAFolder(let path):
            "the mirror folder \(path) does not exist or is not a folder"
        case .unreadableFolder(let path, let reason):
            "the mirror folder \(path) cannot be read: \(reason)"
        case .noLayout(let path):
            "the mirror folder \(path) holds neither <resource>/index.json files (as PokeAPI's api-data) nor <resource>.json arrays (as SWAPI's)"
        case .bindFailed(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        case .stoppedBeforeReady:
            "the mirror stopped before it was ready"
        }
    }
}
