import Foundation

/// One tier's totals: how many entries, how many bytes, its limits, its oldest and newest entry.
/// A `Sendable` value; nil means the tier does not know or has no such limit.
public struct CacheTierTotals: Hashable, Sendable {
    /// How many entries the tier holds.
    public var entries: Int
    /// The bytes they take, if the tier counts bytes.
    public var bytes: Int?
    /// The most entries the tier keeps, if it is bounded by count.
    public var entryLimit: Int?
    /// The most bytes the tier keeps, if it is bounded by size.
    public var byteLimit: Int?
    /// The earliest stored-at of its entries; nil when empty.
    public var oldest: Date?
    /// The latest stored-at of its entries; nil when empty.
    public var newest: Date?

    /// Creates totals.
    public init(
        entries: Int, bytes: Int? = nil, entryLimit: Int? = nil, byteLimit: Int? = nil, oldest: Date? = nil,
        newest: Date? = nil
    ) {
        self.entries = entries
        self.bytes = bytes
        self.entryLimit = entryLimit
        self.byteLimit = byteLimit
        self.oldest = oldest
        self.newest = newest
    }
}
