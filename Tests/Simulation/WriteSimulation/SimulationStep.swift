/// One step of a schedule: what a user, a client, the network or the server does next. Steps name
/// clients, entities and forms by small numbers taken modulo what exists, so any step can be
/// removed (shrinking) and the rest still means something. A value.
public enum SimulationStep: Sendable, Hashable, CustomStringConvertible {
    /// The user of `client` opens the edit form of `entity` (what it shows now, and its tag).
    case openForm(client: Int, entity: Int)
    /// The user submits form `form`, having changed `fields` (field index → value index).
    case submitForm(client: Int, form: Int, fields: [Int: Int])
    /// The user deletes `entity` as shown now.
    case delete(client: Int, entity: Int)
    /// The client reads `entity` (a revalidation); `fromPage`: as a page gives it, with no tag.
    case read(client: Int, entity: Int, fromPage: Bool)
    /// The client does its next piece of write work (an answer taken, a read or a send).
    case work(client: Int)
    /// The server works on the oldest request it holds.
    case serverWork
    /// Another writer changes `fields` of `entity` on the server directly.
    case otherWriter(entity: Int, fields: [Int: Int])
    /// Another writer deletes `entity` on the server.
    case otherDelete(entity: Int)
    /// The client goes offline or back online.
    case toggleOnline(client: Int)
    /// The client's next answer is lost (the request still reaches the server).
    case loseNextAnswer(client: Int)
    /// The server rejects its next `count` writes (422).
    case rejectWrites(count: Int)
    /// The server answers its next `count` requests 503.
    case outage(count: Int)
    /// The client's process is killed and started again from what it had committed.
    case kill(client: Int)
    /// The user decides the client's oldest conflict (`choice`: keep mine, take theirs, discard).
    case decide(client: Int, choice: Int)
    /// The user discards the client's write `index` (modulo its writes).
    case discard(client: Int, index: Int)
    /// The user sends a rejected write again.
    case retryRejected(client: Int)
    /// Time passes.
    case advance(seconds: Int)

    public var description: String {
        switch self {
        case .openForm(let c, let e): "client \(c) opens the form of entity \(e)"
        case .submitForm(let c, let f, let fields): "client \(c) submits form \(f) changing \(fields.sorted { $0.key < $1.key })"
        case .delete(let c, let e): "client \(c) deletes entity \(e)"
        case .read(let c, let e, let page): "client \(c) reads entity \(e)\(page ? " from a page" : "")"
        case .work(let c): "client \(c) works"
        case .serverWork: "the server works"
        case .otherWriter(let e, let fields): "another writer changes entity \(e): \(fields.sorted { $0.key < $1.key })"
        case .otherDelete(let e): "another writer deletes entity \(e)"
        case .toggleOnline(let c): "client \(c) goes offline or online"
        case .loseNextAnswer(let c): "client \(c) loses its next answer"
        case .rejectWrites(let n): "the server rejects the next \(n) writes"
        case .outage(let n): "the server answers the next \(n) requests 503"
        case .kill(let c): "client \(c) is killed and restarted"
        case .decide(let c, let choice): "client \(c) decides its conflict: \(["keep mine", "take theirs", "discard"][choice % 3])"
        case .discard(let c, let i): "client \(c) discards its write \(i)"
        case .retryRejected(let c): "client \(c) sends a rejected write again"
        case .advance(let s): "\(s) s pass"
        }
    }

    /// A random step for `clients` clients and `entities` entities.
    static func random(clients: Int, entities: Int, using random: inout SimulationRandom) -> SimulationStep {
        let client = random.below(clients)
        let entity = random.below(entities)
        func fields() -> [Int: Int] {
            var chosen: [Int: Int] = [:]
            for _ in 0...random.below(2) { chosen[random.below(Simulation.fieldNames.count)] = random.below(Simulation.values.count) }
            return chosen
        }
        switch random.below(100) {
        case 0..<12: return .openForm(client: client, entity: entity)
        case 12..<24: return .submitForm(client: client, form: random.below(4), fields: fields())
        case 24..<27: return .delete(client: client, entity: entity)
        case 27..<37: return .read(client: client, entity: entity, fromPage: random.chance(30))
        case 37..<60: return .work(client: client)
        case 60..<68: return .serverWork
        case 68..<76: return .otherWriter(entity: entity, fields: fields())
        case 76..<77: return .otherDelete(entity: entity)
        case 77..<81: return .toggleOnline(client: client)
        case 81..<85: return .loseNextAnswer(client: client)
        case 85..<87: return .rejectWrites(count: 1 + random.below(2))
        case 87..<89: return .outage(count: 1 + random.below(3))
        case 89..<92: return .kill(client: client)
        case 92..<95: return .decide(client: client, choice: random.below(3))
        case 95..<96: return .discard(client: client, index: random.below(3))
        case 96..<97: return .retryRejected(client: client)
        default: return .advance(seconds: 1 + random.below(30))
        }
    }
}
