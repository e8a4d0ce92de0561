import RickAndMortyModel

extension APICatalog {
    /// The API's answer to a GET of `route` with `query`. Pure: thread-safe.
    public func answer(_ route: APIRoute, query: QueryItems) -> APIReply {
        switch route {
        case .index: .ok(index)
        case .listing(.character): Self.listing(characters, of: ShowCharacter.self, query: query)
        case .listing(.location): Self.listing(locations, of: Location.self, query: query)
        case .listing(.episode): Self.listing(episodes, of: Episode.self, query: query)
        case .lookup(.character, let segment):
            Self.lookup(characters, of: ShowCharacter.self, segment: segment)
        case .lookup(.location, let segment): Self.lookup(locations, of: Location.self, segment: segment)
        case .lookup(.episode, let segment): Self.lookup(episodes, of: Episode.self, segment: segment)
        case .avatar(nil): .nothingHere  // like the API's own `/character/avatar` route
        case .avatar, .unknown: .unknownPath  // an avatar the server has no character for: a missing file
        }
    }

    private static func listing<Resource: ServedResource>(
        _ catalog: any ServedCollection, of _: Resource.Type, query: QueryItems
    ) -> APIReply {
        let request = ListingRequest(query: query, filterKeys: Resource.filterKeys)
        return catalog.page(for: request).map(APIReply.ok) ?? .nothingHere
    }

    private static func lookup<Resource: ServedResource>(
        _ catalog: any ServedCollection, of _: Resource.Type, segment: String
    ) -> APIReply {
        switch IDSelector(segment) {
        case .single(let id): catalog.record(id: id).map(APIReply.ok) ?? .notFound(Resource.self)
        case .list(let ids): .ok(catalog.records(ids: ids))
        case .badID: .badID
        case .badArray: .badArray
        }
    }
}
