import Foundation
import EntityWrites

/// One simulated client process: its write book and its outbox (both durable), its cache of server
/// copies (durable too: the disk tier), and what dies with the process: the request in flight,
/// the answer not yet taken, the reads to do, the open forms.
struct SimulatedClient {
    /// An edit form: the entity, what it showed and the tag of the copy it showed.
    struct Form {
        var entity: String
        var saw: Fields
        var tag: String?
    }

    /// What the client waits for.
    enum Waiting {
        case answer(WriteStep)
    }

    var book: WriteBook
    var cache: [String: ServerCopy] = [:]
    /// The newest server version this client has held of each entity (copies never go back).
    var newestSeen: [String: Int] = [:]
    var online = true
    var losesNextAnswer = false
    var incarnation = 0
    var waiting: WriteStep?
    var inbox: WriteAnswer?
    var rereads: [String] = []
    var forms: [Form] = []
    var events: [WriteEvent] = []
    var keys = 0

    init(rules: WriteRules) {
        book = WriteBook(rules: rules)
    }

    /// What the user sees of `entity`.
    func shown(_ entity: String) -> Fields? {
        book.shown(entity, over: cache[entity]?.value)
    }

    /// A new idempotency key, unique across clients and restarts.
    mutating func newKey(client: Int) -> String {
        keys += 1
        return "c\(client)-k\(keys)"
    }

    /// The process dies and starts again from what it committed: the book and outbox as kept, the
    /// cache on disk; nothing in flight.
    mutating func restart() {
        book = WriteBook(writes: book.writes, nextSequence: book.nextSequenceNumber, rules: book.rules)
        incarnation += 1
        waiting = nil
        inbox = nil
        rereads = []
        forms = []
    }
}
