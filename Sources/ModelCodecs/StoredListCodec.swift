import Foundation
import PersistentCache
import RepositoryCore
import RickAndMortyModel

/// The information of a stored list as bytes, for `StoredListCodec`.
public protocol ListInfoCoding: Sendable & Hashable {
    /// Appends this information to `writer`.
    func write(to writer: inout BinaryPayloadWriter)
    /// Reads information written by `write(to:)`.
    static func read(from reader: inout BinaryPayloadReader) throws(RepositoryError) -> Self
}

extension PageInfo: ListInfoCoding {
    public func write(to writer: inout BinaryPayloadWriter) {
        writer.write(count)
        writer.write(pages)
        writer.write(next)
        writer.write(prev)
    }

    public static func read(from reader: inout BinaryPayloadReader) throws(RepositoryError) -> PageInfo {
        PageInfo(
            count: try reader.readInt(), pages: try reader.readInt(), next: try reader.readOptionalString(),
            prev: try reader.readOptionalString())
    }
}

extension NoListInfo: ListInfoCoding {
    public func write(to writer: inout BinaryPayloadWriter) {}
    public static func read(from reader: inout BinaryPayloadReader) throws(RepositoryError) -> NoListInfo {
        NoListInfo()
    }
}

/// Stores a list as its ids and its information in binary form (a page of 20 is ~100 bytes:
/// the characters themselves are stored once, in their own rows). Stateless; thread-safe.
public struct StoredListCodec<Info: ListInfoCoding>: PayloadCodec {
    /// Creates the codec.
    public init() {}

    public func encode(_ value: StoredList<Info>) throws(RepositoryError) -> Data {
        var writer = BinaryPayloadWriter(capacity: 32 + value.ids.count * 4)
        writer.write(unsigned: ModelPayloadFormat.storedList)
        value.info.write(to: &writer)
        writer.write(value.ids)
        return writer.data
    }

    public func decode(_ data: Data) throws(RepositoryError) -> StoredList<Info> {
        var reader = BinaryPayloadReader(data)
        return try Self.read(&reader)
    }

    /// Reads the row's bytes in place (no copy).
    public func decode(bytes: UnsafeRawBufferPointer) throws(RepositoryError) -> StoredList<Info> {
        try BinaryPayloadReader.withBorrowed(bytes) { reader throws(RepositoryError) in try Self.read(&reader) }
    }

    private static func read(_ reader: inout BinaryPayloadReader) throws(RepositoryError) -> StoredList<Info> {
        try ModelPayloadFormat.expect(ModelPayloadFormat.storedList, in: &reader)
        let info = try Info.read(from: &reader)
        let ids = try reader.readStrings()
        try reader.expectEnd()
        return StoredList(ids: ids, info: info)
    }
}
