/// A value the normalized layer stores once per tier under (kind, id): a character, an episode.
///
/// `entityKind` names the namespace of ids (two types with one kind share their entries);
/// `entityID` must be stable across runs and unique within the kind, because it is the key of
/// the entity in every tier and in every list that references it. Conformers are `Sendable`.
public protocol NormalizedEntity: Sendable {
    /// The namespace of ids, for example `"character"`.
    static var entityKind: String { get }
    /// The identity within the kind, for example `"1"`.
    var entityID: String { get }
}

extension NormalizedEntity where Self: Identifiable, ID: LosslessStringConvertible {
    /// An `Identifiable` entity's id, as text.
    public var entityID: String { id.description }
}

extension Query {
    /// The query under which an entity with `entityID` is stored in an entity tier: `.id(entityID)`.
    @inlinable
    public static func entity(_ entityID: String) -> Query { .id(entityID) }
}
