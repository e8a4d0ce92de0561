/// The entries read for a list of queries (its places, one per query): the values held, in
/// place order, each beside its part (metadata and origin) and its place. Kept dense and in
/// order, so a list composed of them takes the values as one array (no value copied or moved
/// one by one: a copy of a value retains every reference it holds) and what is missing is the
/// places no value holds. A value type; as a collection of places, each element is the entry
/// held there, assembled from its value and part on access (a copy), or nil.
@usableFromInline
package struct AlignedEntries<Value: Sendable>: Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The number of places.
    @usableFromInline let placeCount: Int
    @usableFromInline var storedValues: [Value]
    @usableFromInline var storedParts: [Entry<Void>]
    @usableFromInline var storedPlaces: [Int]

    /// The values held, in ascending place order.
    @inlinable package var values: [Value] { storedValues }
    /// The metadata and origin of each value held, aligned with `values`.
    @inlinable package var parts: [Entry<Void>] { storedParts }
    /// The place of each value held, ascending, aligned with `values`.
    @inlinable package var places: [Int] { storedPlaces }

    /// `count` places, none held (room reserved for every place to be held).
    @inlinable
    package init(count: Int) {
        placeCount = Swift.max(0, count)
        storedValues = []
        storedParts = []
        storedPlaces = []
        storedValues.reserveCapacity(placeCount)
        storedParts.reserveCapacity(placeCount)
        storedPlaces.reserveCapacity(placeCount)
    }

    /// `count` places, none held, nothing reserved.
    @usableFromInline
    init(unreservedCount count: Int) {
        placeCount = Swift.max(0, count)
        storedValues = []
        storedParts = []
        storedPlaces = []
    }

    /// A place for each entry given (nil: an empty place), in order.
    @inlinable
    package init(_ entries: some Collection<Entry<Value>?>) {
        self.init(count: entries.count)
        for (place, entry) in entries.enumerated() {
            if let entry { set(entry, at: place) }
        }
    }

    /// A place for each entry listed (`[]` for none).
    @inlinable
    package init(arrayLiteral entries: Entry<Value>?...) {
        self.init(entries)
    }

    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { placeCount }

    /// The entry at `position`, assembled from its value and part; nil when none is held there.
    @inlinable
    package subscript(position: Int) -> Entry<Value>? {
        guard let slot = slot(of: position) else { return nil }
        return Entry(
            value: storedValues[slot], metadata: storedParts[slot].metadata, origin: storedParts[slot].origin)
    }

    /// True when an entry is held at `place` (nothing is copied to tell).
    @inlinable
    package func isHeld(at place: Int) -> Bool { slot(of: place) != nil }

    /// How many entries are held.
    @inlinable
    package var heldCount: Int { storedValues.count }

    /// Places `value` with its `part` at `place` (an entry held there is replaced). In place
    /// order this appends; out of order it inserts.
    @inlinable
    package mutating func set(_ value: consuming Value, part: consuming Entry<Void>, at place: Int) {
        precondition(place >= 0 && place < placeCount, "place \(place) out of 0..<\(placeCount)")
        if let last = storedPlaces.last, last >= place {
            let low = firstSlot(notBefore: place)
            if storedPlaces[low] == place {
                storedValues[low] = consume value
                storedParts[low] = consume part
            } else {
                storedValues.insert(consume value, at: low)
                storedParts.insert(consume part, at: low)
                storedPlaces.insert(place, at: low)
            }
            return
        }
        storedValues.append(consume value)
        storedParts.append(consume part)
        storedPlaces.append(place)
    }

    /// Places `entry` at `place`, split into its value and part.
    @inlinable
    package mutating func set(_ entry: Entry<Value>, at place: Int) {
        set(entry.value, part: Entry<Void>(value: (), metadata: entry.metadata, origin: entry.origin), at: place)
    }

    /// The values, parts and places, moved out as they are (this is left with no entry held).
    @inlinable
    package mutating func takeAll() -> (values: [Value], parts: [Entry<Void>], places: [Int]) {
        defer {
            storedValues = []
            storedParts = []
            storedPlaces = []
        }
        return (storedValues, storedParts, storedPlaces)
    }

    /// The index in `values` of the value at `place`, or nil.
    @inlinable
    func slot(of place: Int) -> Int? {
        guard let last = storedPlaces.last, place <= last else { return nil }  // past the last held
        if place < storedPlaces.count, storedPlaces[place] == place { return place }  // every place held so far
        let low = firstSlot(notBefore: place)
        return low < storedPlaces.count && storedPlaces[low] == place ? low : nil
    }

    /// The first index in `places` whose place is `place` or after it (`places.count` if none):
    /// a binary search, the places being ascending.
    @inlinable
    func firstSlot(notBefore place: Int) -> Int {
        var low = 0
        var high = storedPlaces.count
        while low < high {
            let middle = (low + high) / 2
            if storedPlaces[middle] < place { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
