import Foundation
import RickAndMortyModel

/// Reads the body of a `PUT` (a whole character) or a `PATCH` (a JSON merge patch, RFC 7396) into
/// the character's new editable fields. Pure functions: thread-safe.
enum CharacterWriteBody {
    /// The fields a `PUT` of `body` sets over the character as served (`served`, its JSON): every
    /// editable field must be present and valid; any other field given must equal the server's
    /// (`id`, `url`, `created`, `image`, `episode`, `origin`, `location`).
    static func put(_ body: [UInt8], served: [UInt8]) -> Result<CharacterFields, WriteRefusal> {
        guard let object = jsonObject(body), let current = jsonObject(served) else {
            return .failure(.notJSON)
        }
        if let missing = CharacterFields.names.first(where: { !(object[$0] is String) }) {
            return .failure(.invalid(missing, "\(missing) is required and must be a string"))
        }
        let empty = CharacterFields(name: "", status: "", species: "", type: "", gender: "")
        return fields(object, over: empty, served: current)
    }

    /// The fields a `PATCH` of `body` makes of `current`: only editable fields may appear; `type`
    /// may be `null` (emptied), no other field may.
    static func patch(_ body: [UInt8], current: CharacterFields) -> Result<CharacterFields, WriteRefusal> {
        jsonObject(body).map { fields($0, over: current, served: nil) } ?? .failure(.notJSON)
    }

    /// `object`'s fields laid over `current`, read in key order (two bad fields always name the
    /// same one): `422` for the first that is not a string, or not editable (for a `PUT`, one not
    /// as `served`), else for the first that breaks the rules (`CharacterFields.violation`).
    private static func fields(_ object: [String: Any], over current: CharacterFields, served: [String: Any]?)
        -> Result<CharacterFields, WriteRefusal>
    {
        var fields = current
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            if !CharacterFields.names.contains(key) {
                let held = served?[key]
                guard let held, canonical(value) == canonical(held) else {
                    let fixed = served == nil || held != nil
                    let reason = fixed ? "cannot be changed" : "is not a field of a character"
                    return .failure(.invalid(key, "\(key) \(reason)"))
                }
            } else if let text = value as? String {
                fields[key] = text
            } else if value is NSNull, key == "type" {
                fields.type = ""
            } else {
                return .failure(.invalid(key, "\(key) must be a string"))
            }
        }
        return fields.violation().map { .failure(.invalid($0.field, $0.reason)) } ?? .success(fields)
    }

    /// The JSON object in `bytes`, or nil when they are not one.
    private static func jsonObject(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    /// One text per JSON value, keys sorted: two values are equal when their texts are.
    private static func canonical(_ value: Any) -> Data? {
        try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
    }
}

/// Why a write was not applied: its status and the API's error body (`{"error":…,"field":…}` for a
/// bad field). A value; thread-safe.
struct WriteRefusal: Sendable, Hashable, Error {
    var status: Int
    var message: String
    var field: String?

    /// `422` naming `field`.
    static func invalid(_ field: String, _ message: String) -> WriteRefusal {
        WriteRefusal(status: 422, message: message, field: field)
    }

    /// `400`: the body is not a JSON object.
    static let notJSON = WriteRefusal(status: 400, message: "The body is not a JSON object", field: nil)

    var reply: APIReply {
        var object = JSONObjectWriter()
        object.add("error", message)
        if let field { object.add("field", field) }
        return APIReply(status: status, body: JSONBody(bytes: object.finish()))
    }
}
