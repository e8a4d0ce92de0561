import DownloadCache
import Foundation
import FuzzSupport
import HTTPExchange
import Hummingbird
@testable import RickAndMortyServer

// Header handling on both sides of the wire. The input is lines: `name: value` header fields, a
// line `If-None-Match: …` also used as the conditional request of the server's replies, and the
// bytes after a blank line as a response body. Checked against references written here from the
// contracts (HTTP compares field names without regard to ASCII case; `If-None-Match` is `*` or a
// comma-separated list compared weakly):
// - `HTTPHeaders` finds the first field of a name in any ASCII case, and a set replaces every
//   such field with one, in the first one's place, leaving the others as they were;
// - `HTTPExchangeAnswer.header` finds a field sent under any case of its name;
// - `EntityTag.matches` agrees with the reference, and a body's tag always matches itself;
// - the API's and the avatars' replies answer 304 exactly when the tag matches, a 304 carries
//   the `ETag` and no `Content-Length`, and every avatar answer carries the `Cache-Control`.

/// ASCII case-insensitive equality, the comparison HTTP defines for field names.
func sameFieldName(_ lhs: String, _ rhs: String) -> Bool {
    func folded(_ text: String) -> [UInt8] {
        text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }
    }
    return folded(lhs) == folded(rhs)
}

/// The reference weak comparison of an `If-None-Match` value with `tag`.
func referenceMatches(_ header: String, _ tag: String) -> Bool {
    func opaque(_ text: Substring) -> Substring { text.hasPrefix("W/") ? text.dropFirst(2) : text }
    let wanted = opaque(Substring(tag))
    for candidate in header.split(separator: ",", omittingEmptySubsequences: false) {
        let trimmed = Substring(candidate.trimmingCharacters(in: .whitespaces))
        if trimmed == "*" || (!trimmed.isEmpty && opaque(trimmed) == wanted) { return true }
    }
    return false
}

FuzzTarget.run { bytes in
    let split = bytes.firstRange(of: [10, 10])
    let head = String(decoding: bytes[..<(split?.lowerBound ?? bytes.count)], as: UTF8.self)
    let body = Array(bytes[(split?.upperBound ?? bytes.count)...])
    let fields = head.split(separator: "\n").map { line in
        let colon = line.firstIndex(of: ":")
        let name = String(line[..<(colon ?? line.endIndex)])
        let value = colon.map { String(line[line.index(after: $0)...].drop { $0 == " " }) } ?? ""
        return HTTPHeaders.Field(name: name, value: value)
    }

    // HTTPHeaders: lookup in any ASCII case.
    var headers = HTTPHeaders(fields)
    for field in fields where field.name.utf8.allSatisfy({ $0 < 0x80 }) {
        let expected = fields.first { sameFieldName($0.name, field.name) }?.value
        invariant(headers[field.name] == expected, "lookup of \(field.name) found another field")
        invariant(headers[field.name.uppercased()] == expected, "upper-case lookup of \(field.name) differs")
        invariant(headers[field.name.lowercased()] == expected, "lower-case lookup of \(field.name) differs")
    }
    // HTTPHeaders: a set replaces every field of the name with one, in the first one's place.
    if let target = fields.last, target.name.utf8.allSatisfy({ $0 < 0x80 }) {
        let others = fields.filter { !sameFieldName($0.name, target.name) }
        let place = fields.firstIndex { sameFieldName($0.name, target.name) } ?? fields.count
        headers[target.name.uppercased()] = "replaced"
        invariant(headers[target.name] == "replaced", "a set value is not found")
        invariant(
            headers.fields.filter { sameFieldName($0.name, target.name) }.count == 1,
            "a set left more than one field of the name")
        let placed = headers.fields.firstIndex { sameFieldName($0.name, target.name) }
        invariant(placed == Swift.min(place, others.count), "a set moved the field")
        invariant(
            headers.fields.filter { !sameFieldName($0.name, target.name) } == others,
            "a set changed other fields")
        headers[target.name] = nil
        invariant(headers.fields == others, "a removal changed other fields")
    }

    // HTTPExchangeAnswer: every field is found under any case of its name.
    let response = HTTPExchangeAnswer(status: 200, headers: fields.map { HTTPHeaderField($0.name, $0.value) })
    for field in fields where field.name.utf8.allSatisfy({ $0 < 0x80 }) {
        invariant(response.header(field.name.uppercased()) != nil, "a response header is lost")
    }

    // EntityTag: the reference comparison, and a tag matches itself in any list.
    let conditional = fields.first { sameFieldName($0.name, "If-None-Match") }?.value ?? ""
    let tag = EntityTag.weak(for: body)
    invariant(
        EntityTag.matches(ifNoneMatch: conditional, tag: tag) == referenceMatches(conditional, tag),
        "If-None-Match \(conditional.debugDescription) disagrees with the reference")
    invariant(EntityTag.matches(ifNoneMatch: conditional + ", " + tag, tag: tag), "a tag misses itself")
    invariant(EntityTag.matches(ifNoneMatch: String(tag.dropFirst(2)), tag: tag), "a strong form misses")

    // The API's reply: 304 exactly on a match, with the ETag and without a length.
    let matches = referenceMatches(conditional, tag)
    let reply = HTTPReply.response(
        for: APIReply(status: 200, body: JSONBody(bytes: body)), ifNoneMatch: conditional, head: false)
    invariant(
        (reply.status == .notModified) == matches,
        "API reply status \(reply.status) for a match of \(matches)")
    invariant(reply.headers[.eTag] == tag, "API reply without its ETag")
    if reply.status == .notModified {
        invariant(reply.headers[.contentLength] == nil, "a 304 carries a length")
    }

    // The avatars' reply: the same, and always the Cache-Control.
    let avatar = AvatarFile(bytes: body)
    let avatarMatches = referenceMatches(conditional, avatar.eTag)
    let plan = FaultPlan(offline: false, delay: .zero, fails: false, truncatesBody: false)
    let avatarReply = AvatarReply.response(
        for: avatar, ifNoneMatch: conditional, head: false, plan: plan, settings: .none, sleeper: { _ in })
    invariant(
        (avatarReply.status == .notModified) == avatarMatches,
        "avatar reply status \(avatarReply.status) for a match of \(avatarMatches)")
    invariant(
        avatarReply.headers[.cacheControl] == AvatarReply.cacheControl, "avatar reply without Cache-Control")
    invariant(avatarReply.headers[.eTag] == avatar.eTag, "avatar reply without its ETag")
    if avatarReply.status == .notModified {
        invariant(avatarReply.headers[.contentLength] == nil, "an avatar 304 carries a length")
    }
}
