import AsyncHTTPExchange
import EntityWrites
import Foundation
import HTTPExchange
import Locking
import Testing

/// A user's own entity, written the way the library's documentation says: one conformance, a
/// configuration, an `EntityWriter` over the library's HTTP seam, against a real server on
/// loopback — written offline, sent once though its answer was lost, merged, and in conflict.
@Suite("A book of one's own, written through EntityWriter")
struct BookWritesTests {
    struct Book: WritableEntity, Equatable {
        var id: String
        var title: String
        var author: String
        var year: String
        static let writeRules = WriteRules(editable: .only(["title", "author", "year"]))
    }

    /// The application's cache of server copies: a dictionary.
    actor BookShelf: WriteTiers {
        var copies: [String: ServerCopy] = [:]
        func copy(of entity: String) -> ServerCopy? { copies[entity] }
        func store(_ copy: ServerCopy, of entity: String) { copies[entity] = copy }
        func remove(_ entity: String) { copies[entity] = nil }
    }

    /// The seam between the writer and the network: offline on demand, or losing the next answer
    /// after the server took the request.
    final class Network: HTTPExchanging {
        let real = AsyncHTTPExchange(timeout: .total(.seconds(10)))
        let switches = PThreadMutex((offline: false, loseNext: false))

        func exchange<Value: Sendable>(
            _ request: HTTPExchangeRequest,
            reading read: @Sendable (HTTPStreamedAnswer) async throws(HTTPExchangeError) -> Value
        ) async throws(HTTPExchangeError) -> Value {
            if switches.withLock({ $0.offline }) { throw .unreachable(reason: "offline") }
            let answer = try await real.exchange(request, reading: read)
            if switches.withLock({ state in defer { state.loseNext = false }; return state.loseNext }) {
                throw .unreachable(reason: "the connection dropped before the answer")
            }
            return answer
        }
    }

    /// A clock the test moves.
    final class Clock: Sendable {
        let time = PThreadMutex(Date(timeIntervalSinceReferenceDate: 0))
        func advance(_ seconds: Double) { time.withLock { $0.addTimeInterval(seconds) } }
        var now: Date { time.withLock { $0 } }
    }

    @Test("Written offline, sent once after a lost answer, merged over another writer, then a conflict kept mine")
    func bookLifecycle() async throws {
        let dune = ["title": "Dune", "author": "Frank Herbert", "year": "1965"]
        try await WritableBookServer.run(books: [1: dune]) { server in
            let shelf = BookShelf()
            let network = Network()
            let clock = Clock()
            let store = MemoryWriteStore()
            func writer() async throws -> EntityWriter {
                try await EntityWriter(
                    baseURL: server.baseURL, store: store, tiers: shelf, http: network, rules: Book.writeRules,
                    now: { clock.now })
            }
            // The application read the book once (its copy and tag).
            let read = try await network.exchange(
                HTTPExchangeRequest(method: "GET", url: server.baseURL.appending(path: "books/1")))
            let copy = ServerCopy(value: try #require(JSONValue.object(from: read.body)), tag: read.header("ETag"))
            await shelf.store(copy, of: "/books/1")

            // Offline: the edit is kept and shown, not sent.
            var first = try await writer()
            network.switches.withLock { $0.offline = true }
            let seen = try #require(await first.view("/books/1"))
            var mine = try #require(Book(fields: seen.value))
            mine.title = "Dune (first edition)"
            let written = try await first.edit("/books/1", saw: seen, to: mine)
            #expect(written == 1)
            let offline = await first.drain()
            #expect(offline.map(\.event.outcome).first.map { if case .retrying = $0 { true } else { false } } == true)
            #expect(await first.shown("/books/1")?["title"] == .string("Dune (first edition)"))

            // A restart keeps it; online, the answer is lost; sent again, the server replays.
            first = try await writer()
            #expect(await first.writes.map(\.sequence) == [1])
            network.switches.withLock { $0 = (offline: false, loseNext: true) }
            clock.advance(60)
            _ = await first.drain()
            #expect(server.store.book(1)?["title"] == "Dune (first edition)")
            clock.advance(60)
            let replayed = await first.drain()
            #expect(replayed.map(\.event.outcome) == [.confirmed])
            #expect(server.store.applied.values.sorted() == [1])
            #expect(await shelf.copy(of: "/books/1")?.value["title"] == .string("Dune (first edition)"))

            // Another writer changes the author; an edit of the year over the older copy merges.
            let older = try #require(await first.view("/books/1"))
            server.store.change(1, ["author": "F. Herbert"])
            var year = try #require(Book(fields: older.value))
            year.year = "1966"
            try await first.edit("/books/1", saw: older, to: year)
            let merged = await first.drain()
            #expect(merged.map(\.event.outcome) == [.applied(merged: true)])
            #expect(server.store.book(1) == ["id": "1", "title": "Dune (first edition)", "author": "F. Herbert", "year": "1966"])

            // Both change the title: a conflict; keep mine sends the title alone, over theirs.
            let before = try #require(await first.view("/books/1"))
            server.store.change(1, ["title": "Dune!", "year": "1967"])
            var retitled = try #require(Book(fields: before.value))
            retitled.title = "Dune, revised"
            let conflicted = try #require(try await first.edit("/books/1", saw: before, to: retitled))
            #expect(await first.drain().map(\.event.outcome) == [.conflict(fields: ["title"])])
            #expect(try await first.resolve(conflicted, .keepMine))
            #expect(await first.drain().map(\.event.outcome) == [.applied(merged: false)])
            #expect(server.store.book(1) == ["id": "1", "title": "Dune, revised", "author": "F. Herbert", "year": "1967"])
            #expect(await first.writes.isEmpty)
            #expect(await first.shown("/books/1")?["year"] == .string("1967"))
        }
    }

    @Test("The observer hears how every write ended, whichever call sent it, once it is kept")
    func observerHearsEveryWrite() async throws {
        let books = [1: ["title": "Dune", "author": "Frank Herbert", "year": "1965"],
                     2: ["title": "Emma", "author": "Jane Austen", "year": "1815"]]
        try await WritableBookServer.run(books: books) { server in
            let (shelf, network, store, clock) = (BookShelf(), Network(), MemoryWriteStore(), Clock())
            let writer = try await EntityWriter(
                baseURL: server.baseURL, store: store, tiers: shelf, http: network, rules: Book.writeRules,
                now: { clock.now })
            let heard = PThreadMutex([WriteEvent]())
            await writer.observe { reports in heard.withLock { $0 += reports.map(\.event) } }
            // Both books as the application read them; the first edited offline and kept.
            for id in [1, 2] {
                let read = try await network.exchange(
                    HTTPExchangeRequest(method: "GET", url: server.baseURL.appending(path: "books/\(id)")))
                let copy = ServerCopy(value: try #require(JSONValue.object(from: read.body)), tag: read.header("ETag"))
                await shelf.store(copy, of: "/books/\(id)")
            }
            network.switches.withLock { $0.offline = true }
            let dune = try #require(await writer.view("/books/1"))
            try await writer.edit("/books/1", saw: dune, to: dune.value.merging(["year": .string("1966")]) { $1 })
            _ = await writer.drain()
            // Online, an edit of the second sends the first as well: its caller looks at its own
            // write only, the observer hears both.
            network.switches.withLock { $0.offline = false }
            clock.advance(60)
            let emma = try #require(await writer.view("/books/2"))
            let second = try #require(
                try await writer.edit("/books/2", saw: emma, to: emma.value.merging(["year": .string("1816")]) { $1 }))
            let sent = await writer.drain()
            #expect(sent.map(\.event.sequence).contains(1))
            let outcomes = heard.withLock { events in events.map { "\($0.sequence) \($0.outcome)" } }
            #expect(outcomes.first == "1 queued" && outcomes.dropFirst().first?.hasPrefix("1 retrying") == true)
            // The two requests go out together: their answers come in either order.
            #expect(outcomes.dropFirst(2).first == "2 queued")
            #expect(Set(outcomes.dropFirst(3)) == ["1 applied(merged: false)", "2 applied(merged: false)"])
            #expect(second == 2 && server.store.book(1)?["year"] == "1966" && server.store.book(2)?["year"] == "1816")
        }
    }

    /// A store whose disk refuses writes while `full` is set (loads still answer).
    actor FullDiskStore: WriteStore {
        let kept = MemoryWriteStore()
        var full = false
        func fill(_ full: Bool) { self.full = full }
        func load() async -> (writes: [EntityWrite], nextSequence: Int64) { await kept.load() }
        func commit(_ transition: WriteTransition, nextSequence: Int64) async throws {
            if full { throw CocoaError(.fileWriteOutOfSpace) }
            await kept.commit(transition, nextSequence: nextSequence)
        }
    }

    @Test("A store that cannot keep a change sends nothing and says why, until it keeps one again")
    func storeFailureStopsSending() async throws {
        let books = [1: ["title": "Dune", "author": "Frank Herbert", "year": "1965"]]
        try await WritableBookServer.run(books: books) { server in
            let (shelf, network, store) = (BookShelf(), Network(), FullDiskStore())
            let writer = try await EntityWriter(
                baseURL: server.baseURL, store: store, tiers: shelf, http: network, rules: Book.writeRules)
            // GIVEN an edit kept offline
            let dune: Fields = [
                "id": .string("1"), "title": .string("Dune"), "author": .string("Frank Herbert"),
            ]
            network.switches.withLock { $0.offline = true }
            var renamed = dune
            renamed["title"] = .string("Dune Messiah")
            try await writer.edit("/books/1", saw: ServerCopy(value: dune, tag: nil), to: renamed)
            #expect(await writer.storeFailure == nil)
            // WHEN the disk fills and the network comes back
            await store.fill(true)
            network.switches.withLock { $0.offline = false }
            // THEN nothing leaves (it could not be kept first) and the writer says why
            #expect(await writer.drain().isEmpty)
            #expect(server.store.book(1)?["title"] == "Dune")
            #expect(await writer.storeFailure?.description.contains("could not be kept") == true)
            // AND once the disk has room, the write is sent and the failure is gone
            await store.fill(false)
            #expect(await writer.drain().map(\.event.outcome).contains(.applied(merged: true)))
            #expect(server.store.book(1)?["title"] == "Dune Messiah")
            #expect(await writer.storeFailure == nil)
        }
    }

    @Test("Retry-After reads seconds and HTTP dates")
    func retryAfter() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(RetryAfter.seconds("7", now: now) == 7)
        #expect(RetryAfter.seconds("-3", now: now) == 0)
        #expect(RetryAfter.seconds("Tue, 14 Nov 2023 22:13:40 GMT", now: now) == 20)
        #expect(RetryAfter.seconds("soon", now: now) == nil)
    }

    @Test("A writer that keeps nothing takes over another store's writes; one that keeps a write is left as it is")
    func adoptsAnotherStore() async throws {
        let dune: Fields = ["id": .string("1"), "title": .string("Dune"), "author": .string("Frank Herbert")]
        var renamed = dune
        renamed["title"] = .string("Dune Messiah")
        let url = try #require(URL(string: "http://127.0.0.1:9/"))
        func writer(_ store: any WriteStore) async throws -> EntityWriter {
            try await EntityWriter(
                baseURL: url, store: store, tiers: BookShelf(), http: Network(), rules: Book.writeRules)
        }
        // GIVEN a store another writer kept an edit in (never sent)
        let left = MemoryWriteStore()
        try await writer(left).edit("/books/1", saw: ServerCopy(value: dune, tag: "\"t1\""), to: renamed)
        let loaded = await left.load()
        // WHEN a writer that keeps nothing adopts it THEN it holds that write, numbered on after it
        let idle = try await writer(MemoryWriteStore())
        #expect(await idle.adopt { (left, loaded) })
        #expect(await idle.writes.map(\.changes) == [["title": .string("Dune Messiah")]])
        let next = try await idle.edit("/books/2", saw: ServerCopy(value: dune, tag: nil), to: renamed)
        #expect(next == 2)
        #expect(await left.load().writes.count == 2, "its writes go on in the adopted store")
        // AND a writer with a write of its own does not even ask
        let asked = PThreadMutex(false)
        let busy = try await writer(MemoryWriteStore())
        try await busy.edit("/books/3", saw: ServerCopy(value: dune, tag: nil), to: renamed)
        let adopted = await busy.adopt {
            asked.withLock { $0 = true }
            return (left, loaded)
        }
        #expect(!adopted && !asked.withLock { $0 })
    }
}
