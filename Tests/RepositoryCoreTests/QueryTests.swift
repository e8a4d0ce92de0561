import RepositoryCore
import Testing

@Suite("Query keys")
struct QueryTests {
    @Test("Cache keys are stable and independent of filter order")
    func stableKeys() {
        let a = Query.page(PageQuery(number: 3, filters: ["status": "alive", "name": "rick"]))
        let b = Query.page(PageQuery(number: 3, filters: ["name": "rick", "status": "alive", "type": ""]))
        #expect(a.cacheKey == "page:3?name=rick&status=alive")
        #expect(a.cacheKey == b.cacheKey)
        #expect(Query.id(42).cacheKey == "id:42")
        #expect(Query.ids([1, 2, 3]).cacheKey == "ids:1,2,3")
        #expect(Query.all.cacheKey == "all")
        #expect(Query.key("Double.pi").cacheKey == "id:Double.pi")
    }

    @Test("A key and an id of the same text are one query: equal, hashed alike, one cache key")
    func keyAndIdAreOne() {
        #expect(Query.key("a") == .id("a"))
        #expect(Query.key("a").hashValue == Query.id("a").hashValue)
        #expect(Set<Query>([.key("a"), .id("a")]).count == 1)
        #expect(Query.key("a").cacheKey == Query.id("a").cacheKey)
        #expect(Query.key("a") != .key("b"))
        #expect(Query.id("1") != .ids(["1"]))
        #expect(Query.id("all") != .all)
        #expect(Query.key("a").key == "a" && Query.id("a").key == "a")
        #expect(Query.ids(["a"]).key == nil && Query.all.key == nil)
    }

    @Test("A string literal is the id query of its text")
    func stringLiteral() {
        let query: Query = "myKey"
        #expect(query == .id("myKey"))
        #expect(query.summary == "id myKey")
    }

    @Test("Page numbers below one are clamped")
    func clampsPageNumber() {
        #expect(PageQuery(number: 0).number == 1)
        #expect(PageQuery(number: -4).number == 1)
    }
}
