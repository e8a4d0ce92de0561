/// What one served path of a `MirrorSite` answers, before the address it is served at is known.
/// A value, thread-safe.
enum MirrorResource: Sendable {
    /// A JSON document served whole: an entity, an index.
    case document(ArraySlice<UInt8>)
    /// The root of arrays without an `index.json`: each resource's name and list path, by name.
    case generatedIndex([IndexEntry])
    /// An array of whole entities, paged by `?page=` and searched by `?search=` (SWAPI's lists).
    case numbered(NumberedCollection)
    /// A list of references, paged by `?offset=&limit=` (PokeAPI's lists).
    case offsetList(OffsetList)
    /// A file that is not what its place promises: answered 500 naming it.
    case broken(FileProblem)

    /// One resource of a generated root: `"people": "<address>/api/people/"`.
    struct IndexEntry: Sendable, Hashable {
        var name: String
        var path: String
    }
}

/// The entities of one `<resource>.json` array: each as written, with the text `?search=` looks
/// in (its `name`, else its `title`) and the path it is served at (its `url`'s, else its `id`
/// under the list). A value, thread-safe.
struct NumberedCollection: Sendable {
    /// The list's normalized path (`/api/people`).
    var path: String
    /// Each entity's JSON text.
    var entities: [ArraySlice<UInt8>]
    /// Each entity's `name` or `title`, when it has one.
    var searchTexts: [String?]
    /// Each entity's own path, when it has one.
    var entityPaths: [String?]
}

/// A list file of PokeAPI's layout: its `count` as written and its `results` as written (the
/// slice keeps every reference on one page; the mirror pages them). A value, thread-safe.
struct OffsetList: Sendable {
    /// The list's normalized path (`/api/v2/pokemon`).
    var path: String
    /// The `count` the file states (it may exceed the references a partial slice holds).
    var count: Int
    /// Each reference's JSON text (`{"name":"bulbasaur","url":"/api/v2/pokemon/1/"}`).
    var elements: [ArraySlice<UInt8>]
}
