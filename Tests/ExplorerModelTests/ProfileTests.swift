import ExplorerModel
import Testing

/// Profiles read from their JSON: field paths, columns, titles, search and order; a bad profile is
/// one sentence naming the field and what was expected.
@Suite("Profiles")
struct ProfileTests {
    static func object(_ json: String) throws -> JSONObject {
        try #require(try JSONParser.parse(json).object)
    }

    @Test("A field path names members, an element by index or every element; it reads one short text")
    func fieldPaths() throws {
        let pokemon = try Self.object(
            """
            {"name": "bulbasaur", "weight": 69, "is_default": true, "past": null,
             "types": [{"slot": 1, "type": {"name": "grass", "url": "/api/v2/type/12/"}},
                       {"slot": 2, "type": {"name": "poison", "url": "/api/v2/type/4/"}}],
             "species": {"name": "bulbasaur", "url": "/api/v2/pokemon-species/1/"},
             "sprites": {"front_default": "https://img/1.png"}, "stats": {"hp": 45}}
            """)
        #expect(FieldPath("types[].type.name")?.text(in: pokemon) == "grass, poison")
        #expect(FieldPath("types[1].type.name")?.text(in: pokemon) == "poison")
        #expect(FieldPath("types[0].slot")?.text(in: pokemon) == "1")
        #expect(FieldPath("weight")?.text(in: pokemon) == "69")
        #expect(FieldPath("is_default")?.text(in: pokemon) == "true")
        #expect(FieldPath("species")?.text(in: pokemon) == "bulbasaur", "a reference by its name")
        #expect(FieldPath("stats")?.text(in: pokemon) == "{1}")
        #expect(FieldPath("sprites.front_default")?.text(in: pokemon) == "https://img/1.png")
        #expect(FieldPath("past")?.text(in: pokemon) == nil)
        #expect(FieldPath("missing.deeper")?.text(in: pokemon) == nil)
        #expect(FieldPath("types[5].slot")?.text(in: pokemon) == nil)
        #expect(FieldPath("types[0]")?.steps == [.member("types"), .element(0)])
        for bad in ["", ".name", "name.", "a..b", "[0]", "types[x]", "types[-1]", "types]", "types[0"] {
            #expect(FieldPath(bad) == nil, "\(bad)")
        }
    }

    @Test("A profile: columns (paths or objects), title, image, search as found, a parameter or none; batch; order")
    func readsAProfile() throws {
        let profile = try ProfileReader.read(
            """
            {"order": ["films", "people"],
             "resources": {
               "people": {"columns": ["gender", {"field": "birth_year", "label": "born", "width": 6}],
                          "title": "name", "image": "portrait.url", "search": "q", "batch": 20,
                          "filters": ["gender", "eye_color"]},
               "films": {"search": null},
               "planets": {}}}
            """, name: "mine.json"
        ).get()
        #expect(profile.name == "mine.json")
        let people = try #require(profile.resource("people"))
        #expect(people.columns.map(\.label) == ["gender", "born"])
        #expect(people.columns.map(\.width) == [12, 6])
        #expect(people.columns.map(\.field.description) == ["gender", "birth_year"])
        #expect(people.title?.description == "name" && people.image?.description == "portrait.url")
        #expect(people.searchParameter(found: "search") == "q")
        #expect(people.batch == 20 && profile.resource("films")?.batch == nil)
        #expect(people.filters == ["gender", "eye_color"] && profile.resource("films")?.filters == [])
        #expect(profile.resource("films")?.searchParameter(found: "search") == nil)
        #expect(profile.resource("planets")?.searchParameter(found: "search") == "search")
        #expect(profile.resource("vehicles") == nil)
        #expect(
            profile.ordered(["people", "planets", "films", "species"]) == ["films", "people", "planets", "species"])
        let luke = try Self.object(#"{"name": "Luke", "gender": "male", "birth_year": "19BBY"}"#)
        #expect(people.cells(of: luke) == ["male", "19BBY"])
        #expect(people.title(of: luke) == "Luke")
        #expect(ResourceProfile().title(of: luke) == nil)
    }

    @Test("A bad profile is one sentence naming the field and what was expected")
    func badProfiles() {
        let cases: [(String, String)] = [
            ("{", "is not JSON"),
            ("[]", "must be an object, not an array"),
            (#"{"resource": {}}"#, #"has "resource", which is not one of "order", "resources""#),
            (#"{"order": "people"}"#, #"order must be an array of resource names, not "people""#),
            (#"{"order": [1]}"#, "order[0] must be a resource name (a string), not 1"),
            (#"{"resources": []}"#, "resources must be an object of resource names to their settings, not an array"),
            (#"{"resources": {"people": {"colums": []}}}"#, #"resources.people has "colums""#),
            (#"{"resources": {"people": {"columns": ["name", 12]}}}"#, "resources.people.columns[1] must be a field path"),
            (#"{"resources": {"people": {"columns": ["a..b"]}}}"#, #"resources.people.columns[0] must be a field path such as "name""#),
            (#"{"resources": {"people": {"columns": [{"label": "x"}]}}}"#, "resources.people.columns[0] needs a field"),
            (#"{"resources": {"people": {"columns": [{"field": "a", "width": 0}]}}}"#,
             "resources.people.columns[0].width must be a whole number of cells from 1 to 200, not 0"),
            (#"{"resources": {"people": {"title": 3}}}"#, "resources.people.title must be a field path"),
            (#"{"resources": {"people": {"batch": 1}}}"#, "resources.people.batch must be a whole number of ids from 2 to 200, not 1"),
            (#"{"resources": {"people": {"filters": "gender"}}}"#, #"resources.people.filters must be an array of query parameters, not "gender""#),
            (#"{"resources": {"people": {"filters": ["a=b"]}}}"#, #"resources.people.filters[0] must be a query parameter's name (a string), not "a=b""#),
            (#"{"resources": {"people": {"search": true}}}"#,
             "resources.people.search must be a query parameter's name (a string) or null (no search), not true"),
        ]
        for (text, sentence) in cases {
            switch ProfileReader.read(text, name: "bad.json") {
            case .success: Issue.record("\(text) was read as a profile")
            case .failure(let problem):
                #expect(problem.description.contains(sentence), "\(text): \(problem.description)")
                #expect(!problem.description.contains("\n"))
                #expect(problem.sentence(file: "bad.json").hasPrefix("--profile bad.json"))
            }
        }
    }
}
