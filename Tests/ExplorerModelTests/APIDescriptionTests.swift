import ExplorerModel
import Foundation
import TestSupport
import Testing

@Suite("An API with no index is found from its Swagger 2.0 or OpenAPI 3.x document")
struct APIDescriptionTests {
    static func fixture(_ name: String) throws -> String {
        try String(
            contentsOf: SharedData.packageRoot.appendingPathComponent("Tests/Fixtures/APIDescriptions/\(name)"), encoding: .utf8)
    }

    @Test("Swagger 2.0 in YAML: collections answering an array or an object holding one, their items, search and servers")
    func swagger2() throws {
        let description = try APIDescription.parse(try Self.fixture("films-swagger2.yaml")).get()
        #expect(description.resources.map(\.name) == ["films", "directors"])
        let films = try #require(description.resources.first)
        #expect(films.collectionPath == "/films" && films.itemPath == "/films/{id}")
        #expect(films.listMember == nil && films.searchParameter == "search")
        let directors = try #require(description.resources.last)
        #expect(directors.itemPath == "/directors/{name}" && directors.listMember == "data" && directors.searchParameter == nil)
        #expect(description.servers == ["https://films.example/v1"])
    }

    @Test("OpenAPI 3.0 in JSON: path-level parameters, referenced responses, JSON with a charset")
    func openAPI3() throws {
        let description = try APIDescription.parse(try Self.fixture("films-openapi3.json")).get()
        #expect(description.resources.map(\.name) == ["films", "studios"])
        #expect(description.resources.first?.searchParameter == "q")
        #expect(description.resources.first?.itemPath == "/films/{id}")
        #expect(description.resources.last?.listMember == "results" && description.resources.last?.itemPath == nil)
        #expect(description.servers == ["http://127.0.0.1:8080/v1", "https://films.example/v1"])
    }

    @Test(
        "A document that is not one says so in a sentence",
        arguments: [
            ("", "the YAML document is empty"),
            ("{\"openapi\": ", "not JSON: expected a value at line 1, column 13"),
            ("key: [unclosed", "not YAML: "),
            ("openapi: 2.5\npaths: {}", "not a Swagger 2.0 or OpenAPI 3.x document"),
            ("swagger: \"2.0\"", "the document has no paths"),
            ("swagger: \"2.0\"\npaths:\n  /health:\n    get:\n      responses:\n        '200': {schema: {type: string}}",
             "no collection in the document's paths"),
            ("- a\n- b", "the document is not an object"),
        ])
    func problems(text: String, start: String) {
        switch APIDescription.parse(text) {
        case .success(let description): Issue.record("read \(description)")
        case .failure(let problem): #expect(problem.description.hasPrefix(start), "\(problem)")
        }
    }

    @Test("YAML's scalars read as JSON's: numbers, booleans, null and strings, mappings in order")
    func yamlScalars() throws {
        let tree = try YAMLTree.parse("b: 1\na: 2.5\nc: true\nd: ~\ne: \"7\"\nf: [x, 3]").get()
        #expect(tree.object?.keys == ["b", "a", "c", "d", "e", "f"])
        #expect(tree["b"] == .number("1") && tree["a"] == .number("2.5") && tree["c"] == .bool(true))
        #expect(tree["d"] == .null && tree["e"] == .string("7") && tree["f"] == .array([.string("x"), .number("3")]))
    }
}
