import BrowserApp
import Foundation
import NcursesBackend
import TerminalUI

/// Runs the browser in the real terminal through ncurses; refuses a non-terminal with a hint.
/// The run ends on `q`, when the terminal goes away, or at `stop`; each way the place is remembered.
struct TerminalRun {
    let session: BrowserSession
    let stop: StopRequest

    func run() async throws {
        let backend: NcursesBackend
        do {
            backend = try NcursesBackend(
                configuration: NcursesBackend.Configuration(mouse: session.services.mouseOn))
        } catch {
            throw ValidationFailure(String(describing: error))
        }
        var services = session.services
        let (record, terminal) = (services.clipboard, backend.clipboard)
        services.clipboard = { copy in
            record(copy)
            terminal.copy(copy.text)
        }
        let browser = CharacterBrowser(services: services)
        let final = try await browser.run(
            on: backend, ticks: ClockTickSource(interval: .milliseconds(120)), stop: stop)
        // The terminal is given back before the place is written, so a user sees the shell at once.
        backend.shutdown()
        await session.remember(final)
    }
}
