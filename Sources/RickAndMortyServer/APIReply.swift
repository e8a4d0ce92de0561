/// An answer of the API before HTTP: a status code and a JSON body. Thread-safe value.
public struct APIReply: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The JSON body.
    public var body: JSONBody

    /// Creates a reply.
    public init(status: Int, body: JSONBody) {
        self.status = status
        self.body = body
    }

    /// 200 with `body`.
    public static func ok(_ body: JSONBody) -> APIReply { APIReply(status: 200, body: body) }

    /// `404 {"error":"There is nothing here"}`: a page past the end, or no filter match.
    public static let nothingHere = APIReply(status: 404, body: .error("There is nothing here"))
    /// `404 {"error":"There is nothing here."}`: a path the API does not have (note the period).
    public static let unknownPath = APIReply(status: 404, body: .error("There is nothing here."))
    /// `500 {"error":"Hey! you must provide an id"}`.
    public static let badID = APIReply(status: 500, body: .error("Hey! you must provide an id"))
    /// `500 {"error":"Bad... bad array :/"}`.
    public static let badArray = APIReply(status: 500, body: .error("Bad... bad array :/"))

    /// `404 {"error":"<Resource> not found"}`.
    public static func notFound<Resource: ServedResource>(_ type: Resource.Type) -> APIReply {
        APIReply(status: 404, body: .error(Resource.notFoundMessage))
    }
}
