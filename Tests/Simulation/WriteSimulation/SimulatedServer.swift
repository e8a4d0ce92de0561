import EntityWrites

/// Where a request comes from: the client, the process incarnation that sent it, and the write
/// it carries (the user's, as the simulation tracks it). The server never reads it to decide: it
/// is only how the checks name the write.
struct RequestOrigin: Hashable {
    var client: Int
    var incarnation: Int
    var sequence: Int64
}

/// A write request the server has taken in but not yet worked on.
struct HeldRequest {
    var origin: RequestOrigin
    var request: SendRequest
}

/// The simulated API server: entities with strong tags (versions that only grow), `If-Match`
/// (`412` with the current copy), idempotency keys whose life is reserve → apply → record (a key
/// in flight answers `409`, a recorded one replays with `Idempotent-Replayed`, another body under
/// a recorded key is `422`), fault switches, and the log the checks read. A request is taken in
/// (`arrive`) and worked on later (`work`), so requests of several clients interleave.
struct SimulatedServer {
    struct Entity {
        var fields: Fields
        var version: Int
    }

    struct Recorded {
        var fingerprint: String
        var answer: ServerAnswer
    }

    var entities: [String: Entity] = [:]
    var recorded: [String: Recorded] = [:]
    var reserved: Set<String> = []
    var held: [HeldRequest] = []
    var rejectNext = 0
    var unavailableNext = 0
    var clock = 0
    /// The server's mutation: a key is looked up when a request arrives, but not reserved.
    var checksOutsideReservation = false

    mutating func nextVersion() -> Int {
        clock += 1
        return clock
    }

    static func tag(_ version: Int) -> String { "\"v\(version)\"" }

    static func version(of tag: String?) -> Int? {
        guard let tag, tag.hasPrefix("\"v"), tag.hasSuffix("\"") else { return nil }
        return Int(tag.dropFirst(2).dropLast())
    }

    func copy(_ path: String) -> ServerCopy? {
        entities[path].map { ServerCopy(value: $0.fields, tag: Self.tag($0.version)) }
    }

    /// A `GET`.
    func read(_ path: String) -> ServerAnswer {
        guard let entity = entities[path] else { return ServerAnswer(status: 404, object: ["error": .string("not found")]) }
        return ServerAnswer(status: 200, tag: Self.tag(entity.version), object: entity.fields)
    }

    /// Takes a write in: answered at once (a replay, a key reused, a key in flight) or held.
    mutating func arrive(_ request: SendRequest, from origin: RequestOrigin) -> ServerAnswer? {
        let key = request.idempotencyKey
        if let recorded = recorded[key] {
            guard recorded.fingerprint == Self.fingerprint(request) else {
                return ServerAnswer(status: 422, object: ["error": .string("key reused for another request")])
            }
            var replay = recorded.answer
            replay.replayed = true
            return replay
        }
        if !checksOutsideReservation {
            guard reserved.insert(key).inserted else {
                return ServerAnswer(status: 409, retryAfter: 1, object: ["error": .string("in progress")])
            }
        }
        held.append(HeldRequest(origin: origin, request: request))
        return nil
    }

    /// What working on a request came to: who asked, the answer, and, when the request was
    /// applied, the entity as it was just before.
    struct Worked {
        var held: HeldRequest
        var answer: ServerAnswer
        var appliedOver: Entity?
    }

    /// Works on the oldest held request.
    mutating func work() -> Worked? {
        guard !held.isEmpty else { return nil }
        let next = held.removeFirst()
        let request = next.request
        let key = request.idempotencyKey
        defer { reserved.remove(key) }
        func record(_ answer: ServerAnswer, over applied: Entity? = nil) -> Worked {
            recorded[key] = Recorded(fingerprint: Self.fingerprint(request), answer: answer)
            return Worked(held: next, answer: answer, appliedOver: applied)
        }
        if unavailableNext > 0 {
            unavailableNext -= 1
            return Worked(held: next, answer: ServerAnswer(status: 503, retryAfter: 2, object: ["error": .string("unavailable")]))
        }
        guard let current = entities[request.entity] else {
            return record(ServerAnswer(status: 404, object: ["error": .string("not found")]))
        }
        if rejectNext > 0 {
            rejectNext -= 1
            return record(ServerAnswer(status: 422, object: ["error": .string("rejected by the fault switch")]))
        }
        if let ifMatch = request.ifMatch, ifMatch != Self.tag(current.version) {
            return Worked(held: next, answer: ServerAnswer(status: 412, tag: Self.tag(current.version), object: current.fields))
        }
        switch request.method {
        case .delete:
            entities[request.entity] = nil
            return record(ServerAnswer(status: 204), over: current)
        case .patch:
            let written = Entity(fields: current.fields.merging(patch: request.body ?? [:]), version: nextVersion())
            entities[request.entity] = written
            return record(ServerAnswer(status: 200, tag: Self.tag(written.version), object: written.fields), over: current)
        }
    }

    /// Another writer's change, straight to the store.
    mutating func change(_ path: String, _ fields: Fields) {
        guard let current = entities[path] else { return }
        let changed = current.fields.merging(patch: fields)
        guard changed != current.fields else { return }
        entities[path] = Entity(fields: changed, version: nextVersion())
    }

    /// What a key names: method, entity, precondition and body.
    static func fingerprint(_ request: SendRequest) -> String {
        let body = request.body.map { fields in
            fields.keys.sorted().map { "\($0)=\(fields.value(of: $0))" }.joined(separator: "&")
        } ?? "-"
        return "\(request.method.rawValue) \(request.entity) \(request.ifMatch ?? "*") \(body)"
    }
}
