import Foundation
import RickAndMortyModel
import RickAndMortyServer
import Testing

/// A record's JSON as the API writes it (`JSON.stringify`), and the synthetic records' JSON the
/// same whether a page writes it straight from the ids or from the record built first.
@Suite("Record JSON, written the API's way")
struct RecordEncodingTests {
    @Test("GIVEN quotes, backslashes, controls and non-ASCII THEN they are escaped like JSON.stringify")
    func escapes() throws {
        let location = Location(
            id: -7, name: "a\"b\\c/d\ne\rf\tg\u{1}h\u{1f}i é 🛸", type: "", dimension: "0",
            residents: ["x\"", ""], url: "u", created: "c")
        let text = String(decoding: location.apiJSON, as: UTF8.self)
        #expect(
            text
                == #"{"id":-7,"name":"a\"b\\c/d\ne\rf\tg\u0001h\u001fi é 🛸","type":"","dimension":"0","#
                + #""residents":["x\"",""],"url":"u","created":"c"}"#)
        let decoded = try JSONDecoder().decode(Location.self, from: Data(location.apiJSON))
        #expect(decoded.id == -7 && decoded.residents == ["x\"", ""])
    }

    @Test("GIVEN 2,000 characters THEN generated pages have the held records' bytes")
    func generatedPagesMatchHeldRecords() throws {
        let synthetic = try SyntheticDataset(characterCount: 2_000, seed: 17)
        let base = "http://127.0.0.1:9/api"
        let generated = APICatalog(synthetic: synthetic, baseURL: base)
        let held = APICatalog(dataset: synthetic.materialized(baseURL: base), baseURL: base)
        for route in [APIRoute.listing(.location), .listing(.episode), .listing(.character)] {
            for page in 1...13 {
                let query = QueryItems("page=\(page)")
                #expect(generated.answer(route, query: query) == held.answer(route, query: query))
            }
        }
        let episode = try #require(synthetic.episode(id: 200, baseURL: base))
        let reply = generated.answer(.lookup(.episode, "200"), query: QueryItems(""))
        #expect(reply.body.bytes == episode.apiJSON)
        #expect(!episode.characters.isEmpty)
    }
}
