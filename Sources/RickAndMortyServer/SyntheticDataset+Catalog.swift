import RickAndMortyModel

extension SyntheticDataset {
    /// The three collections served from this dataset under `baseURL`, each record generated when asked.
    func collections(baseURL: String) -> (
        characters: GeneratedCollection<ShowCharacter>, locations: GeneratedCollection<Location>,
        episodes: GeneratedCollection<Episode>
    ) {
        let dataset = self
        return (
            GeneratedCollection(
                count: characterCount, collectionURL: "\(baseURL)/\(ShowCharacter.collectionName)",
                encode: { dataset.character(id: $0, baseURL: baseURL)?.apiJSON },
                matching: { filters in
                    let table = SyntheticCharacterFilter(filters)
                    return { table.accepts(SyntheticTraits(of: $0, in: dataset)) }
                }),
            GeneratedCollection(
                count: locationCount, collectionURL: "\(baseURL)/\(Location.collectionName)",
                encode: { dataset.locationJSON(id: $0, baseURL: baseURL) },
                matching: { filters in
                    { id in
                        filters.allSatisfy { filter in
                            SyntheticDataset.locationField(filter.key, id: id).map(filter.matches) ?? true
                        }
                    }
                }),
            GeneratedCollection(
                count: episodeCount, collectionURL: "\(baseURL)/\(Episode.collectionName)",
                encode: { dataset.episodeJSON(id: $0, baseURL: baseURL) },
                matching: { filters in
                    { id in
                        filters.allSatisfy { filter in
                            SyntheticDataset.episodeField(filter.key, id: id).map(filter.matches) ?? true
                        }
                    }
                })
        )
    }

    /// The value location `id`'s filter `key` is matched against, without building the location.
    static func locationField(_ key: String, id: Int) -> String? {
        switch key {
        case "name": SyntheticNames.locationName(id: id)
        case "type": SyntheticNames.pick(SyntheticNames.placeTypes, id)
        case "dimension": SyntheticNames.pick(SyntheticNames.dimensions, id)
        default: nil
        }
    }

    /// The value episode `id`'s filter `key` is matched against, without building the episode.
    static func episodeField(_ key: String, id: Int) -> String? {
        switch key {
        case "name": SyntheticNames.episodeName(id: id)
        case "episode": SyntheticNames.episodeCode(id: id)
        default: nil
        }
    }
}

/// A character listing's filters as tables over the synthetic word lists: each name, status,
/// species, sub-type and gender a synthetic character can have is matched once per request, so
/// testing a character is a few table reads. A plain value.
struct SyntheticCharacterFilter: Sendable {
    private var names: [Bool]
    private var statuses: [Bool]
    private var species: [Bool]
    private var types: [Bool]
    private var genders: [Bool]

    init(_ filters: [ListingFilter]) {
        let lastCount = SyntheticNames.last.count
        names = (0..<SyntheticNames.first.count * lastCount).map { _ in true }
        statuses = SyntheticTraits.statuses.map { _ in true }
        species = SyntheticNames.species.map { _ in true }
        types = SyntheticTraits.types.map { _ in true }
        genders = SyntheticTraits.genders.map { _ in true }
        func narrow(_ table: inout [Bool], _ values: [String], by filter: ListingFilter) {
            for (index, value) in values.enumerated() where !filter.matches(value) { table[index] = false }
        }
        for filter in filters {
            switch filter.key {
            case "name":
                let all = (0..<names.count).map {
                    SyntheticTraits.name(first: $0 / lastCount, last: $0 % lastCount)
                }
                narrow(&names, all, by: filter)
            case "status": narrow(&statuses, SyntheticTraits.statuses.map(\.rawValue), by: filter)
            case "species": narrow(&species, SyntheticNames.species, by: filter)
            case "type": narrow(&types, SyntheticTraits.types, by: filter)
            case "gender": narrow(&genders, SyntheticTraits.genders.map(\.rawValue), by: filter)
            default: continue
            }
        }
    }

    /// Whether a character with `traits` matches every filter.
    func accepts(_ traits: SyntheticTraits) -> Bool {
        names[traits.firstName * SyntheticNames.last.count + traits.lastName] && statuses[traits.status]
            && species[traits.species] && types[traits.type] && genders[traits.gender]
    }
}
