import Foundation
import TerminalUI

extension CharacterBrowser {
    /// Keys while the filter prompt is open: typing edits it, Enter applies, Esc cancels.
    func handlePrompt(_ key: Key, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard var text = state.prompt else { return [] }
        switch key {
        case .character(let character):
            if text.count < Self.promptLimit { text.append(character) }
            state.prompt = text
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
            state.prompt = text
        case .control("u"):
            state.prompt = ""
        case .escape:
            state.prompt = nil
        case .enter:
            state.prompt = nil
            return callTop(.submitPrompt(text), state: &state)
        default:
            break
        }
        return []
    }

    /// Keys while a y/n question is asked: `y` performs what it asks on the screen on top, `n`
    /// and Esc drop it; other keys are ignored.
    func handleConfirmation(_ key: Key, state: inout BrowserState) -> [Effect<BrowserMessage>] {
        guard let confirmation = state.confirmation else { return [] }
        switch key {
        case .character("y"), .character("Y"):
            state.confirmation = nil
            return callTop(.perform(.confirmed(confirmation.action)), state: &state)
        case .character("n"), .character("N"), .escape:
            state.confirmation = nil
        default:
            break
        }
        return []
    }

    /// The longest name filter the prompt takes.
    static var promptLimit: Int { 60 }
}
