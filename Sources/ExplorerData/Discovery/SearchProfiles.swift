import ExplorerModel

/// The search parameters of the APIs the explorer knows by their index: SWAPI searches with
/// `?search=` (its six resources, or its hosts), Rick and Morty filters with `?name=`; any other
/// index-found API has no known search. Stateless.
enum SearchProfiles {
    static let swapiResources: Set = ["people", "planets", "films", "species", "vehicles", "starships"]
    static let rickAndMortyResources: Set = ["characters", "locations", "episodes"]

    /// The search parameter of the API whose root lists `names`, at `base`.
    static func parameter(names: [String], base: APIBase) -> String? {
        let host = base.address.origin.lowercased()
        if Set(names) == swapiResources || host.hasSuffix("swapi.dev") || host.hasSuffix("swapi.py4e.com") {
            return "search"
        }
        if Set(names) == rickAndMortyResources || host.hasSuffix("rickandmortyapi.com") { return "name" }
        return nil
    }
}
