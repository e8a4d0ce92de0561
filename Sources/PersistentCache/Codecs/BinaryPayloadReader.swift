import Foundation
import RepositoryCore

/// Reads a payload written by `BinaryPayloadWriter`, in the same order. A value type; not shared.
/// Every read checks bounds: a short or malformed payload is `.serialization`, never a crash.
///
/// `@unchecked Sendable` although it holds a pointer, because nothing can write through it or
/// outlive it: the bytes are never written after the reader is made, and they live as long as
/// any copy of the reader can read them. The public initializer copies the payload into an
/// immutable `PayloadBytes` that every copy of the reader retains (freed only with the last one);
/// the package's `withBorrowed` reads the caller's bytes in place and gives its reader only to a
/// closure that does not let it out (the package's codecs, which return decoded values only).
public struct BinaryPayloadReader: @unchecked Sendable {
    private let owner: PayloadBytes?
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    /// Starts reading `data` from its first byte.
    public init(_ data: Data) {
        let owner = PayloadBytes(copying: data)
        self.owner = owner
        bytes = owner.bytes
    }

    private init(borrowing bytes: UnsafeRawBufferPointer) {
        owner = nil
        self.bytes = bytes
    }

    /// Runs `body` with a reader of `bytes` in place, without copying them (a row read straight
    /// from SQLite's buffer). `body` must not let the reader (or a copy) out: the bytes are the
    /// caller's and only valid during the call.
    package static func withBorrowed<T>(
        _ bytes: UnsafeRawBufferPointer, _ body: (inout BinaryPayloadReader) throws(RepositoryError) -> T
    ) throws(RepositoryError) -> T {
        var reader = BinaryPayloadReader(borrowing: bytes)
        return try body(&reader)
    }

    /// True when every byte has been read (a codec can check it to reject trailing garbage).
    public var isAtEnd: Bool { position == bytes.count }

    /// Reads an unsigned LEB128 integer.
    public mutating func readUnsigned() throws(RepositoryError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count, shift < 64 else { throw Self.malformed("integer") }
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// Reads a signed (zigzag) integer.
    public mutating func readInt() throws(RepositoryError) -> Int {
        let raw = try readUnsigned()
        let value = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
        guard let int = Int(exactly: value) else { throw Self.malformed("integer") }
        return int
    }

    /// Reads a Boolean byte (0 or 1).
    public mutating func readBool() throws(RepositoryError) -> Bool {
        guard position < bytes.count, bytes[position] <= 1 else { throw Self.malformed("Boolean") }
        defer { position += 1 }
        return bytes[position] == 1
    }

    /// Reads an 8-byte little-endian Double.
    public mutating func readDouble() throws(RepositoryError) -> Double {
        guard bytes.count - position >= 8 else { throw Self.malformed("number") }
        var pattern: UInt64 = 0
        for index in 0..<8 {
            pattern |= UInt64(bytes[position + index]) << UInt64(index * 8)
        }
        position += 8
        return Double(bitPattern: pattern)
    }

    /// Reads a length-prefixed UTF-8 string.
    public mutating func readString() throws(RepositoryError) -> String {
        let range = try readLength()
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Reads length-prefixed bytes.
    public mutating func readData() throws(RepositoryError) -> Data {
        Data(UnsafeRawBufferPointer(rebasing: bytes[try readLength()]))
    }

    /// Reads an optional string (presence byte first).
    public mutating func readOptionalString() throws(RepositoryError) -> String? {
        try readBool() ? try readString() : nil
    }

    /// Reads a count then that many strings.
    public mutating func readStrings() throws(RepositoryError) -> [String] {
        let count = try readUnsigned()
        guard count <= UInt64(bytes.count - position) else { throw Self.malformed("list") }
        var values: [String] = []
        values.reserveCapacity(Int(count))
        for _ in 0..<count { values.append(try readString()) }
        return values
    }

    private mutating func readLength() throws(RepositoryError) -> Range<Int> {
        let length = try readUnsigned()
        guard length <= UInt64(bytes.count - position) else { throw Self.malformed("length") }
        let range = position..<(position + Int(length))
        position = range.upperBound
        return range
    }

    private static func malformed(_ what: String) -> RepositoryError {
        .serialization(detail: "binary payload: malformed or truncated \(what)")
    }
}

/// The bytes a `BinaryPayloadReader` made by its public initializer reads: a copy made once,
/// never written again, freed with the object. Immutable after `init` (see the reader's note on
/// sending it).
final class PayloadBytes {
    /// The copied bytes (`nil` base when empty).
    let bytes: UnsafeRawBufferPointer

    /// Copies `source`.
    init(copying source: some Collection<UInt8>) {
        let count = source.count
        guard count > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        buffer.copyBytes(from: source)
        bytes = UnsafeRawBufferPointer(buffer)
    }

    deinit { bytes.deallocate() }
}
