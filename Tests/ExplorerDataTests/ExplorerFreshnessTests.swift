import ExplorerData
import ExplorerModel
import Foundation
import PersistentCache
import RepositoryCore
import TestSupport
import Testing

/// The explorer's entries follow what the server says of freshness, as Rick and Morty's do:
/// `max-age`, `stale-while-revalidate`, `stale-if-error`, `must-revalidate`, `no-store`, a `304`
/// renewing the cached entry, and the time to live when the server says nothing. Against a
/// scripted API at the `HTTPExchanging` boundary, on a manual clock.
@Suite("The explorer's freshness")
struct ExplorerFreshnessTests {
    @Test("An entity stale inside stale-while-revalidate is answered from the cache at once and revalidated behind it")
    func entityStaleWhileRevalidate() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=0, stale-while-revalidate=600")
        let time = ManualTimeSource()
        let explorer = try api.explorer(database: try CacheDatabase.inMemory(), time: time)
        let luke = ScriptedAPI.person(1)
        #expect(try await explorer.entity(at: luke).origin == .network)
        await api.rename(1, to: "Luke Skywalker II")
        time.advance(by: 1)

        let updates = try await explorer.entityUpdates(at: luke)

        #expect(updates.first.origin == .memory)
        #expect(updates.first.isStale)
        #expect(updates.first.value.title == "Luke Skywalker")
        #expect(updates.isRevalidating)
        let revalidated = try #require(try await updates.revalidated())
        #expect(revalidated.origin == .network)
        #expect(revalidated.value.title == "Luke Skywalker II")
        let requests = await api.requests(of: "/api/people/1/")
        #expect(requests.count == 2)
        #expect(requests.last?.header("If-None-Match") == "\"v1\"")
        // The new value is what the cache holds now.
        #expect(try await explorer.entity(at: luke, policy: .cacheOnly).value.title == "Luke Skywalker II")
    }

    @Test("Outside its stale-while-revalidate window a stale entity is read again before it is answered")
    func outsideTheWindow() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=0, stale-while-revalidate=600")
        let time = ManualTimeSource()
        let explorer = try api.explorer(database: try CacheDatabase.inMemory(), time: time)
        _ = try await explorer.entity(at: ScriptedAPI.person(1))
        time.advance(by: 601)

        let updates = try await explorer.entityUpdates(at: ScriptedAPI.person(1))

        #expect(!updates.isRevalidating)
        #expect(updates.first.origin == .revalidated)
        #expect(!updates.first.isStale)
    }

    @Test("A page stale inside stale-while-revalidate is answered at once; its revalidation brings the new rows")
    func pageStaleWhileRevalidate() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=0, stale-while-revalidate=600")
        let time = ManualTimeSource()
        let explorer = try api.explorer(database: try CacheDatabase.inMemory(), time: time)
        let page = try await explorer.page(1, of: ScriptedAPI.people)
        #expect(page.origin == .network)
        // Its whole entities were kept with it, as fresh as it.
        #expect(page.value.rows.allSatisfy { !$0.isReference })
        #expect(try await explorer.entity(at: ScriptedAPI.person(2), policy: .cacheOnly).origin == .memory)
        await api.rename(2, to: "C-3PO (golden)")
        time.advance(by: 5)

        let updates = try await explorer.pageUpdates(1, of: ScriptedAPI.people)

        #expect(updates.first.origin == .memory)
        #expect(updates.first.isStale)
        #expect(updates.first.value.rows.map(\.title) == ["Luke Skywalker", "C-3PO"])
        let revalidated = try #require(try await updates.revalidated())
        #expect(revalidated.origin == .network)
        #expect(revalidated.value.rows.map(\.title) == ["Luke Skywalker", "C-3PO (golden)"])
        #expect(revalidated.value.pageCount == 1)
        #expect(await api.requests(of: "/api/people/").count == 2)
    }

    @Test(
        "Page 2 stale inside its window is answered at once though page 1, which places it, is stale too",
        .hangGuard)
    func secondPageAtOnce() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=0, stale-while-revalidate=600", pageSize: 1)
        let time = ManualTimeSource()
        let explorer = try api.explorer(database: try CacheDatabase.inMemory(), time: time)
        #expect(try await explorer.page(2, of: ScriptedAPI.people).value.rows.map(\.title) == ["C-3PO"])
        let gate = Gate()
        await api.hold(on: gate)
        await api.fail(with: 503)
        time.advance(by: 5)

        // Answered with the server holding every answer: nothing waited for it.
        let updates = try await explorer.pageUpdates(2, of: ScriptedAPI.people)
        gate.open()

        #expect(updates.first.origin == .memory)
        #expect(updates.first.isStale)
        #expect(updates.first.value.number == 2)
        #expect(updates.first.value.pageCount == 2)
        #expect(updates.first.value.rows.map(\.title) == ["C-3PO"])
        #expect(await failure { () async throws(ExplorerError) in try await updates.revalidated() } != nil)
    }

    @Test("A page reached by cursor, stale inside its window, is answered at once; its revalidation brings the new rows")
    func cursorPageAtOnce() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=0, stale-while-revalidate=600", pageSize: 1, cursors: true)
        let time = ManualTimeSource()
        let explorer = try api.explorer(database: try CacheDatabase.inMemory(), time: time)
        #expect(try await explorer.page(2, of: ScriptedAPI.people).value.rows.map(\.title) == ["C-3PO"])
        await api.rename(2, to: "C-3PO (golden)")
        time.advance(by: 5)

        let updates = try await explorer.pageUpdates(2, of: ScriptedAPI.people)

        #expect(updates.first.origin == .memory)
        #expect(updates.first.isStale)
        #expect(updates.first.value.rows.map(\.title) == ["C-3PO"])
        let revalidated = try #require(try await updates.revalidated())
        #expect(revalidated.origin == .network)
        #expect(revalidated.value.rows.map(\.title) == ["C-3PO (golden)"])
        #expect(await api.requests(of: "/api/people/").count == 4)
    }

    @Test("A 304 keeps the cached entity, renewed for its max-age and counted as revalidated")
    func notModified() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=10")
        let time = ManualTimeSource()
        let explorer = try api.explorer(database: try CacheDatabase.inMemory(), time: time, timeToLive: 3_600)
        let luke = ScriptedAPI.person(1)
        _ = try await explorer.entity(at: luke)
        time.advance(by: 9)
        #expect(try await explorer.entity(at: luke).origin == .memory)
        time.advance(by: 2)

        let again = try await explorer.entity(at: luke)

        #expect(again.origin == .revalidated)
        #expect(!again.isStale)
        #expect(again.value.title == "Luke Skywalker")
        #expect(explorer.metrics.snapshot().revalidated.revalidations == 1)
        #expect(await api.requests(of: "/api/people/1/").last?.header("If-None-Match") == "\"v1\"")
        // Renewed: fresh for another ten seconds from the 304.
        time.advance(by: 9)
        #expect(try await explorer.entity(at: luke).origin == .memory)
        #expect(await api.requests(of: "/api/people/1/").count == 2)
    }

    @Test("A 304 on a page renews the entities it brought: opening a row then reads nothing, until one was read on its own")
    func pageNotModifiedRenewsItsEntities() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=10")
        let time = ManualTimeSource()
        let explorer = try api.explorer(database: try CacheDatabase.inMemory(), time: time)
        _ = try await explorer.page(1, of: ScriptedAPI.people)
        time.advance(by: 11)

        let page = try await explorer.page(1, of: ScriptedAPI.people)

        #expect(page.origin == .revalidated)
        // C-3PO came whole with the page: the 304 said he is as he was, fresh for another max-age.
        let threepio = try await explorer.entity(at: ScriptedAPI.person(2))
        #expect(threepio.origin == .memory)
        #expect(!threepio.isStale)
        #expect(await api.requests(of: "/api/people/2/").isEmpty)
        // Luke read on his own keeps his own tag and time: the next page 304 leaves him as he is.
        time.advance(by: 11)
        #expect(try await explorer.entity(at: ScriptedAPI.person(1)).origin == .network)
        time.advance(by: 5)
        _ = try await explorer.page(1, of: ScriptedAPI.people)
        time.advance(by: 6)
        #expect(try await explorer.entity(at: ScriptedAPI.person(1)).origin == .revalidated)
        #expect(await api.requests(of: "/api/people/1/").last?.header("If-None-Match") == "\"v1\"")
    }

    @Test("The time to live decides when the server says nothing; without one the entry stays fresh")
    func timeToLive() async throws {
        let api = ScriptedAPI(cacheControl: nil)
        let time = ManualTimeSource()
        let timed = try api.explorer(database: try CacheDatabase.inMemory(), time: time, timeToLive: 60)
        let untimed = try api.explorer(database: try CacheDatabase.inMemory(), time: time)
        let luke = ScriptedAPI.person(1)
        _ = try await timed.entity(at: luke)
        _ = try await untimed.entity(at: luke)
        time.advance(by: 59)
        #expect(try await timed.entity(at: luke).origin == .memory)
        time.advance(by: 1)
        #expect(try await timed.entity(at: luke).origin == .revalidated)
        time.advance(by: 86_400 * 365)
        #expect(try await untimed.entity(at: luke).origin == .memory)
    }

    @Test("The server's max-age wins over a longer time to live")
    func maxAgeWins() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=10")
        let time = ManualTimeSource()
        let explorer = try api.explorer(database: try CacheDatabase.inMemory(), time: time, timeToLive: 86_400)
        _ = try await explorer.page(1, of: ScriptedAPI.people)
        time.advance(by: 11)
        #expect(try await explorer.page(1, of: ScriptedAPI.people).origin == .revalidated)
    }

    @Test("A no-store answer is shown and stored nowhere: not the entity, not a page, not the page's entities")
    func noStore() async throws {
        let api = ScriptedAPI(cacheControl: "no-store")
        let time = ManualTimeSource()
        let explorer = try api.explorer(database: try CacheDatabase.inMemory(), time: time)
        let luke = ScriptedAPI.person(1)

        #expect(try await explorer.entity(at: luke).origin == .network)
        #expect(try await explorer.entity(at: luke).origin == .network)
        #expect(try await explorer.page(1, of: ScriptedAPI.people).origin == .network)

        #expect(await api.requests(of: "/api/people/1/").count == 2)
        #expect(await failure { () async throws(ExplorerError) in try await explorer.entity(at: ScriptedAPI.person(2), policy: .cacheOnly) } != nil)
        #expect(await failure { () async throws(ExplorerError) in try await explorer.page(1, of: ScriptedAPI.people, policy: .cacheOnly) } != nil)
        #expect(await failure { () async throws(ExplorerError) in try await explorer.entity(at: luke, policy: .cacheOnly) } != nil)
    }

    @Test("A failed revalidation answers the stale entity inside stale-if-error, and never under must-revalidate")
    func staleIfError() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=10, stale-if-error=60")
        let time = ManualTimeSource()
        let explorer = try api.explorer(database: try CacheDatabase.inMemory(), time: time)
        _ = try await explorer.entity(at: ScriptedAPI.person(1))
        await api.setCacheControl("max-age=10, must-revalidate")
        _ = try await explorer.entity(at: ScriptedAPI.person(2))
        await api.fail(with: 503)
        time.advance(by: 30)

        let stale = try await explorer.entity(at: ScriptedAPI.person(1))
        #expect(stale.isStale)
        #expect(stale.fallbackError != nil)
        #expect(stale.value.title == "Luke Skywalker")
        #expect(await failure { () async throws(ExplorerError) in try await explorer.entity(at: ScriptedAPI.person(2)) } != nil)
        time.advance(by: 60)
        #expect(await failure { () async throws(ExplorerError) in try await explorer.entity(at: ScriptedAPI.person(1)) } != nil)
    }

    @Test("A stale index is what .cacheOnly answers (a browser's start with the server gone), marked stale")
    func staleIndexCacheOnly() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=10")
        let time = ManualTimeSource()
        let explorer = try api.explorer(database: try CacheDatabase.inMemory(), time: time)
        _ = try await explorer.resources()
        await api.fail(with: 503)
        time.advance(by: 3_600)

        let cached = try await explorer.resources(policy: .cacheOnly)

        #expect(cached.isStale)
        #expect(cached.value.resources.map(\.name) == ["people"])
        #expect(await api.requests(of: "/api/").count == 1)
    }

    @Test("What the server said is kept on disk: another run over the file revalidates with the same tag")
    func keptOnDisk() async throws {
        let api = ScriptedAPI(cacheControl: "max-age=10, stale-while-revalidate=600")
        let time = ManualTimeSource()
        try await LiveServers.withCacheFile { file in
            let first = try CacheDatabase(location: .file(file))
            _ = try await api.explorer(database: first, time: time).entity(at: ScriptedAPI.person(1))
            try await first.close()
            time.advance(by: 20)
            let second = try CacheDatabase(location: .file(file))
            let updates = try await api.explorer(database: second, time: time).entityUpdates(at: ScriptedAPI.person(1))
            #expect(updates.first.origin == .disk)
            #expect(updates.first.isStale)
            #expect(try await updates.revalidated()?.origin == .revalidated)
            #expect(await api.requests(of: "/api/people/1/").last?.header("If-None-Match") == "\"v1\"")
            try await second.close()
        }
    }
}
