import Hummingbird

extension CharacterWriter {
    /// A recorded answer as a response (`Idempotent-Replayed: true` when given again).
    static func response(_ recorded: RecordedReply, replayed: Bool) -> Response {
        var headers = HTTPFields()
        if let etag = recorded.etag { headers[.eTag] = etag }
        if replayed, let name = HTTPFields.Element.Name(WriteHeader.idempotentReplayed) { headers[name] = "true" }
        guard recorded.status != 204 else { return Response(status: .noContent, headers: headers) }
        headers[.contentType] = HTTPReply.contentType
        return Response(
            status: HTTPResponse.Status(code: recorded.status), headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(string: recorded.body)))
    }

    /// `409` with `Retry-After: 1`: a request with the same key is being answered; send it again
    /// in a moment and its answer is replayed.
    static func inProgress() -> Response {
        var response = HTTPReply.response(for: .idempotencyKeyInProgress, head: false)
        response.headers[.retryAfter] = "1"
        return response
    }

    /// A response whose body fails before a byte of it is sent: the connection closes unanswered.
    static func lostAnswer() -> Response {
        Response(status: .ok, body: ResponseBody { _ in throw AnswerDropped() })
    }

    /// Thrown to drop a connection on purpose (`FaultSettings.writeAnswerLost`).
    struct AnswerDropped: Error {}
}
