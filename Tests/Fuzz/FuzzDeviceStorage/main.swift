import Foundation
import FuzzSupport
import GRDB
@testable import PersistentCache
import RepositoryCore

// Device storage's stored rows and value conversions. The input is a type tag line (what the
// `type` column says), then a storage class byte and the `value` column's bytes (integer, real,
// text, blob or NULL, as SQLite may hand any of them back whatever the tag says). A row decodes
// to a value or to `.serialization`, never a crash; a decoded value converts to every
// `DeviceStorable` type or to nil per the conversion table (never a crash), and writing it back
// gives a row that decodes to the same value.

let tags = ["int", "bool", "double", "string", "url", "date", "data", "array", "dictionary"]

/// The `value` column: the storage class the byte names, read from `bytes`.
func databaseValue(kind: UInt8, _ bytes: [UInt8]) -> DatabaseValue {
    var pattern: UInt64 = 0
    for (index, byte) in bytes.prefix(8).enumerated() { pattern |= UInt64(byte) << UInt64(index * 8) }
    switch kind % 5 {
    case 0: return Int64(bitPattern: pattern).databaseValue
    case 1: return Double(bitPattern: pattern).databaseValue
    case 2: return String(decoding: bytes, as: UTF8.self).databaseValue
    case 3: return Data(bytes).databaseValue
    default: return .null
    }
}

/// Every conversion of the table, and of arrays and dictionaries of them.
func convertEverywhere(_ value: StorableValue) {
    _ = Int(storableValue: value)
    _ = Double(storableValue: value)
    _ = Float(storableValue: value)
    _ = Bool(storableValue: value)
    _ = String(storableValue: value)
    _ = URL(storableValue: value)
    _ = Date(storableValue: value)
    _ = Data(storableValue: value)
    _ = [Int](storableValue: value)
    _ = [String](storableValue: value)
    _ = [Date](storableValue: value)
    _ = [String: Double](storableValue: value)
    _ = [String: [URL]](storableValue: value)
    if case .string = value { return }
    if let text = String(storableValue: value) {
        // A string converts back the way the table says, whatever its text.
        convertEverywhere(.string(text))
    }
}

/// Same value, with NaN equal to itself (a stored NaN is refused on write, not on read).
func sameValue(_ lhs: StorableValue, _ rhs: StorableValue) -> Bool {
    switch (lhs, rhs) {
    case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
    case (.date(let a), .date(let b)):
        a == b || (a.timeIntervalSinceReferenceDate.isNaN && b.timeIntervalSinceReferenceDate.isNaN)
    case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy(sameValue)
    case (.dictionary(let a), .dictionary(let b)):
        a.count == b.count && a.allSatisfy { key, value in b[key].map { sameValue(value, $0) } ?? false }
    default: lhs == rhs
    }
}

FuzzTarget.run { bytes in
    let newline = bytes.firstIndex(of: 10) ?? bytes.count
    let tagText = String(decoding: bytes[..<newline], as: UTF8.self)
    let rest = Array(bytes[Swift.min(newline + 1, bytes.count)...])
    let tag = tagText.isEmpty ? tags[rest.count % tags.count] : tagText
    let column = databaseValue(kind: rest.first ?? 0, Array(rest.dropFirst()))

    let value: StorableValue
    do {
        value = try DeviceValueStore.decode(type: tag, value: column)
    } catch {
        invariant(
            { if case .serialization = error as? RepositoryError { true } else { false } }(),
            "a stored row failed with \(error), not .serialization")
        return
    }
    convertEverywhere(value)
    // Written back (a NaN is refused with .serialization), it reads as the same value.
    let written: DatabaseValue
    do {
        written = try DeviceValueStore.encode(value)
    } catch {
        invariant(
            { if case .serialization = error as? RepositoryError { true } else { false } }(),
            "writing a read value failed with \(error), not .serialization")
        return
    }
    do {
        let again = try DeviceValueStore.decode(type: value.typeTag, value: written)
        invariant(sameValue(again, value), "\(value) reads back as \(again)")
    } catch {
        invariant(false, "\(value) does not read back: \(error)")
    }
}
