/// Writes one JSON object with its fields in exactly the order they are added (Foundation's
/// `JSONEncoder` does not keep the declaration order on every platform). A value; not shared.
struct JSONObjectWriter {
    private var text = "{"
    private var isEmpty = true

    /// A string field.
    mutating func add(_ key: String, _ value: String) {
        addRaw(key, JSONBody.quoted(value))
    }

    /// An integer field.
    mutating func add(_ key: String, _ value: Int) {
        addRaw(key, String(value))
    }

    /// An array-of-strings field.
    mutating func add(_ key: String, _ values: [String]) {
        addRaw(key, "[" + values.map(JSONBody.quoted).joined(separator: ",") + "]")
    }

    /// A field whose value is already JSON.
    mutating func addRaw(_ key: String, _ json: String) {
        if !isEmpty { text += "," }
        isEmpty = false
        text += JSONBody.quoted(key) + ":" + json
    }

    /// The finished object as UTF-8 bytes.
    func finish() -> [UInt8] {
        Array((text + "}").utf8)
    }
}
