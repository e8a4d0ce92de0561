import TerminalUI

/// The stack of screens: calling a screen with its context, carrying out what it asked, pushing
/// and popping with their suspend and resume.
extension CharacterBrowser {
    /// Makes `screenCall` on the screen at `index`, then carries out the screen's requests in order:
    /// returns the screen's effects (addressed to it), then those of its requests.
    func call(_ index: Int, _ screenCall: ScreenCall, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard state.stack.indices.contains(index) else { return [] }
        var context = ScreenContext(
            services: services, layout: state.layout, isOnTop: index == state.stack.count - 1,
            pulses: state.pulses)
        let address = state.stack[index].address
        let effects = state.stack[index].screen.take(screenCall, at: address, context: &context)
        state.stack[index].screen.layOut(state.layout)
        guard !context.requests.isEmpty else { return effects }
        return effects + carryOut(context.requests, from: address, state: &state)
    }

    /// Makes `screenCall` on the screen on top (see `call`).
    func callTop(_ screenCall: ScreenCall, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        call(state.stack.count - 1, screenCall, state: &state)
    }

    /// Makes `screenCall` on every screen, bottom first (see `call`); a screen pushed meanwhile
    /// was opened by its push and is not called (at start, `--open`'s entity read once, not twice).
    func callEach(_ screenCall: ScreenCall, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        var effects: [Effect<BrowserMessage>] = []
        for index in 0..<state.stack.count where index < state.stack.count {
            effects += call(index, screenCall, state: &state)
        }
        return effects
    }

    /// Gives `message` to the screen at `address` alone; dropped when that screen was popped.
    func deliver(_ message: any Sendable, to address: ScreenAddress, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        guard let index = state.stack.firstIndex(where: { $0.address == address }) else { return [] }
        return call(index, .receive(message), state: &state)
    }

    /// Carries out what the screen at `sender` asked, in order.
    private func carryOut(_ requests: [ScreenRequest], from sender: ScreenAddress, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        var effects: [Effect<BrowserMessage>] = []
        for request in requests {
            switch request {
            case .record(let answer): effects += record(answer, state: &state)
            case .toast(let message, let kind): showToast(message, kind: kind, state: &state)
            case .push(let screen): effects += push(screen, state: &state)
            case .pop:
                // Never the lists at the bottom; the screen below resumes as it was left.
                if state.stack.count > 1 { effects += popBack(to: state.stack.count - 2, state: &state) }
            case .show(let entity): show(entity, except: sender, state: &state)
            case .ask(let question, let reply):
                state.asking = AskedQuestion(question: question, asker: sender, reply: reply)
            case .copy(let copy): effects += self.copy(copy, state: &state)
            case .recordWrite(let write):
                effects += record(write, state: &state)
                // Kept while online (its answer lost, the server out of reach): sent again after
                // the backoff, as a send of the kept writes that could not finish is.
                if write.isPending, state.isOnline {
                    effects.append(sendAgain(after: Self.backoff(after: max(1, state.sendFailures))))
                }
            case .readKeptWrites: effects.append(readKeptWrites())
            case .perform(let action): effects += perform(action, state: &state)
            }
        }
        return effects
    }

    /// Suspends the screen on top, pushes `screen` and opens it. Past `BrowserState.screenLimit`
    /// screens, the oldest over the lists (suspended, so nothing of it runs) is let go.
    func push(_ screen: any ScreenModel, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let suspended = callTop(.suspend, state: &state)
        state.append(screen)
        if state.stack.count > max(2, BrowserState.screenLimit) { state.stack.remove(at: 1) }
        return suspended + callTop(.open, state: &state)
    }

    /// Opens the screen of `opener`, one of it at most on the stack: lower in the stack, the screens
    /// over it are popped and it resumes as it was left; on top already, nothing; else it is pushed.
    func open(_ opener: ScreenOpener, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        let scopes = opener.screen.keyScopes
        guard let index = state.stack.lastIndex(where: { scopes.contains($0.screen.keyScope) }) else {
            return push(opener.make(services), state: &state)
        }
        return popBack(to: index, state: &state)
    }

    /// Suspends the screen on top, pops every screen over the one at `index` (those below the
    /// top were suspended when they were covered) and resumes it. Nothing when it is on top.
    func popBack(to index: Int, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard index < state.stack.count - 1 else { return [] }
        let suspended = callTop(.suspend, state: &state)
        state.stack.removeSubrange((index + 1)...)
        return suspended + callTop(.resume, state: &state)
    }

    /// Shows `entity` on every screen that holds it but the one at `sender`. Reads nothing.
    func show(_ entity: ShownEntity, except sender: ScreenAddress? = nil, state: inout BrowserState) {
        for index in state.stack.indices where state.stack[index].address != sender {
            state.stack[index].screen.show(entity)
            state.stack[index].screen.layOut(state.layout)
        }
    }
}
