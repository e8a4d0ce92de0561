@testable import BrowserApp
import Foundation
import RepositoryCore
import RickAndMortyModel
import TerminalUI
import Testing

@Suite("A composed answer's provenance in the status pane, the recent answers and the events")
struct ProvenanceTests {
    @Test("A page made of 7 memory and 13 network parts says so in both panes and in its event")
    func composedPage() throws {
        var driver = Driver(size: TerminalSize(width: 140, height: 40))
        let request = driver.pageRequest(1)
        var answer = SampleData.answer(SampleData.page(1), origin: .network, policy: request.policy)
        answer.provenance = Provenance(counts: [.memory: 7, .network: 13])
        driver.deliver(.pageRead(request, ReadReport(result: .success(answer))))
        let event = try #require(driver.events.all.last)
        #expect(event.provenance == "7 memory · 13 network")
        #expect(event.origin == .repository(.network))
        let frame = driver.frame
        #expect(frame.contains { $0.contains("network (7 memory · 13 network)") })
        #expect(frame.filter { $0.contains("7 memory · 13 network") }.count == 2)
        // The field is written with the others.
        let json = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
        #expect(json.contains(#""provenance":"7 memory · 13 network""#))
    }

    @Test("A single-value answer has no provenance: its event writes null and the panes add nothing")
    func singleValue() throws {
        var driver = ExplorerTests.onRick()
        let event = try #require(driver.events.all.first { $0.query == "character 1" })
        #expect(event.provenance == nil)
        let json = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
        #expect(json.contains(#""provenance":null"#))
        driver.press("r")
        #expect(!driver.frame.contains { $0.contains("memory (") })
    }

    @Test("Missing ids are counted after the sources")
    func missing() {
        var driver = Driver(size: TerminalSize(width: 140, height: 40))
        let request = driver.pageRequest(1)
        var answer = SampleData.answer(SampleData.page(1), origin: .disk, policy: request.policy)
        answer.provenance = Provenance(counts: [.disk: 18], missingIDs: ["19", "20"])
        driver.deliver(.pageRead(request, ReadReport(result: .success(answer))))
        #expect(driver.events.all.last?.provenance == "18 disk · 2 missing")
        #expect(driver.frame.contains { $0.contains("disk (18 disk · 2 missing)") })
    }

    @Test("A page shown from the cache in place of the server says in its toast how much of it is there")
    func partOfAFallback() {
        var driver = Driver(size: TerminalSize(width: 140, height: 40))
        let request = driver.pageRequest(1)
        var answer = SampleData.answer(SampleData.page(1), origin: .disk, policy: request.policy)
        answer.fallbackError = .mainUnavailable(reason: "offline")
        answer.provenance = Provenance(counts: [.disk: 19], missingIDs: ["3"])
        driver.deliver(.pageRead(request, ReadReport(result: .success(answer))))
        let toast = "Showing cached page 1 (disk, 19 of its 20 characters): "
        #expect(driver.frame.contains { $0.contains(toast) })
        // (A whole page says nothing more: the offline golden frame, `Showing cached page 2 (memory): `.)
    }
}
