/// What a source offers so that another source's read can read its entries too, inside the same
/// read of the storage both live in (one connection, one transaction of one database file): a
/// list and its entities read together. Made by the tier below memory that reads that storage
/// (an SQLite namespace), forwarded by the tiers above it (`CacheFastPaths.joinedReader()`).
/// A value type; its closures are safe to call from any thread.
@usableFromInline
package struct JoinedReader<Value: Sendable>: Sendable {
    /// Identifies the storage read (one database): a joined read needs both sources on it.
    @usableFromInline package let storage: ObjectIdentifier
    /// Reads the entries held for `queries` inside the read `context` the other source opened
    /// (the storage's own connection handle), aligned with `queries`: nothing held where nothing
    /// readable is. Synchronous: it runs inside that read.
    @usableFromInline package let read: @Sendable (_ context: AnyObject, _ queries: [Query]) -> AlignedEntries<Value>
    /// Told, after the read ended, what it found for `queries` (aligned): a tier counts its hits
    /// and misses here, a tiered cache promotes the entries into its upper tier.
    @usableFromInline package let settle: @Sendable (_ queries: [Query], _ found: AlignedEntries<Value>) async -> Void

    /// Creates a reader of `storage`.
    @inlinable
    package init(
        storage: ObjectIdentifier,
        read: @escaping @Sendable (_ context: AnyObject, _ queries: [Query]) -> AlignedEntries<Value>,
        settle: @escaping @Sendable (_ queries: [Query], _ found: AlignedEntries<Value>) async -> Void
    ) {
        self.storage = storage
        self.read = read
        self.settle = settle
    }
}

/// What a joined read found: the lead entry (a list), the queries it led to (its entities) and
/// what the other source holds for each of them, aligned (nil: not held). A value type.
@usableFromInline
package struct JoinedEntries<Lead: Sendable, Related: Sendable>: Sendable {
    /// The lead entry, with the origin of the tier that held it.
    @usableFromInline package var lead: Entry<Lead>
    /// The queries the lead led to, as the caller's `follow` returned them.
    @usableFromInline package var queries: [Query]
    /// The related entries found, aligned with `queries`.
    @usableFromInline package var related: AlignedEntries<Related>

    /// Creates the result of a joined read.
    @inlinable
    package init(lead: Entry<Lead>, queries: [Query], related: AlignedEntries<Related>) {
        self.lead = lead
        self.queries = queries
        self.related = related
    }

    /// Inside a joined read (`context`): the queries `follow` picks from `lead`'s value and what
    /// `reader` finds for them there.
    @inlinable
    package init(
        lead: Entry<Lead>, following follow: (Lead) -> [Query], in reader: JoinedReader<Related>, context: AnyObject
    ) {
        let queries = follow(lead.value)
        self.init(
            lead: lead, queries: queries,
            related: queries.isEmpty ? AlignedEntries(count: 0) : reader.read(context, queries))
    }
}
