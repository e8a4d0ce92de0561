import Foundation
import Hummingbird

/// What a script answers: status, headers and body bytes, or a body written as it goes.
struct ScriptedReply: Sendable {
    /// Writes a streamed body part by part (it may never end: a write fails once the client goes);
    /// the body is finished when it returns.
    typealias BodyWriter = @Sendable (inout any ResponseBodyWriter) async throws -> Void

    var status: Int
    var headers: [String: String] = [:]
    var body = Data()
    /// When set, the body is this writer's instead of `body`: announced as `Content-Length:
    /// contentLength` when that is set, else sent chunked.
    var streamed: BodyWriter?
    var contentLength: Int?

    /// A 200 JSON reply whose body `write` streams, chunked unless `contentLength` announces a length.
    static func streamedJSON(contentLength: Int? = nil, _ write: @escaping BodyWriter) -> ScriptedReply {
        ScriptedReply(
            status: 200, headers: ["Content-Type": "application/json; charset=utf-8"], streamed: write,
            contentLength: contentLength)
    }

    /// A JSON reply.
    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> ScriptedReply {
        json(Data(text.utf8), status: status, headers: headers)
    }

    /// A JSON reply from bytes.
    static func json(_ body: Data, status: Int = 200, headers: [String: String] = [:]) -> ScriptedReply {
        ScriptedReply(
            status: status,
            headers: headers.merging(["Content-Type": "application/json; charset=utf-8"]) { $1 }, body: body)
    }

    /// The API's error body, `{"error": message}`.
    static func apiError(_ status: Int, _ message: String) -> ScriptedReply {
        json(#"{"error":"\#(message)"}"#, status: status)
    }

    /// An HTML page, as a proxy in front of the API would send.
    static func html(_ status: Int, _ page: String) -> ScriptedReply {
        ScriptedReply(status: status, headers: ["Content-Type": "text/html"], body: Data(page.utf8))
    }

    var response: Response {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let field = HTTPFields.Element.Name(name) { fields[field] = value }
        }
        let responseBody =
            streamed.map { write in
                ResponseBody(contentLength: contentLength) { writer in
                    try await write(&writer)
                    try await writer.finish(nil)
                }
            }
            ?? ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        return Response(status: HTTPResponse.Status(code: status), headers: fields, body: responseBody)
    }
}
