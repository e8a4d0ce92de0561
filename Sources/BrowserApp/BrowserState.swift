import TerminalUI

/// Everything the browser shows and remembers. A plain value, changed only by
/// `CharacterBrowser.update` and drawn by `CharacterBrowser.render`.
public struct BrowserState: Sendable {
    /// The terminal's size, as of the last start or resize.
    public var size: TerminalSize
    /// Whether the network switch is on.
    public var isOnline: Bool
    /// The API the browser talks to, for the status pane.
    public var apiDescription: String

    /// The state before the first event: empty list, nothing loaded, online as `isOnline` says.
    public static func initial(
        size: TerminalSize = TerminalSize(width: 0, height: 0), isOnline: Bool = true, apiDescription: String = ""
    ) -> BrowserState {
        BrowserState(size: size, isOnline: isOnline, apiDescription: apiDescription)
    }

    /// The initial state for `services`: online as its switch is, describing its API.
    public static func initial(services: BrowserServices) -> BrowserState {
        initial(isOnline: services.networkSwitch.isOnline, apiDescription: services.apiDescription)
    }
}
