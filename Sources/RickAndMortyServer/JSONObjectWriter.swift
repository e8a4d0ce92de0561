/// Writes one JSON object straight into UTF-8 bytes, with its fields in exactly the order they are
/// added (Foundation's `JSONEncoder` does not keep the declaration order on every platform). A
/// value; not shared.
struct JSONObjectWriter {
    private var bytes: [UInt8]
    private var isEmpty = true

    /// An empty object with room for `capacity` bytes.
    init(capacity: Int = 512) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    /// A string field.
    mutating func add(_ key: String, _ value: String) {
        addKey(key)
        JSONText.appendQuoted(value, to: &bytes)
    }

    /// An integer field.
    mutating func add(_ key: String, _ value: Int) {
        addKey(key)
        JSONText.appendInteger(value, to: &bytes)
    }

    /// An array-of-strings field.
    mutating func add(_ key: String, _ values: [String]) {
        addKey(key)
        bytes.append(UInt8(ascii: "["))
        for (offset, value) in values.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// An array-of-strings field whose strings are `prefix` followed by each of `ids` in decimal,
    /// written without building the strings: the same bytes as `add(key, ids.map { "\(prefix)\($0)" })`.
    mutating func add(_ key: String, prefix: String, ids: [Int]) {
        addKey(key)
        var escapedPrefix: [UInt8] = []
        JSONText.appendEscaped(prefix, to: &escapedPrefix)
        bytes.append(UInt8(ascii: "["))
        for (offset, id) in ids.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: escapedPrefix)
            JSONText.appendInteger(id, to: &bytes)  // digits and `-` need no escaping
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A field whose value is already JSON.
    mutating func addRaw(_ key: String, _ json: [UInt8]) {
        addKey(key)
        bytes.append(contentsOf: json)
    }

    /// The finished object as UTF-8 bytes.
    consuming func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    private mutating func addKey(_ key: String) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        JSONText.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }
}
