import Foundation

/// A list as the normalized layer stores it: the ordered ids of its entities and the list's own
/// information (a page's count, pages and links; nothing for a multi-id read).
///
/// The entities themselves live in their own tier, once per id; a list read composes its answer
/// from them. The list's stored-at and validators are its `Entry`'s metadata. A value type.
public struct StoredList<Info: Sendable & Hashable>: Sendable, Hashable {
    /// The entity ids, in the order the list shows them, without repeats.
    public var ids: [String]
    /// What the list says about itself besides its ids.
    public var info: Info

    /// Creates a stored list; a repeated id keeps its first place only.
    public init(ids: [String], info: Info) {
        self.ids = Self.withoutRepeats(ids)
        self.info = info
    }

    /// `ids` without repeats, first places kept: ids in strictly ascending order (shorter
    /// first, then by text: a page's numeric ids as the server lists them) cannot repeat, which
    /// one pass tells; otherwise a page's few ids are compared with the ones before them (no
    /// hashing, no copy when none repeats), a longer list goes through a set.
    static func withoutRepeats(_ ids: [String]) -> [String] {
        if isStrictlyAscending(ids) { return ids }
        if ids.count <= 32 {
            for index in ids.indices where ids[..<index].contains(ids[index]) {
                var kept = Array(ids[..<index])
                for id in ids[index...] where !kept.contains(id) { kept.append(id) }
                return kept
            }
            return ids
        }
        var seen = Set<String>(minimumCapacity: ids.count)
        return ids.filter { seen.insert($0).inserted }
    }

    /// True when each id is after the one before it, shorter ids first, then by text.
    static func isStrictlyAscending(_ ids: [String]) -> Bool {
        var previous: String?
        for id in ids {
            if let previous {
                let (before, after) = (previous.utf8.count, id.utf8.count)
                guard before < after || (before == after && previous < id) else { return false }
            }
            previous = id
        }
        return true
    }
}

/// The information of a list that has none of its own (a multi-id read): an empty value.
public struct NoListInfo: Sendable, Hashable, Codable {
    /// The one value.
    public init() {}
}

/// A value made of an ordered list of entities plus the list's own information (a page of a
/// listing, an array of entities), as the main source answers it.
///
/// The normalized layer takes `listEntities` and `listInfo` apart to store them, and rebuilds
/// the value with `init(listInfo:entities:)` when it composes an answer from the cache.
public protocol EntityListValue<Entity>: Sendable {
    /// The type of entity listed.
    associatedtype Entity: NormalizedEntity
    /// The type of the list's own information.
    associatedtype Info: Sendable & Hashable
    /// The entities, in order.
    var listEntities: [Entity] { get }
    /// The list's own information.
    var listInfo: Info { get }
    /// Rebuilds a value from its information and its entities.
    init(listInfo: Info, entities: [Entity])
}

extension Array: EntityListValue where Element: NormalizedEntity {
    public typealias Entity = Element
    public typealias Info = NoListInfo
    public var listEntities: [Element] { self }
    public var listInfo: NoListInfo { NoListInfo() }
    public init(listInfo: NoListInfo, entities: [Element]) { self = entities }
}
