/// One record written into a collection: the new collection encodes that record alone and shares
/// the other records' bytes, where building it from the records again would encode every one.
/// Both return nil when the record is not there, or when ids repeat (a `Dataset` made in code may
/// repeat them; `Dataset.load` refuses that): the caller then builds the collection again.
extension ResourceCatalog {
    /// This collection with `record` in place of the one with its id.
    func replacing(_ record: Resource) -> ResourceCatalog? {
        guard positions.count == records.count, let position = positions[record.id] else { return nil }
        var records = self.records
        var encoded = self.encoded
        records[position] = record
        encoded[position] = record.apiJSON
        return ResourceCatalog(sorted: records, encoded: encoded, positions: positions, collectionURL: collectionURL)
    }

    /// This collection without the record `id`.
    func removing(id: Int) -> ResourceCatalog? {
        guard positions.count == records.count, let position = positions[id] else { return nil }
        var records = self.records
        var encoded = self.encoded
        var positions = self.positions
        records.remove(at: position)
        encoded.remove(at: position)
        positions[id] = nil
        for index in records.indices[position...] { positions[records[index].id] = index }
        return ResourceCatalog(sorted: records, encoded: encoded, positions: positions, collectionURL: collectionURL)
    }
}
