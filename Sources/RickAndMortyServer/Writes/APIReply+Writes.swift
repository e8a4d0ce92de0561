extension APIReply {
    /// `405`: a write to anything but one character.
    static let methodNotAllowed = APIReply(status: 405, body: .error("Only one character can be written"))
    /// `405`: synthetic data is generated, not stored.
    static let generatedData = APIReply(status: 405, body: .error("This server's data is generated: it takes no writes"))
    /// `422`: an idempotency key sent again with another request.
    static let idempotencyKeyReused = APIReply(
        status: 422, body: .error("This Idempotency-Key was used for another request"))
    /// `409`: an idempotency key held by a request not answered yet.
    static let idempotencyKeyInProgress = APIReply(
        status: 409, body: .error("A request with this Idempotency-Key is in progress"))
    /// `422` naming no field: a write refused by `FaultSettings.rejectWrites`.
    static let rejectedByFaultSwitch = APIReply(
        status: 422,
        body: JSONBody(bytes: Array(#"{"error":"Rejected by the fault switch","field":null}"#.utf8)))
}
