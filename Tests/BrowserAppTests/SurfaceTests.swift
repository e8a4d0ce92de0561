import Foundation
import BrowserApp
import Testing

@Suite("The integration surface")
struct SurfaceTests {
    @Test("An answer event encodes with the documented field names")
    func answerEventEncodes() throws {
        // GIVEN an event
        let event = AnswerEvent(
            query: "page 1", policy: "localFirst", operation: "cacheSync", origin: "network", stale: false,
            ms: 1.5, ageSeconds: 0, error: nil)
        // WHEN it is encoded
        let json = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
        // THEN the fields carry their names
        #expect(json.contains("\"query\":\"page 1\""))
        #expect(json.contains("\"operation\":\"cacheSync\""))
        #expect(try JSONDecoder().decode(AnswerEvent.self, from: Data(json.utf8)) == event)
    }
}
