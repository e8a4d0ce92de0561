import Hummingbird

/// Turns an answer into a Hummingbird `Response`: JSON content type, an `ETag` (weak; strong when
/// asked: one character), `304` for a matching `If-None-Match` on a `200`, the configured
/// `Cache-Control` on a `200` and its `304`, and no body for `HEAD`. Pure functions: thread-safe.
public enum HTTPReply {
    /// The content type of every JSON answer.
    public static let contentType = "application/json; charset=utf-8"

    static func response(
        for reply: APIReply, ifNoneMatch: String? = nil, head: Bool, strongTag: Bool = false,
        cacheControl: String? = nil
    ) -> Response {
        let tag = strongTag ? EntityTag.strong(for: reply.body.bytes) : EntityTag.weak(for: reply.body.bytes)
        return response(
            status: reply.status, body: ByteBuffer(bytes: reply.body.bytes), tag: tag, ifNoneMatch: ifNoneMatch,
            head: head, cacheControl: cacheControl)
    }

    /// The answer of a JSON `body` whose entity tag is already known (a body sent many times is
    /// tagged once): `304` without a body when `status` is 200 and `ifNoneMatch` names `tag`.
    public static func response(
        status: Int, body: ByteBuffer, tag: String, ifNoneMatch: String? = nil, head: Bool,
        cacheControl: String? = nil
    ) -> Response {
        // Errors say nothing about freshness: only a success carries the server's directives.
        let cacheControl = status == 200 ? cacheControl : nil
        if status == 200, let ifNoneMatch, EntityTag.matches(ifNoneMatch: ifNoneMatch, tag: tag) {
            var headers = HTTPFields()
            headers[.eTag] = tag
            if let cacheControl { headers[.cacheControl] = cacheControl }
            var notModified = Response(status: .notModified, headers: headers, body: ResponseBody())
            notModified.headers[.contentLength] = nil  // a 304 carries no body and no length
            return notModified
        }
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.eTag] = tag
        if let cacheControl { headers[.cacheControl] = cacheControl }
        let response = Response(
            status: HTTPResponse.Status(code: status), headers: headers, body: ResponseBody(byteBuffer: body))
        return head ? response.createHeadResponse() : response
    }

    /// The first half of the body, still labelled JSON and 200: a malformed answer on purpose.
    static func truncated(_ reply: APIReply, head: Bool) -> Response {
        let cut = Array(reply.body.bytes.prefix(reply.body.bytes.count / 2))
        var headers = HTTPFields()
        headers[.contentType] = contentType
        let response = Response(
            status: HTTPResponse.Status(code: reply.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: cut)))
        return head ? response.createHeadResponse() : response
    }
}
