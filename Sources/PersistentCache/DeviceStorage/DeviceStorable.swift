import Foundation

/// A type device storage can keep natively: it converts to a `StorableValue` and, when possible,
/// back from one (possibly stored as another type; see `StorableValue`'s conversion table).
/// Conforming types are `Sendable` values. Other types go through `SerializationDataSourceMapper` (RepositoryCore).
public protocol DeviceStorable: Sendable {
    /// The value as stored.
    var storableValue: StorableValue { get }
    /// The value read from `storableValue`, or nil when it does not convert.
    init?(storableValue: StorableValue)
}

extension StorableValue: DeviceStorable {
    public var storableValue: StorableValue { self }
    public init?(storableValue: StorableValue) { self = storableValue }
}

extension Int: DeviceStorable {
    public var storableValue: StorableValue { .int(self) }
    public init?(storableValue: StorableValue) {
        guard let value = storableValue.intValue else { return nil }
        self = value
    }
}

extension Double: DeviceStorable {
    public var storableValue: StorableValue { .double(self) }
    public init?(storableValue: StorableValue) {
        guard let value = storableValue.doubleValue else { return nil }
        self = value
    }
}

extension Float: DeviceStorable {
    public var storableValue: StorableValue { .double(Double(self)) }
    public init?(storableValue: StorableValue) {
        guard let value = storableValue.doubleValue else { return nil }
        self = Float(value)
    }
}

extension Bool: DeviceStorable {
    public var storableValue: StorableValue { .bool(self) }
    public init?(storableValue: StorableValue) {
        guard let value = storableValue.boolValue else { return nil }
        self = value
    }
}

extension String: DeviceStorable {
    public var storableValue: StorableValue { .string(self) }
    public init?(storableValue: StorableValue) {
        guard let value = storableValue.stringValue else { return nil }
        self = value
    }
}

extension URL: DeviceStorable {
    public var storableValue: StorableValue { .url(self) }
    public init?(storableValue: StorableValue) {
        guard let value = storableValue.urlValue else { return nil }
        self = value
    }
}

extension Date: DeviceStorable {
    public var storableValue: StorableValue { .date(self) }
    public init?(storableValue: StorableValue) {
        guard let value = storableValue.dateValue else { return nil }
        self = value
    }
}

extension Data: DeviceStorable {
    public var storableValue: StorableValue { .data(self) }
    public init?(storableValue: StorableValue) {
        guard let value = storableValue.dataValue else { return nil }
        self = value
    }
}

extension Array: DeviceStorable where Element: DeviceStorable {
    public var storableValue: StorableValue { .array(map(\.storableValue)) }
    public init?(storableValue: StorableValue) {
        guard let values = storableValue.arrayValue else { return nil }
        var converted: [Element] = []
        converted.reserveCapacity(values.count)
        for value in values {
            guard let element = Element(storableValue: value) else { return nil }
            converted.append(element)
        }
        self = converted
    }
}

extension Dictionary: DeviceStorable where Key == String, Value: DeviceStorable {
    public var storableValue: StorableValue { .dictionary(mapValues(\.storableValue)) }
    public init?(storableValue: StorableValue) {
        guard let values = storableValue.dictionaryValue else { return nil }
        var converted: [String: Value] = [:]
        for (key, value) in values {
            guard let element = Value(storableValue: value) else { return nil }
            converted[key] = element
        }
        self = converted
    }
}
