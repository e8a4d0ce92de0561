import Foundation
import RickAndMortyServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `reject-writes=N` fault: the next N writes are refused with `422`, nothing applied.
@Suite("Writes: the reject-writes fault switch")
struct RejectWritesFaultTests {
    @Test("reject-writes=2 refuses exactly the next two writes with 422 naming no field; the third is applied")
    func rejectsTwo() async throws {
        try await CharacterWriteTests.withServer { server, client async throws in
            let set = try await client.send("/_faults?reject-writes=2", method: "POST")
            #expect(set.status == 200)
            #expect(try set.object()["rejectWrites"] as? Int == 2)
            var statuses: [Int] = []
            for attempt in 1...3 {
                let body = try CharacterWriteTests.json(["name": "Attempt \(attempt)"])
                let answer = try await client.send("/api/character/11", method: "PATCH", upload: .sized(body))
                statuses.append(answer.status)
                if answer.status == 422 {
                    #expect(answer.errorMessage == "Rejected by the fault switch")
                    let object = try answer.object()
                    #expect(object.keys.contains("field") && object["field"] is NSNull)
                    #expect(try await client.send("/api/character/11").object()["name"] as? String != "Attempt \(attempt)")
                }
            }
            #expect(statuses == [422, 422, 200])
            #expect(try await client.send("/api/character/11").object()["name"] as? String == "Attempt 3")
            #expect(server.faults.rejectWrites == 0)
            #expect(try await client.send("/_faults").object()["rejectWrites"] as? Int == 0)
        }
    }

    @Test("A rejected write's key is recorded: sent again it replays the 422; reset clears the switch")
    func rejectedKeyReplays() async throws {
        try await CharacterWriteTests.withServer { server, client async throws in
            server.updateFaults { $0.rejectWrites = 1 }
            let body = try CharacterWriteTests.json(["name": "Refused"])
            let key = ["Idempotency-Key": "rejected-1"]
            let refused = try await client.send("/api/character/12", method: "PATCH", headers: key, upload: .sized(body))
            #expect(refused.status == 422)
            let resent = try await client.send("/api/character/12", method: "PATCH", headers: key, upload: .sized(body))
            #expect(resent.status == 422)
            #expect(resent.header("Idempotent-Replayed") == "true")
            #expect(resent.body == refused.body)
            #expect(try await client.send("/_faults?reject-writes=5", method: "POST").status == 200)
            #expect(try await client.send("/_faults?reset", method: "POST").status == 200)
            #expect(server.faults == .none)
            let applied = try await client.send("/api/character/12", method: "PATCH", upload: .sized(body))
            #expect(applied.status == 200)
        }
    }
}
