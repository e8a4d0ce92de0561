/// A change of one entity, as the normalized layer tells its observers: the entity's new value,
/// or nil when every local copy was dropped (the next read fetches it). A value type.
public struct EntityChange<Entity: NormalizedEntity>: Sendable {
    /// Why the entity changed.
    public enum Cause: Sendable, Hashable {
        /// This process wrote a newer copy (a refresh, a page or list that contained it).
        case written
        /// Another process announced a newer copy (the shared tier's `NOTIFY`).
        case otherProcess
        /// The local copies were deleted or invalidated.
        case removed
        /// The entity itself was deleted (a write of this process, taken by the main source or
        /// kept to be sent, or the main source's answer that it no longer exists): lists shown
        /// should leave it out.
        case deleted
    }

    /// The entity's id within `Entity.entityKind`.
    public var id: String
    /// The new value with its metadata; nil when the copies were dropped without a new value.
    public var entry: Entry<Entity>?
    /// Why it changed.
    public var cause: Cause

    /// Creates a change.
    public init(id: String, entry: Entry<Entity>?, cause: Cause) {
        self.id = id
        self.entry = entry
        self.cause = cause
    }
}
