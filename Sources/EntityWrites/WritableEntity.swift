import Foundation

/// A type of one's own written through an `EntityWriter`: a `Codable` value whose JSON object is
/// its fields, and the rules of its writes (which fields may change). The one conformance an
/// entity needs. Conforming types are values; thread-safe.
public protocol WritableEntity: Codable, Sendable {
    /// How writes of this type are treated (its editable fields, at least).
    static var writeRules: WriteRules { get }
}

extension WritableEntity {
    /// The value as fields (its JSON object; empty if it does not encode to one).
    public var fields: Fields {
        (try? JSONEncoder().encode(self)).flatMap(JSONValue.object(from:)) ?? [:]
    }

    /// The value whose JSON object is `fields`, or nil when they do not decode to one.
    public init?(fields: Fields) {
        guard let value = try? JSONDecoder().decode(Self.self, from: JSONValue.data(of: fields)) else { return nil }
        self = value
    }
}

extension EntityWriter {
    /// Records an edit of `entity` from `saw` (the view the user edited, with its tag) to `mine`.
    @discardableResult
    public func edit<Entity: WritableEntity>(_ entity: String, saw: ServerCopy, to mine: Entity) async throws(WriteStoreFailure)
        -> Int64?
    {
        try await edit(entity, saw: saw, to: mine.fields)
    }
}
