import RickAndMortyModel

extension Dataset {
    /// Every URL in the records that should name a record of this dataset but does not: episode and
    /// place URLs of characters, residents of locations, characters of episodes. Empty place URLs
    /// (`{"name":"unknown","url":""}`) are not references. A character whose own URL does not end in
    /// its id is listed too. Sorted, for stable messages.
    public func danglingReferences() -> [String] {
        let base = sourceBaseURL
        let characterURLs = Set(characters.map(\.url))
        let locationURLs = Set(locations.map(\.url))
        let episodeURLs = Set(episodes.map(\.url))
        var dangling = Set<String>()
        for character in characters {
            for place in [character.origin, character.location] where !place.url.isEmpty {
                if !locationURLs.contains(place.url) { dangling.insert(place.url) }
            }
            for url in character.episode where !episodeURLs.contains(url) { dangling.insert(url) }
        }
        for location in locations {
            for url in location.residents where !characterURLs.contains(url) { dangling.insert(url) }
        }
        for episode in episodes {
            for url in episode.characters where !characterURLs.contains(url) { dangling.insert(url) }
        }
        for character in characters where character.url != "\(base)/character/\(character.id)" {
            dangling.insert(character.url)
        }
        return dangling.sorted()
    }

    /// Records whose id is used more than once, as `collection/id`. Sorted.
    public func duplicateIDs() -> [String] {
        func duplicates(_ ids: [Int], _ collection: String) -> [String] {
            var seen = Set<Int>()
            var repeated = Set<Int>()
            for id in ids where !seen.insert(id).inserted { repeated.insert(id) }
            return repeated.sorted().map { "\(collection)/\($0)" }
        }
        return duplicates(characters.map(\.id), "character") + duplicates(locations.map(\.id), "location")
            + duplicates(episodes.map(\.id), "episode")
    }
}
