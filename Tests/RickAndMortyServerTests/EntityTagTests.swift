import Foundation
import Testing

@testable import RickAndMortyServer

@Suite("Entity tags (weak, one character's strong) and 304 Not Modified")
struct EntityTagTests {
    @Test("GIVEN the same request twice WHEN answered THEN the same weak ETag; another body gets another")
    func stableTags() async throws {
        try await LiveServer.withFullDump { _, client in
            let first = try await client.send("/api/character?page=2")
            let again = try await client.send("/api/character?page=2")
            let other = try await client.send("/api/character?page=3")
            let tag = try #require(first.header("ETag"))
            #expect(tag.hasPrefix("W/\""))
            #expect(again.header("ETag") == tag)
            #expect(other.header("ETag") != tag)
            #expect(tag == EntityTag.weak(for: Array(first.body)))
        }
    }

    @Test(
        "GIVEN If-None-Match naming the tag WHEN asked again THEN 304 with no body",
        arguments: ["exact", "star", "list", "strong"])
    func notModified(form: String) async throws {
        try await LiveServer.withFullDump { _, client in
            // A page's tag is weak (one character's is strong: `If-Match` names it).
            let tag = try #require(try await client.send("/api/character?page=2").header("ETag"))
            let header =
                switch form {
                case "star": "*"
                case "list": "W/\"0-0\", \(tag) , W/\"1-1\""
                case "strong": String(tag.dropFirst(2))
                default: tag
                }
            let reply = try await client.send("/api/character?page=2", headers: ["If-None-Match": header])
            #expect(reply.status == 304)
            #expect(reply.body.isEmpty)
            #expect(reply.header("ETag") == tag)
        }
    }

    @Test("GIVEN one character WHEN asked twice THEN its strong tag; If-None-Match naming it is 304")
    func strongTag() async throws {
        try await LiveServer.withFullDump { _, client in
            let first = try await client.send("/api/character/1")
            let tag = try #require(first.header("ETag"))
            #expect(tag == EntityTag.strong(for: Array(first.body)))
            #expect(try await client.send("/api/character/1", headers: ["If-None-Match": tag]).status == 304)
            #expect(try await client.send("/api/character/1", headers: ["If-None-Match": "W/" + tag]).status == 304)
        }
    }

    @Test("GIVEN a stale If-None-Match WHEN asked THEN 200 with the full body")
    func modified() async throws {
        try await LiveServer.withFullDump { _, client in
            let reply = try await client.send("/api/character/1", headers: ["If-None-Match": "W/\"5-abc\""])
            #expect(reply.status == 200)
            #expect(try reply.object()["id"] as? Int == 1)
        }
    }

    @Test("GIVEN an error answer WHEN If-None-Match is * THEN the error is sent, never a 304")
    func errorsAreNeverNotModified() async throws {
        try await LiveServer.withFullDump { _, client in
            let reply = try await client.send("/api/character/0", headers: ["If-None-Match": "*"])
            #expect(reply.status == 404)
            #expect(reply.errorMessage == "Character not found")
        }
    }

    @Test("GIVEN a HEAD request WHEN answered THEN the GET's status and ETag without a body")
    func head() async throws {
        try await LiveServer.withFullDump { _, client in
            let get = try await client.send("/api/location/3")
            let head = try await client.send("/api/location/3", method: "HEAD")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.header("ETag") == get.header("ETag"))
        }
    }

    @Test("GIVEN header values WHEN matched THEN weak comparison over comma-separated lists")
    func matching() {
        let tag = #"W/"a-1""#
        #expect(EntityTag.matches(ifNoneMatch: tag, tag: tag))
        #expect(EntityTag.matches(ifNoneMatch: #""a-1""#, tag: tag))
        #expect(EntityTag.matches(ifNoneMatch: #"W/"x", W/"a-1""#, tag: tag))
        #expect(EntityTag.matches(ifNoneMatch: " * ", tag: tag))
        #expect(!EntityTag.matches(ifNoneMatch: #"W/"a-2""#, tag: tag))
        #expect(!EntityTag.matches(ifNoneMatch: "", tag: tag))
        #expect(EntityTag.weak(for: Array("{}".utf8)) == EntityTag.weak(for: Array("{}".utf8)))
        #expect(EntityTag.weak(for: Array("{}".utf8)) != EntityTag.weak(for: Array("[]".utf8)))
    }
}
