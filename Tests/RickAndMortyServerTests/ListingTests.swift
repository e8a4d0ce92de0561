import Foundation
import Testing

@Suite("Listings over the full dump: pages, filters, links")
struct ListingTests {
    @Test("GIVEN the full dump WHEN page 1 is listed THEN 826 characters on 42 pages, 20 sorted by id")
    func firstPage() async throws {
        try await LiveServer.withFullDump { _, client in
            let reply = try await client.send("/api/character")
            #expect(reply.status == 200)
            let page = try reply.object()
            let info = try #require(page["info"] as? [String: Any])
            #expect(info["count"] as? Int == 826)
            #expect(info["pages"] as? Int == 42)
            #expect(info["prev"] is NSNull)
            let next = try #require(info["next"] as? String)
            #expect(next == "\(client.root)/api/character?page=2")
            let ids = try #require(page["results"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
            #expect(ids == Array(1...20))
        }
    }

    @Test("GIVEN the full dump WHEN page 42 is listed THEN it holds the last 6 and links back only")
    func lastPage() async throws {
        try await LiveServer.withFullDump { _, client in
            let page = try await client.send("/api/character?page=42").object()
            let info = try #require(page["info"] as? [String: Any])
            #expect(info["next"] is NSNull)
            #expect(info["prev"] as? String == "\(client.root)/api/character?page=41")
            let ids = try #require(page["results"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
            #expect(ids == Array(821...826))
        }
    }

    @Test(
        "GIVEN a missing, zero, negative or non-numeric page WHEN listed THEN page 1 is served",
        arguments: ["", "?page=0", "?page=-1", "?page=abc", "?page=", "?page=1"])
    func pageFallsBackToOne(query: String) async throws {
        try await LiveServer.withFullDump { _, client in
            let page = try await client.send("/api/character\(query)").object()
            let first = try #require((page["results"] as? [[String: Any]])?.first)
            #expect(first["id"] as? Int == 1)
        }
    }

    @Test("GIVEN 42 pages WHEN page 43 is asked for THEN 404 There is nothing here")
    func pastTheEnd() async throws {
        try await LiveServer.withFullDump { _, client in
            let reply = try await client.send("/api/character?page=43")
            #expect(reply.status == 404)
            #expect(reply.errorMessage == "There is nothing here")
        }
    }

    @Test("GIVEN name=rick&status=alive WHEN listed THEN 29 results on 2 pages with filters in the links")
    func combinedFilters() async throws {
        try await LiveServer.withFullDump { _, client in
            let first = try await client.send("/api/character?name=rick&status=alive").object()
            let info = try #require(first["info"] as? [String: Any])
            #expect(info["count"] as? Int == 29)
            #expect(info["pages"] as? Int == 2)
            let next = try #require(info["next"] as? String)
            #expect(next == "\(client.root)/api/character?page=2&name=rick&status=alive")
            let second = try await client.send(url: #require(URL(string: next))).object()
            let secondInfo = try #require(second["info"] as? [String: Any])
            #expect(
                secondInfo["prev"] as? String == "\(client.root)/api/character?page=1&name=rick&status=alive")
            #expect((second["results"] as? [[String: Any]])?.count == 9)
            let everyone =
                (first["results"] as? [[String: Any]] ?? []) + (second["results"] as? [[String: Any]] ?? [])
            #expect(everyone.allSatisfy { ($0["name"] as? String)?.lowercased().contains("rick") == true })
            #expect(everyone.allSatisfy { $0["status"] as? String == "Alive" })
        }
    }

    @Test(
        "GIVEN a gender filter WHEN listed THEN male is anchored at the start (610) and female counts 148",
        arguments: [("male", 610), ("female", 148), ("MALE", 610), ("  male  ", 610)])
    func genderCounts(value: String, count: Int) async throws {
        try await LiveServer.withFullDump { _, client in
            let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
            let info =
                try await client.send("/api/character?gender=\(encoded)").object()["info"] as? [String: Any]
            #expect(info?["count"] as? Int == count)
        }
    }

    @Test("GIVEN species=human WHEN listed THEN Humanoid characters are included")
    func speciesIsASubstring() async throws {
        try await LiveServer.withFullDump { _, client in
            var species = Set<String>()
            var page = 1
            while true {
                let reply = try await client.send("/api/character?species=human&page=\(page)")
                guard reply.status == 200 else { break }
                for result in try reply.object()["results"] as? [[String: Any]] ?? [] {
                    if let value = result["species"] as? String { species.insert(value) }
                }
                page += 1
            }
            #expect(species == ["Human", "Humanoid"])
        }
    }

    @Test("GIVEN empty values and unknown keys WHEN listed THEN they are ignored, also in the links")
    func emptyAndUnknownFiltersIgnored() async throws {
        try await LiveServer.withFullDump { _, client in
            let info =
                try await client.send("/api/character?name=&species=%20&color=blue").object()["info"]
                as? [String: Any]
            #expect(info?["count"] as? Int == 826)
            #expect(info?["next"] as? String == "\(client.root)/api/character?page=2")
        }
    }

    @Test("GIVEN a filter that matches nothing WHEN listed THEN 404 There is nothing here")
    func noMatch() async throws {
        try await LiveServer.withFullDump { _, client in
            let reply = try await client.send("/api/character?name=zzzzzz")
            #expect(reply.status == 404)
            #expect(reply.errorMessage == "There is nothing here")
        }
    }

    @Test("GIVEN locations and episodes WHEN filtered by their own keys THEN the counts follow the data")
    func otherCollections() async throws {
        try await LiveServer.withFullDump { _, client in
            let locations = try await client.send("/api/location").object()["info"] as? [String: Any]
            #expect(locations?["count"] as? Int == 126)
            #expect(locations?["pages"] as? Int == 7)
            let episodes = try await client.send("/api/episode").object()["info"] as? [String: Any]
            #expect(episodes?["count"] as? Int == 51)
            let seasonOne =
                try await client.send("/api/episode?episode=S01").object()["info"] as? [String: Any]
            #expect(seasonOne?["count"] as? Int == 11)
            let planets = try await client.send("/api/location?type=planet&dimension=c-137").object()
            let results = planets["results"] as? [[String: Any]] ?? []
            #expect(!results.isEmpty)
            #expect(results.allSatisfy { ($0["dimension"] as? String)?.contains("C-137") == true })
        }
    }
}
