@testable import BrowserApp
import ExplorerData
import ExplorerModel
import Foundation
import Testing

@Suite("What / asks an explored list's API")
struct ExplorerListQueryTests {
    static let locations = ExplorerResource(
        name: "locations", collection: URL(fileURLWithPath: "/api/location"), searchParameter: "name")

    @Test("With the profile's filters: name=value words set them, the others go to the search")
    func filters() {
        let profile = ResourceProfile(filters: ["name", "type", "dimension"])
        let query = ExplorerListQuery("cit type=Space station", resource: Self.locations, profile: profile)
        #expect(query.search == "cit")
        #expect(query.filters == ["type": "Space station"])
        #expect(query.pairs == ["name=cit", "type=Space station"])
        let named = ExplorerListQuery("type=Planet name=earth  c-137", resource: Self.locations, profile: profile)
        #expect(named.search == "earth c-137")
        #expect(named.filters == ["type": "Planet"])
        // A word naming no filter of the profile is part of the value before it
        let unknown = ExplorerListQuery("a=b type=", resource: Self.locations, profile: profile)
        #expect(unknown.search == "a=b")
        #expect(unknown.filters.isEmpty)
    }

    @Test("Without filters the whole text is the search; without a search the first filter takes the words")
    func searchOnly() {
        let plain = ExplorerListQuery("sky walker", resource: Self.locations, profile: nil)
        #expect(plain.search == "sky walker" && plain.filters.isEmpty)
        #expect(plain.pairs == ["name=sky walker"])
        let unsearched = ExplorerResource(name: "locations", collection: URL(fileURLWithPath: "/api/location"))
        let query = ExplorerListQuery(
            "Planet dimension=C-137", resource: unsearched, profile: ResourceProfile(filters: ["type", "dimension"]))
        #expect(query.search == nil)
        #expect(query.filters == ["type": "Planet", "dimension": "C-137"])
        #expect(query.pairs == ["dimension=C-137", "type=Planet"])
    }
}
