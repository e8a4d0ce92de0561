import CharacterData
import RickAndMortyServer
import Foundation
import RepositoryCore
import TestSupport
import Testing

/// The shared tier between real processes (`SharedCacheWorker` children) and the embedded server
/// in this one, whose request log counts the network calls. Serialized: the children compete for
/// the same cores.
@Suite(
    "The shared tier across real processes", .serialized,
    .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct CrossProcessTests {
    static func arguments(_ mode: String, _ fixture: SharedFixture, id: Int, count: Int? = nil) throws
        -> [String]
    {
        [
            mode, try TestPostgres.requiredURL(), fixture.baseURL.absoluteString, fixture.options.table,
            fixture.options.channel, String(id),
        ] + (count.map { [String($0)] } ?? [])
    }

    @Test("1,000 cold reads of one key over 4 processes: one network call at the server")
    func fanIn() async throws {
        try await SharedFixture.with { fixture in
            // GIVEN 4 processes, connected and listening, each about to read character 7 250 times at once
            var workers: [WorkerProcess] = []
            var outputs: [AsyncStream<String>.Iterator] = []
            for _ in 0..<4 {
                let worker = try WorkerProcess(
                    arguments: try Self.arguments("fan-in", fixture, id: 7, count: 250))
                workers.append(worker)
                var output = worker.lines.makeAsyncIterator()
                #expect(await nextLine(startingWith: "ready", in: &output) != nil)
                outputs.append(output)
            }
            // WHEN they all go
            for worker in workers { worker.send() }
            var origins: [String: Int] = [:]
            for index in outputs.indices {
                while let line = await outputs[index].next(), line != "done" {
                    let parts = line.split(separator: " ")
                    guard parts.first == "origin", let count = parts.last.flatMap({ Int($0) }) else {
                        continue
                    }
                    origins[parts.dropFirst().dropLast().joined(separator: " "), default: 0] += count
                }
            }
            for worker in workers { #expect(await worker.wait() == 0) }
            // THEN every read was answered, and the server saw one request for the key
            #expect(origins.values.reduce(0, +) == 1_000, "\(origins)")
            #expect(fixture.requests.count(containing: "/character/7 ") == 1, "\(origins)")
            #expect(origins["network"] == 1, "\(origins)")
        }
    }

    @Test("A refresh in one process evicts another's copy; its next localFirst read is the refreshed value")
    func refreshEvictsAcrossProcesses() async throws {
        try await SharedFixture.with { fixture in
            // GIVEN a process holding character 8 in memory, and another ready to refresh it
            let watcher = try WorkerProcess(arguments: try Self.arguments("watch", fixture, id: 8))
            var watched = watcher.lines.makeAsyncIterator()
            #expect(await nextLine(startingWith: "ready", in: &watched) != nil)
            let held = try #require(await nextLine(startingWith: "held ", in: &watched).flatMap(Double.init))
            let refresher = try WorkerProcess(arguments: try Self.arguments("refresh", fixture, id: 8))
            var refreshing = refresher.lines.makeAsyncIterator()
            #expect(await nextLine(startingWith: "ready", in: &refreshing) != nil)
            // WHEN the second refreshes it
            refresher.send()
            let refreshed = try #require(
                await nextLine(startingWith: "refreshed ", in: &refreshing).flatMap(Double.init))
            // THEN the first drops its copy and rereads the refreshed value from the shared tier
            #expect(await nextLine(startingWith: "evicted ", in: &watched) != nil)
            // (The refresh writes the shared row twice: the cross-process flight's row, then the
            // repository's own write with its stamp, so the reread may see either write.)
            let reread = try #require(await nextLine(startingWith: "reread ", in: &watched))
            #expect(reread.hasPrefix("shared cache "))
            let rereadStoredAt = try #require(Double(reread.dropFirst("shared cache ".count)))
            #expect(rereadStoredAt > held)
            #expect(rereadStoredAt <= refreshed)
            #expect(refreshed > held)
            #expect(await watcher.wait() == 0)
            #expect(await refresher.wait() == 0)
            #expect(fixture.requests.count(containing: "/character/8 ") == 2)
        }
    }

    @Test("A character refreshed in one process is what another process's list shows")
    func refreshSeenInAnotherList() async throws {
        try await SharedFixture.with { fixture in
            // GIVEN a server where character 1 was renamed since the list was read
            var dataset = try Dataset.sample()
            let index = try #require(dataset.characters.firstIndex { $0.id == 1 })
            dataset.characters[index].name = "Rick Renamed"
            let renamed = RickAndMortyServer(dataset: dataset, configuration: .ephemeralLoopback)
            let renamedURL = try await renamed.start()
            // AND a process showing page 1
            let watcher = try WorkerProcess(arguments: try Self.arguments("watch-list", fixture, id: 1))
            var watched = watcher.lines.makeAsyncIterator()
            #expect(await nextLine(startingWith: "ready", in: &watched) != nil)
            #expect(await nextLine(startingWith: "listed ", in: &watched) == "Rick Sanchez")
            // WHEN another process refreshes character 1 (against the renamed server)
            var arguments = try Self.arguments("refresh", fixture, id: 1)
            arguments[2] = renamedURL.absoluteString
            let refresher = try WorkerProcess(arguments: arguments)
            var refreshing = refresher.lines.makeAsyncIterator()
            #expect(await nextLine(startingWith: "ready", in: &refreshing) != nil)
            refresher.send()
            #expect(await nextLine(startingWith: "refreshed ", in: &refreshing) != nil)
            // THEN the first is told the new value, and its list shows it
            #expect(await nextLine(startingWith: "changed ", in: &watched) == "Rick Renamed")
            let relisted = try #require(await nextLine(startingWith: "relisted ", in: &watched))
            #expect(relisted.hasPrefix("Rick Renamed "), "\(relisted)")
            #expect(await watcher.wait() == 0)
            #expect(await refresher.wait() == 0)
            await renamed.stop()
        }
    }
}
