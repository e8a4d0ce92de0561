import Foundation

/// Builds a compact binary payload for a hand-written `PayloadCodec`: variable-length integers,
/// length-prefixed UTF-8 strings and bytes, optionals with a presence byte. A value type; not shared.
///
/// Read back with `BinaryPayloadReader` in the same order. The format has no field names: a codec
/// that changes its layout must change its namespace (or write a version number first).
public struct BinaryPayloadWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty writer, reserving `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The payload.
    public var data: Data { Data(bytes) }

    /// Writes an unsigned integer in LEB128 (7 bits per byte).
    public mutating func write(unsigned value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Writes a signed integer (zigzag, then LEB128: small magnitudes take one byte).
    public mutating func write(_ value: Int) {
        let wide = Int64(value)
        write(unsigned: UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    /// Writes a Boolean as one byte.
    public mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// Writes a Double as its 8 IEEE-754 bytes, little-endian.
    public mutating func write(_ value: Double) {
        write(fixed: value.bitPattern)
    }

    /// Writes a string as its UTF-8 length then bytes.
    public mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            write(unsigned: UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Writes bytes as their length then the bytes.
    public mutating func write(_ value: Data) {
        write(unsigned: UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// Writes a presence byte, then the string when present.
    public mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    /// Writes a count then every string.
    public mutating func write(_ values: [String]) {
        write(unsigned: UInt64(values.count))
        for value in values { write(value) }
    }

    private mutating func write(fixed value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
