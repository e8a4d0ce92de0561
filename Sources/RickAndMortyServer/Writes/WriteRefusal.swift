import RickAndMortyModel

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

    /// `422` for the first field of `fields` that breaks the rules, or nil.
    static func violation(of fields: CharacterFields) -> WriteRefusal? {
        fields.violation().map { invalid($0.field, $0.reason) }
    }

    /// `400`: the body is not a JSON object.
    static let notJSON = WriteRefusal(status: 400, message: "The body is not a JSON object", field: nil)

    /// The reply.
    var reply: APIReply {
        var object = JSONObjectWriter()
        object.add("error", message)
        if let field { object.add("field", field) }
        return APIReply(status: status, body: JSONBody(bytes: object.finish()))
    }
}
