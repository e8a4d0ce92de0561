import RickAndMortyModel

extension SyntheticDataset {
    /// Character `id` with URLs on `baseURL`, or nil outside 1…characterCount.
    public func character(id: Int, baseURL: String) -> ShowCharacter? {
        guard id >= 1, id <= characterCount else { return nil }
        let traits = SyntheticTraits(of: id, in: self)
        return ShowCharacter(
            id: id, name: SyntheticTraits.name(first: traits.firstName, last: traits.lastName),
            status: SyntheticTraits.statuses[traits.status], species: SyntheticNames.species[traits.species],
            type: SyntheticTraits.types[traits.type], gender: SyntheticTraits.genders[traits.gender],
            origin: traits.origin == 0
                ? PlaceReference(name: "unknown", url: "") : place(traits.origin, baseURL: baseURL),
            location: place(lastSeenLocationID(of: id), baseURL: baseURL),
            image: "\(baseURL)/character/avatar/\(id).jpeg",
            episode: episodeIDs(of: id).map { "\(baseURL)/episode/\($0)" },
            url: "\(baseURL)/character/\(id)", created: SyntheticNames.timestamp(offset: 3_600 + id * 7))
    }

    /// Location `id` with URLs on `baseURL`, or nil outside 1…locationCount.
    public func location(id: Int, baseURL: String) -> Location? {
        guard id >= 1, id <= locationCount else { return nil }
        var location = SyntheticNames.location(id: id, base: baseURL)
        location.residents = residentIDs(of: id).map { "\(baseURL)/character/\($0)" }
        return location
    }

    /// Episode `id` with URLs on `baseURL`, or nil outside 1…episodeCount.
    public func episode(id: Int, baseURL: String) -> Episode? {
        guard id >= 1, id <= episodeCount else { return nil }
        var episode = SyntheticNames.episode(id: id, base: baseURL)
        episode.characters = castIDs(of: id).map { "\(baseURL)/character/\($0)" }
        return episode
    }

    private func place(_ locationID: Int, baseURL: String) -> PlaceReference {
        PlaceReference(
            name: SyntheticNames.locationName(id: locationID), url: "\(baseURL)/location/\(locationID)")
    }
}
