import TerminalUI

extension CharacterBrowser {
    /// Keys while a question is asked: Esc cancels it. A text question takes typing (Backspace
    /// and Del delete, Ctrl-U clears) and Enter answers it; a choice is answered by a letter of
    /// its choices, and any other key cancels it. The answer goes to the screen that asked.
    func handleQuestion(_ key: Key, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard let asked = state.asking else { return [] }
        switch (asked.question.kind, key) {
        case (_, .escape): state.asking = nil
        case (.text(let text, _), .enter): return answer(text, to: asked, state: &state)
        case (.text(let text, let limit), .character(let character)):
            state.asking?.question.kind = .text(
                text.count < limit ? text + String(character) : text, limit: limit)
        case (.text(let text, let limit), .backspace), (.text(let text, let limit), .delete):
            state.asking?.question.kind = .text(String(text.dropLast()), limit: limit)
        case (.text(_, let limit), .control("u")): state.asking?.question.kind = .text("", limit: limit)
        case (.text, _): break
        case (.choice(let choices), .character(let character)):
            if let choice = choices.first(where: { $0.letter.lowercased() == character.lowercased() }) {
                return answer(String(choice.letter), to: asked, state: &state)
            }
            state.asking = nil
        case (.choice, _): state.asking = nil
        }
        return []
    }

    /// Closes the question and gives `answer` to the screen that asked (nothing when it was popped).
    private func answer(_ answer: String, to asked: AskedQuestion, state: inout BrowserState)
        -> [Effect<BrowserMessage>]
    {
        state.asking = nil
        return deliver(asked.reply(answer), to: asked.asker, state: &state)
    }
}
