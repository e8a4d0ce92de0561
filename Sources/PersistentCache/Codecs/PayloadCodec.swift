import Foundation
import RepositoryCore

/// Turns a value into the bytes stored in the `payload` column and back. Must be `Sendable` and
/// deterministic; a failure is `.serialization`, which a repository treats as a cache miss.
///
/// `JSONPayloadCodec` suits any `Codable` value; a hand-written codec (see `BinaryPayloadWriter`)
/// is several times faster on the read path.
public protocol PayloadCodec<Value>: Sendable {
    /// The type of value encoded.
    associatedtype Value: Sendable
    /// The stored bytes for `value`.
    func encode(_ value: Value) throws(RepositoryError) -> Data
    /// The value stored as `data`.
    func decode(_ data: Data) throws(RepositoryError) -> Value
    /// The value stored as `bytes`, which are valid only during the call (a row read in place).
    /// The default copies them into `Data` for `decode(_:)`; a codec that can read the bytes
    /// directly implements it to skip that copy.
    func decode(bytes: UnsafeRawBufferPointer) throws(RepositoryError) -> Value
}

extension PayloadCodec {
    public func decode(bytes: UnsafeRawBufferPointer) throws(RepositoryError) -> Value {
        try decode(Data(bytes))
    }
}

/// JSON through Foundation's `JSONEncoder`/`JSONDecoder`, with sorted keys (stable bytes). Stateless, `Sendable`.
public struct JSONPayloadCodec<Value: Codable & Sendable>: PayloadCodec {
    /// Creates the codec.
    public init() {}

    public func encode(_ value: Value) throws(RepositoryError) -> Data {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try encoder.encode(value)
        } catch {
            throw RepositoryError(error, fallback: { .serialization(detail: $0) })
        }
    }

    public func decode(_ data: Data) throws(RepositoryError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw RepositoryError(error, fallback: { .serialization(detail: $0) })
        }
    }
}

/// Binary property lists through `PropertyListEncoder`/`PropertyListDecoder`. Stateless, `Sendable`.
public struct PropertyListPayloadCodec<Value: Codable & Sendable>: PayloadCodec {
    /// Creates the codec.
    public init() {}

    public func encode(_ value: Value) throws(RepositoryError) -> Data {
        do {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            return try encoder.encode(value)
        } catch {
            throw RepositoryError(error, fallback: { .serialization(detail: $0) })
        }
    }

    public func decode(_ data: Data) throws(RepositoryError) -> Value {
        do {
            return try PropertyListDecoder().decode(Value.self, from: data)
        } catch {
            throw RepositoryError(error, fallback: { .serialization(detail: $0) })
        }
    }
}

/// Stores `Data` as it is (HTTP bodies, images). Stateless, `Sendable`.
public struct DataPayloadCodec: PayloadCodec {
    /// Creates the codec.
    public init() {}
    public func encode(_ value: Data) throws(RepositoryError) -> Data { value }
    public func decode(_ data: Data) throws(RepositoryError) -> Data { data }
}
