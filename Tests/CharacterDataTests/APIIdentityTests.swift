import CharacterData
import Foundation
import Testing

@Suite("API identity")
struct APIIdentityTests {
    @Test("A remote API is its host and port (the scheme's default when none), and a base path other than /api")
    func remote() throws {
        func id(_ text: String) throws -> String { APIIdentity.remote(try #require(URL(string: text))).id }
        #expect(try id("https://rickandmortyapi.com/api") == "rickandmortyapi.com:443")
        #expect(try id("https://RickAndMortyAPI.com/api/") == "rickandmortyapi.com:443")
        #expect(try id("http://127.0.0.1:8080/api") == "127.0.0.1:8080")
        #expect(try id("http://127.0.0.1:8081/api") == "127.0.0.1:8081")
        #expect(try id("http://example.org/v2/api") == "example.org:80~v2~api")
        #expect(try id("http://[::1]:9000/api") == "::1:9000")
    }

    @Test("A dump is known by its content; synthetic data by count and seed; none contains / or |")
    func embedded() {
        let files = [Data("[1]".utf8), Data("[2]".utf8), Data("[3]".utf8)]
        let one = APIIdentity.dump(contents: files, folder: "/a")
        #expect(one.id == APIIdentity.dump(contents: files, folder: "/elsewhere").id)
        #expect(one.id != APIIdentity.dump(contents: [Data("[1]".utf8), Data("[2]".utf8), Data("[4]".utf8)], folder: "/a").id)
        // a byte moved from one file to the next is another dump
        #expect(one.id != APIIdentity.dump(contents: [Data("[1]".utf8), Data("[2][".utf8), Data("3]".utf8)], folder: "/a").id)
        #expect(one.id.hasPrefix("dump-") && one.id.count == 21)
        #expect(APIIdentity.synthetic(count: 1_000, seed: 1).id == "synthetic-1000-1")
        #expect(APIIdentity.sample.id == "sample")
        for identity in [one, .sample, .synthetic(count: 5, seed: 2), .remote(URL(fileURLWithPath: "/x|y/z"))] {
            #expect(!identity.id.contains("/") && !identity.id.contains("|"), "\(identity.id)")
        }
    }

    @Test("A namespace splits into its API and kind; one written before scoping has no API")
    func namespaces() {
        #expect(APIIdentity.sample.namespaceScope == "sample|")
        #expect(APIIdentity.split(namespace: "sample|character-page-ids") == ("sample", "character-page-ids"))
        #expect(APIIdentity.split(namespace: "character") == (nil, "character"))
    }
}
