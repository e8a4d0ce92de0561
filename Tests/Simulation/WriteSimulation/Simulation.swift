import Foundation
@_spi(Simulation) import EntityWrites

/// One schedule run to its end: two to four clients and one server in one process, on one thread,
/// with a virtual clock, every step drawn from a seed — so a run is its seed and its steps, replayed
/// exactly. After the steps, a closing phase ends every write (conflicts decided, rejections
/// dismissed, the network whole again) and every client reads everything again; then the checks:
///
/// 1. No lost update: no applied request changed a field whose server value at that moment
///    differed from what its user saw (unless the user kept mine after seeing theirs), and no
///    request carried a field its user had not changed; a delete removed only what its user saw.
/// 2. Nothing applied twice, and a client's writes of one entity applied in the order made.
/// 3. Every write ends known, and its user was told, truly (never "rejected" when applied).
/// 4. Convergence: every client shows what the server holds.
/// 5. A client's copy of an entity never goes back to an older version than it held.
public struct Simulation {
    static let fieldNames = ["name", "status", "species"]
    static let values = ["A", "B", "C"]
    static let editable = EditableFields.allExcept(["id"])

    /// The shape of a run: how many clients and entities, and its steps.
    public struct Schedule: Sendable, Hashable {
        public var seed: UInt64
        public var clients: Int
        public var entities: Int
        public var steps: [SimulationStep]

        /// The schedule seed `seed` makes.
        public init(seed: UInt64) {
            var random = SimulationRandom(seed: seed)
            self.seed = seed
            let (clients, entities) = (2 + random.below(3), 2 + random.below(2))
            let count = 10 + random.below(60)
            self.clients = clients
            self.entities = entities
            steps = (0..<count).map { _ in SimulationStep.random(clients: clients, entities: entities, using: &random) }
        }

        /// The same run with other steps (shrinking).
        func with(steps: [SimulationStep]) -> Schedule {
            var copy = self
            copy.steps = steps
            return copy
        }
    }

    /// Defects to switch on: the engine's, and the server's (a key checked outside its reservation).
    public struct Defects: Sendable, Hashable {
        @_spi(Simulation) public var engine: WriteMutations
        public var serverChecksOutsideReservation: Bool

        /// No defect, or the server's.
        public init(serverChecksOutsideReservation: Bool = false) {
            engine = []
            self.serverChecksOutsideReservation = serverChecksOutsideReservation
        }

        /// The engine's defects `engine`.
        @_spi(Simulation) public init(engine: WriteMutations) {
            self.engine = engine
            serverChecksOutsideReservation = false
        }

        public static let none = Defects()
    }

    var server = SimulatedServer()
    var clients: [SimulatedClient]
    var intents = UserIntents()
    var appliedOrder: [String: Int64] = [:]
    var violation: String?
    var now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    var closingRandom: SimulationRandom
    let schedule: Schedule

    init(schedule: Schedule, defects: Defects) {
        self.schedule = schedule
        var rules = WriteRules(editable: Self.editable)
        rules.mutations = defects.engine
        clients = Array(repeating: SimulatedClient(rules: rules), count: schedule.clients)
        closingRandom = SimulationRandom(seed: schedule.seed ^ 0xC105_E5EE_D000_0000)
        server.checksOutsideReservation = defects.serverChecksOutsideReservation
        for index in 0..<schedule.entities {
            let path = Self.path(index)
            var fields: Fields = ["id": .number(Double(index + 1))]
            for (offset, name) in Self.fieldNames.enumerated() { fields[name] = .string(Self.values[(index + offset) % Self.values.count]) }
            server.entities[path] = SimulatedServer.Entity(fields: fields, version: server.nextVersion())
        }
        for client in clients.indices {
            for index in 0..<schedule.entities { store(client, Self.path(index), copy: server.copy(Self.path(index))) }
        }
    }

    static func path(_ entity: Int) -> String { "/api/thing/\(entity + 1)" }

    /// Runs `schedule` with `defects` switched on; returns the first check that failed, or nil.
    public static func run(_ schedule: Schedule, defects: Defects = .none) -> String? {
        var simulation = Simulation(schedule: schedule, defects: defects)
        for step in schedule.steps {
            simulation.perform(step)
            if let violation = simulation.violation { return violation }
        }
        simulation.close()
        return simulation.violation
    }

    mutating func fail(_ message: String) {
        if violation == nil { violation = message }
    }

    // MARK: Steps

    mutating func perform(_ step: SimulationStep) {
        switch step {
        case .openForm(let c, let e):
            let path = Self.path(e)
            guard let view = clients[c].book.view(path, over: clients[c].cache[path]) else { return }
            clients[c].forms.append(.init(entity: path, saw: view.value, tag: view.tag))
            if clients[c].forms.count > 4 { clients[c].forms.removeFirst() }
        case .submitForm(let c, let f, let fields):
            guard !clients[c].forms.isEmpty else { return }
            let form = clients[c].forms.remove(at: f % clients[c].forms.count)
            var mine = form.saw
            for (field, value) in fields { mine[Self.fieldNames[field]] = .string(Self.values[value]) }
            let changed = Set(Self.fieldNames.filter { mine.value(of: $0) != form.saw.value(of: $0) })
            guard !changed.isEmpty else { return }
            let (sequence, transition) = clients[c].book.edit(entity: form.entity, saw: form.saw, tag: form.tag, mine: mine, now: now)
            if let sequence { intents.edit(client: c, sequence: sequence, entity: form.entity, saw: form.saw, mine: mine, changed: changed) }
            apply(transition, client: c)
        case .delete(let c, let e):
            let path = Self.path(e)
            guard let view = clients[c].book.view(path, over: clients[c].cache[path]) else { return }
            let saw = Self.editable.of(view.value)
            let (sequence, transition) = clients[c].book.delete(entity: path, saw: saw, tag: view.tag, now: now)
            intents.delete(client: c, sequence: sequence, entity: path, saw: saw)
            apply(transition, client: c)
        case .read(let c, let e, let fromPage):
            guard clients[c].online, clients[c].waiting == nil else { return }
            read(c, Self.path(e), fromPage: fromPage)
        case .work(let c):
            work(c)
        case .serverWork:
            serverWork()
        case .otherWriter(let e, let fields):
            var changes: Fields = [:]
            for (field, value) in fields { changes[Self.fieldNames[field]] = .string(Self.values[value]) }
            server.change(Self.path(e), changes)
        case .otherDelete(let e):
            server.entities[Self.path(e)] = nil
        case .toggleOnline(let c):
            clients[c].online.toggle()
        case .loseNextAnswer(let c):
            clients[c].losesNextAnswer = true
        case .rejectWrites(let count):
            server.rejectNext = count
        case .outage(let count):
            server.unavailableNext = count
        case .kill(let c):
            clients[c].restart()
        case .decide(let c, let choice):
            decide(c, choice: choice)
        case .discard(let c, let index):
            let writes = clients[c].book.writes
            guard !writes.isEmpty, let transition = clients[c].book.discard(writes[index % writes.count].sequence) else { return }
            apply(transition, client: c)
        case .retryRejected(let c):
            guard let rejected = clients[c].book.writes.first(where: { $0.state == .rejected }),
                let (sequence, transition) = clients[c].book.retry(rejected.sequence, now: now)
            else { return }
            let old = UserIntents.Key(client: c, sequence: rejected.sequence)
            if var intent = intents.intents.removeValue(forKey: old) {
                intent.final = nil
                intents.intents[UserIntents.Key(client: c, sequence: sequence)] = intent
            }
            apply(transition, client: c)
        case .advance(let seconds):
            now.addTimeInterval(Double(seconds))
        }
    }

    /// The user decides the client's oldest conflict: 0 keep mine, 1 take theirs, 2 discard.
    mutating func decide(_ c: Int, choice: Int) {
        guard let write = clients[c].book.writes.first(where: { $0.state == .conflict }), let conflict = write.conflict else { return }
        let transition: WriteTransition?
        switch choice % 3 {
        case 0:
            // The user saw theirs for the fields in conflict (a delete: the whole entity).
            let key = UserIntents.Key(client: c, sequence: write.sequence)
            let theirs = Self.editable.of(conflict.theirs.value)
            if var intent = intents.intents[key] {
                if write.method == .delete {
                    intent.saw = theirs
                } else {
                    for field in conflict.fields { intent.allowed[field] = [theirs.value(of: field)] }
                }
                intents.intents[key] = intent
            }
            transition = clients[c].book.resolve(write.sequence, .keepMine, now: now)
        case 1:
            transition = clients[c].book.resolve(write.sequence, .takeTheirs, now: now)
        default:
            transition = clients[c].book.discard(write.sequence)
        }
        if let transition { apply(transition, client: c) }
    }

    /// The client's next piece of write work: an answer taken, a read again, or the book's next step.
    mutating func work(_ c: Int) {
        if let step = clients[c].waiting {
            guard let answer = clients[c].inbox else { return }
            clients[c].waiting = nil
            clients[c].inbox = nil
            apply(clients[c].book.take(answer, for: step, now: now), client: c)
            return
        }
        if !clients[c].rereads.isEmpty {
            guard clients[c].online else { return }
            read(c, clients[c].rereads.removeFirst(), fromPage: false)
            return
        }
        var keys = clients[c].keys
        let (step, transition) = clients[c].book.nextStep(now: now) {
            keys += 1
            return "c\(c)-k\(keys)"
        }
        clients[c].keys = keys
        apply(transition, client: c)
        guard let step else { return }
        switch step {
        case .wait:
            return
        case .read(_, let path):
            let answer: WriteAnswer = clients[c].online ? .answered(server.read(path)) : .notSent(reason: "offline")
            apply(clients[c].book.take(answer, for: step, now: now), client: c)
        case .send(let sequence, let request):
            guard clients[c].online else {
                apply(clients[c].book.take(.notSent(reason: "offline"), for: step, now: now), client: c)
                return
            }
            clients[c].waiting = step
            let origin = RequestOrigin(client: c, incarnation: clients[c].incarnation, sequence: sequence)
            if let answer = server.arrive(request, from: origin) { deliver(answer, to: origin) }
        }
    }

    /// The server works on its oldest request and answers it.
    mutating func serverWork() {
        guard let worked = server.work() else { return }
        if let over = worked.appliedOver { checkApplied(worked.held, over: over) }
        deliver(worked.answer, to: worked.held.origin)
    }

    /// An answer reaches its client, unless the process that asked is gone or the answer is lost.
    mutating func deliver(_ answer: ServerAnswer, to origin: RequestOrigin) {
        guard clients[origin.client].incarnation == origin.incarnation, clients[origin.client].waiting != nil else { return }
        if clients[origin.client].losesNextAnswer {
            clients[origin.client].losesNextAnswer = false
            clients[origin.client].inbox = .none(reason: "the answer was lost")
        } else {
            clients[origin.client].inbox = .answered(answer)
        }
    }

    /// A read of `path` by client `c` (with no tag, as a page gives it, when `fromPage`).
    mutating func read(_ c: Int, _ path: String, fromPage: Bool) {
        guard var copy = server.copy(path) else {
            clients[c].cache[path] = nil
            return
        }
        if fromPage {
            let version = SimulatedServer.version(of: copy.tag)
            copy.tag = nil
            store(c, path, copy: copy, version: version)
        } else {
            store(c, path, copy: copy)
        }
    }

    mutating func store(_ c: Int, _ path: String, copy: ServerCopy?, version known: Int? = nil) {
        guard let copy else { return }
        if let version = known ?? SimulatedServer.version(of: copy.tag) {
            if let newest = clients[c].newestSeen[path], version < newest {
                fail("client \(c)'s copy of \(path) went back from v\(newest) to v\(version)")
            }
            clients[c].newestSeen[path] = max(version, clients[c].newestSeen[path] ?? 0)
        }
        clients[c].cache[path] = copy
    }

    /// Carries out a transition for client `c`: the tiers' effects, then the events told.
    mutating func apply(_ transition: WriteTransition, client c: Int) {
        for effect in transition.effects {
            switch effect {
            case .store(let path, let copy): store(c, path, copy: copy)
            case .remove(let path): clients[c].cache[path] = nil
            case .reread(let path): clients[c].rereads.append(path)
            }
        }
        for event in transition.events {
            clients[c].events.append(event)
            guard event.outcome.isFinal else { continue }
            let key = UserIntents.Key(client: c, sequence: event.sequence)
            guard var intent = intents.intents[key] else {
                fail("client \(c) told of write \(event.sequence), which its user never made")
                return
            }
            if case .rejected? = intent.final, event.outcome == .discarded { continue }
            if let told = intent.final { fail("client \(c)'s write \(event.sequence) was told twice: \(told), then \(event.outcome)") }
            intent.final = event.outcome
            intents.intents[key] = intent
        }
    }
}
