import Foundation
import JSONTree

extension EntityWrite {
    /// The write as its `Codable` form, written by hand: what `JSONEncoder` with `.sortedKeys` and
    /// `.withoutEscapingSlashes` writes (dates as seconds since 2001, absent values left out), and
    /// `JSONDecoder` reads back as this write, several times faster. An outbox keeps it as a row's
    /// record. Nil when a number in it is not finite (nothing JSON can write).
    public func record() -> Data? {
        var text = ""
        do {
            try write(to: &text)
        } catch {
            return nil
        }
        return Data(text.utf8)
    }

    private func write(to text: inout String) throws(JSONValueNotFinite) {
        var object = RecordObject()
        object.integer("attempts", Int64(attempts))
        if let base { try object.fields("base", base) }
        if let baseTag { object.string("baseTag", baseTag) }
        try object.fields("changes", changes)
        if let conflict {
            try object.nested("conflict") { inner throws(JSONValueNotFinite) in
                inner.strings("fields", conflict.fields)
                try inner.nested("theirs") { copy throws(JSONValueNotFinite) in
                    if let tag = conflict.theirs.tag { copy.string("tag", tag) }
                    try copy.fields("value", conflict.theirs.value)
                }
            }
        }
        try object.number("createdAt", createdAt.timeIntervalSinceReferenceDate)
        object.string("entity", entity)
        if let lastError { object.string("lastError", lastError) }
        object.bool("merged", merged)
        object.string("method", method.rawValue)
        if let notBefore { try object.number("notBefore", notBefore.timeIntervalSinceReferenceDate) }
        if let request {
            try object.nested("request") { inner throws(JSONValueNotFinite) in
                try inner.fields("fields", request.fields)
                inner.string("idempotencyKey", request.idempotencyKey)
                if let ifMatch = request.ifMatch { inner.string("ifMatch", ifMatch) }
            }
        }
        object.integer("sequence", sequence)
        object.string("state", state.rawValue)
        text = object.closed()
    }
}

/// A JSON object being written, its members given in key order.
private struct RecordObject {
    var text: String
    var first = true

    init() {
        text = "{"
    }

    mutating func key(_ key: String) {
        if !first { text.append(",") }
        first = false
        JSONText.appendQuoted(key, to: &text)
        text.append(":")
    }

    mutating func string(_ key: String, _ value: String) {
        self.key(key)
        JSONText.appendQuoted(value, to: &text)
    }

    mutating func bool(_ key: String, _ value: Bool) {
        self.key(key)
        text.append(value ? "true" : "false")
    }

    mutating func number(_ key: String, _ value: Double) throws(JSONValueNotFinite) {
        self.key(key)
        try JSONValue.write(value, to: &text)
    }

    mutating func integer(_ key: String, _ value: Int64) {
        self.key(key)
        text.append(String(value))
    }

    mutating func fields(_ key: String, _ fields: Fields) throws(JSONValueNotFinite) {
        self.key(key)
        try JSONValue.object(fields).write(to: &text)
    }

    mutating func strings(_ key: String, _ values: [String]) {
        self.key(key)
        text.append("[")
        for (index, value) in values.enumerated() {
            if index > 0 { text.append(",") }
            JSONText.appendQuoted(value, to: &text)
        }
        text.append("]")
    }

    mutating func nested(_ key: String, _ body: (inout RecordObject) throws(JSONValueNotFinite) -> Void) throws(JSONValueNotFinite) {
        self.key(key)
        var inner = RecordObject()
        try body(&inner)
        text.append(inner.closed())
    }

    func closed() -> String { text + "}" }
}
