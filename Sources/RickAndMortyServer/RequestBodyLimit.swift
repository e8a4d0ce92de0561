import Hummingbird
import RepositoryCore

/// The bound on a request's body. The server has no endpoint that reads one, so a body larger
/// than the limit is refused with `413 Content Too Large` — from its `Content-Length` before any
/// byte is read, or as soon as the bytes counted pass it (a chunked body) — and a smaller one is
/// read and dropped without being held. Pure functions: thread-safe.
enum RequestBodyLimit {
    /// The 413 answer for `request` when its body is larger than `limit`; nil when it is within it
    /// (the body has then been read to its end, or the connection failed while it was read).
    static func refusal(of request: Request, limit: SizeLimit) async -> Response? {
        if let announced = request.headers[.contentLength].flatMap({ Int64($0) }), !limit.admits(announced) {
            return tooLarge(limit)
        }
        var received = 0
        do {
            for try await part in request.body {
                received += part.readableBytes
                if !limit.admits(received) { return tooLarge(limit) }
            }
        } catch {
            return nil  // the client went away mid-body: there is nobody to answer
        }
        return nil
    }

    /// `413 {"error":"Request body larger than 64 KiB"}`, with `Connection: close` so the client
    /// stops sending (whatever it still sends is read and dropped, never held).
    static func tooLarge(_ limit: SizeLimit) -> Response {
        var response = HTTPReply.response(
            for: APIReply(status: 413, body: .error("Request body larger than \(limit)")), head: false)
        response.headers[.connection] = "close"
        return response
    }
}
