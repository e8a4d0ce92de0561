extension SyntheticDataset {
    /// Location `id`'s API JSON on `baseURL`, or nil outside 1…locationCount: the same bytes as
    /// `location(id:baseURL:)?.apiJSON`, written without building a URL string per resident.
    func locationJSON(id: Int, baseURL: String) -> [UInt8]? {
        guard id >= 1, id <= locationCount else { return nil }
        let location = SyntheticNames.location(id: id, base: baseURL)
        let residents = residentIDs(of: id)
        var object = JSONObjectWriter(capacity: 256 + residents.count * (baseURL.utf8.count + 24))
        object.add("id", location.id)
        object.add("name", location.name)
        object.add("type", location.type)
        object.add("dimension", location.dimension)
        object.add("residents", prefix: "\(baseURL)/character/", ids: residents)
        object.add("url", location.url)
        object.add("created", location.created)
        return object.finish()
    }

    /// Episode `id`'s API JSON on `baseURL`, or nil outside 1…episodeCount: the same bytes as
    /// `episode(id:baseURL:)?.apiJSON`, written without building a URL string per character.
    func episodeJSON(id: Int, baseURL: String) -> [UInt8]? {
        guard id >= 1, id <= episodeCount else { return nil }
        let episode = SyntheticNames.episode(id: id, base: baseURL)
        let cast = castIDs(of: id)
        var object = JSONObjectWriter(capacity: 256 + cast.count * (baseURL.utf8.count + 24))
        object.add("id", episode.id)
        object.add("name", episode.name)
        object.add("air_date", episode.airDate)
        object.add("episode", episode.code)
        object.add("characters", prefix: "\(baseURL)/character/", ids: cast)
        object.add("url", episode.url)
        object.add("created", episode.created)
        return object.finish()
    }
}
