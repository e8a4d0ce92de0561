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
        #expect(try JSONDecoder().decode(AnswerEvent.self, from: Data(json.utf8)) == event)
    }

    @Test("An avatar's event keeps its own words, and decoding tells its network from the repository's")
    func avatarEventRoundTrips() throws {
        let event = AnswerEvent(
            query: "avatar 1", policy: .download(.alwaysFetchWithCustomHeader), operation: .download,
            origin: .avatar(.network), stale: false, ms: 2, ageSeconds: nil, error: nil, bytes: 8_123)
        let json = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
        #expect(json.contains("\"policy\":\"alwaysFetchWithCustomHeader\""))
        #expect(json.contains("\"operation\":\"download\""))
        #expect(json.contains("\"origin\":\"network\""))
        #expect(json.contains("\"kind\":null"))
        #expect(try JSONDecoder().decode(AnswerEvent.self, from: Data(json.utf8)) == event)
    }

    @Test("A line with a word no policy, operation or origin has is a decoding error, not a guess")
    func unknownWordsAreErrors() throws {
        let line = """
            {"kind":null,"query":"page 1","policy":"sometimes","operation":"cacheSync","origin":null,\
            "stale":false,"ms":1,"ageSeconds":null,"error":null,"bytes":null,"provenance":null}
            """
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AnswerEvent.self, from: Data(line.utf8))
        }
        let origin = line.replacingOccurrences(of: "sometimes", with: "localFirst")
            .replacingOccurrences(of: "\"origin\":null", with: "\"origin\":\"attic\"")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AnswerEvent.self, from: Data(origin.utf8))
        }
    }
}
