import ExplorerModel

/// The profiles the explorer knows without `--profile`, written as profile files are
/// (docs/profiles.md), and which API each is for: SWAPI, PokeAPI and Rick and Morty, told by their
/// hosts or, for a mirror, by the resources their root lists. Stateless.
public enum BuiltInProfiles {
    /// SWAPI: people by gender and birth year, films by episode and release date; `?search=`.
    static let swapi = """
        {"order": ["people", "films", "planets", "species", "vehicles", "starships"],
         "resources": {
           "people": {"title": "name", "search": "search", "columns": ["gender", "birth_year", "height"]},
           "films": {"title": "title", "search": "search",
                     "columns": [{"field": "episode_id", "label": "episode"}, "release_date", "director"]},
           "planets": {"title": "name", "search": "search", "columns": ["climate", "terrain", "population"]},
           "species": {"title": "name", "search": "search", "columns": ["classification", "language"]},
           "vehicles": {"title": "name", "search": "search", "columns": ["model", "vehicle_class"]},
           "starships": {"title": "name", "search": "search", "columns": ["model", "starship_class"]}}}
        """

    /// PokeAPI: lists of references paged by offset, whose columns fill in as entities are read.
    static let pokeAPI = """
        {"order": ["pokemon", "pokemon-species", "ability", "move", "type"],
         "resources": {
           "pokemon": {"title": "name", "image": "sprites.front_default",
                       "columns": [{"field": "types[].type.name", "label": "types", "width": 16},
                                   {"field": "height", "width": 6}, {"field": "weight", "width": 6}]},
           "pokemon-species": {"title": "name",
                               "columns": ["generation", "habitat", {"field": "capture_rate", "label": "capture"}]},
           "ability": {"title": "name", "columns": ["generation", {"field": "is_main_series", "label": "main"}]},
           "move": {"title": "name", "columns": ["type", "power", "accuracy", "pp"]},
           "type": {"title": "name", "columns": ["generation", {"field": "move_damage_class", "label": "class"}]}}}
        """

    /// Rick and Morty: characters by status and species with their avatar; `?name=` and the API's
    /// other filters (`status=dead name=rick`); up to 100 entities of a kind in one read
    /// (`/character/1,2,3`).
    static let rickAndMorty = """
        {"order": ["characters", "episodes", "locations"],
         "resources": {
           "characters": {"title": "name", "image": "image", "search": "name", "batch": 100,
                          "filters": ["name", "status", "species", "type", "gender"],
                          "columns": ["status", "species", "gender"]},
           "episodes": {"title": "name", "search": "name", "batch": 100, "filters": ["name", "episode"],
                        "columns": ["episode", "air_date"]},
           "locations": {"title": "name", "search": "name", "batch": 100, "filters": ["name", "type", "dimension"],
                         "columns": ["type", "dimension"]}}}
        """

    /// The built-in profile named `name` (`SWAPI`, `PokeAPI`, `Rick and Morty`).
    public static func named(_ name: String) -> ExplorerProfile? {
        let text: String
        switch name {
        case "SWAPI": text = swapi
        case "PokeAPI": text = pokeAPI
        case "Rick and Morty": text = rickAndMorty
        default: return nil
        }
        return try? ProfileReader.read(text, name: name).get()
    }

    /// The built-in profile of the API at `base` whose root lists `names`, nil for any other API.
    public static func profile(names: [String], base: APIBase) -> ExplorerProfile? {
        let host = base.address.origin.lowercased()
        let listed = Set(names)
        if listed == SearchProfiles.swapiResources || host.hasSuffix("swapi.dev") || host.hasSuffix("swapi.py4e.com")
            || host.hasSuffix("swapi.info")
        {
            return named("SWAPI")
        }
        if host.hasSuffix("pokeapi.co") || pokeAPIResources.isSubset(of: listed) { return named("PokeAPI") }
        if listed == SearchProfiles.rickAndMortyResources || host.hasSuffix("rickandmortyapi.com") {
            return named("Rick and Morty")
        }
        return nil
    }

    /// Resources every PokeAPI v2 root lists, and few other APIs would.
    static let pokeAPIResources: Set = ["pokemon", "pokemon-species", "ability", "move", "type", "berry"]
}
