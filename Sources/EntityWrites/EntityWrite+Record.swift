import Foundation

extension EntityWrite {
    /// The write as its `Codable` form, written by hand: what `JSONEncoder` with `.sortedKeys` and
    /// `.withoutEscapingSlashes` writes (dates as seconds since 2001, absent values left out), and
    /// `JSONDecoder` reads back as this write, several times faster. An outbox keeps it as a row's
    /// record. Nil when a number in it is not finite (nothing JSON can write).
    public func record() -> Data? {
        // A `Double` holds every whole number only below 2^53: beyond, the numbers are `Codable`'s.
        guard sequence.magnitude < 1 << 53, attempts.magnitude < 1 << 53 else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return try? encoder.encode(self)
        }
        var object: Fields = [
            "attempts": .number(Double(attempts)), "changes": .object(changes),
            "createdAt": .number(createdAt.timeIntervalSinceReferenceDate), "entity": .string(entity),
            "merged": .bool(merged), "method": .string(method.rawValue),
            "sequence": .number(Double(sequence)), "state": .string(state.rawValue),
        ]
        object["base"] = base.map(JSONValue.object)
        object["baseTag"] = baseTag.map(JSONValue.string)
        object["lastError"] = lastError.map(JSONValue.string)
        object["notBefore"] = notBefore.map { .number($0.timeIntervalSinceReferenceDate) }
        if let conflict {
            var theirs: Fields = ["value": .object(conflict.theirs.value)]
            theirs["tag"] = conflict.theirs.tag.map(JSONValue.string)
            let fields = JSONValue.array(conflict.fields.map(JSONValue.string))
            object["conflict"] = .object(["fields": fields, "theirs": .object(theirs)])
        }
        if let request {
            var sent: Fields = ["fields": .object(request.fields)]
            sent["idempotencyKey"] = .string(request.idempotencyKey)
            sent["ifMatch"] = request.ifMatch.map(JSONValue.string)
            object["request"] = .object(sent)
        }
        var text = ""
        do {
            try JSONValue.object(object).write(to: &text)
        } catch {
            return nil
        }
        return Data(text.utf8)
    }
}
