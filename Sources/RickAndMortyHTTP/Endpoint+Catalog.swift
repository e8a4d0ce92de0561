import RickAndMortyModel

extension Endpoint where Value == CharacterPage {
    /// Pages of characters, filtered by name, status, species, type and gender.
    public static var characterPages: Endpoint {
        .pages(
            of: ShowCharacter.self, resource: "character",
            filters: ["name", "status", "species", "type", "gender"])
    }
}

extension Endpoint where Value == ShowCharacter {
    /// One character by id.
    public static var character: Endpoint { .one(ShowCharacter.self, resource: "character") }
}

extension Endpoint where Value == [ShowCharacter] {
    /// Several characters by id, in one request.
    public static var characters: Endpoint { .several(of: ShowCharacter.self, resource: "character") }
}

extension Endpoint where Value == Episode {
    /// One episode by id.
    public static var episode: Endpoint { .one(Episode.self, resource: "episode") }
}

extension Endpoint where Value == [Episode] {
    /// Several episodes by id, in one request (a character's episodes for the detail pane).
    public static var episodes: Endpoint { .several(of: Episode.self, resource: "episode") }
}

extension Endpoint where Value == Page<Episode> {
    /// Pages of episodes, filtered by name and episode code.
    public static var episodePages: Endpoint {
        .pages(of: Episode.self, resource: "episode", filters: ["name", "episode"])
    }
}

extension Endpoint where Value == Location {
    /// One location by id.
    public static var location: Endpoint { .one(Location.self, resource: "location") }
}

extension Endpoint where Value == [Location] {
    /// Several locations by id, in one request.
    public static var locations: Endpoint { .several(of: Location.self, resource: "location") }
}

extension Endpoint where Value == Page<Location> {
    /// Pages of locations, filtered by name, type and dimension.
    public static var locationPages: Endpoint {
        .pages(of: Location.self, resource: "location", filters: ["name", "type", "dimension"])
    }
}
