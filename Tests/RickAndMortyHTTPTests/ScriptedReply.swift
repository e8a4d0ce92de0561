import Foundation
import Hummingbird

/// What a script answers: status, headers and body bytes.
struct ScriptedReply: Sendable {
    var status: Int
    var headers: [String: String] = [:]
    var body = Data()

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
        return Response(
            status: HTTPResponse.Status(code: status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
