import Foundation
import EntityWrites

extension Simulation {
    /// Checks 1 and 2 for a request the server is applying over `current`.
    mutating func checkApplied(_ held: HeldRequest, over current: SimulatedServer.Entity) {
        let origin = held.origin
        let request = held.request
        let key = UserIntents.Key(client: origin.client, sequence: origin.sequence)
        guard var intent = intents.intents[key] else {
            fail("the server applied client \(origin.client)'s write \(origin.sequence), which its user never made")
            return
        }
        let name = "client \(origin.client)'s write \(origin.sequence) of \(request.entity)"
        switch request.method {
        case .patch:
            let body = request.body ?? [:]
            let extra = Set(body.keys).subtracting(intent.changed)
            if !extra.isEmpty {
                fail("\(name) carried \(extra.sorted()), which its user had not changed")
            }
            for field in body.keys.sorted() where intent.changed.contains(field) {
                let held = current.fields.value(of: field)
                let saw = intent.allowed[field] ?? []
                if !saw.contains(held) {
                    fail("lost update: \(name) set \(field) over \(held), but its user saw \(saw.map { "\($0)" }.sorted())")
                }
            }
        case .delete:
            let held = Self.editable.of(current.fields)
            if held != intent.saw {
                fail("\(name) deleted \(JSONValue.object(held)), but its user saw \(JSONValue.object(intent.saw))")
            }
        }
        intent.applied += 1
        if intent.applied > 1 { fail("\(name) was applied \(intent.applied) times") }
        intents.intents[key] = intent
        let order = "\(origin.client) \(request.entity)"
        if let last = appliedOrder[order], last >= origin.sequence {
            fail("\(name) was applied after write \(last) of the same entity, made later")
        }
        appliedOrder[order] = origin.sequence
    }

    /// The closing phase, then checks 3 and 4.
    mutating func close() {
        guard violation == nil else { return }
        server.rejectNext = 0
        server.unavailableNext = 0
        for c in clients.indices {
            clients[c].online = true
            clients[c].losesNextAnswer = false
        }
        var rounds = 0
        while violation == nil, !settled {
            rounds += 1
            guard rounds <= 60 else {
                fail("the writes never ended: \(clients.map { $0.book.writes.map { "\($0.sequence) \($0.state)" } })")
                return
            }
            while !server.held.isEmpty { serverWork() }
            for c in clients.indices {
                for _ in 0..<40 { work(c) }
                while clients[c].book.writes.contains(where: { $0.state == .conflict }) {
                    decide(c, choice: closingRandom.below(3))
                }
                for rejected in clients[c].book.writes where rejected.state == .rejected {
                    // The user dismisses what the Changes screen says was rejected: it must have been told.
                    let told = intents.intents[UserIntents.Key(client: c, sequence: rejected.sequence)]?.final
                    guard case .rejected? = told else {
                        fail("client \(c)'s write \(rejected.sequence) was rejected, but its user was told \(String(describing: told))")
                        return
                    }
                    if let transition = clients[c].book.discard(rejected.sequence) { apply(transition, client: c) }
                }
            }
            now.addTimeInterval(61)
        }
        guard violation == nil else { return }
        for c in clients.indices {
            for index in 0..<schedule.entities { read(c, Self.path(index), fromPage: false) }
        }
        for (key, intent) in intents.intents.sorted(by: { ($0.key.client, $0.key.sequence) < ($1.key.client, $1.key.sequence) }) {
            let name = "client \(key.client)'s write \(key.sequence) of \(intent.entity)"
            guard let final = intent.final else {
                fail("\(name) ended untold")
                return
            }
            switch final {
            case .rejected where intent.applied > 0: fail("\(name) was told rejected, but the server applied it")
            case .confirmed where intent.applied != 1: fail("\(name) was confirmed, but applied \(intent.applied) times")
            default: break
            }
        }
        for c in clients.indices {
            for index in 0..<schedule.entities {
                let path = Self.path(index)
                let shown = clients[c].shown(path)
                let held = server.entities[path]?.fields
                if shown != held {
                    fail("client \(c) shows \(shown.map { "\(JSONValue.object($0))" } ?? "nothing") for \(path), the server holds \(held.map { "\(JSONValue.object($0))" } ?? "nothing")")
                }
            }
        }
    }

    /// Whether every write has ended and nothing is in flight.
    var settled: Bool {
        server.held.isEmpty
            && clients.allSatisfy { $0.book.writes.isEmpty && $0.waiting == nil && $0.inbox == nil && $0.rereads.isEmpty }
    }
}
