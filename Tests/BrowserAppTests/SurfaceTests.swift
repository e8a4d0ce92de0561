import Foundation
@testable import BrowserApp
import Testing

@Suite("The integration surface")
struct SurfaceTests {
    @Test("An answer event encodes with the documented field names")
    func answerEventEncodes() throws {
        // GIVEN an event
        let event = AnswerEvent(
            query: "page 1", policy: .cache(.localFirst), operation: .cacheSync,
            origin: .repository(.network),
            stale: false, ms: 1.5, ageSeconds: 0, error: nil, kind: .character)
        // WHEN it is encoded
        let json = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
        // THEN the fields carry their names, the typed values their words
        #expect(json.contains("\"query\":\"page 1\""))
        #expect(json.contains("\"operation\":\"cacheSync\""))
        #expect(json.contains("\"policy\":\"localFirst\""))
        #expect(json.contains("\"origin\":\"network\""))
        #expect(json.contains("\"kind\":\"character\""))
    }

    @Test("An avatar's event keeps its own words")
    func avatarEventKeepsItsWords() throws {
        let event = AnswerEvent(
            query: "avatar 1", policy: .download(.alwaysFetchWithCustomHeader), operation: .download,
            origin: .avatar(.network), stale: false, ms: 2, ageSeconds: nil, error: nil, bytes: 8_123)
        let json = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
        #expect(json.contains("\"policy\":\"alwaysFetchWithCustomHeader\""))
        #expect(json.contains("\"operation\":\"download\""))
        #expect(json.contains("\"origin\":\"network\""))
        #expect(json.contains("\"kind\":null"))
    }
}
