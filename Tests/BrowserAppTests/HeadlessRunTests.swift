import BrowserApp
import Foundation
import TerminalUI
import Testing

@Suite("Whole runs on the headless terminal against the embedded server")
struct HeadlessRunTests {
    @Test("j j enter r esc q: list from the network, detail from memory, refresh from the network")
    func browseOpenRefresh() async throws {
        try await ServerFixture.with { fixture in
            // GIVEN a browser over the embedded server and a scripted terminal
            let backend = try HeadlessBackend(size: TerminalSize(width: 100, height: 30), keyScript: "j j enter r esc q")
            // WHEN the script runs
            let final = try await CharacterBrowser(services: fixture.services()).run(on: backend)
            for (index, frame) in backend.frames.enumerated() {
                print("---- frame \(index)")
                print(frame.joined(separator: "\n"))
            }
            for event in fixture.events.all { print(event) }
            #expect(final.screen == .list)
        }
    }
}
