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
        #expect(Query.key("Double.pi").cacheKey == "key:Double.pi")
    }

    @Test("Page numbers below one are clamped")
    func clampsPageNumber() {
        #expect(PageQuery(number: 0).number == 1)
        #expect(PageQuery(number: -4).number == 1)
    }
}
