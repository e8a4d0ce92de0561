import APIMirror
import Foundation
import Testing

/// Folders a mirror cannot serve, or only in part: a missing folder or one of neither layout is
/// refused with one sentence; a file that is not JSON answers 500 naming it while the rest is
/// served; a root made of the files' names when there is no index.json. Small folders written
/// by each test in its own temporary folder.
@Suite("What a mirror makes of its folder")
struct MirrorInputTests {
    @Test("A folder that does not exist, a file, or a folder of neither layout is refused, named")
    func refused() throws {
        let empty = try LiveMirror.folder(["notes.txt": "not an API", "deep/readme.md": "# no"])
        defer { try? FileManager.default.removeItem(at: empty) }
        let missing = empty.appendingPathComponent("absent")
        #expect(throws: MirrorError.notAFolder(path: missing.path)) { try MirrorSite.load(from: missing) }
        let file = empty.appendingPathComponent("notes.txt")
        #expect(throws: MirrorError.notAFolder(path: file.path)) { try MirrorSite.load(from: file) }
        #expect(throws: MirrorError.noLayout(path: empty.path)) { try MirrorSite.load(from: empty) }
        let sentence = MirrorError.noLayout(path: empty.path).description
        #expect(sentence.contains(empty.path) && !sentence.contains("\n"))
        // An index.json alone is no layout either: it has no resource.
        let onlyIndex = try LiveMirror.folder(["index.json": #"{"people":"https://example.org/api/people/"}"#])
        defer { try? FileManager.default.removeItem(at: onlyIndex) }
        #expect(throws: MirrorError.noLayout(path: onlyIndex.path)) { try MirrorSite.load(from: onlyIndex) }
    }

    @Test("An array file that is not JSON answers 500 naming it, under its list too; the rest is served")
    func brokenArray() async throws {
        let folder = try LiveMirror.folder([
            "index.json": #"{"people": "https://example.org/api/people/", "planets": "https://example.org/api/planets/"}"#,
            "people.json": "[{\"name\": \"Luke\", \"url\": \"https://example.org/api/people/1/\"},",
            "planets.json": #"[{"name": "Tatooine", "residents": ["https://example.org/api/people/1/"], "url": "https://example.org/api/planets/1/"}]"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try await LiveMirror.with(folder) { site, mirror, client in
            #expect(site.problems.map(\.file) == ["people.json"])
            for path in ["/api/people/", "/api/people/1/", "/api/people/?search=luke"] {
                let reply = try await client.get(path)
                #expect(reply.status == 500, "\(path)")
                #expect(reply.errorMessage?.contains("people.json") == true, "\(path): \(reply.text)")
            }
            let planet = try await client.get("/api/planets/1/")
            #expect(planet.status == 200)
            #expect(try planet.object()["residents"] as? [String] == [mirror.address + "/api/people/1/"])
            #expect(try await client.object("/api/planets/")["count"] as? Int == 1)
            #expect(try await client.object("/api/")["people"] as? String == mirror.address + "/api/people/")
        }
    }

    @Test("An array that is not of objects answers 500 naming the file")
    func notObjects() async throws {
        let folder = try LiveMirror.folder([
            "numbers.json": "[1, 2, 3]",
            "things.json": #"[{"title": "A thing", "url": "https://example.org/api/things/7/"}]"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try await LiveMirror.with(folder) { site, _, client in
            #expect(site.problems.map(\.file) == ["numbers.json"])
            let numbers = try await client.get("/api/numbers/")
            #expect(numbers.status == 500)
            #expect(numbers.errorMessage?.contains("numbers.json") == true, "\(numbers.text)")
            #expect(try await client.object("/api/things/7")["title"] as? String == "A thing")
        }
    }

    @Test("Without index.json the root lists the files' names in alphabetical order, on the mirror")
    func generatedRoot() async throws {
        let folder = try LiveMirror.folder([
            "zebras.json": #"[{"name": "Zed", "url": "https://example.org/api/zebra/1"}]"#,
            "apes.json": #"[{"name": "Ape", "url": "https://example.org/api/ape/1"}]"#,
            "moles.json": #"[{"name": "Mo", "id": 4}]"#,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try await LiveMirror.with(folder) { site, mirror, client in
            #expect(site.rootPath == "/api")
            let root = try await client.get("/api/")
            let expected =
                #"{"apes":"\#(mirror.address)/api/ape/","moles":"\#(mirror.address)/api/moles/","zebras":"\#(mirror.address)/api/zebra/"}"#
            #expect(root.text == expected)
            #expect(try await client.object("/api/zebra/1/")["url"] as? String == mirror.address + "/api/zebra/1")
            #expect(try await client.object("/api/moles/4")["name"] as? String == "Mo")
            #expect(try await client.names("/api/moles/?search=M") == ["Mo"])
        }
    }

    @Test("A folder-layout file that is not JSON answers 500 naming it; its list and siblings are served")
    func brokenIndexFile() async throws {
        let folder = try LiveMirror.folder([
            "api/v2/index.json": #"{"thing": "/api/v2/thing/"}"#,
            "api/v2/thing/index.json":
                #"{"count": 3, "next": null, "previous": null, "results": [{"name": "one", "url": "/api/v2/thing/1/"}, {"name": "two", "url": "/api/v2/thing/2/"}, {"name": "three", "url": "/api/v2/thing/3/"}]}"#,
            "api/v2/thing/1/index.json": #"{"id": 1, "name": "one", "next": {"name": "two", "url": "/api/v2/thing/2/"}}"#,
            "api/v2/thing/2/index.json": "{\"id\": 2,",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try await LiveMirror.with(folder) { site, mirror, client in
            #expect(site.problems.map(\.file) == ["api/v2/thing/2/index.json"])
            for path in ["/api/v2/thing/2/", "/api/v2/thing/two"] {
                let broken = try await client.get(path)
                #expect(broken.status == 500, "\(path)")
                #expect(broken.errorMessage?.contains("api/v2/thing/2/index.json") == true, "\(broken.text)")
            }
            let one = try await client.get("/api/v2/thing/one/")
            #expect(one.text == #"{"id":1,"name":"one","next":{"name":"two","url":"\#(mirror.address)/api/v2/thing/2/"}}"#)
            #expect(try await client.get("/api/v2/thing/3/").status == 404)
            let list = try await client.get("/api/v2/thing/?limit=2")
            #expect(try list.names() == ["one", "two"])
            #expect(try list.object()["next"] as? String == mirror.address + "/api/v2/thing/?offset=2&limit=2")
        }
    }

    @Test("References written with escaped slashes are rewritten too; other sites' URLs are kept")
    func escapedSlashes() async throws {
        let folder = try LiveMirror.folder([
            "films.json":
                #"[{"title": "One", "url": "https:\/\/example.org\/api\/films\/1\/", "poster": "https://images.example.net/api/1.jpg", "note": "https://example.orgish/x"}]"#
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        try await LiveMirror.with(folder) { _, mirror, client in
            let film = try await client.object("/api/films/1/")
            #expect(film["url"] as? String == mirror.address + "/api/films/1/")
            #expect(film["poster"] as? String == "https://images.example.net/api/1.jpg")
            #expect(film["note"] as? String == "https://example.orgish/x")
        }
    }
}
