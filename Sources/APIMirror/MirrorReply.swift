import Hummingbird
import RickAndMortyServer

/// One answer ready to send: status, body and the body's entity tag, computed once. A value,
/// thread-safe (the buffer is shared, copy-on-write).
struct MirrorReply: Sendable {
    let status: Int
    let body: ByteBuffer
    let tag: String

    /// The answer of `bytes` with `status`, tagged.
    init(status: Int, bytes: [UInt8]) {
        self.status = status
        self.body = ByteBuffer(bytes: bytes)
        self.tag = EntityTag.weak(for: bytes)
    }

    /// 200 with `bytes`.
    static func ok(_ bytes: [UInt8]) -> MirrorReply { MirrorReply(status: 200, bytes: bytes) }

    /// `status` with the body `{"error":"<message>"}`.
    static func error(_ status: Int, _ message: String) -> MirrorReply {
        MirrorReply(status: status, bytes: JSONBody.error(message).bytes)
    }

    /// 500 for a path whose file is broken, naming the file.
    static func broken(_ problem: FileProblem) -> MirrorReply {
        error(500, "The mirrored file \(problem.file) \(problem.reason)")
    }
}

/// Builds the JSON of a list page: `{"count":…,"next":…,"previous":…,"results":[…]}`, the
/// envelope SWAPI's and PokeAPI's lists share. Pure function: thread-safe.
enum ListEnvelope {
    static func bytes(count: Int, next: String?, previous: String?, results: some Collection<[UInt8]>) -> [UInt8] {
        var bytes = Array("{\"count\":\(count),\"next\":".utf8)
        appendOptional(next, to: &bytes)
        bytes.append(contentsOf: ",\"previous\":".utf8)
        appendOptional(previous, to: &bytes)
        bytes.append(contentsOf: ",\"results\":[".utf8)
        for (offset, result) in results.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: result)
        }
        bytes.append(contentsOf: "]}".utf8)
        return bytes
    }

    private static func appendOptional(_ text: String?, to bytes: inout [UInt8]) {
        if let text { JSONText.appendQuoted(text, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
    }
}
