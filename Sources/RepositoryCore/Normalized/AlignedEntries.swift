/// The entries read for a list of queries, aligned with them (nil where nothing readable is
/// held), each value kept apart from its metadata and origin (its part), so a composed list
/// takes the values as they are instead of copying each one out of an `Entry` (a copy retains
/// every reference a value holds). A value type; as a collection, each element is the entry
/// assembled from its value and part on access (a copy).
public struct AlignedEntries<Value: Sendable>: Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The values found, aligned with the queries.
    public var values: [Value?]
    /// The metadata and origin of each value found, aligned with `values`.
    public var parts: [Entry<Void>?]

    /// `count` places, none held.
    @inlinable
    public init(count: Int) {
        values = [Value?](repeating: nil, count: count)
        parts = [Entry<Void>?](repeating: nil, count: count)
    }

    /// The entries given, split into values and parts.
    @inlinable
    public init(_ entries: some Sequence<Entry<Value>?>) {
        values = []
        parts = []
        for entry in entries {
            values.append(entry?.value)
            parts.append(entry.map { Entry<Void>(value: (), metadata: $0.metadata, origin: $0.origin) })
        }
    }

    /// The entries listed (`[]` for none).
    @inlinable
    public init(arrayLiteral entries: Entry<Value>?...) {
        self.init(entries)
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { values.count }

    /// The entry at `position`, assembled from its value and part; nil when none is held.
    @inlinable
    public subscript(position: Int) -> Entry<Value>? {
        guard let part = parts[position], let value = values[position] else { return nil }
        return Entry(value: value, metadata: part.metadata, origin: part.origin)
    }

    /// True when an entry is held at `index` (nothing is copied to tell).
    @inlinable
    public func isHeld(at index: Int) -> Bool { parts[index] != nil }

    /// How many entries are held (nothing is copied to count).
    @inlinable
    public var heldCount: Int {
        var count = 0
        for index in parts.indices where parts[index] != nil { count += 1 }
        return count
    }

    /// Places `value` with its `part` at `index`.
    @inlinable
    public mutating func set(_ value: consuming Value, part: consuming Entry<Void>, at index: Int) {
        values[index] = consume value
        parts[index] = consume part
    }

    /// Places `entry` at `index`, split into its value and part.
    @inlinable
    public mutating func set(_ entry: Entry<Value>, at index: Int) {
        set(entry.value, part: Entry<Void>(value: (), metadata: entry.metadata, origin: entry.origin), at: index)
    }

    /// The value and part at `index`, moved out (the place is left empty); nil when none is held.
    @inlinable
    public mutating func take(at index: Int) -> (value: Value, part: Entry<Void>)? {
        guard let part = parts[index].take() else { return nil }
        guard let value = values[index].take() else { return nil }
        return (value, part)
    }
}
