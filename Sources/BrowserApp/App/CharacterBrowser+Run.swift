import TerminalUI

extension CharacterBrowser {
    /// Runs the browser on `backend` until the user quits, input ends or `stop` is requested,
    /// starting from `BrowserState.initial(services:)`, and returns the final state. Suspends the
    /// caller while the loop runs on its own thread; the caller shuts the backend down afterwards.
    package func run(
        on backend: any TerminalBackend, ticks: any TickSource = NoTicks(), stop: StopRequest? = nil
    ) async throws(TerminalBackendError) -> BrowserState {
        try await AppRuntime(app: self, backend: backend, ticks: ticks, stop: stop)
            .run(initialState: .initial(services: services))
    }
}
