import Testing

@testable import RickAndMortyServer

@Suite("Parsing paths, ids, queries and filters")
struct ParsingTests {
    @Test(
        "GIVEN an id segment WHEN parsed THEN the API's reading of it",
        arguments: [
            ("7", IDSelector.single(7)),
            (" 7 ", .single(7)),
            ("-3", .single(-3)),
            ("abc", .badID),
            ("1abc", .badID),
            ("", .badID),
            ("1,2,3", .list([1, 2, 3])),
            ("1,,x,2", .list([1, 2])),
            ("[1,2,3]", .list([1, 2, 3])),
            ("[1, 2 , 3]", .list([1, 2, 3])),
            ("[ ]", .list([])),
            ("[1.5,2]", .list([2])),
            ("[1,2", .badArray),
            ("[]", .badArray),
            ("1]", .badArray),
            ("[1,]", .badArray),
            ("[a]", .badArray),
            ("x[1]", .badArray),
        ])
    func ids(segment: String, expected: IDSelector) {
        #expect(IDSelector(segment) == expected)
    }

    @Test(
        "GIVEN a path WHEN routed THEN the right route, trailing slash and case tolerated",
        arguments: [
            ("/api", APIRoute.index),
            ("/api/", .index),
            ("/api/character", .listing(.character)),
            ("/api/Character/", .listing(.character)),
            ("/api/location/3", .lookup(.location, "3")),
            ("/api/episode/%5B1,%202%5D", .lookup(.episode, "[1, 2]")),
            ("/api/character/avatar", .avatar(nil)),
            ("/api/character/avatar/1.jpeg", .avatar("1.jpeg")),
            ("/api/characters", .unknown),
            ("/api//character", .unknown),
            ("/api/character/1/2", .unknown),
            ("/", .unknown),
            ("/apix", .unknown),
        ])
    func routes(path: String, expected: APIRoute) {
        #expect(APIRoute(path: path) == expected)
    }

    @Test("GIVEN a query string WHEN parsed THEN form decoding, order kept, last value wins")
    func queryItems() {
        let query = QueryItems("name=rick+sanchez&status=%41live&name=morty&flag&=x&bad=%zz")
        #expect(query["name"] == "morty")
        #expect(query["status"] == "Alive")
        #expect(query["flag"] == "")
        #expect(query["bad"] == "%zz")
        #expect(query.uniqueKeys.map(\.key) == ["name", "status", "flag", "", "bad"])
        #expect(QueryItems(nil).pairs.isEmpty)
    }

    @Test("GIVEN a listing query WHEN read THEN page falls back to 1 and only known, non-empty filters stay")
    func listingRequest() {
        let keys = ["name", "status"]
        let request = ListingRequest(
            query: QueryItems("status=%20alive%20&page=3&colour=red&name="), filterKeys: keys)
        #expect(request.page == 3)
        #expect(request.filters == [ListingFilter(key: "status", value: "alive")])
        #expect(request.queryString(forPage: 4) == "page=4&status=alive")
        for page in ["0", "-2", "x", "2.5", ""] {
            #expect(ListingRequest(query: QueryItems("page=\(page)"), filterKeys: keys).page == 1)
        }
    }

    @Test("GIVEN filter values WHEN matched THEN substring without case, and male anchored at the start")
    func filterMatching() {
        #expect(ListingFilter(key: "gender", value: "male").matches("Male"))
        #expect(!ListingFilter(key: "gender", value: "male").matches("Female"))
        #expect(ListingFilter(key: "gender", value: "fem").matches("Female"))
        #expect(ListingFilter(key: "species", value: "HUMAN").matches("Humanoid"))
        #expect(ListingFilter(key: "name", value: "(c-137)").matches("Earth (C-137)"))
        #expect(!ListingFilter(key: "name", value: "rick").matches("Morty"))
    }
}
