import Foundation
import Hummingbird

/// The routes of the loopback server and the bodies they serve.
enum TestRoutes {
    static let strongETagBody = "strong body, version 1"
    static let strongETag = "\"v1\""
    static let weakETagBody = "weak body, version 1"
    static let weakETag = "W/\"w1\""
    static let lastModifiedBody = "dated body"
    static let lastModified = "Wed, 21 Oct 2015 07:28:00 GMT"
    static let largeChunkSize = 64 * 1024
    static let largeChunkCount = 16
    static let largeSize = largeChunkSize * largeChunkCount

    /// The large body: byte `i` is `i % 251`, so a misplaced chunk shows.
    static let largeBody: [UInt8] = (0..<largeSize).map { UInt8($0 % 251) }

    static func add(to router: Router<BasicRequestContext>, gate: Gate) {
        router.get("/etag/strong") { request, _ in
            validated(request, eTag: strongETag, body: strongETagBody)
        }
        router.get("/etag/weak") { request, _ in
            validated(request, eTag: weakETag, body: weakETagBody)
        }
        router.get("/modified") { request, _ in
            if request.headers[.ifModifiedSince] == lastModified {
                return Response(status: .notModified, headers: [.lastModified: lastModified])
            }
            return Response(
                status: .ok, headers: [.lastModified: lastModified],
                body: ResponseBody(byteBuffer: ByteBuffer(string: lastModifiedBody)))
        }
        router.get("/large") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/octet-stream"],
                body: chunkedLargeBody(length: true))
        }
        router.get("/large-unknown-length") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/octet-stream"],
                body: chunkedLargeBody(length: false))
        }
        router.get("/gated") { _, _ in
            let body = ResponseBody(contentLength: largeSize) { writer in
                try await writer.write(ByteBuffer(bytes: largeBody[0..<largeChunkSize]))
                await gate.wait()
                try await writer.write(ByteBuffer(bytes: largeBody[largeChunkSize...]))
                try await writer.finish(nil)
            }
            return Response(status: .ok, body: body)
        }
        router.get("/stalled") { _, _ -> Response in
            await gate.wait()
            return Response(status: .ok)
        }
        router.get("/missing") { _, _ in
            Response(status: .notFound, body: ResponseBody(byteBuffer: ByteBuffer(string: "not here")))
        }
        router.get("/broken") { _, _ in
            Response(status: .internalServerError, body: ResponseBody(byteBuffer: ByteBuffer(string: "boom")))
        }
    }

    /// 304 when `If-None-Match` names `eTag` (weak comparison, as RFC 9110 asks for GET), else 200.
    private static func validated(_ request: Request, eTag: String, body: String) -> Response {
        let opaque = { (tag: Substring) in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
        let candidates = (request.headers[.ifNoneMatch] ?? "").split(separator: ",").map {
            opaque($0.trimmingCharacters(in: .whitespaces)[...])
        }
        if candidates.contains(opaque(eTag[...])) {
            return Response(status: .notModified, headers: [.eTag: eTag])
        }
        return Response(
            status: .ok, headers: [.eTag: eTag], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }

    private static func chunkedLargeBody(length: Bool) -> ResponseBody {
        ResponseBody(contentLength: length ? largeSize : nil) { writer in
            for start in stride(from: 0, to: largeSize, by: largeChunkSize) {
                try await writer.write(ByteBuffer(bytes: largeBody[start..<start + largeChunkSize]))
            }
            try await writer.finish(nil)
        }
    }
}
