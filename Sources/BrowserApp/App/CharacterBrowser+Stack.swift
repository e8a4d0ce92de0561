import TerminalUI

/// The stack of screens: calling a screen with its context, carrying out what it asked, pushing
/// and popping with their suspend and resume.
extension CharacterBrowser {
    /// Calls `body` on the screen at `index` with a context for it, then carries out the
    /// screen's requests in order. Returns the screen's effects, then those of its requests.
    func call(
        _ index: Int, state: inout BrowserState,
        _ body: (inout any ScreenModel, inout ScreenContext) -> [Effect<BrowserMessage>]
    ) -> [Effect<BrowserMessage>] {
        guard state.screens.indices.contains(index) else { return [] }
        var context = ScreenContext(
            services: services, layout: state.layout, isOnTop: index == state.screens.count - 1)
        let effects = body(&state.screens[index], &context)
        guard !context.requests.isEmpty else { return effects }
        return effects + carryOut(context.requests, state: &state)
    }

    /// Calls `body` on the screen on top (see `call`).
    func callTop(
        state: inout BrowserState,
        _ body: (inout any ScreenModel, inout ScreenContext) -> [Effect<BrowserMessage>]
    ) -> [Effect<BrowserMessage>] {
        call(state.screens.count - 1, state: &state, body)
    }

    /// Calls `body` on every screen, bottom first (see `call`).
    func callEach(
        state: inout BrowserState,
        _ body: (inout any ScreenModel, inout ScreenContext) -> [Effect<BrowserMessage>]
    ) -> [Effect<BrowserMessage>] {
        var effects: [Effect<BrowserMessage>] = []
        var index = 0
        while index < state.screens.count {
            effects += call(index, state: &state, body)
            index += 1
        }
        return effects
    }

    /// After every key and resize, each screen keeps what it holds around its view.
    func settle(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        callEach(state: &state) { $0.settle(context: &$1) }
    }

    /// Carries out what a screen asked, in order.
    private func carryOut(_ requests: [ScreenRequest], state: inout BrowserState) -> [Effect<BrowserMessage>]
    {
        var effects: [Effect<BrowserMessage>] = []
        for request in requests {
            switch request {
            case .record(let answer): effects += record(answer, state: &state)
            case .toast(let message, let kind): showToast(message, kind: kind, state: &state)
            case .push(let screen): effects += push(screen, state: &state)
            case .pop: effects += pop(state: &state)
            case .show(let entity): show(entity, state: &state)
            case .openPrompt(let text): state.prompt = text
            }
        }
        return effects
    }

    /// Suspends the screen on top, pushes `screen` and opens it. Past `BrowserState.screenLimit`
    /// screens, the oldest over the lists (suspended, so nothing of it runs) is let go.
    func push(_ screen: any ScreenModel, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let suspended = callTop(state: &state) { $0.suspend(context: &$1) }
        state.screens.append(screen)
        if state.screens.count > max(2, BrowserState.screenLimit) { state.screens.remove(at: 1) }
        return suspended + callTop(state: &state) { $0.open(context: &$1) }
    }

    /// Opens the screen of `opener`, one of it at most on the stack: on top already, nothing
    /// happens; lower in the stack, the screens over it are popped and it resumes as it was left;
    /// else a new one is pushed.
    func open(_ opener: ScreenOpener, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard let index = state.screens.lastIndex(where: { opener.scopes.contains($0.keyScope) }) else {
            return push(opener.make(services), state: &state)
        }
        return popBack(to: index, state: &state)
    }

    /// Suspends the screen on top, pops every screen over the one at `index` (those below the
    /// top were suspended when they were covered) and resumes it. Nothing when it is on top.
    func popBack(to index: Int, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard index < state.screens.count - 1 else { return [] }
        let suspended = callTop(state: &state) { $0.suspend(context: &$1) }
        state.screens.removeSubrange((index + 1)...)
        return suspended + callTop(state: &state) { $0.resume(context: &$1) }
    }

    /// Suspends and pops the screen on top (never the lists at the bottom) and resumes the one
    /// below: it is drawn from its state as it was left, and only what the push interrupted is
    /// read again.
    func pop(state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard state.screens.count > 1 else { return [] }
        let suspended = callTop(state: &state) { $0.suspend(context: &$1) }
        state.screens.removeLast()
        return suspended + callTop(state: &state) { $0.resume(context: &$1) }
    }

    /// Shows `entity` on every screen that holds it. Reads nothing.
    func show(_ entity: ShownEntity, state: inout BrowserState) {
        for index in state.screens.indices { state.screens[index].show(entity) }
    }
}
