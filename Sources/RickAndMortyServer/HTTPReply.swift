import Hummingbird

/// Turns an `APIReply` into a Hummingbird `Response`: JSON content type, a weak `ETag` (strong when asked: one character), `304` for a
/// matching `If-None-Match` on a `200`, the configured `Cache-Control` on a `200` and its `304`,
/// and no body for `HEAD`. Pure functions: thread-safe.
enum HTTPReply {
    static let contentType = "application/json; charset=utf-8"

    static func response(
        for reply: APIReply, ifNoneMatch: String? = nil, head: Bool, strongTag: Bool = false,
        cacheControl: String? = nil
    ) -> Response {
        // Errors say nothing about freshness: only a success carries the server's directives.
        let cacheControl = reply.status == 200 ? cacheControl : nil
        let tag = strongTag ? EntityTag.strong(for: reply.body.bytes) : EntityTag.weak(for: reply.body.bytes)
        if reply.status == 200, let ifNoneMatch, EntityTag.matches(ifNoneMatch: ifNoneMatch, tag: tag) {
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
            status: HTTPResponse.Status(code: reply.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body.bytes)))
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
