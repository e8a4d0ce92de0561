import Foundation
import RickAndMortyModel
import RickAndMortyServer
import Testing

@Suite("Injected faults: latency, errors, offline, malformed bodies; changed at run time")
struct FaultTests {
    static func environment(_ random: ScriptedRandomSource, _ sleeper: RecordingSleeper) -> ServerEnvironment
    {
        ServerEnvironment(random: random, sleeper: { try await sleeper.sleep($0) })
    }

    @Test(
        "GIVEN latency 200ms and jitter 100ms WHEN a request is served THEN the sleeper is asked for 200 + jitter × draw"
    )
    func latency() async throws {
        let random = ScriptedRandomSource([0.5])
        let sleeper = RecordingSleeper()
        let faults = FaultSettings(latency: .milliseconds(200), jitter: .milliseconds(100))
        try await LiveServer.with(
            LiveServer.sample.get(), faults: faults, environment: Self.environment(random, sleeper)
        ) {
            _, client in
            let reply = try await client.send("/api/character/1")
            #expect(reply.status == 200)
            #expect(sleeper.durations == [.milliseconds(250)])
        }
    }

    @Test("GIVEN error rate 1.0 WHEN requests are served THEN every one is a 500")
    func errorRate() async throws {
        let environment = Self.environment(ScriptedRandomSource([0.999]), RecordingSleeper())
        try await LiveServer.with(
            LiveServer.sample.get(), faults: FaultSettings(errorRate: 1), environment: environment
        ) {
            _, client in
            for path in ["/api", "/api/character", "/api/character/1", "/api/episode/1"] {
                let reply = try await client.send(path)
                #expect(reply.status == 500)
                #expect(reply.errorMessage == "Injected failure")
            }
        }
    }

    @Test(
        "GIVEN an error rate of 0.3 WHEN the draws are 0.2 then 0.4 THEN the first fails and the second succeeds"
    )
    func partialErrorRate() async throws {
        let random = ScriptedRandomSource([0.2, 0.4])
        let environment = Self.environment(random, RecordingSleeper())
        try await LiveServer.with(
            LiveServer.sample.get(), faults: FaultSettings(errorRate: 0.3), environment: environment
        ) {
            _, client in
            let first = try await client.send("/api/character/1")
            let second = try await client.send("/api/character/1")
            #expect(first.status == 500)
            #expect(second.status == 200)
            #expect(random.calls == 2)
        }
    }

    @Test("GIVEN offline WHEN requests are served THEN every API request is a 503, until turned back on")
    func offline() async throws {
        try await LiveServer.with(LiveServer.sample.get(), faults: FaultSettings(offline: true)) {
            server, client in
            let reply = try await client.send("/api/character")
            #expect(reply.status == 503)
            #expect(reply.errorMessage == "Service offline")
            server.faults.offline = false
            #expect(try await client.send("/api/character").status == 200)
        }
    }

    @Test("GIVEN malformed rate 1.0 WHEN a page is served THEN a truncated body that is not valid JSON")
    func malformed() async throws {
        let environment = Self.environment(ScriptedRandomSource([0.1]), RecordingSleeper())
        try await LiveServer.with(
            LiveServer.sample.get(), faults: FaultSettings(malformedRate: 1), environment: environment
        ) {
            _, client in
            let reply = try await client.send("/api/character")
            #expect(reply.status == 200)
            #expect(reply.text.hasPrefix(#"{"info":{"count":66"#))
            #expect(!reply.text.hasSuffix("}"))
            #expect(throws: (any Error).self) { try APIDecoding.decode(CharacterPage.self, from: reply.body) }
        }
    }

    @Test("GIVEN a running server WHEN faults are changed through the object THEN the next request sees them")
    func changedThroughTheObject() async throws {
        let environment = Self.environment(ScriptedRandomSource([0.5]), RecordingSleeper())
        try await LiveServer.with(LiveServer.sample.get(), environment: environment) { server, client in
            let before = try await client.send("/api/character/1")
            server.updateFaults { $0.errorRate = 1 }
            let failing = try await client.send("/api/character/1")
            server.faults = .none
            let after = try await client.send("/api/character/1")
            let statuses: [Int] = [before.status, failing.status, after.status]
            #expect(statuses == [200, 500, 200])
        }
    }

    @Test(
        "GIVEN a running server WHEN faults are changed through POST /_faults THEN they apply and GET shows them"
    )
    func changedThroughTheAdminRoute() async throws {
        let sleeper = RecordingSleeper()
        let environment = Self.environment(ScriptedRandomSource([0.5]), sleeper)
        try await LiveServer.with(LiveServer.sample.get(), environment: environment) { server, client in
            let set = try await client.send("/_faults?latency=120&offline=true", method: "POST")
            #expect(set.status == 200)
            #expect(server.faults == FaultSettings(latency: .milliseconds(120), offline: true))
            #expect(try await client.send("/api/character").status == 503)
            let shown = try await client.send("/_faults").object()
            #expect(shown["latencyMs"] as? Int == 120)
            #expect(shown["offline"] as? Bool == true)
            #expect(try await client.send("/_faults?offline=false", method: "POST").status == 200)
            #expect(try await client.send("/api/character").status == 200)
            #expect(sleeper.durations == [.milliseconds(120)])
            #expect(try await client.send("/_faults?reset", method: "POST").status == 200)
            #expect(server.faults == .none)
        }
    }

    @Test(
        "GIVEN a bad admin query WHEN posted THEN 400 naming it, and the settings are unchanged",
        arguments: ["latency=-5", "error-rate=2", "malformed-rate=x", "offline=maybe", "colour=red", "reject-writes=-1"])
    func badAdminQuery(query: String) async throws {
        try await LiveServer.with(LiveServer.sample.get(), faults: FaultSettings(errorRate: 0.25)) {
            server, client in
            let reply = try await client.send("/_faults?\(query)", method: "POST")
            #expect(reply.status == 400)
            #expect(reply.errorMessage?.contains(query) == true)
            #expect(server.faults == FaultSettings(errorRate: 0.25))
        }
    }

    @Test(
        "GIVEN settings and scripted draws WHEN a plan is drawn THEN numbers are drawn only for faults that are on"
    )
    func plans() {
        let none = ScriptedRandomSource([0.5])
        #expect(FaultPlan(settings: .none, random: none) == .none)
        #expect(none.calls == 0)
        let offline = FaultPlan(
            settings: FaultSettings(latency: .seconds(1), errorRate: 1, offline: true), random: none)
        #expect(offline.offline && !offline.fails && offline.delay == .zero)
        let draws = ScriptedRandomSource([0.5, 0.9, 0.1])
        let plan = FaultPlan(
            settings: FaultSettings(jitter: .milliseconds(10), errorRate: 0.5, malformedRate: 0.5),
            random: draws)
        #expect(plan == FaultPlan(offline: false, delay: .milliseconds(5), fails: false, truncatesBody: true))
        #expect(draws.calls == 3)
    }
}
