import BrowserApp
import Foundation
import NcursesBackend
import TerminalUI

/// Runs the browser in the real terminal through ncurses; refuses a non-terminal with a hint.
struct TerminalRun {
    let session: BrowserSession

    func run() async throws {
        let backend: NcursesBackend
        do {
            backend = try NcursesBackend()
        } catch {
            throw ValidationFailure(String(describing: error))
        }
        let browser = CharacterBrowser(services: session.services)
        let final = try await browser.run(on: backend, ticks: ClockTickSource(interval: .milliseconds(120)))
        await session.remember(final)
    }
}
