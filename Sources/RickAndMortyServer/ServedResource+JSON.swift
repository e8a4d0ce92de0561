import RickAndMortyModel

extension ShowCharacter {
    /// The API's JSON for a character: id, name, status, species, type, gender, origin, location,
    /// image, episode, url, created.
    public var apiJSON: [UInt8] {
        var object = JSONObjectWriter()
        object.add("id", id)
        object.add("name", name)
        object.add("status", status.rawValue)
        object.add("species", species)
        object.add("type", type)
        object.add("gender", gender.rawValue)
        object.addRaw("origin", Self.placeJSON(origin))
        object.addRaw("location", Self.placeJSON(location))
        object.add("image", image)
        object.add("episode", episode)
        object.add("url", url)
        object.add("created", created)
        return object.finish()
    }

    private static func placeJSON(_ place: PlaceReference) -> [UInt8] {
        var object = JSONObjectWriter(capacity: 128)
        object.add("name", place.name)
        object.add("url", place.url)
        return object.finish()
    }
}

extension Location {
    /// The API's JSON for a location: id, name, type, dimension, residents, url, created.
    public var apiJSON: [UInt8] {
        var object = JSONObjectWriter()
        object.add("id", id)
        object.add("name", name)
        object.add("type", type)
        object.add("dimension", dimension)
        object.add("residents", residents)
        object.add("url", url)
        object.add("created", created)
        return object.finish()
    }
}

extension Episode {
    /// The API's JSON for an episode: id, name, air_date, episode, characters, url, created.
    public var apiJSON: [UInt8] {
        var object = JSONObjectWriter()
        object.add("id", id)
        object.add("name", name)
        object.add("air_date", airDate)
        object.add("episode", code)
        object.add("characters", characters)
        object.add("url", url)
        object.add("created", created)
        return object.finish()
    }
}
