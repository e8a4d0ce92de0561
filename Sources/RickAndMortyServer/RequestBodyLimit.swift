import Hummingbird
import RepositoryCore

/// The bound on a request's body: a body larger than the limit is refused with `413 Content Too
/// Large` — from its `Content-Length` before any byte is read, or as soon as the bytes counted
/// pass it (a chunked body) — and a smaller one is read whole (a character's `PUT` or `PATCH`
/// takes it; other routes drop it). Pure functions: thread-safe.
enum RequestBodyLimit {
    /// The body of `request`, or the 413 answer when it is larger than `limit`. A client that
    /// went away mid-body leaves what was read.
    static func read(_ request: Request, limit: SizeLimit) async -> Result<[UInt8], Refusal> {
        if let announced = request.headers[.contentLength].flatMap({ Int64($0) }), !limit.admits(announced) {
            return .failure(Refusal(response: tooLarge(limit)))
        }
        var body: [UInt8] = []
        do {
            for try await part in request.body {
                guard limit.admits(body.count + part.readableBytes) else {
                    return .failure(Refusal(response: tooLarge(limit)))
                }
                body.append(contentsOf: part.readableBytesView)
            }
        } catch {
            return .success(body)  // the client went away mid-body: there is nobody to answer
        }
        return .success(body)
    }

    /// A body refused, with its answer.
    struct Refusal: Error {
        let response: Response
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
