import RickAndMortyModel

/// How queries are named in the status pane and the events log. Pure functions.
enum QueryText {
    /// `episodes 1,2,3`.
    static func episodes(_ ids: [Int]) -> String {
        "episodes " + ids.map(String.init).joined(separator: ",")
    }

    /// `characters 1,2,3` (a cast or residents batch).
    static func characters(_ ids: [Int]) -> String {
        "characters " + ids.map(String.init).joined(separator: ",")
    }
}
