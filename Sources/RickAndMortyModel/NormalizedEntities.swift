import RepositoryCore

/// Characters are stored once per tier under (`character`, id).
extension ShowCharacter: NormalizedEntity {
    public static var entityKind: String { EntityKind.character.rawValue }
}

/// Episodes are stored once per tier under (`episode`, id).
extension Episode: NormalizedEntity {
    public static var entityKind: String { EntityKind.episode.rawValue }
}

/// Locations are stored once per tier under (`location`, id).
extension Location: NormalizedEntity {
    public static var entityKind: String { EntityKind.location.rawValue }
}

/// A page is stored as the ids of its results plus its `info` (count, pages, links).
extension Page: EntityListValue where Item: NormalizedEntity {
    public typealias Entity = Item
    public typealias Info = PageInfo
    public var listEntities: [Item] { results }
    public var listInfo: PageInfo { info }
    public init(listInfo: PageInfo, entities: [Item]) { self.init(info: listInfo, results: entities) }
}
