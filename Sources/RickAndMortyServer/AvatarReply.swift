import Hummingbird
import RepositoryCore

/// Turns an avatar into a Hummingbird `Response`: `image/jpeg` with a strong `ETag`,
/// `Content-Length` and `Cache-Control`, `304` for a matching `If-None-Match`, and the avatar
/// faults (a truncated body, an HTML page, a trickle). Pure apart from the trickle's sleeps.
enum AvatarReply {
    static let contentType = "image/jpeg"
    static let cacheControl = "public, max-age=86400"
    static let trickleChunk = 1024
    static let htmlPage = Array("<!DOCTYPE html><html><body><h1>Avatar service</h1></body></html>\n".utf8)

    /// The answer for `file` under `plan` and `settings`; `sleeper` paces a trickle.
    static func response(
        for file: AvatarFile, ifNoneMatch: String?, head: Bool, plan: FaultPlan, settings: FaultSettings,
        sleeper: @escaping Sleeper
    ) -> Response {
        if settings.avatarHTML {
            return complete(htmlPage, contentType: "text/html; charset=utf-8", eTag: nil, head: head)
        }
        if let ifNoneMatch, EntityTag.matches(ifNoneMatch: ifNoneMatch, tag: file.eTag) {
            var headers = HTTPFields()
            headers[.eTag] = file.eTag
            headers[.cacheControl] = cacheControl
            var notModified = Response(status: .notModified, headers: headers, body: ResponseBody())
            notModified.headers[.contentLength] = nil
            return notModified
        }
        if plan.truncatesBody {
            // Half the image, labelled a JPEG: a truncated file on purpose.
            let half = Array(file.bytes.prefix(file.bytes.count / 2))
            return complete(half, contentType: contentType, eTag: nil, head: head)
        }
        if settings.trickle > .zero, !head {
            return trickled(file, pause: settings.trickle, sleeper: sleeper)
        }
        return complete(file.bytes, contentType: contentType, eTag: file.eTag, head: head)
    }

    private static func headers(contentType: String, eTag: String?, length: Int) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = cacheControl
        headers[.contentLength] = String(length)
        if let eTag { headers[.eTag] = eTag }
        return headers
    }

    private static func complete(_ bytes: [UInt8], contentType: String, eTag: String?, head: Bool) -> Response
    {
        let response = Response(
            status: .ok, headers: headers(contentType: contentType, eTag: eTag, length: bytes.count),
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        return head ? response.createHeadResponse() : response
    }

    private static func trickled(_ file: AvatarFile, pause: Duration, sleeper: @escaping Sleeper) -> Response
    {
        let bytes = file.bytes
        let body = ResponseBody(contentLength: bytes.count) { writer in
            for start in stride(from: 0, to: bytes.count, by: trickleChunk) {
                try await sleeper(pause)
                try await writer.write(
                    ByteBuffer(bytes: bytes[start..<min(bytes.count, start + trickleChunk)]))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: headers(contentType: contentType, eTag: file.eTag, length: bytes.count),
            body: body)
    }
}
