import ExplorerModel
import Foundation
import Testing

@Suite("An API's addresses, index and list pages, whatever its shape")
struct APIReadingTests {
    @Test("One entity, one address: a trailing slash, the host's case and a default port do not make another")
    func addresses() throws {
        let a = try #require(EntityAddress(URL(string: "https://swapi.dev/api/people/1/")!))
        let b = try #require(EntityAddress(URL(string: "https://SWAPI.dev:443/api/people/1")!))
        let c = try #require(EntityAddress(URL(string: "https://swapi.dev/api/people/1?format=json#x")!))
        #expect(a == b && b == c)
        #expect(a.key == "https://swapi.dev/api/people/1")
        #expect(a.lastSegment == "1")
        #expect(a.parent?.key == "https://swapi.dev/api/people")
        #expect(EntityAddress(URL(string: "http://127.0.0.1:8080/api/")!)?.key == "http://127.0.0.1:8080/api")
        #expect(EntityAddress(URL(string: "ftp://swapi.dev/x")!) == nil)
    }

    @Test("A URL of the API: its origin, under its base path; root-relative paths read against its origin")
    func membership() {
        let api = ExplorerData.pokeBase
        #expect(api.address(of: "/api/v2/type/12/")?.key == "http://127.0.0.1:8090/api/v2/type/12")
        #expect(api.address(of: "http://127.0.0.1:8090/api/v2/pokemon/1/") != nil)
        #expect(api.address(of: "http://127.0.0.1:8091/api/v2/pokemon/1/") == nil)  // another port
        #expect(api.address(of: "http://127.0.0.1:8090/api/v2x/pokemon") == nil)  // not under the base path
        #expect(api.address(of: "https://raw.githubusercontent.com/PokeAPI/sprites/1.png") == nil)
        #expect(api.address(of: "//evil.example/api/v2/x") == nil)
        #expect(api.address(of: "overgrow") == nil)
        #expect(api.address(of: "/api/v2/pokemon/1 and more") == nil)
        let lookalike = APIBase(URL(string: "http://a.test/api/")!)
        #expect(lookalike?.address(of: "http://a.test.evil.example/api/x") == nil)
    }

    @Test("A link written plainly is found without the URL parser, as the parser finds it, for every string of the data")
    func plainLinks() throws {
        func parsed(_ text: String, _ api: APIBase) -> EntityAddress? {
            api.resolve(text).flatMap(EntityAddress.init).flatMap { api.contains($0) ? $0 : nil }
        }
        func strings(_ node: JSONNode, into found: inout [String]) {
            switch node {
            case .string(let text): found.append(text)
            case .array(let items): for item in items { strings(item, into: &found) }
            case .object(let object): for member in object.members { strings(member.value, into: &found) }
            default: break
            }
        }
        let tricky = [
            "https://rickandmortyapi.com/api/character/1", "https://rickandmortyapi.com/api/character/1,2,3",
            "https://rickandmortyapi.com/api/character/", "https://rickandmortyapi.com/api", "https://rickandmortyapi.com",
            "https://rickandmortyapi.com/api/../x", "https://rickandmortyapi.com/api/./character/2",
            "https://rickandmortyapi.com/api/character/1?x=2", "https://rickandmortyapi.com/api/character/1#top",
            "https://rickandmortyapi.com/api/char%61cter/1", "https://rickandmortyapi.com:443/api/character/1",
            "https://rickandmortyapi.com.evil.example/api/character/1", "https://RICKANDMORTYAPI.com/api/character/1",
            "https://rickandmortyapi.com/api/character/avatar/1.jpeg", "https://rickandmortyapi.com/api//character/1",
            "https://rickandmortyapi.com/apix/character/1", "https://rickandmortyapi.com/api/character/ 1",
            "https://rickandmortyapi.com/api/Character/1", "https://rickandmortyapi.com/api/character/1/",
        ]
        var checked = 0
        for (api, texts) in [(ExplorerData.rickBase, tricky)] + (try ExplorerData.allJSONFiles().prefix(40).map { file in
            var found: [String] = []
            strings(try ExplorerData.node(file), into: &found)
            let base = file.path.contains("pokeapi") ? ExplorerData.pokeBase
                : file.path.contains("swapi") ? ExplorerData.swapiBase : ExplorerData.rickBase
            return (base, Array(found.prefix(2_000)))
        }) {
            for text in texts {
                let fast = api.address(of: text)
                #expect(fast == parsed(text, api), "\(text)")
                #expect(fast?.path == parsed(text, api)?.path, "\(text)")
                checked += 1
            }
        }
        #expect(checked > 1_000)
    }

    @Test("SWAPI's root is an index of its six resources, in order")
    func swapiIndex() throws {
        let index = try APIIndex.read(try ExplorerData.swapi("index.json"), api: ExplorerData.swapiBase).get()
        #expect(index.resources.map(\.name) == ["people", "planets", "films", "species", "vehicles", "starships"])
        #expect(index.resources.first?.address.key == "https://swapi.dev/api/people")
    }

    @Test("PokeAPI's root (root-relative URLs) is an index of its resources")
    func pokeIndex() throws {
        let index = try APIIndex.read(try ExplorerData.pokeapi("api/v2/index.json"), api: ExplorerData.pokeBase).get()
        #expect(index.resources.count == 50)
        #expect(index.resources.first?.name == "ability")
        #expect(index.resources.contains { $0.name == "pokemon" && $0.address.key == "http://127.0.0.1:8090/api/v2/pokemon" })
    }

    @Test(
        "A root that is not an index says why in one sentence",
        arguments: [
            (#"[1, 2]"#, "the root is not a JSON object"),
            (#"{}"#, "the root is an empty object"),
            (#"{"people": "https://swapi.dev/api/people/", "count": 3}"#, #"the root's "count" is not a URL of https://swapi.dev/api/"#),
            (#"{"elsewhere": "https://example.com/api/people/"}"#, #"the root's "elsewhere" is not a URL of https://swapi.dev/api/"#),
        ])
    func notAnIndex(text: String, reason: String) throws {
        let result = APIIndex.read(try JSONParser.parse(text), api: ExplorerData.swapiBase)
        #expect(throws: IndexProblem(reason)) { try result.get() }
    }

    @Test("A SWAPI-shaped page: ten whole entities, the count and the next page")
    func swapiPage() throws {
        let people = try #require(try ExplorerData.swapi("people.json").array)
        let body = JSONNode.object(JSONObject([
            JSONMember("count", .number("82")), JSONMember("next", .string("https://swapi.dev/api/people/?page=2")),
            JSONMember("previous", .null), JSONMember("results", .array(Array(people.prefix(10)))),
        ]))
        let url = URL(string: "https://swapi.dev/api/people/")!
        let page = try ListPage.read(body, at: url, link: nil, api: ExplorerData.swapiBase).get()
        #expect(page.items.count == 10)
        #expect(page.count == 82)
        #expect(page.next?.absoluteString == "https://swapi.dev/api/people/?page=2")
        guard case .entity(let luke) = page.items.first else {
            Issue.record("the first row is not an entity")
            return
        }
        #expect(luke["name"]?.string == "Luke Skywalker")
    }

    @Test("PokeAPI's list is references shown by name: 1,351 of them, each an address")
    func pokeReferences() throws {
        let url = URL(string: "http://127.0.0.1:8090/api/v2/pokemon/")!
        let page = try ListPage.read(
            try ExplorerData.pokeapi("api/v2/pokemon/index.json"), at: url, link: nil, api: ExplorerData.pokeBase
        ).get()
        #expect(page.count == 1351)
        #expect(page.items.count == 1351)
        #expect(page.next == nil)
        #expect(page.items.first == .reference(EntityAddress(URL(string: "http://127.0.0.1:8090/api/v2/pokemon/1")!)!, name: "bulbasaur"))
    }

    @Test("Rick and Morty's `info`, a bare array, and a Link header each give the list and its next page")
    func otherShapes() throws {
        let api = ExplorerData.rickBase
        let url = URL(string: "https://rickandmortyapi.com/api/character")!
        let info = try JSONParser.parse(
            #"{"info": {"count": 826, "pages": 42, "next": "https://rickandmortyapi.com/api/character?page=2", "prev": null}, "results": [{"id": 1, "name": "Rick Sanchez"}]}"#)
        let page = try ListPage.read(info, at: url, link: nil, api: api).get()
        #expect(page.count == 826 && page.items.count == 1)
        #expect(page.next?.absoluteString == "https://rickandmortyapi.com/api/character?page=2")

        let array = try JSONParser.parse(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, 3]"#)
        let whole = try ListPage.read(array, at: url, link: nil, api: api).get()
        #expect(whole.items.count == 2 && whole.next == nil && whole.count == nil)

        let linked = try ListPage.read(
            array, at: url, link: #"<https://rickandmortyapi.com/api/character?page=1>; rel="prev first", </api/character?page=3>; rel="next""#,
            api: api
        ).get()
        #expect(linked.next?.absoluteString == "https://rickandmortyapi.com/api/character?page=3")

        let wrapped = try JSONParser.parse(#"{"data": [{"id": 7}], "total": 1}"#)
        #expect(try ListPage.read(wrapped, at: url, link: nil, api: api).get().items.count == 1)
    }

    @Test("An answer that holds no list says so")
    func notAList() throws {
        let api = ExplorerData.rickBase
        let url = URL(string: "https://rickandmortyapi.com/api/character")!
        #expect(throws: ListProblem("the answer holds no list (no \"results\" array)")) {
            try ListPage.read(try JSONParser.parse(#"{"a": [], "b": []}"#), at: url, link: nil, api: api).get()
        }
        #expect(throws: ListProblem("the answer is neither an array nor an object holding one")) {
            try ListPage.read(.string("x"), at: url, link: nil, api: api).get()
        }
    }
}
