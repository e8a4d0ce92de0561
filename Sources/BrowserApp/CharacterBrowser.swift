import TerminalUI

/// The character browser: a `TerminalApp` whose state is `BrowserState` and whose background
/// work reads the character repository of its `BrowserServices`.
///
/// Like every `TerminalApp` it is used from the runtime's loop thread only; the effects it
/// returns run off that thread and report back as `BrowserMessage`s.
public struct CharacterBrowser: TerminalApp {
    /// What the browser reads from and reports to.
    public let services: BrowserServices

    /// A browser over `services`.
    public init(services: BrowserServices) { self.services = services }

    /// The smallest terminal the layout supports.
    public var minimumSize: TerminalSize? { TerminalSize(width: 60, height: 16) }

    public func update(state: inout BrowserState, event: AppEvent<BrowserMessage>) -> [Effect<BrowserMessage>] {
        switch event {
        case .start(let size), .input(.resize(let size)):
            state.size = size
        case .input(.key(.character("q"))):
            return [.quit]
        case .message(.networkToggled(let isOnline)):
            state.isOnline = isOnline
        default:
            break
        }
        return []
    }

    public func render(state: BrowserState, into buffer: inout CellBuffer) {
        buffer.write("charbrowser", x: 0, y: 0, style: Style(bold: true))
    }
}
